import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { CONTEXTO_SISTEMA, registrarEvento } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { venta } from '../db/schema';
import { ErrorDePasarela, type PasarelaPagos } from './pasarela';
import { sincronizarVenta } from './service';
import { liberarStockDeVenta } from '../stock/stock';

export interface ResultadoVencimiento {
  vencidas: number[];
  /** Sales that Mercado Pago, asked one last time, reported paid or rejected instead. */
  resueltasPorMercadoPago: number[];
  erroresDePasarela: number;
}

/**
 * Waiting to be paid online: pending, or rejected with its units held again because the customer
 * pressed 'Pagar' (decision 026). A rejection not retried gave its units back already.
 */
const enEsperaDePago = or(eq(venta.estadoPago, 'PENDIENTE'), and(eq(venta.estadoPago, 'RECHAZADO'), eq(venta.stockLiberado, false)));

/**
 * A Mercado Pago order still unpaid `minutos` after it was placed stops holding units: its payment
 * becomes VENCIDO and its stock goes back, once, with an audit event by the 'Sistema'. Mercado Pago is asked one last time first, so a
 * payment whose notification was lost is recorded instead of expired. Safe to run on every
 * instance at once: the conditional updates let exactly one of them expire each sale.
 */
export async function vencerPagosPendientes(
  db: Db,
  pasarela: PasarelaPagos | undefined,
  opciones: { minutos: number; ahora?: Date },
): Promise<ResultadoVencimiento> {
  const ahora = opciones.ahora ?? new Date();
  const limite = new Date(ahora.getTime() - opciones.minutos * 60_000);
  const candidatas = await db
    .select({ id: venta.id, estadoPago: venta.estadoPago })
    .from(venta)
    .where(and(eq(venta.formaPago, 'MERCADOPAGO'), enEsperaDePago, eq(venta.estadoVenta, 'PENDIENTE'), lt(venta.fecha, limite)))
    .orderBy(venta.id)
    .limit(500);

  const resultado: ResultadoVencimiento = { vencidas: [], resueltasPorMercadoPago: [], erroresDePasarela: 0 };
  for (const { id, estadoPago } of candidatas) {
    if (pasarela) {
      try {
        const sincronizada = await sincronizarVenta(db, pasarela, id);
        if (sincronizada?.tipo === 'registrado' && sincronizada.estadoPago !== 'PENDIENTE') {
          resultado.resueltasPorMercadoPago.push(id);
          continue;
        }
      } catch (error) {
        // Mercado Pago unreachable: expire anyway; a late approval still takes the units back.
        if (!(error instanceof ErrorDePasarela)) throw error;
        resultado.erroresDePasarela++;
      }
    }
    const antes = estadoPago === 'RECHAZADO' ? 'RECHAZADO' : 'PENDIENTE';
    const vencida = await vencerVenta(db, id, ahora, and(eq(venta.estadoPago, antes), enEsperaDePago, eq(venta.estadoVenta, 'PENDIENTE'))!, { antes });
    if (vencida) resultado.vencidas.push(id);
  }
  return resultado;
}

/** A cash order from the cart still waiting: not concluded, no payment state, units still held. */
const efectivoEnEspera = and(
  eq(venta.formaPago, 'EFECTIVO'),
  eq(venta.carrito, true),
  eq(venta.estadoVenta, 'PENDIENTE'),
  isNull(venta.estadoPago),
  eq(venta.stockLiberado, false),
);

/**
 * A cash order from the cart not concluded `horas` after it was placed (EFECTIVO_VENCE_HORAS) stops
 * holding units, like an unpaid Mercado Pago order: its payment becomes VENCIDO (the cash closing
 * counts it as not collected, the pending alert forgets it) and its units go back to stock with
 * PAGO_VENCIDO movements. The conditional update and `devolverStockDeVentas`'s flag make it happen
 * exactly once, whichever instance's sweep gets there first. Orders an admin entered are never
 * touched. Answers the ids expired now.
 */
export async function vencerPedidosEnEfectivo(db: Db, opciones: { horas: number; ahora?: Date }): Promise<number[]> {
  const ahora = opciones.ahora ?? new Date();
  const limite = new Date(ahora.getTime() - opciones.horas * 3_600_000);
  const candidatas = await db
    .select({ id: venta.id })
    .from(venta)
    .where(and(efectivoEnEspera, lt(venta.fecha, limite)))
    .orderBy(venta.id)
    .limit(500);
  const vencidas: number[] = [];
  for (const { id } of candidatas) {
    const vencida = await vencerVenta(db, id, ahora, efectivoEnEspera!, { antes: null, formaPago: 'EFECTIVO' });
    if (vencida) vencidas.push(id);
  }
  return vencidas;
}

/**
 * Expires one sale, once: its payment becomes VENCIDO only while `sigueEnEspera` holds (a concurrent
 * sweep, payment or deletion makes the update match nothing), its units go back to stock and the
 * audit trail says so, in one transaction. True when it expired now.
 */
async function vencerVenta(
  db: Db,
  id: number,
  ahora: Date,
  sigueEnEspera: SQL,
  evento: { antes: 'PENDIENTE' | 'RECHAZADO' | null; formaPago?: 'EFECTIVO' },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marcada = await tx
      .update(venta)
      .set({ estadoPago: 'VENCIDO', pagoActualizado: ahora })
      .where(and(eq(venta.id, id), sigueEnEspera))
      .returning({ id: venta.id });
    if (marcada.length === 0) return false;
    const stockDevuelto = await liberarStockDeVenta(tx, id, 'PAGO_VENCIDO');
    await registrarEvento(tx, CONTEXTO_SISTEMA, {
      accion: 'venta.vencer-pago',
      entidadId: id,
      antes: { estadoPago: evento.antes },
      despues: { estadoPago: 'VENCIDO' },
      detalle: { stockDevuelto, ...(evento.formaPago ? { formaPago: evento.formaPago } : {}) },
    });
    return true;
  });
}

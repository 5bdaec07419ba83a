import { and, eq, lt } from 'drizzle-orm';
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
    .select({ id: venta.id })
    .from(venta)
    .where(and(eq(venta.formaPago, 'MERCADOPAGO'), eq(venta.estadoPago, 'PENDIENTE'), eq(venta.estadoVenta, 'PENDIENTE'), lt(venta.fecha, limite)))
    .orderBy(venta.id)
    .limit(500);

  const resultado: ResultadoVencimiento = { vencidas: [], resueltasPorMercadoPago: [], erroresDePasarela: 0 };
  for (const { id } of candidatas) {
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
    const vencida = await db.transaction(async (tx) => {
      const marcada = await tx
        .update(venta)
        .set({ estadoPago: 'VENCIDO', pagoActualizado: ahora })
        .where(and(eq(venta.id, id), eq(venta.estadoPago, 'PENDIENTE'), eq(venta.estadoVenta, 'PENDIENTE')))
        .returning({ id: venta.id });
      if (marcada.length === 0) return false;
      const stockDevuelto = await liberarStockDeVenta(tx, id, 'PAGO_VENCIDO');
      await registrarEvento(tx, CONTEXTO_SISTEMA, {
        accion: 'venta.vencer-pago',
        entidadId: id,
        antes: { estadoPago: 'PENDIENTE' },
        despues: { estadoPago: 'VENCIDO' },
        detalle: { stockDevuelto },
      });
      return true;
    });
    if (vencida) resultado.vencidas.push(id);
  }
  return resultado;
}

import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AccionSimulador } from '../../domain/pago';
import { montoDeItems } from '../../domain/money';
import type { Db } from '../db/client';
import { pagoSimulado, preferenciaSimulada } from '../db/schema';
import { Conflicto, NoEncontrado } from '../errors';
import type { DatosPreferencia, PagoMP, PasarelaPagos } from './pasarela';

// The built-in Mercado Pago of the demo (no MP_ACCESS_TOKEN). It keeps preferences and payments in the
// shop's database, so every instance answers for all of them, and it needs no network at all.

export const PREFIJO_PREFERENCIA = 'sim-';
export const rutaSimulador = (preferenciaId: string) => `/api/mercadoPago/simulador/${preferenciaId}`;

type FilaPago = typeof pagoSimulado.$inferSelect;

const aPagoMP = (p: FilaPago): PagoMP => ({
  id: String(p.id),
  status: p.estado,
  external_reference: p.referencia,
  transaction_amount: p.monto,
  currency_id: 'ARS',
  date_last_updated: p.actualizado.toISOString(),
});

export function crearPasarelaSimulada(db: Db, publicUrl: string): PasarelaPagos {
  return {
    modo: 'simulado',
    async crearPreferencia(datos) {
      const id = `${PREFIJO_PREFERENCIA}${crypto.randomUUID()}`;
      await db.insert(preferenciaSimulada).values({ id, referencia: datos.external_reference, datos });
      return { id, init_point: `${publicUrl}${rutaSimulador(id)}` };
    },
    async obtenerPago(id) {
      if (!/^\d{1,15}$/.test(id)) return undefined;
      const [pago] = await db.select().from(pagoSimulado).where(eq(pagoSimulado.id, Number(id)));
      return pago ? aPagoMP(pago) : undefined;
    },
    async buscarPagos(externalReference) {
      const pagos = await db.select().from(pagoSimulado).where(eq(pagoSimulado.referencia, externalReference)).orderBy(asc(pagoSimulado.id));
      return pagos.map(aPagoMP);
    },
  };
}

export interface PreferenciaSimulada {
  id: string;
  referencia: string;
  datos: DatosPreferencia;
  monto: number;
  vencida: boolean;
  /** The last payment made on it, if any. */
  ultimoPago: PagoMP | undefined;
}

export async function obtenerPreferenciaSimulada(db: Db, id: string, ahora = new Date()): Promise<PreferenciaSimulada> {
  const [fila] = await db.select().from(preferenciaSimulada).where(eq(preferenciaSimulada.id, id));
  if (!fila) throw new NoEncontrado('No encontramos este link de pago.');
  const datos = fila.datos as DatosPreferencia;
  const pagos = await db.select().from(pagoSimulado).where(eq(pagoSimulado.preferenciaId, id)).orderBy(asc(pagoSimulado.id));
  const ultimo = pagos.at(-1);
  return {
    id,
    referencia: fila.referencia,
    datos,
    monto: montoDeItems(datos.items),
    vencida: new Date(datos.expiration_date_to).getTime() <= ahora.getTime(),
    ultimoPago: ultimo ? aPagoMP(ultimo) : undefined,
  };
}

const ESTADO_DE_ACCION: Record<AccionSimulador, string> = { aprobar: 'approved', pendiente: 'pending', rechazar: 'rejected' };

/**
 * The person pressed a button of the simulated checkout. Like Mercado Pago: an approved preference
 * takes no more payments, a pending payment is resolved in place, a rejected one can be retried.
 */
export async function pagarEnSimulador(db: Db, preferenciaId: string, accion: AccionSimulador, ahora = new Date()): Promise<{ preferencia: PreferenciaSimulada; pago: PagoMP }> {
  const preferencia = await obtenerPreferenciaSimulada(db, preferenciaId, ahora);
  if (preferencia.vencida) throw new Conflicto('Este link de pago venció.');
  const estado = ESTADO_DE_ACCION[accion];
  const [pago] = await db.transaction(async (tx) => {
    const abiertos = await tx
      .select()
      .from(pagoSimulado)
      .where(and(eq(pagoSimulado.preferenciaId, preferenciaId), inArray(pagoSimulado.estado, ['approved', 'pending'])))
      .for('update');
    if (abiertos.some((p) => p.estado === 'approved')) throw new Conflicto('Este pago ya fue aprobado.');
    const pendiente = abiertos[0];
    if (pendiente) {
      return tx.update(pagoSimulado).set({ estado, actualizado: ahora }).where(eq(pagoSimulado.id, pendiente.id)).returning();
    }
    return tx
      .insert(pagoSimulado)
      .values({ preferenciaId, referencia: preferencia.referencia, estado, monto: preferencia.monto, creado: ahora, actualizado: ahora })
      .returning();
  });
  return { preferencia, pago: aPagoMP(pago!) };
}

/** The back URL Mercado Pago would send the browser to, with the query string it appends. */
export function urlDeRetorno(preferencia: PreferenciaSimulada, pago: PagoMP): string {
  const { back_urls: urls } = preferencia.datos;
  const base = pago.status === 'approved' ? urls.success : pago.status === 'pending' ? urls.pending : urls.failure;
  const query = new URLSearchParams({
    collection_id: pago.id,
    collection_status: pago.status,
    payment_id: pago.id,
    status: pago.status,
    external_reference: preferencia.referencia,
    payment_type: 'credit_card',
    merchant_order_id: pago.id,
    preference_id: preferencia.id,
    site_id: 'MLA',
    processing_mode: 'aggregator',
    merchant_account_id: 'null',
  });
  return `${base}${base.includes('?') ? '&' : '?'}${query.toString()}`;
}

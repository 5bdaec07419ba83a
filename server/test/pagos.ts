// Helpers of the payment tests: signed notifications and the stock invariant.
import { eq, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { movimientoStock, producto, venta } from '../db/schema';
import { firmar } from '../pagos/firma';

let requestIds = 0;

/** Posts a Mercado Pago payment notification; `secreto` undefined sends it unsigned. */
export function notificarPago(app: FastifyInstance, pagoId: string, secreto: string | undefined, otros: { requestId?: string; ts?: string; firmarId?: string } = {}) {
  const requestId = otros.requestId ?? `req-${++requestIds}`;
  const ts = otros.ts ?? String(Math.floor(Date.now() / 1000));
  return app.inject({
    method: 'POST',
    url: `/api/mercadoPago/webhook?data.id=${encodeURIComponent(pagoId)}&type=payment`,
    headers: {
      'x-request-id': requestId,
      ...(secreto === undefined ? {} : { 'x-signature': firmar(secreto, otros.firmarId ?? pagoId, requestId, ts) }),
    },
    payload: { action: 'payment.updated', api_version: 'v1', data: { id: pagoId }, type: 'payment', live_mode: false },
  });
}

export async function leerVenta(db: Db, id: number) {
  const [v] = await db.select().from(venta).where(eq(venta.id, id));
  return v!;
}

/** Stock now and the sum of its movements (INICIAL included): the invariant says they are equal. */
export async function stockYMovimientos(db: Db, productoId: number) {
  const [p] = await db.select({ stock: producto.stock }).from(producto).where(eq(producto.id, productoId));
  const [m] = await db.select({ total: sum(movimientoStock.delta) }).from(movimientoStock).where(eq(movimientoStock.productoId, productoId));
  return { stock: p!.stock, movimientos: Number(m?.total ?? 0) };
}

export async function movimientosDeVenta(db: Db, ventaId: number) {
  return db
    .select({ productoId: movimientoStock.productoId, delta: movimientoStock.delta, motivo: movimientoStock.motivo })
    .from(movimientoStock)
    .where(eq(movimientoStock.ventaId, ventaId))
    .orderBy(movimientoStock.id);
}

export async function vendidos(db: Db, productoId: number) {
  const [p] = await db.select({ cantidadVendida: producto.cantidadVendida }).from(producto).where(eq(producto.id, productoId));
  return p!.cantidadVendida;
}

// Anti-automation for cart orders: a customer may hold at most PEDIDOS_PENDIENTES_MAX orders not yet
// paid, and at most UNIDADES_POR_PRODUCTO_MAX units of one product among them (one new account used
// to hold 600 of 1,000 units with 60 cash orders in 0.7 s). Paid orders waiting to be handed over,
// and orders whose units went back to stock, do not count.
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { mensajeDemasiadasUnidades, mensajeDemasiadosPedidosPendientes } from '../../domain/mensajes';
import type { Db } from '../db/client';
import { detalleVenta, producto, usuario, venta } from '../db/schema';
import { Conflicto } from '../errors';
import type { UnidadesDeProducto } from '../stock/stock';

export interface LimitesDePedido {
  pedidosPendientes: number;
  unidadesPorProducto: number;
}

/** A customer's cart orders that still hold units without being paid. */
const sinPagar = (userId: number) =>
  and(
    eq(venta.userId, userId),
    eq(venta.carrito, true),
    eq(venta.estadoVenta, 'PENDIENTE'),
    eq(venta.stockLiberado, false),
    // RECHAZADO with its units held: the customer pressed 'Pagar' again (server/pagos, decision 026).
    or(isNull(venta.estadoPago), eq(venta.estadoPago, 'PENDIENTE'), eq(venta.estadoPago, 'RECHAZADO')),
  );

/**
 * Refuses (409) a new order that would take the customer past either limit, in the order's own
 * transaction. The customer's row is locked first, so two orders of the same customer at once are
 * checked one after the other (FOR NO KEY UPDATE: inserts that merely reference the user, like the
 * order itself or a stock movement, are not held up by it).
 */
export async function asegurarLimitesDePedido(tx: Db, userId: number, nuevas: readonly UnidadesDeProducto[], limites: LimitesDePedido): Promise<void> {
  await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, userId)).for('no key update');

  const [pendientes] = await tx.select({ n: count() }).from(venta).where(sinPagar(userId));
  if ((pendientes?.n ?? 0) >= limites.pedidosPendientes) throw new Conflicto(mensajeDemasiadosPedidosPendientes(limites.pedidosPendientes));

  const ids = nuevas.map((l) => l.productoId);
  if (ids.length === 0) return;
  const tenidas = await tx
    .select({ productoId: detalleVenta.productoId, unidades: sql<number>`sum(${detalleVenta.cantidad})::integer` })
    .from(detalleVenta)
    .innerJoin(venta, eq(venta.id, detalleVenta.ventaId))
    .where(and(sinPagar(userId), inArray(detalleVenta.productoId, ids)))
    .groupBy(detalleVenta.productoId);
  const yaTiene = new Map(tenidas.map((t) => [t.productoId, Number(t.unidades)]));
  const excedida = nuevas.find((l) => (yaTiene.get(l.productoId) ?? 0) + l.cantidad > limites.unidadesPorProducto);
  if (!excedida) return;
  const [fila] = await tx.select({ denominacion: producto.denominacion }).from(producto).where(eq(producto.id, excedida.productoId));
  // An unknown product is the stock step's 404, a moment later.
  if (!fila) return;
  throw new Conflicto(mensajeDemasiadasUnidades(fila.denominacion, limites.unidadesPorProducto, yaTiene.get(excedida.productoId) ?? 0));
}

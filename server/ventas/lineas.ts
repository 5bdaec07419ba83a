// New lines of a sale at the products' current prices, with their stock taken: the line form
// (detalles.ts) adds one to a sale, and a new sale is created with its first lines (service.ts).
import { inArray } from 'drizzle-orm';
import { MENSAJES, mensajeCantidadMayorAlStock } from '../../domain/mensajes';
import type { Db } from '../db/client';
import { detalleVenta, producto } from '../db/schema';
import { Invalido } from '../errors';
import { tomarStock, type Faltante, type UnidadesDeProducto } from '../stock/stock';

/** The spec's messages: none left, or fewer than asked ({stock} = what this line could have). */
export const mensajeSinStock =
  (yaEnLaLinea = 0) =>
  ({ stock }: Faltante): string => {
    const disponible = stock + yaEnLaLinea;
    return disponible === 0 ? MENSAJES.productoSinStock : mensajeCantidadMayorAlStock(disponible);
  };

/**
 * Inserts the lines (in their order) at each product's current price, after taking their units
 * (DETALLE_ALTA movements); a price sent by a browser is never used. An unknown product is a 400
 * 'Debe seleccionar un producto válido.'. Answers the new lines' ids. Call it inside the caller's
 * transaction, with the sale locked or just created, and recompute the total afterwards.
 */
export async function agregarLineas(tx: Db, ventaId: number, lineas: readonly UnidadesDeProducto[], userId: number | null): Promise<number[]> {
  if (lineas.length === 0) return [];
  const ids = [...new Set(lineas.map((l) => l.productoId))];
  const precios = new Map(
    (await tx.select({ id: producto.id, precio: producto.precio }).from(producto).where(inArray(producto.id, ids))).map((p) => [p.id, p.precio]),
  );
  if (precios.size < ids.length) throw new Invalido(MENSAJES.productoInvalido);
  await tomarStock(tx, { motivo: 'DETALLE_ALTA', ventaId, userId }, lineas, mensajeSinStock());
  const creadas = await tx
    .insert(detalleVenta)
    .values(lineas.map((l) => ({ ventaId, productoId: l.productoId, cantidad: l.cantidad, precioAplicado: precios.get(l.productoId)! })))
    .returning({ id: detalleVenta.id });
  return creadas.map((c) => c.id);
}

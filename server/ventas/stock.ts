// Stock moves of sales. Every change writes a movimiento_stock row in the caller's transaction, so
// stock = INICIAL + sum of movements always holds; stock never goes below 0 (conditional updates).
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { MotivoMovimiento } from '../../domain/enums';
import { MENSAJES } from '../../domain/mensajes';
import type { Db } from '../db/client';
import { detalleVenta, movimientoStock, producto, venta } from '../db/schema';
import { Conflicto, NoEncontrado } from '../errors';

export interface UnidadesDeProducto {
  productoId: number;
  cantidad: number;
}

export interface OrigenMovimiento {
  motivo: MotivoMovimiento;
  ventaId: number | null;
  userId: number | null;
}

/** What is left of a product that could not give the units asked for. */
export interface Faltante {
  productoId: number;
  denominacion: string;
  stock: number;
}

/** Sums the units of the same product and sorts by id: rows are always locked in the same order. */
export function agruparPorProducto(lineas: readonly UnidadesDeProducto[]): UnidadesDeProducto[] {
  const suma = new Map<number, number>();
  for (const l of lineas) suma.set(l.productoId, (suma.get(l.productoId) ?? 0) + l.cantidad);
  return [...suma.entries()]
    .filter(([, cantidad]) => cantidad !== 0)
    .sort(([a], [b]) => a - b)
    .map(([productoId, cantidad]) => ({ productoId, cantidad }));
}

/**
 * Takes units out of stock and counts them as sold. `update ... where stock >= n` makes two
 * concurrent buyers of the last unit impossible: the second update matches no row and gets
 * `mensajeFalta`'s Conflicto; the caller's transaction then rolls back everything.
 */
export async function tomarStock(
  tx: Db,
  origen: OrigenMovimiento,
  lineas: readonly UnidadesDeProducto[],
  mensajeFalta: (faltante: Faltante) => string,
): Promise<void> {
  const agrupadas = agruparPorProducto(lineas);
  for (const { productoId, cantidad } of agrupadas) {
    const [tomado] = await tx
      .update(producto)
      .set({
        stock: sql`${producto.stock} - ${cantidad}`,
        cantidadVendida: sql`${producto.cantidadVendida} + ${cantidad}`,
      })
      .where(and(eq(producto.id, productoId), gte(producto.stock, cantidad)))
      .returning({ id: producto.id });
    if (!tomado) {
      const [actual] = await tx
        .select({ denominacion: producto.denominacion, stock: producto.stock })
        .from(producto)
        .where(eq(producto.id, productoId));
      if (!actual) throw new NoEncontrado(MENSAJES.productoNoEncontrado);
      throw new Conflicto(mensajeFalta({ productoId, ...actual }));
    }
  }
  if (agrupadas.length > 0) {
    await tx
      .insert(movimientoStock)
      .values(agrupadas.map((l) => ({ productoId: l.productoId, delta: -l.cantidad, ...origen })));
  }
}

/** Puts units back in stock and takes them off the sold count. */
export async function reponerStock(tx: Db, origen: OrigenMovimiento, lineas: readonly UnidadesDeProducto[]): Promise<void> {
  const agrupadas = agruparPorProducto(lineas);
  for (const { productoId, cantidad } of agrupadas) {
    await tx
      .update(producto)
      .set({
        stock: sql`${producto.stock} + ${cantidad}`,
        cantidadVendida: sql`greatest(${producto.cantidadVendida} - ${cantidad}, 0)`,
      })
      .where(eq(producto.id, productoId));
  }
  if (agrupadas.length > 0) {
    await tx
      .insert(movimientoStock)
      .values(agrupadas.map((l) => ({ productoId: l.productoId, delta: l.cantidad, ...origen })));
  }
}

/**
 * Returns to stock every unit of these sales, once: a sale whose units already went back
 * (`stockLiberado`) is skipped, so a payment rejection and a deletion never return them twice.
 * Answers the ids whose units went back. Reusable by the payments code (PAGO_RECHAZADO, PAGO_VENCIDO).
 */
export async function devolverStockDeVentas(
  tx: Db,
  ventaIds: readonly number[],
  motivo: MotivoMovimiento,
  userId: number | null,
  opciones: { soloPendientes?: boolean } = {},
): Promise<number[]> {
  if (ventaIds.length === 0) return [];
  // Claiming the flag locks the sale rows: a concurrent release of the same sale waits and then skips.
  const liberadas = await tx
    .update(venta)
    .set({ stockLiberado: true })
    .where(
      and(
        inArray(venta.id, [...ventaIds]),
        eq(venta.stockLiberado, false),
        opciones.soloPendientes ? eq(venta.estadoVenta, 'PENDIENTE') : undefined,
      ),
    )
    .returning({ id: venta.id });
  const ids = liberadas.map((v) => v.id);
  if (ids.length === 0) return [];
  const lineas = await tx
    .select({ ventaId: detalleVenta.ventaId, productoId: detalleVenta.productoId, cantidad: detalleVenta.cantidad })
    .from(detalleVenta)
    .where(inArray(detalleVenta.ventaId, ids));

  // One update per product over all the sales (in id order), then one movement per sale and product.
  for (const { productoId, cantidad } of agruparPorProducto(lineas)) {
    await tx
      .update(producto)
      .set({
        stock: sql`${producto.stock} + ${cantidad}`,
        cantidadVendida: sql`greatest(${producto.cantidadVendida} - ${cantidad}, 0)`,
      })
      .where(eq(producto.id, productoId));
  }
  const porVentaYProducto = new Map<string, { ventaId: number; productoId: number; delta: number }>();
  for (const l of lineas) {
    const clave = `${l.ventaId}:${l.productoId}`;
    const previo = porVentaYProducto.get(clave);
    if (previo) previo.delta += l.cantidad;
    else porVentaYProducto.set(clave, { ventaId: l.ventaId, productoId: l.productoId, delta: l.cantidad });
  }
  if (porVentaYProducto.size > 0) {
    await tx.insert(movimientoStock).values([...porVentaYProducto.values()].map((m) => ({ ...m, motivo, userId })));
  }
  return ids;
}

/** One sale's units back to stock (see devolverStockDeVentas); true when they went back now. */
export async function devolverStockDeVenta(
  tx: Db,
  ventaId: number,
  motivo: MotivoMovimiento,
  userId: number | null,
  opciones: { soloPendientes?: boolean } = {},
): Promise<boolean> {
  return (await devolverStockDeVentas(tx, [ventaId], motivo, userId, opciones)).length > 0;
}

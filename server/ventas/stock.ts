// Stock moves of sales. Every change writes a movimiento_stock row in the caller's transaction, so
// stock = INICIAL + sum of movements always holds; stock never goes below 0 (conditional updates).
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
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
 * Takes units out of stock and counts them as sold, in one statement for all the products:
 * `update ... where id in (select ... order by id for update) and stock >= n` locks the rows in id
 * order (no deadlock between two orders) and makes two concurrent buyers of the last unit impossible:
 * a product without enough stock matches no row. Then the first such product (by id) gets
 * `mensajeFalta`'s Conflicto (or NoEncontrado when it does not exist); the caller's transaction rolls
 * back everything. Answers the price of each product taken; writes no movement (see registrarSalida).
 */
export async function descontarStock(
  tx: Db,
  agrupadas: readonly UnidadesDeProducto[],
  mensajeFalta: (faltante: Faltante) => string,
  opciones: { ausentePrimero?: readonly number[] } = {},
): Promise<Map<number, number>> {
  if (agrupadas.length === 0) return new Map();
  const ids = agrupadas.map((l) => l.productoId);
  const n =
    agrupadas.length === 1
      ? sql`${agrupadas[0]!.cantidad}::integer`
      : sql`(case ${producto.id} ${sql.join(
          agrupadas.map((l) => sql`when ${l.productoId}::integer then ${l.cantidad}::integer`),
          sql` `,
        )} end)`;
  const donde =
    agrupadas.length === 1
      ? eq(producto.id, ids[0]!)
      : inArray(producto.id, tx.select({ id: producto.id }).from(producto).where(inArray(producto.id, ids)).orderBy(asc(producto.id)).for('update'));
  const tomados = await tx
    .update(producto)
    .set({ stock: sql`${producto.stock} - ${n}`, cantidadVendida: sql`${producto.cantidadVendida} + ${n}` })
    .where(and(donde, gte(producto.stock, n)))
    .returning({ id: producto.id, precio: producto.precio });
  if (tomados.length < agrupadas.length) {
    const actuales = await tx
      .select({ id: producto.id, denominacion: producto.denominacion, stock: producto.stock })
      .from(producto)
      .where(inArray(producto.id, ids));
    const existe = new Set(actuales.map((a) => a.id));
    if ((opciones.ausentePrimero ?? []).some((id) => !existe.has(id))) throw new NoEncontrado(MENSAJES.productoNoEncontrado);
    const tomado = new Set(tomados.map((t) => t.id));
    const falta = agrupadas.find((l) => !tomado.has(l.productoId))!;
    const actual = actuales.find((a) => a.id === falta.productoId);
    if (!actual) throw new NoEncontrado(MENSAJES.productoNoEncontrado);
    throw new Conflicto(mensajeFalta({ productoId: falta.productoId, denominacion: actual.denominacion, stock: actual.stock }));
  }
  return new Map(tomados.map((t) => [t.id, t.precio]));
}

/** The movements of units taken out (negative deltas), one multi-row insert. */
export async function registrarSalida(tx: Db, origen: OrigenMovimiento, agrupadas: readonly UnidadesDeProducto[]): Promise<void> {
  if (agrupadas.length === 0) return;
  await tx.insert(movimientoStock).values(agrupadas.map((l) => ({ productoId: l.productoId, delta: -l.cantidad, ...origen })));
}

/**
 * Takes units out of stock (descontarStock: one conditional update for all the products) and writes
 * their movements (one insert), in the caller's transaction.
 */
export async function tomarStock(
  tx: Db,
  origen: OrigenMovimiento,
  lineas: readonly UnidadesDeProducto[],
  mensajeFalta: (faltante: Faltante) => string,
): Promise<void> {
  const agrupadas = agruparPorProducto(lineas);
  await descontarStock(tx, agrupadas, mensajeFalta);
  await registrarSalida(tx, origen, agrupadas);
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

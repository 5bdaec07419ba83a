// The only code that changes a product's stock (server/stock/README.md). Every change writes its
// movimiento_stock rows in the caller's transaction, so stock = INICIAL + movements always holds;
// stock never goes below 0 (conditional updates); several products are always locked in id order.
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { MotivoMovimiento } from '../../domain/enums';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_PRODUCTO } from '../../domain/producto';
import type { Db } from '../db/client';
import { detalleVenta, movimientoStock, producto, venta } from '../db/schema';
import { cancelarTrabajosDeVentas, reactivarTrabajosDeVenta } from '../impresiones/cola';
import { Conflicto, NoEncontrado } from '../errors';

export interface UnidadesDeProducto {
  productoId: number;
  cantidad: number;
}

export interface OrigenMovimiento {
  motivo: MotivoMovimiento;
  ventaId: number | null;
  userId: number | null;
  /** When it happened, if not now (the demo's past sales). */
  fecha?: Date;
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

/** `case id when 3 then 2 when 7 then 1 end`: each product's own quantity in one statement. */
const cantidadPorProducto = (agrupadas: readonly UnidadesDeProducto[]): SQL =>
  agrupadas.length === 1
    ? sql`${agrupadas[0]!.cantidad}::integer`
    : sql`(case ${producto.id} ${sql.join(
        agrupadas.map((l) => sql`when ${l.productoId}::integer then ${l.cantidad}::integer`),
        sql` `,
      )} end)`;

/** The rows of these products, locked in id order (a single row needs no ordering). */
const filasEnOrden = (tx: Db, ids: readonly number[]): SQL =>
  ids.length === 1
    ? eq(producto.id, ids[0]!)
    : inArray(producto.id, tx.select({ id: producto.id }).from(producto).where(inArray(producto.id, [...ids])).orderBy(asc(producto.id)).for('update'));

/**
 * Takes units out of stock and counts them as sold, in one statement for all the products:
 * `update ... where id in (select ... order by id for update) and stock >= n` locks the rows in id
 * order (no deadlock between two callers) and makes two concurrent buyers of the last unit
 * impossible: a product without enough stock matches no row. Then the first such product (by id) gets
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
  const n = cantidadPorProducto(agrupadas);
  const tomados = await tx
    .update(producto)
    .set({ stock: sql`${producto.stock} - ${n}`, cantidadVendida: sql`${producto.cantidadVendida} + ${n}` })
    .where(and(filasEnOrden(tx, ids), gte(producto.stock, n)))
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

/** Movements of these units: negative deltas for units taken, positive for units returned. */
async function registrarMovimientos(tx: Db, origen: OrigenMovimiento, agrupadas: readonly UnidadesDeProducto[], signo: 1 | -1): Promise<void> {
  if (agrupadas.length === 0) return;
  await tx.insert(movimientoStock).values(agrupadas.map((l) => ({ productoId: l.productoId, delta: signo * l.cantidad, ...origen })));
}

/** The movements of units taken out (negative deltas), one multi-row insert. */
export const registrarSalida = (tx: Db, origen: OrigenMovimiento, agrupadas: readonly UnidadesDeProducto[]) =>
  registrarMovimientos(tx, origen, agrupadas, -1);

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

/** Units back on the shelf and off the sold count, one statement for all the products, in id order. */
async function sumarAlStock(tx: Db, agrupadas: readonly UnidadesDeProducto[]): Promise<void> {
  if (agrupadas.length === 0) return;
  const n = cantidadPorProducto(agrupadas);
  await tx
    .update(producto)
    .set({ stock: sql`${producto.stock} + ${n}`, cantidadVendida: sql`greatest(${producto.cantidadVendida} - ${n}, 0)` })
    .where(filasEnOrden(tx, agrupadas.map((l) => l.productoId)));
}

/** Puts units back in stock and takes them off the sold count, with their movements. */
export async function reponerStock(tx: Db, origen: OrigenMovimiento, lineas: readonly UnidadesDeProducto[]): Promise<void> {
  const agrupadas = agruparPorProducto(lineas);
  await sumarAlStock(tx, agrupadas);
  await registrarMovimientos(tx, origen, agrupadas, 1);
}

/**
 * Returns to stock every unit of these sales, once: a sale whose units already went back
 * (`stockLiberado`) is skipped, so a payment rejection and a deletion never return them twice.
 * Answers the ids whose units went back.
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
  // The order is off: its print jobs not yet started leave the queue (they move no stock).
  await cancelarTrabajosDeVentas(tx, ids);
  const lineas = lineasDeProducto(
    await tx
      .select({ ventaId: detalleVenta.ventaId, productoId: detalleVenta.productoId, cantidad: detalleVenta.cantidad })
      .from(detalleVenta)
      .where(inArray(detalleVenta.ventaId, ids)),
  );

  // One update over all the sales' products (in id order), then one movement per sale and product.
  await sumarAlStock(tx, agruparPorProducto(lineas));
  const porVenta = new Map<number, UnidadesDeProducto[]>();
  for (const l of lineas) porVenta.set(l.ventaId, [...(porVenta.get(l.ventaId) ?? []), l]);
  const movimientos = [...porVenta].flatMap(([ventaId, suyas]) =>
    agruparPorProducto(suyas).map((l) => ({ productoId: l.productoId, delta: l.cantidad, motivo, ventaId, userId })),
  );
  if (movimientos.length > 0) await tx.insert(movimientoStock).values(movimientos);
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

/**
 * Gives an unpaid online order's units back to stock, once. A concluded sale keeps its units: the
 * goods were handed over.
 */
export const liberarStockDeVenta = (tx: Db, ventaId: number, motivo: Extract<MotivoMovimiento, 'PAGO_RECHAZADO' | 'PAGO_VENCIDO'>) =>
  devolverStockDeVenta(tx, ventaId, motivo, null, { soloPendientes: true });

/**
 * A payment approved after the units were released takes them again, all or none (a savepoint),
 * locking the products in id order like every other taker. Answers false when some product no longer
 * has enough stock: the admin must restock or refund.
 */
export async function reservarStockDeNuevo(tx: Db, ventaId: number): Promise<boolean> {
  try {
    return await tx.transaction(async (sp) => {
      const marcada = await sp
        .update(venta)
        .set({ stockLiberado: false })
        .where(and(eq(venta.id, ventaId), eq(venta.stockLiberado, true)))
        .returning({ id: venta.id });
      if (marcada.length === 0) return true;
      await reactivarTrabajosDeVenta(sp, ventaId);
      const lineas = lineasDeProducto(
        await sp
          .select({ productoId: detalleVenta.productoId, cantidad: detalleVenta.cantidad })
          .from(detalleVenta)
          .where(eq(detalleVenta.ventaId, ventaId)),
      );
      await tomarStock(sp, { motivo: 'PEDIDO', ventaId, userId: null }, lineas, () => {
        throw new SinStock();
      });
      return true;
    });
  } catch (error) {
    if (error instanceof SinStock) return false;
    throw error;
  }
}

class SinStock extends Error {}

/**
 * Movements of one kind for many products in one statement, the rows as one JSON parameter: drizzle's
 * multi-row VALUES binds 7 parameters a row, and building them cost more than writing the rows (an
 * import of 10,000 products, issue 19). In the given order (the ids follow it).
 */
async function insertarMovimientos(
  tx: Db,
  filas: ReadonlyArray<{ productoId: number; delta: number }>,
  motivo: MotivoMovimiento,
  userId: number | null,
): Promise<void> {
  if (filas.length === 0) return;
  const json = JSON.stringify(filas.map((f) => ({ producto_id: f.productoId, delta: f.delta })));
  await tx.execute(sql`
    insert into ${movimientoStock} (producto_id, delta, motivo, user_id)
    select v.producto_id, v.delta, ${motivo}::motivo_movimiento, ${userId}::integer
    from json_to_recordset(${json}::json) as v(producto_id integer, delta integer)`);
}

/** The INICIAL movements of new products, whose rows were inserted with that stock. */
export async function registrarStockInicial(
  tx: Db,
  productos: ReadonlyArray<{ productoId: number; stock: number }>,
  userId: number | null,
): Promise<void> {
  await insertarMovimientos(tx, productos.map((p) => ({ productoId: p.productoId, delta: p.stock })), 'INICIAL', userId);
}

/**
 * The product form's stock, written as an AJUSTE movement on the locked row. With `stockLeido` (what the
 * form showed when opened) the admin's change, `stock - stockLeido`, is added to the stock of the moment:
 * a form opened before a sale or a load and saved after never undoes it (409 if the change would take it
 * below zero). Without it, the stock becomes `stock`.
 */
export async function fijarStock(tx: Db, productoId: number, stock: number, userId: number | null, stockLeido?: number): Promise<void> {
  const [actual] = await tx.select({ stock: producto.stock }).from(producto).where(eq(producto.id, productoId)).for('update');
  if (!actual) throw new NoEncontrado(MENSAJES.productoNoEncontrado);
  const delta = stock - (stockLeido ?? actual.stock);
  if (delta === 0) return;
  if (actual.stock + delta < 0) throw new Conflicto(MENSAJES_PRODUCTO.stockCambioAlEditar(actual.stock, delta));
  await tx
    .update(producto)
    .set({ stock: sql`${producto.stock} + ${delta}` })
    .where(eq(producto.id, productoId));
  await tx.insert(movimientoStock).values({ productoId, delta, motivo: 'AJUSTE', userId });
}

/**
 * A delivery from a supplier: adds units with a CARGA movement. Answers the product's id and its stock
 * after the load, or null when none matches.
 */
export async function cargarUnidades(tx: Db, donde: SQL, cantidad: number, userId: number | null): Promise<{ id: number; stock: number } | null> {
  const [actualizado] = await tx
    .update(producto)
    .set({ stock: sql`${producto.stock} + ${cantidad}`, actualizado: new Date() })
    .where(donde)
    .returning({ id: producto.id, stock: producto.stock });
  if (!actualizado) return null;
  await tx.insert(movimientoStock).values({ productoId: actualizado.id, delta: cantidad, motivo: 'CARGA', userId });
  return actualizado;
}

/**
 * The spreadsheet import's stock column for many products at once: locks the rows in id order, sets each
 * stock and writes each difference as an AJUSTE movement (products whose stock does not change get none).
 * Answers how many changed.
 */
export async function fijarStocks(tx: Db, productos: ReadonlyArray<{ productoId: number; stock: number }>, userId: number | null): Promise<number> {
  if (productos.length === 0) return 0;
  const pedido = new Map(productos.map((p) => [p.productoId, p.stock]));
  const actuales = await tx
    .select({ id: producto.id, stock: producto.stock })
    .from(producto)
    .where(inArray(producto.id, [...pedido.keys()]))
    .orderBy(asc(producto.id))
    .for('update');
  const deltas = actuales.map((a) => ({ productoId: a.id, delta: pedido.get(a.id)! - a.stock })).filter((d) => d.delta !== 0);
  if (deltas.length === 0) return 0;
  const json = JSON.stringify(deltas.map((d) => ({ id: d.productoId, delta: d.delta })));
  await tx.execute(
    sql`update ${producto} set stock = ${producto.stock} + v.delta from json_to_recordset(${json}::json) as v(id integer, delta integer) where ${producto.id} = v.id`,
  );
  await insertarMovimientos(tx, deltas, 'AJUSTE', userId);
  return deltas.length;
}

/** A sale's product lines: a print line (issue 21, no product) moves no stock. */
export const lineasDeProducto = <T extends { productoId: number | null }>(lineas: readonly T[]): Array<T & { productoId: number }> =>
  lineas.filter((l): l is T & { productoId: number } => l.productoId !== null);

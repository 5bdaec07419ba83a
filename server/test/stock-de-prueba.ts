// Reads of stock and movements for assertions.
import { and, asc, count, eq, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { movimientoStock, producto, venta } from '../db/schema';

export async function estadoProducto(db: Db, productoId: number) {
  const [p] = await db
    .select({ stock: producto.stock, cantidadVendida: producto.cantidadVendida })
    .from(producto)
    .where(eq(producto.id, productoId));
  const [m] = await db.select({ suma: sum(movimientoStock.delta) }).from(movimientoStock).where(eq(movimientoStock.productoId, productoId));
  return { stock: p!.stock, cantidadVendida: p!.cantidadVendida, sumaMovimientos: Number(m?.suma ?? 0) };
}

export async function movimientosDe(db: Db, productoId: number, ventaId?: number) {
  return db
    .select({ delta: movimientoStock.delta, motivo: movimientoStock.motivo, ventaId: movimientoStock.ventaId, userId: movimientoStock.userId })
    .from(movimientoStock)
    .where(ventaId === undefined ? eq(movimientoStock.productoId, productoId) : and(eq(movimientoStock.productoId, productoId), eq(movimientoStock.ventaId, ventaId)))
    .orderBy(asc(movimientoStock.id));
}

export async function contarVentas(db: Db) {
  const [fila] = await db.select({ n: count() }).from(venta);
  return fila!.n;
}

export async function contarMovimientos(db: Db) {
  const [fila] = await db.select({ n: count() }).from(movimientoStock);
  return fila!.n;
}

/**
 * The stock ledger over every product: stock = sum of its movements (INICIAL included) and never
 * below 0. Answers the products that break it (none, when it holds).
 */
export async function descuadresDeStock(db: Db): Promise<Array<{ id: number; stock: number; movimientos: number }>> {
  const filas = await db
    .select({ id: producto.id, stock: producto.stock, movimientos: sum(movimientoStock.delta) })
    .from(producto)
    .leftJoin(movimientoStock, eq(movimientoStock.productoId, producto.id))
    .groupBy(producto.id, producto.stock);
  return filas
    .map((f) => ({ id: f.id, stock: f.stock, movimientos: Number(f.movimientos ?? 0) }))
    .filter((f) => f.stock !== f.movimientos || f.stock < 0);
}

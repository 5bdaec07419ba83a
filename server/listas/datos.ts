// Reading school lists with their items, alternatives and products: shared by the admin service and
// the public pages (docs/decisions/034-listas-escolares.md).
import { and, asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { ProductoDeLista } from '../../domain/lista-escolar';
import type { Db } from '../db/client';
import { alternativaItemLista, detalleVenta, itemListaEscolar, listaEscolar, producto, venta } from '../db/schema';

/** A product as a list shows it and the cart keeps it. */
export const columnasProductoDeLista = {
  id: producto.id,
  denominacion: producto.denominacion,
  marca: producto.marca,
  precio: producto.precio,
  stock: producto.stock,
  imagen: producto.imagen,
};

export type FilaLista = typeof listaEscolar.$inferSelect;

/** What names a list in every answer about it: school, place, level, grade and school year. */
export const cabeceraDeLista = (f: FilaLista) => ({ id: f.id, escuela: f.escuela, localidad: f.localidad, nivel: f.nivel, grado: f.grado, anio: f.anio });

/** An item as stored, with its alternatives' ids in order and the products they name. */
export interface ItemLeido {
  id: number;
  listaId: number;
  orden: number;
  cantidad: number;
  productoId: number | null;
  texto: string;
  opcional: boolean;
  alternativas: number[];
  producto: ProductoDeLista | null;
  productosAlternativos: ProductoDeLista[];
}

/** The items of these lists in order, by list; `bloquear` reads the products FOR SHARE (nothing deletes them meanwhile). */
export async function itemsDeListas(db: Db, listaIds: readonly number[]): Promise<Map<number, ItemLeido[]>> {
  const porLista = new Map<number, ItemLeido[]>(listaIds.map((id) => [id, []]));
  if (listaIds.length === 0) return porLista;
  const items = await db
    .select()
    .from(itemListaEscolar)
    .where(inArray(itemListaEscolar.listaId, [...listaIds]))
    .orderBy(asc(itemListaEscolar.listaId), asc(itemListaEscolar.orden), asc(itemListaEscolar.id));
  const itemIds = items.map((i) => i.id);
  const alternativas =
    itemIds.length === 0
      ? []
      : await db
          .select()
          .from(alternativaItemLista)
          .where(inArray(alternativaItemLista.itemId, itemIds))
          .orderBy(asc(alternativaItemLista.itemId), asc(alternativaItemLista.orden));
  const productoIds = [...new Set([...items.flatMap((i) => (i.productoId === null ? [] : [i.productoId])), ...alternativas.map((a) => a.productoId)])];
  const productos = await productosPorId(db, productoIds);
  const alternativasDe = new Map<number, number[]>();
  for (const a of alternativas) alternativasDe.set(a.itemId, [...(alternativasDe.get(a.itemId) ?? []), a.productoId]);
  for (const i of items) {
    const suyas = alternativasDe.get(i.id) ?? [];
    porLista.get(i.listaId)!.push({
      ...i,
      alternativas: suyas,
      producto: i.productoId === null ? null : (productos.get(i.productoId) ?? null),
      productosAlternativos: suyas.flatMap((id) => productos.get(id) ?? []),
    });
  }
  return porLista;
}

export async function productosPorId(db: Db, ids: readonly number[]): Promise<Map<number, ProductoDeLista>> {
  if (ids.length === 0) return new Map();
  const filas = await db.select(columnasProductoDeLista).from(producto).where(inArray(producto.id, [...ids]));
  return new Map(filas.map((p) => [p.id, p]));
}

/**
 * Per list: the orders that came from it and were not cancelled (their units did not go back to stock:
 * not expired, not rejected), and the units those orders bought.
 */
export async function figurasDeListas(db: Db, listaIds: readonly number[]): Promise<Map<number, { familias: number; unidadesVendidas: number }>> {
  const figuras = new Map(listaIds.map((id) => [id, { familias: 0, unidadesVendidas: 0 }]));
  if (listaIds.length === 0) return figuras;
  const vigentes = and(inArray(venta.listaEscolarId, [...listaIds]), eq(venta.stockLiberado, false));
  const [familias, unidades] = await Promise.all([
    db.select({ listaId: venta.listaEscolarId, n: count() }).from(venta).where(vigentes).groupBy(venta.listaEscolarId),
    db
      .select({ listaId: venta.listaEscolarId, n: sum(detalleVenta.cantidad) })
      .from(venta)
      .innerJoin(detalleVenta, eq(detalleVenta.ventaId, venta.id))
      .where(vigentes)
      .groupBy(venta.listaEscolarId),
  ]);
  for (const f of familias) figuras.get(f.listaId!)!.familias = Number(f.n);
  for (const u of unidades) figuras.get(u.listaId!)!.unidadesVendidas = Number(u.n ?? 0);
  return figuras;
}

/** How many items each list has. */
export async function cantidadDeItems(db: Db, listaIds: readonly number[]): Promise<Map<number, number>> {
  if (listaIds.length === 0) return new Map();
  const filas = await db
    .select({ listaId: itemListaEscolar.listaId, n: count() })
    .from(itemListaEscolar)
    .where(inArray(itemListaEscolar.listaId, [...listaIds]))
    .groupBy(itemListaEscolar.listaId);
  return new Map(filas.map((f) => [f.listaId, f.n]));
}

/** School and grade together, for the admin grid's search. */
export const escuelaYGrado = sql`${listaEscolar.escuela} || ' ' || ${listaEscolar.grado}`;

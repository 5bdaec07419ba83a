import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Categoria, PaginaProductos, Producto, ProductoFiltros } from '../../domain/producto';
import { normalizarBusqueda } from '../../domain/texto';
import type { Db } from '../db/client';
import { categoria, producto } from '../db/schema';
import { NoEncontrado } from '../errors';
import { MENSAJES } from '../../domain/mensajes';

const columnasProducto = {
  id: producto.id,
  denominacion: producto.denominacion,
  marca: producto.marca,
  codigo: producto.codigo,
  imagen: producto.imagen,
  precio: producto.precio,
  costo: producto.costo,
  porcentaje: producto.porcentaje,
  stock: producto.stock,
  cantidadVendida: producto.cantidadVendida,
  descripcion: producto.descripcion,
  categoria: { id: categoria.id, denominacion: categoria.denominacion },
};

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const contiene = (texto: string) => `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Cost and margin leave the server only for admins. */
export const sinDatosInternos = ({ costo: _c, porcentaje: _p, ...publico }: Producto): Producto => publico;

export async function listarProductos(db: Db, filtros: ProductoFiltros): Promise<PaginaProductos> {
  const condiciones: SQL[] = [];
  if (filtros.q) condiciones.push(ilike(producto.busqueda, contiene(normalizarBusqueda(filtros.q))));
  if (filtros.denominacion) condiciones.push(ilike(producto.denominacion, contiene(filtros.denominacion)));
  if (filtros.marca) condiciones.push(eq(producto.marca, filtros.marca));
  if (filtros.marcaContiene) condiciones.push(ilike(producto.marca, contiene(filtros.marcaContiene)));
  if (filtros.codigo) condiciones.push(ilike(producto.codigo, contiene(filtros.codigo)));
  if (filtros.categoriaId) condiciones.push(eq(producto.categoriaId, filtros.categoriaId));
  const where = condiciones.length > 0 ? and(...condiciones) : undefined;
  const orden = filtros.orden === 'desc' ? [desc(producto.precio), desc(producto.id)] : [asc(producto.precio), asc(producto.id)];

  const [items, [totales], marcas] = await Promise.all([
    db
      .select(columnasProducto)
      .from(producto)
      .innerJoin(categoria, eq(categoria.id, producto.categoriaId))
      .where(where)
      .orderBy(...orden)
      .limit(filtros.porPagina)
      .offset((filtros.pagina - 1) * filtros.porPagina),
    db.select({ total: count() }).from(producto).where(where),
    listarMarcas(db),
  ]);
  return { items, total: totales?.total ?? 0, pagina: filtros.pagina, porPagina: filtros.porPagina, marcas };
}

/**
 * The distinct brands cost more than the page itself (every product row). Where `recordarMarcas` turned
 * it on (the server does, tests do not), the list is kept per database for some seconds and forgotten
 * on every write through this process (`olvidarMarcas`).
 */
const marcasRecordadas = new WeakMap<Db, { segundos: number; lista?: Promise<string[]>; hasta: number }>();

export function recordarMarcas(db: Db, segundos: number): void {
  marcasRecordadas.set(db, { segundos, hasta: 0 });
}

export function olvidarMarcas(db: Db): void {
  const r = marcasRecordadas.get(db);
  if (r) {
    r.lista = undefined;
    r.hasta = 0;
  }
}

async function consultarMarcas(db: Db): Promise<string[]> {
  const filas = await db.selectDistinct({ marca: producto.marca }).from(producto).orderBy(asc(producto.marca));
  return filas.map((f) => f.marca).filter((m) => m !== '');
}

export async function listarMarcas(db: Db): Promise<string[]> {
  const r = marcasRecordadas.get(db);
  if (!r) return consultarMarcas(db);
  if (!r.lista || Date.now() >= r.hasta) {
    const lista = consultarMarcas(db);
    // Concurrent callers share one query; a failed one is not remembered.
    r.lista = lista;
    r.hasta = Date.now() + r.segundos * 1000;
    lista.catch(() => {
      if (r.lista === lista) olvidarMarcas(db);
    });
  }
  return r.lista;
}

export async function obtenerProducto(db: Db, id: number): Promise<Producto> {
  const [encontrado] = await db
    .select(columnasProducto)
    .from(producto)
    .innerJoin(categoria, eq(categoria.id, producto.categoriaId))
    .where(eq(producto.id, id))
    .limit(1);
  if (!encontrado) throw new NoEncontrado(MENSAJES.productoNoEncontrado);
  return encontrado;
}

export async function listarCategorias(db: Db): Promise<Categoria[]> {
  return db.select().from(categoria).orderBy(asc(categoria.denominacion));
}

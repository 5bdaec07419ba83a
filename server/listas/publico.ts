// The families' side of school lists (issue 20): published lists only. A list's page with each
// item's current product and stock, and what ticking items adds to a cart (computed here with current
// stock; the browser merges the answer into its cart, and the order is checked again when placed).
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  agregarListaAlCarrito,
  MENSAJES_LISTA,
  productoVigente,
  totalDeLista,
  type CarritoDeListaRespuesta,
  type ItemListaPublica,
  type ListaPublica,
  type PaginaListasPublicas,
  type listaPublicaFiltrosSchema,
} from '../../domain/lista-escolar';
import { subtotalLinea } from '../../domain/money';
import type { Db } from '../db/client';
import { listaEscolar } from '../db/schema';
import { Invalido, NoEncontrado } from '../errors';
import { cadaPalabraEnAlguno } from '../db/texto-sql';
import { cabeceraDeLista, cantidadDeItems, itemsDeListas, type FilaLista, type ItemLeido } from './datos';

type Filtros = z.output<typeof listaPublicaFiltrosSchema>;

/** The published lists that match, newest school year first, then school, level and grade. */
export async function buscarListasPublicas(db: Db, filtros: Filtros): Promise<PaginaListasPublicas> {
  const where = and(
    ...[
      eq(listaEscolar.publicada, true),
      cadaPalabraEnAlguno([listaEscolar.escuela], filtros.escuela),
      filtros.localidad ? eq(listaEscolar.localidad, filtros.localidad) : undefined,
      filtros.nivel ? eq(listaEscolar.nivel, filtros.nivel) : undefined,
    ].filter((c): c is SQL => c !== undefined),
  );
  const [filas, [totales]] = await Promise.all([
    db
      .select()
      .from(listaEscolar)
      .where(where)
      .orderBy(desc(listaEscolar.anio), asc(listaEscolar.escuela), asc(listaEscolar.nivel), asc(listaEscolar.grado), asc(listaEscolar.id))
      .limit(filtros.porPagina)
      .offset((filtros.pagina - 1) * filtros.porPagina),
    db.select({ total: count() }).from(listaEscolar).where(where),
  ]);
  const items = await cantidadDeItems(
    db,
    filas.map((f) => f.id),
  );
  return {
    items: filas.map((f) => ({ ...cabeceraDeLista(f), cantidadItems: items.get(f.id) ?? 0 })),
    total: totales?.total ?? 0,
    pagina: filtros.pagina,
    porPagina: filtros.porPagina,
  };
}

/** A published list with its items; an unpublished or missing one is 404 to the public. */
async function listaPublicada(db: Db, id: number): Promise<{ fila: FilaLista; items: ItemLeido[] }> {
  const [fila] = await db
    .select()
    .from(listaEscolar)
    .where(and(eq(listaEscolar.id, id), eq(listaEscolar.publicada, true)));
  if (!fila) throw new NoEncontrado(MENSAJES_LISTA.noEncontrada);
  return { fila, items: (await itemsDeListas(db, [id])).get(id)! };
}

const paraCarrito = (i: ItemLeido) => ({ id: i.id, cantidad: i.cantidad, texto: i.texto, producto: i.producto, alternativas: i.productosAlternativos });

export async function obtenerListaPublica(db: Db, id: number): Promise<ListaPublica> {
  const { fila, items } = await listaPublicada(db, id);
  const publicos = items.map((i): ItemListaPublica => {
    const { estado, producto } = productoVigente(paraCarrito(i));
    return {
      id: i.id,
      orden: i.orden,
      cantidad: i.cantidad,
      texto: i.texto,
      opcional: i.opcional,
      estado,
      producto,
      original: estado === 'ALTERNATIVA' || estado === 'SIN_STOCK' ? i.producto : null,
      subtotal: producto ? subtotalLinea(i.cantidad, producto.precio) : 0,
    };
  });
  return {
    ...cabeceraDeLista(fila),
    notas: fila.notas,
    items: publicos,
    total: totalDeLista(publicos),
  };
}

/**
 * What the ticked items add to a cart that already holds `carrito` (units per product): their products
 * or alternatives within the stock left, and what is missing and why. Writes nothing.
 */
export async function carritoDeLista(
  db: Db,
  id: number,
  pedido: { items: readonly number[]; carrito: ReadonlyArray<{ productoId: number; cantidad: number }> },
): Promise<CarritoDeListaRespuesta> {
  const { items } = await listaPublicada(db, id);
  const suyos = new Set(items.map((i) => i.id));
  const ajenos = [...new Set(pedido.items.filter((i) => !suyos.has(i)))];
  if (ajenos.length > 0) throw new Invalido(MENSAJES_LISTA.itemAjeno(ajenos));
  const marcados = new Set(pedido.items);
  const enCarrito = new Map<number, number>();
  for (const l of pedido.carrito) enCarrito.set(l.productoId, (enCarrito.get(l.productoId) ?? 0) + l.cantidad);
  return agregarListaAlCarrito(
    items.filter((i) => marcados.has(i.id)).map(paraCarrito),
    enCarrito,
  );
}

/** The school, grade and year of a published list (the QR's and the page preview's caption), or null. */
export async function listaPublicadaResumen(db: Db, id: number): Promise<Pick<FilaLista, 'id' | 'escuela' | 'grado' | 'anio'> | null> {
  const [fila] = await db
    .select({ id: listaEscolar.id, escuela: listaEscolar.escuela, grado: listaEscolar.grado, anio: listaEscolar.anio })
    .from(listaEscolar)
    .where(and(eq(listaEscolar.id, id), eq(listaEscolar.publicada, true)));
  return fila ?? null;
}

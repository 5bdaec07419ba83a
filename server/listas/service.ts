// 'Listas escolares' in the back office (issue 20): the grid with each list's figures, the form's CRUD
// and next year's copy. Every write is one transaction with its audit event.
import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  ANIO_MAXIMO,
  MENSAJES_LISTA,
  type FilaListaEscolar,
  type ListaEscolar,
  type ListaEscolarFiltros,
  type ListaEscolarInput,
  type PaginaListasEscolares,
} from '../../domain/lista-escolar';
import type { listaEscolarFiltrosSchema, listaEscolarInputSchema } from '../../domain/lista-escolar';
import type { z } from 'zod';
import { registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { alternativaItemLista, itemListaEscolar, listaEscolar, producto } from '../db/schema';
import { Invalido, NoEncontrado } from '../errors';
import { cadaPalabraEnAlguno } from '../db/texto-sql';
import { cabeceraDeLista, cantidadDeItems, escuelaYGrado, figurasDeListas, itemsDeListas, type FilaLista, type ItemLeido } from './datos';

export type DatosLista = z.output<typeof listaEscolarInputSchema>;
type Filtros = z.output<typeof listaEscolarFiltrosSchema>;
export type { ListaEscolarFiltros, ListaEscolarInput };

const aRespuesta = (
  fila: FilaLista,
  items: readonly ItemLeido[],
  figuras: { familias: number; unidadesVendidas: number },
): ListaEscolar => ({
  ...cabeceraDeLista(fila),
  notas: fila.notas,
  publicada: fila.publicada,
  items: items.map((i) => ({
    id: i.id,
    orden: i.orden,
    cantidad: i.cantidad,
    productoId: i.productoId,
    texto: i.texto,
    alternativas: i.alternativas,
    opcional: i.opcional,
    producto: i.producto,
    productosAlternativos: i.productosAlternativos,
  })),
  ...figuras,
});

export async function obtenerListaEscolar(db: Db, id: number): Promise<ListaEscolar> {
  const [fila] = await db.select().from(listaEscolar).where(eq(listaEscolar.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES_LISTA.noEncontrada);
  const [items, figuras] = await Promise.all([itemsDeListas(db, [id]), figurasDeListas(db, [id])]);
  return aRespuesta(fila, items.get(id)!, figuras.get(id)!);
}

/** The admin grid: newest school year first, then school and grade; `q` looks in school and grade. */
export async function paginaDeListasEscolares(db: Db, filtros: Filtros): Promise<PaginaListasEscolares> {
  const condiciones = [
    cadaPalabraEnAlguno([escuelaYGrado], filtros.q),
    filtros.localidad ? eq(listaEscolar.localidad, filtros.localidad) : undefined,
    filtros.nivel ? eq(listaEscolar.nivel, filtros.nivel) : undefined,
    filtros.anio ? eq(listaEscolar.anio, filtros.anio) : undefined,
    filtros.publicada === undefined ? undefined : eq(listaEscolar.publicada, filtros.publicada),
  ].filter((c): c is SQL => c !== undefined);
  const where = condiciones.length > 0 ? and(...condiciones) : undefined;
  const [filas, [totales]] = await Promise.all([
    db
      .select()
      .from(listaEscolar)
      .where(where)
      .orderBy(desc(listaEscolar.anio), asc(listaEscolar.escuela), asc(listaEscolar.grado), asc(listaEscolar.id))
      .limit(filtros.porPagina)
      .offset((filtros.pagina - 1) * filtros.porPagina),
    db.select({ total: count() }).from(listaEscolar).where(where),
  ]);
  const ids = filas.map((f) => f.id);
  const [items, figuras] = await Promise.all([cantidadDeItems(db, ids), figurasDeListas(db, ids)]);
  return {
    items: filas.map(
      (f): FilaListaEscolar => ({
        ...cabeceraDeLista(f),
        publicada: f.publicada,
        cantidadItems: items.get(f.id) ?? 0,
        ...figuras.get(f.id)!,
      }),
    ),
    total: totales?.total ?? 0,
    pagina: filtros.pagina,
    porPagina: filtros.porPagina,
  };
}

/** Every product the items name must exist (read FOR SHARE: not deleted before the transaction ends). */
async function asegurarProductos(tx: Db, datos: DatosLista): Promise<void> {
  const ids = [...new Set(datos.items.flatMap((i) => [...(i.productoId === null ? [] : [i.productoId]), ...i.alternativas]))];
  if (ids.length === 0) return;
  const existentes = await tx.select({ id: producto.id }).from(producto).where(inArray(producto.id, ids)).for('share');
  const hay = new Set(existentes.map((p) => p.id));
  const faltan = ids.filter((id) => !hay.has(id)).sort((a, b) => a - b);
  if (faltan.length > 0) throw new Invalido(MENSAJES_LISTA.productosInexistentes(faltan));
}

const camposDeLista = (datos: DatosLista) => ({
  escuela: datos.escuela.replace(/\s+/g, ' '),
  localidad: datos.localidad,
  nivel: datos.nivel,
  grado: datos.grado.replace(/\s+/g, ' '),
  anio: datos.anio,
  notas: datos.notas,
  publicada: datos.publicada,
});

/** What the audit trail keeps of a list: what it is and how many items it has. */
const auditada = (l: { escuela: string; grado: string; anio: number; publicada: boolean }, items: number) => ({
  escuela: l.escuela,
  grado: l.grado,
  anio: l.anio,
  publicada: l.publicada,
  items,
});

/** Inserts the items (and their alternatives) in the given order, from `orden` 1. */
async function insertarItems(
  tx: Db,
  listaId: number,
  items: ReadonlyArray<{ orden: number; cantidad: number; productoId: number | null; texto: string; opcional: boolean; alternativas: readonly number[] }>,
): Promise<number[]> {
  if (items.length === 0) return [];
  const creados = await tx
    .insert(itemListaEscolar)
    .values(items.map((i) => ({ listaId, orden: i.orden, cantidad: i.cantidad, productoId: i.productoId, texto: i.texto, opcional: i.opcional })))
    .returning({ id: itemListaEscolar.id });
  await insertarAlternativas(
    tx,
    items.map((i, k) => ({ itemId: creados[k]!.id, alternativas: i.alternativas })),
  );
  return creados.map((c) => c.id);
}

async function insertarAlternativas(tx: Db, items: ReadonlyArray<{ itemId: number; alternativas: readonly number[] }>): Promise<void> {
  const filas = items.flatMap((i) => i.alternativas.map((productoId, k) => ({ itemId: i.itemId, orden: k + 1, productoId })));
  if (filas.length > 0) await tx.insert(alternativaItemLista).values(filas);
}

export async function crearListaEscolar(db: Db, datos: DatosLista, contexto: ContextoAuditoria): Promise<ListaEscolar> {
  const id = await db.transaction(async (tx) => {
    await asegurarProductos(tx, datos);
    const campos = camposDeLista(datos);
    const [creada] = await tx.insert(listaEscolar).values(campos).returning({ id: listaEscolar.id });
    await insertarItems(
      tx,
      creada!.id,
      datos.items.map((i, k) => ({ ...i, orden: k + 1 })),
    );
    await registrarEvento(tx, contexto, { accion: 'listaEscolar.crear', entidadId: creada!.id, despues: auditada(campos, datos.items.length) });
    return creada!.id;
  });
  return obtenerListaEscolar(db, id);
}

/**
 * Saves the form over a list: items sent with their id keep it (a family's open page still matches
 * them), items without one are new, the list's other items are deleted. An id of another list's item
 * is refused.
 */
export async function editarListaEscolar(db: Db, id: number, datos: DatosLista, contexto: ContextoAuditoria): Promise<ListaEscolar> {
  await db.transaction(async (tx) => {
    const [actual] = await tx.select().from(listaEscolar).where(eq(listaEscolar.id, id)).for('update');
    if (!actual) throw new NoEncontrado(MENSAJES_LISTA.noEncontrada);
    await asegurarProductos(tx, datos);
    const existentes = await tx.select({ id: itemListaEscolar.id }).from(itemListaEscolar).where(eq(itemListaEscolar.listaId, id));
    const suyos = new Set(existentes.map((i) => i.id));
    const ajenos = datos.items.flatMap((i) => (i.id != null && !suyos.has(i.id) ? [i.id] : []));
    if (ajenos.length > 0) throw new Invalido(MENSAJES_LISTA.itemAjeno(ajenos));

    const conservados = datos.items.flatMap((i) => (i.id != null ? [i.id] : []));
    await tx
      .delete(itemListaEscolar)
      .where(and(eq(itemListaEscolar.listaId, id), conservados.length > 0 ? notInArray(itemListaEscolar.id, conservados) : undefined));
    if (conservados.length > 0) await tx.delete(alternativaItemLista).where(inArray(alternativaItemLista.itemId, conservados));
    const nuevos: Array<Parameters<typeof insertarItems>[2][number]> = [];
    for (const [k, item] of datos.items.entries()) {
      const valores = { orden: k + 1, cantidad: item.cantidad, productoId: item.productoId, texto: item.texto, opcional: item.opcional };
      if (item.id == null) nuevos.push({ ...valores, alternativas: item.alternativas });
      else await tx.update(itemListaEscolar).set(valores).where(eq(itemListaEscolar.id, item.id));
    }
    await insertarAlternativas(
      tx,
      datos.items.flatMap((i) => (i.id != null ? [{ itemId: i.id, alternativas: i.alternativas }] : [])),
    );
    await insertarItems(tx, id, nuevos);
    const campos = camposDeLista(datos);
    await tx.update(listaEscolar).set({ ...campos, actualizado: sql`now()` }).where(eq(listaEscolar.id, id));
    await registrarEvento(tx, contexto, {
      accion: 'listaEscolar.editar',
      entidadId: id,
      antes: auditada(actual, existentes.length),
      despues: auditada(campos, datos.items.length),
    });
  });
  return obtenerListaEscolar(db, id);
}

/** Deletes a list and its items; the orders that came from it keep their lines and lose the reference. */
export async function eliminarListaEscolar(db: Db, id: number, contexto: ContextoAuditoria): Promise<void> {
  await db.transaction(async (tx) => {
    const [items] = await tx.select({ n: count() }).from(itemListaEscolar).where(eq(itemListaEscolar.listaId, id));
    const [borrada] = await tx.delete(listaEscolar).where(eq(listaEscolar.id, id)).returning();
    if (!borrada) throw new NoEncontrado(MENSAJES_LISTA.noEncontrada);
    await registrarEvento(tx, contexto, { accion: 'listaEscolar.eliminar', entidadId: id, antes: auditada(borrada, items?.n ?? 0) });
  });
}

/** Next year's list from this one: the same school, grade and items, the following school year, not published. */
export async function duplicarListaEscolar(db: Db, id: number, contexto: ContextoAuditoria): Promise<ListaEscolar> {
  const nuevaId = await db.transaction(async (tx) => {
    const [origen] = await tx.select().from(listaEscolar).where(eq(listaEscolar.id, id)).for('share');
    if (!origen) throw new NoEncontrado(MENSAJES_LISTA.noEncontrada);
    const items = (await itemsDeListas(tx, [id])).get(id)!;
    const campos = {
      escuela: origen.escuela,
      localidad: origen.localidad,
      nivel: origen.nivel,
      grado: origen.grado,
      anio: Math.min(origen.anio + 1, ANIO_MAXIMO),
      notas: origen.notas,
      publicada: false,
    };
    const [creada] = await tx.insert(listaEscolar).values(campos).returning({ id: listaEscolar.id });
    await insertarItems(tx, creada!.id, items);
    await registrarEvento(tx, contexto, {
      accion: 'listaEscolar.duplicar',
      entidadId: creada!.id,
      despues: auditada(campos, items.length),
      detalle: { origen: id },
    });
    return creada!.id;
  });
  return obtenerListaEscolar(db, nuevaId);
}

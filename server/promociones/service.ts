import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { precioUnitarioPromocion, sumarLineas } from '../../domain/money';
import {
  MENSAJES_PROMOCION,
  type DetallePromocion,
  type detallePromocionInputSchema,
  type PaginaPromociones,
  type Promocion,
  type PromocionActiva,
  type promocionCrearSchema,
  type PromocionFiltros,
  precioRegular,
  superaPrecioRegular,
} from '../../domain/promocion';
import { registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { detallePromocion, producto, promocion } from '../db/schema';
import { cadaPalabraEnAlguno } from '../db/texto-sql';
import { Conflicto, Invalido, NoEncontrado } from '../errors';

type FilaPromocion = typeof promocion.$inferSelect;

// Flat columns, nested by hand (aDetalle): drizzle's nested selection costs a third more CPU per row,
// which shows in the admin list (500 lines per request).
const columnasDetalle = {
  id: detallePromocion.id,
  cantidad: detallePromocion.cantidad,
  promocionId: detallePromocion.promocionId,
  productoId: producto.id,
  denominacion: producto.denominacion,
  precio: producto.precio,
  stock: producto.stock,
  imagen: producto.imagen,
};

type FilaDetalle = Pick<DetallePromocion, 'id' | 'cantidad'> & Omit<DetallePromocion['producto'], 'id'> & { promocionId: number; productoId: number };

const aDetalle = (f: FilaDetalle): DetallePromocion => ({
  id: f.id,
  cantidad: f.cantidad,
  producto: { id: f.productoId, denominacion: f.denominacion, precio: f.precio, stock: f.stock, imagen: f.imagen },
  promocion: { id: f.promocionId },
});

/** Which promotions, and for a page of the grid (newest first) which slice of them. */
interface Cuales {
  filtro?: SQL;
  rango?: { limite: number; desde: number };
}

/**
 * The lines (with their product) of the promotions `cuales` names (all when empty), in one query: a
 * subquery instead of a list of ids, so it can run at the same time as the promotions' query.
 */
async function detallesDe(db: Db, { filtro, rango }: Cuales = {}): Promise<Map<number, DetallePromocion[]>> {
  let ids = db.select({ id: promocion.id }).from(promocion).where(filtro).$dynamic();
  if (rango) ids = ids.orderBy(desc(promocion.id)).limit(rango.limite).offset(rango.desde);
  const filas = await db
    .select(columnasDetalle)
    .from(detallePromocion)
    .innerJoin(producto, eq(producto.id, detallePromocion.productoId))
    .where(filtro || rango ? inArray(detallePromocion.promocionId, ids) : undefined)
    .orderBy(asc(detallePromocion.id));
  const porPromocion = new Map<number, DetallePromocion[]>();
  for (const fila of filas) {
    let suyos = porPromocion.get(fila.promocionId);
    if (!suyos) porPromocion.set(fila.promocionId, (suyos = []));
    suyos.push(aDetalle(fila));
  }
  return porPromocion;
}

const aRespuesta = (p: FilaPromocion, detallePromociones: DetallePromocion[]): Promocion => ({
  id: p.id,
  denominacion: p.denominacion,
  descripcion: p.descripcion,
  fechaInicio: p.fechaInicio.toISOString(),
  fechaFin: p.fechaFin.toISOString(),
  precioPromocional: p.precioPromocional,
  detallePromociones,
});

/** Adds what the public card and the cart need: the unit price and the sum of the normal prices. */
export const conPrecios = (p: Promocion): PromocionActiva => ({
  ...p,
  precioUnitario: precioUnitarioPromocion(p.precioPromocional, p.detallePromociones.reduce((n, d) => n + d.cantidad, 0)),
  precioOriginal: precioRegular(p.detallePromociones),
});

/** Every promotion, newest first (`GET /api/promocion`, spec section 7). */
export async function listarPromociones(db: Db): Promise<Promocion[]> {
  const [filas, detalles] = await Promise.all([db.select().from(promocion).orderBy(desc(promocion.id)), detallesDe(db)]);
  return filas.map((p) => aRespuesta(p, detalles.get(p.id) ?? []));
}

// The names and codes of a promotion's products, as one text its search can look in.
const productosDeLaPromocion = sql`(select string_agg(pr.denominacion || ' ' || pr.codigo, ' ')
  from detalle_promocion dp join producto pr on pr.id = dp.producto_id where dp.promocion_id = ${promocion.id})`;

/**
 * A page of the admin grid, newest first; each word of `q` is looked for in the name, the description and
 * its products' names and codes (case and accents ignored, any order). The page, its count and its lines:
 * three queries at the same time.
 */
export async function paginaDePromociones(db: Db, filtros: PromocionFiltros): Promise<PaginaPromociones> {
  const filtro = cadaPalabraEnAlguno([promocion.denominacion, promocion.descripcion, productosDeLaPromocion], filtros.q);
  const rango = { limite: filtros.porPagina, desde: (filtros.pagina - 1) * filtros.porPagina };
  const [filas, [totales], detalles] = await Promise.all([
    db.select().from(promocion).where(filtro).orderBy(desc(promocion.id)).limit(rango.limite).offset(rango.desde),
    db.select({ total: count() }).from(promocion).where(filtro),
    detallesDe(db, { filtro, rango }),
  ]);
  return {
    items: filas.map((p) => aRespuesta(p, detalles.get(p.id) ?? [])),
    total: totales?.total ?? 0,
    pagina: filtros.pagina,
    porPagina: filtros.porPagina,
  };
}

/**
 * Promotions a customer can buy now, the ones ending first first: started, not finished
 * (`estaActiva`), with at least one product (a promotion without lines is not public) and not dearer
 * than its products one by one (`superaPrecioRegular`: the order would refuse it too).
 */
export async function listarPromocionesActivas(db: Db, ahora = new Date()): Promise<PromocionActiva[]> {
  const vigente = and(lte(promocion.fechaInicio, ahora), gte(promocion.fechaFin, ahora));
  const [filas, detalles] = await Promise.all([
    db.select().from(promocion).where(vigente).orderBy(asc(promocion.fechaFin), asc(promocion.id)),
    detallesDe(db, { filtro: vigente }),
  ]);
  return filas
    .filter((p) => detalles.has(p.id))
    .map((p) => conPrecios(aRespuesta(p, detalles.get(p.id)!)))
    .filter((p) => !superaPrecioRegular(p.precioPromocional, p.precioOriginal));
}

export async function obtenerPromocion(db: Db, id: number): Promise<Promocion> {
  const [fila] = await db.select().from(promocion).where(eq(promocion.id, id)).limit(1);
  if (!fila) throw new NoEncontrado(MENSAJES_PROMOCION.promocionNoEncontrada);
  const detalles = await detallesDe(db, { filtro: eq(promocion.id, id) });
  return aRespuesta(fila, detalles.get(id) ?? []);
}

/** A promotion as the audit trail keeps it: what it is called, what it costs and when it applies. */
const promocionAuditada = (p: FilaPromocion) => ({
  denominacion: p.denominacion,
  precioPromocional: p.precioPromocional,
  fechaInicio: p.fechaInicio.toISOString(),
  fechaFin: p.fechaFin.toISOString(),
});

export async function crearPromocion(db: Db, datos: z.output<typeof promocionCrearSchema>, contexto: ContextoAuditoria): Promise<Promocion> {
  return db.transaction(async (tx) => {
    const [creada] = await tx.insert(promocion).values(datos).returning();
    await registrarEvento(tx, contexto, { accion: 'promocion.crear', entidadId: creada!.id, despues: promocionAuditada(creada!) });
    return aRespuesta(creada!, []);
  });
}

/** Sale lines that used it keep their price; their link to the promotion is cleared (FK set null). */
export async function eliminarPromocion(db: Db, id: number, contexto: ContextoAuditoria): Promise<void> {
  await db.transaction(async (tx) => {
    const lineas = await tx
      .select({ productoId: detallePromocion.productoId, cantidad: detallePromocion.cantidad })
      .from(detallePromocion)
      .where(eq(detallePromocion.promocionId, id))
      .orderBy(asc(detallePromocion.id));
    const [borrada] = await tx.delete(promocion).where(eq(promocion.id, id)).returning();
    if (!borrada) throw new NoEncontrado(MENSAJES_PROMOCION.promocionNoEncontrada);
    await registrarEvento(tx, contexto, { accion: 'promocion.eliminar', entidadId: id, antes: { ...promocionAuditada(borrada), lineas } });
  });
}

async function obtenerDetalle(db: Db, id: number): Promise<DetallePromocion> {
  const [fila] = await db
    .select(columnasDetalle)
    .from(detallePromocion)
    .innerJoin(producto, eq(producto.id, detallePromocion.productoId))
    .where(eq(detallePromocion.id, id))
    .limit(1);
  if (!fila) throw new NoEncontrado(MENSAJES_PROMOCION.detalleNoEncontrado);
  return aDetalle(fila);
}

/** 'Agregar Detalle': the same product twice adds to its quantity (one line per product). */
export async function agregarDetalle(db: Db, datos: z.output<typeof detallePromocionInputSchema>, contexto: ContextoAuditoria): Promise<DetallePromocion> {
  const id = await db.transaction(async (tx) => {
    const [promo] = await tx.select({ id: promocion.id }).from(promocion).where(eq(promocion.id, datos.promocion.id)).limit(1);
    if (!promo) throw new NoEncontrado(MENSAJES_PROMOCION.promocionNoEncontrada);
    const [prod] = await tx.select({ id: producto.id }).from(producto).where(eq(producto.id, datos.producto.id)).limit(1);
    if (!prod) throw new Invalido(MENSAJES_PROMOCION.detalleInvalido);
    const [previo] = await tx
      .select({ cantidad: detallePromocion.cantidad })
      .from(detallePromocion)
      .where(and(eq(detallePromocion.promocionId, promo.id), eq(detallePromocion.productoId, prod.id)))
      .for('update');
    const [fila] = await tx
      .insert(detallePromocion)
      .values({ promocionId: promo.id, productoId: prod.id, cantidad: datos.cantidad })
      .onConflictDoUpdate({
        target: [detallePromocion.promocionId, detallePromocion.productoId],
        set: { cantidad: sql`${detallePromocion.cantidad} + excluded.cantidad` },
      })
      .returning({ id: detallePromocion.id, cantidad: detallePromocion.cantidad });
    await registrarEvento(tx, contexto, {
      accion: 'detallePromocion.agregar',
      entidadId: fila!.id,
      antes: previo ? { cantidad: previo.cantidad } : null,
      despues: { promocionId: promo.id, productoId: prod.id, cantidad: fila!.cantidad },
    });
    return fila!.id;
  });
  return obtenerDetalle(db, id);
}

export async function listarDetalles(db: Db, promocionId: number): Promise<DetallePromocion[]> {
  const [promo] = await db.select({ id: promocion.id }).from(promocion).where(eq(promocion.id, promocionId)).limit(1);
  if (!promo) throw new NoEncontrado(MENSAJES_PROMOCION.promocionNoEncontrada);
  return (await detallesDe(db, { filtro: eq(promocion.id, promocionId) })).get(promocionId) ?? [];
}

/**
 * Removing a line that would take a promotion from its products' sum or less to above it is a 409: it
 * would stop being sold unnoticed (add the replacement first). One already above (being built) may lose
 * lines, and the last line may go (a promotion without products is visibly not for sale). The promotion's
 * row is locked, so two removals at once are judged one after the other.
 */
export async function eliminarDetalle(db: Db, id: number, contexto: ContextoAuditoria): Promise<void> {
  await db.transaction(async (tx) => {
    const [linea] = await tx.select({ promocionId: detallePromocion.promocionId }).from(detallePromocion).where(eq(detallePromocion.id, id));
    if (!linea) throw new NoEncontrado(MENSAJES_PROMOCION.detalleNoEncontrado);
    const [promo] = await tx
      .select({ precioPromocional: promocion.precioPromocional })
      .from(promocion)
      .where(eq(promocion.id, linea.promocionId))
      .for('update');
    const lineas = await tx
      .select({ id: detallePromocion.id, cantidad: detallePromocion.cantidad, precio: producto.precio })
      .from(detallePromocion)
      .innerJoin(producto, eq(producto.id, detallePromocion.productoId))
      .where(eq(detallePromocion.promocionId, linea.promocionId));
    const antes = sumarLineas(lineas);
    const quedan = lineas.filter((l) => l.id !== id);
    const despues = sumarLineas(quedan);
    if (promo && quedan.length > 0 && !superaPrecioRegular(promo.precioPromocional, antes) && superaPrecioRegular(promo.precioPromocional, despues)) {
      throw new Conflicto(MENSAJES_PROMOCION.quitarDejaMasCara(promo.precioPromocional, despues));
    }
    const [borrado] = await tx
      .delete(detallePromocion)
      .where(eq(detallePromocion.id, id))
      .returning({ promocionId: detallePromocion.promocionId, productoId: detallePromocion.productoId, cantidad: detallePromocion.cantidad });
    if (!borrado) throw new NoEncontrado(MENSAJES_PROMOCION.detalleNoEncontrado);
    await registrarEvento(tx, contexto, { accion: 'detallePromocion.eliminar', entidadId: id, antes: borrado });
  });
}

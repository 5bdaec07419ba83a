// Print jobs (issue 21): the upload (file to disk, read in the worker pool, row), the options and the
// answers. Prices come from domain/impresion.ts's rule and the owner's table (tarifa.ts).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { desc, eq } from 'drizzle-orm';
import {
  MENSAJES_IMPRESION as M,
  OpcionesDeImpresionInvalidas,
  opcionesEditables,
  opcionesPorDefecto,
  precioDeImpresion,
  presupuestoEnPesos,
  type OpcionesImpresion,
  type PresupuestoImpresion,
  type TarifaImpresion,
  type TrabajoImpresion,
} from '../../domain/impresion';
import type { Db } from '../db/client';
import { trabajoImpresion } from '../db/schema';
import { Conflicto, DemasiadoGrande, Invalido, NoEncontrado, Prohibido } from '../errors';
import type { PoolPdf } from './pdf-pool';
import { leerTarifa } from './tarifa';

export type FilaTrabajo = typeof trabajoImpresion.$inferSelect;

export interface LimitesDeImpresion {
  dir: string;
  maxMb: number;
  maxPaginas: number;
}

export const rutaDelArchivo = (dir: string, archivo: string) => path.join(dir, archivo);
export const rutaDeLaMiniatura = (dir: string, archivo: string) => path.join(dir, archivo.replace(/\.pdf$/, '.png'));

const URL_API = '/api/impresion';

/** The price of a job: the charged one once ordered, else the current table's. */
export function presupuestoDe(fila: FilaTrabajo, tarifa: TarifaImpresion): PresupuestoImpresion {
  if (fila.precio !== null && fila.carillas !== null && fila.hojas !== null && fila.detallePrecio) {
    return { carillas: fila.carillas, hojas: fila.hojas, precio: fila.precio, detalle: fila.detallePrecio };
  }
  try {
    return presupuestoEnPesos(precioDeImpresion(tarifa, fila, fila.opciones));
  } catch (error) {
    // Options stored before a table change can always be priced; a failure here is a bug, not input.
    if (error instanceof OpcionesDeImpresionInvalidas) return { carillas: 0, hojas: 0, precio: 0, detalle: [] };
    throw error;
  }
}

export function aRespuesta(fila: FilaTrabajo, tarifa: TarifaImpresion): TrabajoImpresion {
  return {
    id: fila.id,
    nombreArchivo: fila.nombreArchivo,
    bytes: fila.bytes,
    paginas: fila.paginas,
    tamanioPagina: fila.tamanioPagina,
    paginasColor: fila.paginasColor,
    archivo: `${URL_API}/${fila.id}/archivo`,
    miniatura: `${URL_API}/${fila.id}/miniatura`,
    opciones: fila.opciones,
    presupuesto: presupuestoDe(fila, tarifa),
    estado: fila.estado,
    fechaCreacion: fila.creado.toISOString(),
    ventaId: fila.ventaId,
    listoEstimado: fila.listoEstimado && ['RECIBIDO', 'EN_PROCESO'].includes(fila.estado) ? fila.listoEstimado.toISOString() : null,
  };
}

/** A file name as people gave it: no folders, no control characters, at most 200 characters. */
export function nombreLimpio(nombre: string | undefined): string {
  const base = (nombre ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const limpio = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return limpio || 'archivo.pdf';
}

const MENSAJE_RECHAZO = {
  noEsPdf: () => M.noEsPdf,
  daniado: () => M.pdfDaniado,
  protegido: () => M.pdfProtegido,
} as const;

/**
 * A customer's upload: the bytes go to a temporary file (refused past IMPRESION_MAX_MB while they
 * arrive), a worker reads it and draws page 1, and only a good PDF becomes a job (BORRADOR, default
 * options for its paper). Anything refused leaves no file and no row.
 */
export async function subirTrabajo(
  db: Db,
  pool: PoolPdf,
  limites: LimitesDeImpresion,
  userId: number,
  subida: { nombre: string | undefined; contenido: Readable & { truncated?: boolean } },
): Promise<TrabajoImpresion> {
  await fs.mkdir(limites.dir, { recursive: true });
  const archivo = `${randomUUID()}.pdf`;
  const final = rutaDelArchivo(limites.dir, archivo);
  const parcial = `${final}.parcial`;
  const miniatura = rutaDeLaMiniatura(limites.dir, archivo);
  const borrar = () => Promise.all([parcial, final, miniatura].map((f) => fs.rm(f, { force: true })));
  try {
    await pipeline(subida.contenido, createWriteStream(parcial));
    if (subida.contenido.truncated) throw new DemasiadoGrande(M.archivoDemasiadoGrande(limites.maxMb));
    const { size } = await fs.stat(parcial);
    if (size === 0) throw new Invalido(M.archivoObligatorio);
    const lectura = await pool.leer(parcial, miniatura, limites.maxPaginas);
    if (!lectura.ok) {
      throw new Invalido(lectura.motivo === 'demasiadasPaginas' ? M.demasiadasPaginas(lectura.paginas ?? 0, limites.maxPaginas) : MENSAJE_RECHAZO[lectura.motivo]());
    }
    await fs.rename(parcial, final);
    const [fila] = await db
      .insert(trabajoImpresion)
      .values({
        userId,
        nombreArchivo: nombreLimpio(subida.nombre),
        archivo,
        bytes: size,
        paginas: lectura.paginas,
        tamanioPagina: lectura.tamanioPagina,
        paginasColor: lectura.paginasColor,
        opciones: opcionesPorDefecto(lectura.tamanioPagina),
      })
      .returning();
    return aRespuesta(fila!, await leerTarifa(db));
  } catch (error) {
    await borrar();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DemasiadoGrande(M.archivoDemasiadoGrande(limites.maxMb));
    throw error;
  }
}

/** The customer's own jobs, newest first (the page lists the unordered ones beside the cart). */
export async function trabajosDeUsuario(db: Db, userId: number): Promise<TrabajoImpresion[]> {
  const filas = await db.select().from(trabajoImpresion).where(eq(trabajoImpresion.userId, userId)).orderBy(desc(trabajoImpresion.creado), desc(trabajoImpresion.id)).limit(100);
  const tarifa = await leerTarifa(db);
  return filas.map((f) => aRespuesta(f, tarifa));
}

const mismasOpciones = (a: OpcionesImpresion, b: OpcionesImpresion) =>
  a.copias === b.copias && a.paginas === b.paginas && a.color === b.color && a.dobleFaz === b.dobleFaz && a.papel === b.papel && a.terminacion === b.terminacion;

/** A job its owner (or an admin) may see: another customer's is a 403, a missing one a 404. */
export async function trabajoVisible(db: Db, id: number, usuario: { id: number; rol: string }): Promise<FilaTrabajo> {
  const [fila] = await db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, id));
  if (!fila) throw new NoEncontrado(M.trabajoNoEncontrado);
  if (usuario.rol !== 'ADMIN' && fila.userId !== usuario.id) throw new Prohibido();
  return fila;
}

export async function obtenerTrabajo(db: Db, id: number, usuario: { id: number; rol: string }): Promise<TrabajoImpresion> {
  return aRespuesta(await trabajoVisible(db, id, usuario), await leerTarifa(db));
}

/**
 * New options for an unordered job, checked against its file (page range, finish): the answer is the
 * job with the price the server works out. Only its owner changes them; once ordered, a 409.
 */
export async function cambiarOpciones(db: Db, id: number, usuario: { id: number; rol: string }, opciones: OpcionesImpresion): Promise<TrabajoImpresion> {
  return db.transaction(async (tx) => {
    const [fila] = await tx.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, id)).for('update');
    if (!fila) throw new NoEncontrado(M.trabajoNoEncontrado);
    if (fila.userId !== usuario.id) throw new Prohibido();
    if (!opcionesEditables(fila.estado)) throw new Conflicto(M.trabajoNoEditable);
    const tarifa = await leerTarifa(tx);
    try {
      precioDeImpresion(tarifa, fila, opciones);
    } catch (error) {
      if (error instanceof OpcionesDeImpresionInvalidas) throw new Invalido(error.errores.join(' '), error.errores.map((mensaje) => ({ campo: 'opciones', mensaje })));
      throw error;
    }
    // The same options again (a form sent twice): nothing to write.
    if (mismasOpciones(fila.opciones, opciones)) return aRespuesta(fila, tarifa);
    const [nueva] = await tx.update(trabajoImpresion).set({ opciones, actualizado: new Date() }).where(eq(trabajoImpresion.id, id)).returning();
    return aRespuesta(nueva!, tarifa);
  });
}

/**
 * An unordered job its customer takes off the page: the row and its files go (privacy); an ordered one
 * is the shop's record, a 409. The owner's, or any for an admin; files are removed after the commit.
 */
export async function borrarTrabajo(db: Db, dir: string, id: number, usuario: { id: number; rol: string }): Promise<void> {
  const archivo = await db.transaction(async (tx) => {
    const [fila] = await tx.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, id)).for('update');
    if (!fila) throw new NoEncontrado(M.trabajoNoEncontrado);
    if (usuario.rol !== 'ADMIN' && fila.userId !== usuario.id) throw new Prohibido();
    if (!opcionesEditables(fila.estado)) throw new Conflicto(M.trabajoYaPedido);
    await tx.delete(trabajoImpresion).where(eq(trabajoImpresion.id, id));
    return fila.archivo;
  });
  await Promise.all([rutaDelArchivo(dir, archivo), rutaDeLaMiniatura(dir, archivo)].map((f) => fs.rm(f, { force: true })));
}

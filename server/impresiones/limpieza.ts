// Privacy: customers' files do not stay forever. IMPRESION_BORRAR_DIAS after a job was delivered or
// cancelled its PDF and thumbnail are deleted (the row stays: it is the sale's history); a job never
// ordered goes whole after the same days. With several instances the sweep runs in one at a time (a
// transaction-level advisory lock: the others skip their turn), and marking the rows makes it once.
import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { trabajoImpresion } from '../db/schema';
import { rutaDeLaMiniatura, rutaDelArchivo } from './trabajos';

/** The advisory lock of the sweep (any number no other lock of the app uses). */
const CERROJO_LIMPIEZA = 727421;
const POR_TURNO = 500;

export interface ResultadoLimpieza {
  /** Files of delivered or cancelled jobs deleted (rows kept). */
  archivosBorrados: number;
  /** Unordered jobs deleted with their files. */
  borradoresBorrados: number;
  /** Another instance had the lock: this one did nothing. */
  omitida: boolean;
}

export async function limpiarImpresiones(db: Db, opciones: { dir: string; dias: number; ahora?: Date }): Promise<ResultadoLimpieza> {
  const ahora = opciones.ahora ?? new Date();
  const limite = new Date(ahora.getTime() - opciones.dias * 86_400_000);
  return db.transaction(async (tx) => {
    const r = await tx.execute(sql`select pg_try_advisory_xact_lock(${CERROJO_LIMPIEZA}) as tomado`);
    const cerrojo = (r as unknown as { rows: Array<{ tomado: boolean }> }).rows[0];
    if (!cerrojo?.tomado) return { archivosBorrados: 0, borradoresBorrados: 0, omitida: true };
    const terminados = await tx
      .update(trabajoImpresion)
      .set({ archivoBorrado: ahora })
      .where(
        inArray(
          trabajoImpresion.id,
          tx
            .select({ id: trabajoImpresion.id })
            .from(trabajoImpresion)
            .where(and(inArray(trabajoImpresion.estado, ['ENTREGADO', 'CANCELADO']), lte(trabajoImpresion.actualizado, limite), isNull(trabajoImpresion.archivoBorrado)))
            .limit(POR_TURNO),
        ),
      )
      .returning({ archivo: trabajoImpresion.archivo });
    const borradores = await tx
      .delete(trabajoImpresion)
      .where(and(eq(trabajoImpresion.estado, 'BORRADOR'), lte(trabajoImpresion.actualizado, limite), isNull(trabajoImpresion.ventaId)))
      .returning({ archivo: trabajoImpresion.archivo });
    // Files go after the rows are marked: a failure here leaves a file, never a row pointing at nothing.
    for (const { archivo } of [...terminados, ...borradores]) {
      await fs.rm(rutaDelArchivo(opciones.dir, archivo), { force: true });
      await fs.rm(rutaDeLaMiniatura(opciones.dir, archivo), { force: true });
    }
    return { archivosBorrados: terminados.length, borradoresBorrados: borradores.length, omitida: false };
  });
}

/** Runs the sweep now and then every `horas` (unreferenced: it never keeps the process alive). */
export function programarLimpieza(db: Db, opciones: { dir: string; dias: number; horas?: number }, log: FastifyBaseLogger): () => void {
  const turno = async () => {
    try {
      const r = await limpiarImpresiones(db, opciones);
      if (r.archivosBorrados + r.borradoresBorrados > 0) log.info(r, 'impresiones: archivos viejos borrados');
    } catch (error) {
      log.error({ err: error }, 'impresiones: la limpieza de archivos falló');
    }
  };
  const intervalo = setInterval(() => void turno(), (opciones.horas ?? 6) * 3_600_000);
  intervalo.unref();
  const primero = setTimeout(() => void turno(), 60_000);
  primero.unref();
  return () => {
    clearInterval(intervalo);
    clearTimeout(primero);
  };
}

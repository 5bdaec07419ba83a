// The outbox does not keep everything forever: messages sent (or given up) and forgotten-password links
// expired more than CORREO_RETENER_DIAS ago are deleted. Like the sender (envio.ts), any number of
// instances may run it at once: each deletes only rows it could lock (FOR UPDATE SKIP LOCKED), a batch
// at a time, so none waits on another and no row is deleted twice. A message still pending is never
// deleted, however old: SMTP may come back.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { correoPendiente, recuperacionClave } from '../db/schema';

const DIA_MS = 24 * 60 * 60_000;
/** Rows per statement: a short transaction each, whatever piled up. */
export const LOTE_LIMPIEZA = 1_000;

export interface Limpieza {
  correos: number;
  enlaces: number;
}

const cantidad = (r: unknown) => (r as { rows: unknown[] }).rows.length;

/** Deletes the rows of `tabla` that meet `condicion`, `lote` at a time, until none is left; answers how many went. */
async function borrarPorLotes(db: Db, tabla: typeof correoPendiente | typeof recuperacionClave, condicion: SQL, lote: number): Promise<number> {
  let borradas = 0;
  for (;;) {
    const n = cantidad(
      await db.execute(sql`
        delete from ${tabla}
         where id in (
           select id from ${tabla}
            where ${condicion}
            limit ${lote}
            for update skip locked)
        returning id`),
    );
    borradas += n;
    if (n < lote) return borradas;
  }
}

/** Deletes what is older than `dias` days at `ahora`; answers how many rows of each table went. */
export async function limpiarCorreo(db: Db, opciones: { dias: number; ahora?: Date; lote?: number }): Promise<Limpieza> {
  const limite = new Date((opciones.ahora ?? new Date()).getTime() - opciones.dias * DIA_MS).toISOString();
  const lote = opciones.lote ?? LOTE_LIMPIEZA;
  // A discarded message has no sending time: its creation counts.
  const correos = await borrarPorLotes(db, correoPendiente, sql`estado <> 'pendiente' and coalesce(enviado, creado) < ${limite}::timestamptz`, lote);
  // Used or not, a link is dead 30 minutes after it was made: its expiry says when.
  const enlaces = await borrarPorLotes(db, recuperacionClave, sql`expira < ${limite}::timestamptz`, lote);
  return { correos, enlaces };
}

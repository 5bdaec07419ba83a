// Sending the outbox: claim due rows (FOR UPDATE SKIP LOCKED, then a lease), send each after that
// claim commits, and record the result. Any number of senders, in any number of instances, never take
// the same row at once; a sender that dies mid-send leaves its rows to be taken again when the lease ends.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { correoPendiente } from '../db/schema';
import type { Correo } from './plantillas';

/** How long a claimed row is left alone while one sender sends it. */
export const ARRIENDO_MS = 5 * 60_000;
/** Back-off after a failure: 30 s, 1 min, 2 min... up to an hour, for as long as it takes. */
export const esperaTrasFallo = (intentos: number): number => Math.min(30_000 * 2 ** Math.max(0, intentos - 1), 60 * 60_000);

export interface MensajeParaEnviar {
  id: number;
  /** null: the owner's address. */
  destinatario: string | null;
  correo: Correo;
  intentos: number;
}

export type ResultadoDeEnvio = 'enviado' | 'descartado';

/** Delivers one message (SMTP or the dev mailbox); throws when it could not. */
export type Enviar = (mensaje: MensajeParaEnviar) => Promise<ResultadoDeEnvio>;

export interface Resumen {
  enviados: number;
  descartados: number;
  fallidos: number;
}

/** Takes up to `lote` due messages for this sender: they are due again only when the lease ends. */
async function reclamar(db: Db, ahora: Date, lote: number): Promise<MensajeParaEnviar[]> {
  const arriendo = new Date(ahora.getTime() + ARRIENDO_MS);
  const resultado = await db.execute(sql`
    update ${correoPendiente}
       set proximo_intento = ${arriendo.toISOString()}::timestamptz, intentos = intentos + 1
     where id in (
       select id from ${correoPendiente}
        where estado = 'pendiente' and proximo_intento <= ${ahora.toISOString()}::timestamptz
        order by proximo_intento, id
        limit ${lote}
        for update skip locked)
    returning id, destinatario, tipo, datos, intentos`);
  // Both drivers (node-postgres, PGlite) answer `{ rows }`.
  const filas = (resultado as unknown as { rows: Array<{ id: string | number; destinatario: string | null; tipo: string; datos: unknown; intentos: number }> }).rows;
  return filas
    .map((f) => ({ id: Number(f.id), destinatario: f.destinatario, correo: { tipo: f.tipo, datos: f.datos } as Correo, intentos: f.intentos }))
    .sort((a, b) => a.id - b.id);
}

/** A forgotten-password link is not kept once sent (or given up): only its hash stays, elsewhere. */
const sinSecretos = (correo: Correo) => (correo.tipo === 'recuperar-clave' ? { ...correo.datos, token: undefined } : correo.datos);

/**
 * Sends what is due, a batch at a time, until nothing due is left. Each row is claimed by one sender
 * only; a failure is written on the row (attempts, error, next try) and tried again after the back-off.
 */
export async function enviarPendientes(db: Db, enviar: Enviar, opciones: { ahora?: () => Date; lote?: number; alFallar?: (id: number, error: unknown) => void } = {}): Promise<Resumen> {
  const reloj = opciones.ahora ?? (() => new Date());
  const resumen: Resumen = { enviados: 0, descartados: 0, fallidos: 0 };
  for (;;) {
    const mensajes = await reclamar(db, reloj(), opciones.lote ?? 20);
    if (mensajes.length === 0) return resumen;
    for (const m of mensajes) {
      try {
        const resultado = await enviar(m);
        await db
          .update(correoPendiente)
          .set({ estado: resultado, enviado: resultado === 'enviado' ? new Date() : null, ultimoError: null, datos: sinSecretos(m.correo) })
          .where(and(eq(correoPendiente.id, m.id), eq(correoPendiente.estado, 'pendiente')));
        resumen[resultado === 'enviado' ? 'enviados' : 'descartados']++;
      } catch (error) {
        resumen.fallidos++;
        opciones.alFallar?.(m.id, error);
        const texto = error instanceof Error ? error.message : String(error);
        await db
          .update(correoPendiente)
          .set({ proximoIntento: new Date(reloj().getTime() + esperaTrasFallo(m.intentos)), ultimoError: texto.slice(0, 500) })
          .where(eq(correoPendiente.id, m.id));
      }
    }
  }
}

import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { inicioPendiente } from '../db/schema';
import { hashToken } from './sesiones';

// Between the password and the code: a row of its own (not a session, so nothing that reads sessions can
// mistake it for one) and an HttpOnly cookie that lives five minutes, is sent only to the login routes
// and proves only that the password was right a moment ago.

export const COOKIE_INICIO_PENDIENTE = 'inicio_pendiente';
export const INICIO_PENDIENTE_MS = 5 * 60_000;
const RUTA_COOKIE = '/api/auth/login';

export async function crearInicioPendiente(db: Db, userId: number): Promise<{ token: string; expira: Date }> {
  const token = randomBytes(32).toString('base64url');
  const ahora = Date.now();
  const expira = new Date(ahora + INICIO_PENDIENTE_MS);
  // Old ones go on the way (they are also deleted at start).
  await db.delete(inicioPendiente).where(lt(inicioPendiente.expira, new Date(ahora)));
  await db.insert(inicioPendiente).values({ id: hashToken(token), userId, expira });
  return { token, expira };
}

/** The user whose password was right, while the cookie's few minutes last; null otherwise (an expired one is deleted). */
export async function buscarInicioPendiente(db: Db, token: string): Promise<number | null> {
  const id = hashToken(token);
  const [fila] = await db.select().from(inicioPendiente).where(eq(inicioPendiente.id, id)).limit(1);
  if (!fila) return null;
  if (Date.now() >= fila.expira.getTime()) {
    await db.delete(inicioPendiente).where(eq(inicioPendiente.id, id));
    return null;
  }
  return fila.userId;
}

/** Used once: true only for the request that deleted it (two requests with the same cookie, one session). */
export async function consumirInicioPendiente(db: Db, token: string): Promise<boolean> {
  const borradas = await db.delete(inicioPendiente).where(eq(inicioPendiente.id, hashToken(token))).returning({ id: inicioPendiente.id });
  return borradas.length === 1;
}

export function dejarCookieInicioPendiente(reply: FastifyReply, pendiente: { token: string; expira: Date }, segura: boolean): void {
  reply.setCookie(COOKIE_INICIO_PENDIENTE, pendiente.token, {
    path: RUTA_COOKIE,
    httpOnly: true,
    sameSite: 'strict',
    secure: segura,
    expires: pendiente.expira,
  });
}

export function quitarCookieInicioPendiente(reply: FastifyReply): void {
  reply.clearCookie(COOKIE_INICIO_PENDIENTE, { path: RUTA_COOKIE });
}

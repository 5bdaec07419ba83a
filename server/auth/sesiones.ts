import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { UsuarioSesion } from '../../domain/auth';
import type { Db } from '../db/client';
import { sesion, usuario } from '../db/schema';

export const COOKIE_SESION = 'sesion';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function crearSesion(db: Db, userId: number, dias: number): Promise<{ token: string; expira: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expira = new Date(Date.now() + dias * 86_400_000);
  await db.insert(sesion).values({ id: hashToken(token), userId, expira });
  return { token, expira };
}

export async function buscarUsuarioDeSesion(db: Db, token: string): Promise<UsuarioSesion | null> {
  const [fila] = await db
    .select({ id: usuario.id, usuario: usuario.usuario, rol: usuario.rol, mensaje: usuario.mensaje })
    .from(sesion)
    .innerJoin(usuario, eq(usuario.id, sesion.userId))
    .where(and(eq(sesion.id, hashToken(token)), gt(sesion.expira, new Date())))
    .limit(1);
  return fila ?? null;
}

export async function borrarSesion(db: Db, token: string): Promise<void> {
  await db.delete(sesion).where(eq(sesion.id, hashToken(token)));
}

/** After a password change: every other session of that user ends (a stolen cookie stops working). */
export async function cerrarOtrasSesiones(db: Db, userId: number, tokenActual: string | undefined): Promise<void> {
  const otras = tokenActual ? and(eq(sesion.userId, userId), ne(sesion.id, hashToken(tokenActual))) : eq(sesion.userId, userId);
  await db.delete(sesion).where(otras);
}

export async function borrarSesionesVencidas(db: Db): Promise<void> {
  await db.delete(sesion).where(lt(sesion.expira, new Date()));
}

/** Sets the HttpOnly session cookie (login and registration). */
export function dejarCookieSesion(reply: FastifyReply, sesionCreada: { token: string; expira: Date }, segura: boolean): void {
  reply.setCookie(COOKIE_SESION, sesionCreada.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: segura,
    expires: sesionCreada.expira,
  });
}

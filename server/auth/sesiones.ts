import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, ne, notInArray, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { UsuarioSesion } from '../../domain/auth';
import { describirDispositivo, type SesionPropia } from '../../domain/cuenta';
import type { Rol } from '../../domain/enums';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { inicioPendiente, segundoFactor, sesion, usuario } from '../db/schema';

export const COOKIE_SESION = 'sesion';

/** `ultimo_uso` is written at most this often per session, not on every request. */
export const RENOVAR_USO_CADA_MS = 60_000;

export type ConfigSesion = Pick<Config, 'SESION_DIAS' | 'SESION_INACTIVIDAD_DIAS' | 'SESION_ADMIN_HORAS' | 'SESION_ADMIN_INACTIVIDAD_MINUTOS' | 'ADMIN_MFA'>;

export interface LimitesSesion {
  /** From creation, however much the session is used. */
  absolutoMs: number;
  /** From the last use. */
  inactividadMs: number;
}

/** Admins get short sessions, customers long ones; always decided by the user's current role. */
export function limitesDeSesion(config: ConfigSesion, rol: Rol): LimitesSesion {
  return rol === 'ADMIN'
    ? { absolutoMs: config.SESION_ADMIN_HORAS * 3_600_000, inactividadMs: config.SESION_ADMIN_INACTIVIDAD_MINUTOS * 60_000 }
    : { absolutoMs: config.SESION_DIAS * 86_400_000, inactividadMs: config.SESION_INACTIVIDAD_DIAS * 86_400_000 };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The session's user as requests see it. An admin without a confirmed second factor under
 * ADMIN_MFA=obligatorio is marked: until they enrol, they may only enrol (server/auth/acceso.ts).
 */
export function usuarioDeSesion(
  fila: { id: number; usuario: string; rol: Rol; mensaje: string | null },
  conSegundoFactor: boolean,
  config: Pick<Config, 'ADMIN_MFA'>,
): UsuarioSesion {
  const base = { id: fila.id, usuario: fila.usuario, rol: fila.rol, mensaje: fila.mensaje };
  return fila.rol === 'ADMIN' && config.ADMIN_MFA === 'obligatorio' && !conSegundoFactor ? { ...base, debeActivarSegundoFactor: true } : base;
}

// Every time decision below uses the JavaScript clock (not SQL now()), so tests can move it.

/** Longest User-Agent kept with a session (the audit trail keeps as much). */
const LARGO_MAXIMO_AGENTE = 400;

/**
 * A new session; the cookie expires at the absolute limit of the user's role. `agente` is the browser's
 * User-Agent, kept to show the session in words in 'Mi cuenta'.
 */
export async function crearSesion(
  db: Db,
  quien: { id: number; rol: Rol },
  config: ConfigSesion,
  agente?: string | null,
): Promise<{ token: string; expira: Date }> {
  const token = randomBytes(32).toString('base64url');
  const ahora = new Date();
  const expira = new Date(ahora.getTime() + limitesDeSesion(config, quien.rol).absolutoMs);
  await db
    .insert(sesion)
    .values({ id: hashToken(token), userId: quien.id, creada: ahora, ultimoUso: ahora, expira, agente: agente ? agente.slice(0, LARGO_MAXIMO_AGENTE) : null });
  return { token, expira };
}

/**
 * The user of a session cookie, or null. A session past its absolute or idle limit (those of the
 * user's role now: a customer made admin gets the admin limits at once) is deleted. Using it moves
 * `ultimo_uso`, at most once a minute, so the idle limit may end a session up to a minute early.
 */
export async function buscarUsuarioDeSesion(db: Db, token: string, config: ConfigSesion): Promise<UsuarioSesion | null> {
  const id = hashToken(token);
  const [fila] = await db
    .select({
      id: usuario.id,
      usuario: usuario.usuario,
      rol: usuario.rol,
      mensaje: usuario.mensaje,
      creada: sesion.creada,
      expira: sesion.expira,
      ultimoUso: sesion.ultimoUso,
      segundoFactor: segundoFactor.confirmado,
    })
    .from(sesion)
    .innerJoin(usuario, eq(usuario.id, sesion.userId))
    .leftJoin(segundoFactor, eq(segundoFactor.userId, sesion.userId))
    .where(eq(sesion.id, id))
    .limit(1);
  if (!fila) return null;
  const ahora = Date.now();
  const { absolutoMs, inactividadMs } = limitesDeSesion(config, fila.rol);
  const vencida =
    ahora >= fila.expira.getTime() || ahora - fila.creada.getTime() >= absolutoMs || ahora - fila.ultimoUso.getTime() >= inactividadMs;
  if (vencida) {
    await db.delete(sesion).where(eq(sesion.id, id));
    return null;
  }
  if (ahora - fila.ultimoUso.getTime() >= RENOVAR_USO_CADA_MS) {
    await db.update(sesion).set({ ultimoUso: new Date(ahora) }).where(eq(sesion.id, id));
  }
  return usuarioDeSesion(fila, fila.segundoFactor !== null, config);
}

export async function borrarSesion(db: Db, token: string): Promise<void> {
  await db.delete(sesion).where(eq(sesion.id, hashToken(token)));
}

/**
 * After a password change, or from 'Mi cuenta': every other session of that user ends (a stolen cookie
 * stops working). How many ended.
 */
export async function cerrarOtrasSesiones(db: Db, userId: number, tokenActual: string | undefined): Promise<number> {
  const otras = tokenActual ? and(eq(sesion.userId, userId), ne(sesion.id, hashToken(tokenActual))) : eq(sesion.userId, userId);
  const cerradas = await db.delete(sesion).where(otras).returning({ userId: sesion.userId });
  return cerradas.length;
}

/**
 * The user's sessions still in use ('Mi cuenta'), the most recently used first, in words: never their
 * token nor its hash. Sessions past their limits are left out (the next clean-up deletes them).
 */
export async function listarSesionesDe(db: Db, quien: { id: number; rol: Rol }, tokenActual: string | undefined, config: ConfigSesion): Promise<SesionPropia[]> {
  const actual = tokenActual ? hashToken(tokenActual) : null;
  const filas = await db
    .select({ id: sesion.id, creada: sesion.creada, ultimoUso: sesion.ultimoUso, expira: sesion.expira, agente: sesion.agente })
    .from(sesion)
    .where(eq(sesion.userId, quien.id))
    .orderBy(desc(sesion.ultimoUso), desc(sesion.creada));
  const ahora = Date.now();
  const { absolutoMs, inactividadMs } = limitesDeSesion(config, quien.rol);
  return filas
    .filter((f) => f.id === actual || (ahora < f.expira.getTime() && ahora - f.creada.getTime() < absolutoMs && ahora - f.ultimoUso.getTime() < inactividadMs))
    .map((f) => ({
      creada: f.creada.toISOString(),
      ultimoUso: f.ultimoUso.toISOString(),
      dispositivo: describirDispositivo(f.agente),
      actual: f.id === actual,
    }))
    .sort((a, b) => Number(b.actual) - Number(a.actual));
}

/** Deletes the sessions past their cookie's expiry or past the limits of their user's current role, and sign-ins left half-way. */
export async function borrarSesionesVencidas(db: Db, config: ConfigSesion): Promise<void> {
  const ahora = Date.now();
  await db.delete(inicioPendiente).where(lt(inicioPendiente.expira, new Date(ahora)));
  const admins = db.select({ id: usuario.id }).from(usuario).where(eq(usuario.rol, 'ADMIN'));
  const fuera = ({ absolutoMs, inactividadMs }: LimitesSesion) =>
    or(lt(sesion.creada, new Date(ahora - absolutoMs)), lt(sesion.ultimoUso, new Date(ahora - inactividadMs)));
  await db
    .delete(sesion)
    .where(
      or(
        lt(sesion.expira, new Date(ahora)),
        and(inArray(sesion.userId, admins), fuera(limitesDeSesion(config, 'ADMIN'))),
        and(notInArray(sesion.userId, admins), fuera(limitesDeSesion(config, 'USER'))),
      ),
    );
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

import type { FastifyRequest } from 'fastify';
import type { UsuarioSesion } from '../../domain/auth';
import { MENSAJES_SEGUNDO_FACTOR } from '../../domain/segundo-factor';
import { NoAutenticado, Prohibido } from '../errors';

/**
 * Who may call a route. Every route declares one in `config.acceso` (routes of plugins get theirs
 * where the plugin is registered, `conAcceso`); the app refuses to start with a route that does not.
 * The auth plugin enforces it from the route that matched, before the body is read
 * (docs/decisions/016-acceso-por-ruta.md).
 * - contenido: pages, files and images that never depend on who asks (assets, the API docs): no session read.
 * - publico: anyone; the handler may still read `request.usuario` (an admin sees costs).
 * - usuario: any signed-in user, acting on their own session (a cart order).
 * - propio: a signed-in user on one person's data; the service checks ownership (`asegurarPropio`)
 *   and an admin may act on anybody's.
 * - admin: role ADMIN only.
 */
export const ACCESOS = ['contenido', 'publico', 'usuario', 'propio', 'admin'] as const;
export type Acceso = (typeof ACCESOS)[number];

/** Accesses that need a session: their answers carry someone's data and are never stored. */
export const requiereSesion = (acceso: Acceso): boolean => acceso === 'usuario' || acceso === 'propio' || acceso === 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    acceso?: Acceso;
    /** The 401 message of this route when the spec names one (e.g. the cart's 'Usuario no autenticado'). */
    mensajeNoAutenticado?: string;
    /** A public route whose answer carries the session's data (login, me): `Cache-Control: no-store`. */
    privada?: boolean;
    /**
     * Reachable by an admin who must still enrol a second factor (ADMIN_MFA=obligatorio): the enrolment
     * routes. Every other route that needs a session answers them 403 until they have one.
     */
    antesDelSegundoFactor?: boolean;
  }
  interface FastifyRequest {
    usuario: UsuarioSesion | null;
  }
}

export function usuarioRequerido(request: FastifyRequest): UsuarioSesion {
  if (!request.usuario) throw new NoAutenticado();
  return request.usuario;
}

/** A customer reads and changes only their own data; an admin, anybody's. */
export function asegurarPropio(request: FastifyRequest, userId: number | null | undefined): UsuarioSesion {
  const actual = usuarioRequerido(request);
  if (actual.rol !== 'ADMIN' && actual.id !== userId) throw new Prohibido();
  return actual;
}

/** An admin who still has to enrol a second factor sees a public route as anyone would (no costs). */
export const esAdmin = (request: FastifyRequest): boolean => request.usuario?.rol === 'ADMIN' && !request.usuario.debeActivarSegundoFactor;

/**
 * Throws 401 or 403 when the caller may not use a route with this access. An admin who must enrol a
 * second factor first may use only the routes marked `antesDelSegundoFactor` among those that need a
 * session: not their own data either, since 'propio' routes give an admin everyone's.
 */
export function verificarAcceso(request: FastifyRequest, acceso: Acceso): void {
  if (!requiereSesion(acceso)) return;
  if (!request.usuario) throw new NoAutenticado(request.routeOptions.config.mensajeNoAutenticado);
  if (request.usuario.debeActivarSegundoFactor && !request.routeOptions.config.antesDelSegundoFactor) {
    throw new Prohibido(MENSAJES_SEGUNDO_FACTOR.debeActivar);
  }
  if (acceso === 'admin' && request.usuario.rol !== 'ADMIN') throw new Prohibido();
}

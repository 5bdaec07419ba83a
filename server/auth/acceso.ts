import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UsuarioSesion } from '../../domain/auth';
import { NoAutenticado, Prohibido } from '../errors';

/**
 * Who may call a route. Every `/api/` route declares one in `config.acceso`; the auth plugin refuses
 * to start with a route that does not, and enforces it before validation or the handler run.
 * - publico: anyone.
 * - usuario: any logged-in user; the handler checks ownership with `asegurarPropio`.
 * - admin: role ADMIN only.
 */
export type Acceso = 'publico' | 'usuario' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    acceso?: Acceso;
    /** The 401 message of this route when the spec names one (e.g. the cart's 'Usuario no autenticado'). */
    mensajeNoAutenticado?: string;
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

export const esAdmin = (request: FastifyRequest): boolean => request.usuario?.rol === 'ADMIN';

export function verificarAcceso(request: FastifyRequest, _reply: FastifyReply): void {
  const acceso = request.routeOptions.config.acceso ?? 'publico';
  if (acceso === 'publico') return;
  if (!request.usuario) throw new NoAutenticado(request.routeOptions.config.mensajeNoAutenticado);
  const actual = request.usuario;
  if (acceso === 'admin' && actual.rol !== 'ADMIN') throw new Prohibido();
}

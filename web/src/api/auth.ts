import type { LoginInput, LoginRespuesta, UsuarioSesion } from '../../../domain/auth';
import type { OlvideClave, RestablecerClave } from '../../../domain/recuperar-clave';
import { apiFetch } from './client';

export const iniciarSesion = (datos: LoginInput) =>
  apiFetch<LoginRespuesta>('auth/login', { method: 'POST', body: datos });

/** The sign-in's second step, after a password answered `requiereCodigo` (the half-way cookie goes along). */
export const verificarCodigo = (codigo: string) =>
  apiFetch<LoginRespuesta>('auth/login/codigo', { method: 'POST', body: { codigo } });

export const cerrarSesion = () => apiFetch<void>('auth/logout', { method: 'POST' });

export const obtenerUsuarioActual = () => apiFetch<UsuarioSesion | null>('auth/me');

/** A forgotten password: the same answer whether or not the account exists. */
export const pedirEnlaceDeClave = (datos: OlvideClave) =>
  apiFetch<{ message: string }>('auth/olvide-clave', { method: 'POST', body: datos });

/** The new password with the e-mailed link's token; every session of the account ends. */
export const restablecerClave = (datos: RestablecerClave) =>
  apiFetch<{ message: string }>('auth/restablecer-clave', { method: 'POST', body: datos });

import type { LoginInput, LoginRespuesta, UsuarioSesion } from '../../../domain/auth';
import { apiFetch } from './client';

export const iniciarSesion = (datos: LoginInput) =>
  apiFetch<LoginRespuesta>('auth/login', { method: 'POST', body: datos });

/** The sign-in's second step, after a password answered `requiereCodigo` (the half-way cookie goes along). */
export const verificarCodigo = (codigo: string) =>
  apiFetch<LoginRespuesta>('auth/login/codigo', { method: 'POST', body: { codigo } });

export const cerrarSesion = () => apiFetch<void>('auth/logout', { method: 'POST' });

export const obtenerUsuarioActual = () => apiFetch<UsuarioSesion | null>('auth/me');

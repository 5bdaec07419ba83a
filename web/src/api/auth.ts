import type { LoginInput, LoginRespuesta, UsuarioSesion } from '../../../domain/auth';
import { apiFetch } from './client';

export const iniciarSesion = (datos: LoginInput) =>
  apiFetch<LoginRespuesta>('auth/login', { method: 'POST', body: datos });

export const cerrarSesion = () => apiFetch<void>('auth/logout', { method: 'POST' });

export const obtenerUsuarioActual = () => apiFetch<UsuarioSesion | null>('auth/me');

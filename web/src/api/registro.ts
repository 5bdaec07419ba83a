import type { LoginRespuesta } from '../../../domain/auth';
import type { RegistroInput } from '../../../domain/usuario';
import { apiFetch } from './client';

/** POST /api/registro: creates a USER and opens the session, like a login. */
export const registrarse = (datos: RegistroInput) => apiFetch<LoginRespuesta>('registro', { method: 'POST', body: datos });

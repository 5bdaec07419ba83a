import type { LoginRespuesta } from '../../../domain/auth';
import { apiFetch } from './client';

export interface RegistroNuevo {
  persona: { nombre: string; apellido: string; telefono: string; email: string };
  domicilio: { calle: string; numero: string; localidad: string; provincia: string };
  usuario: { usuario: string; clave: string };
}

/** POST /api/registro: creates a USER and opens the session, like a login. */
export const registrarse = (datos: RegistroNuevo) => apiFetch<LoginRespuesta>('registro', { method: 'POST', body: datos });

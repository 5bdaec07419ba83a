import { z } from 'zod';
import { ROLES } from './enums';
import { MENSAJES } from './mensajes';

export const loginSchema = z.object({
  usuario: z.string().trim().min(1, MENSAJES.loginCamposObligatorios).max(100),
  clave: z.string().min(1, MENSAJES.loginCamposObligatorios).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The logged-in user as the browser keeps it (spec: stored in local storage). */
export const usuarioSesionSchema = z.object({
  id: z.number().int(),
  usuario: z.string(),
  rol: z.enum(ROLES),
  mensaje: z.string().nullable(),
  /**
   * Present (true) only for an admin without a second factor under ADMIN_MFA=obligatorio: until they
   * enrol, every route that needs a session but the enrolment ones answers 403.
   */
  debeActivarSegundoFactor: z.literal(true).optional(),
});
export type UsuarioSesion = z.infer<typeof usuarioSesionSchema>;

export const loginRespuestaSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: usuarioSesionSchema.optional(),
  /** The password was right and the account has a second factor: no session yet, the code comes next. */
  requiereCodigo: z.literal(true).optional(),
  /** Signed in with a recovery code: how many are left. */
  codigosRestantes: z.number().int().optional(),
});
export type LoginRespuesta = z.infer<typeof loginRespuestaSchema>;

// Admins' second factor (TOTP, RFC 6238) and its recovery codes: the API's contracts and messages
// (docs/decisions/021-segundo-factor.md).
import { z } from 'zod';

export const MENSAJES_SEGUNDO_FACTOR = {
  ingresaCodigo: 'Ingresá el código de 6 dígitos de tu aplicación de autenticación.',
  codigoObligatorio: 'Ingresá el código.',
  codigoIncorrecto: 'El código no es correcto o ya fue usado.',
  inicioVencido: 'El inicio de sesión venció: ingresá de nuevo tu usuario y contraseña.',
  debeActivar: 'Antes de seguir tenés que activar la verificación en dos pasos, en la página Seguridad del panel de administración.',
  yaActiva: 'La verificación en dos pasos ya está activada.',
  sinInscripcion: 'Primero generá el código QR y escanealo con tu aplicación.',
  noActiva: 'La verificación en dos pasos no está activada.',
  propiaSinCodigo: 'Tu propia verificación en dos pasos solo se quita desde la página Seguridad, con un código de tu aplicación o de recuperación.',
  usuarioNoEncontrado: 'No se encontró el usuario.',
  activada: 'La verificación en dos pasos quedó activada.',
  desactivada: 'La verificación en dos pasos quedó desactivada.',
  restablecida: (usuario: string) => `Se quitó la verificación en dos pasos de ${usuario}: la próxima vez entra solo con su contraseña.`,
  codigosRestantes: (n: number) =>
    n === 0
      ? 'Usaste tu último código de recuperación: generá códigos nuevos en la página Seguridad.'
      : `Usaste un código de recuperación: te ${n === 1 ? 'queda 1' : `quedan ${n}`}.`,
} as const;

/** A code typed by a person: six digits of the app, or a recovery code (spaces and dashes allowed). */
export const codigoSchema = z.object({
  codigo: z.string().trim().min(1, MENSAJES_SEGUNDO_FACTOR.codigoObligatorio).max(40, MENSAJES_SEGUNDO_FACTOR.codigoIncorrecto),
});
export type CodigoInput = z.infer<typeof codigoSchema>;

/** The signed-in admin's own second factor. */
export const estadoSegundoFactorSchema = z.object({
  activa: z.boolean(),
  /** ADMIN_MFA=obligatorio: without it, an admin can do nothing else. */
  obligatoria: z.boolean(),
  /** Unused recovery codes; null while not active. */
  codigosRestantes: z.number().int().nullable(),
});
export type EstadoSegundoFactor = z.infer<typeof estadoSegundoFactorSchema>;

/** The only answer that ever carries the secret: before the first code confirms it. */
export const inscripcionSchema = z.object({
  /** The key to type by hand (base32, in groups of four). */
  clave: z.string(),
  /** otpauth:// URI the QR encodes. */
  uri: z.string(),
  /** The QR as an SVG data URL. */
  qr: z.string(),
});
export type Inscripcion = z.infer<typeof inscripcionSchema>;

/** Shown once, when made; only their hashes are kept. */
export const codigosDeRecuperacionSchema = z.object({ codigosDeRecuperacion: z.array(z.string()) });
export type CodigosDeRecuperacion = z.infer<typeof codigosDeRecuperacionSchema>;

/** Another user's second factor, as an admin sees it. */
export const segundoFactorDeUsuarioSchema = z.object({ activa: z.boolean() });
export type SegundoFactorDeUsuario = z.infer<typeof segundoFactorDeUsuarioSchema>;

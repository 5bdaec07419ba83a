// 'Mi cuenta' (docs/decisions/025-mi-cuenta.md): a customer's own personal data and address, and their
// sessions. The password is changed through `PUT /api/user/{id}` with `claveActual` (domain/usuario.ts).
import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { domicilioInputSchema, domicilioSchema, personaDatosSchema } from './persona';
import { claveSchema, LARGOS_USUARIO, MENSAJES_USUARIO } from './usuario';

export const MENSAJES_CUENTA = {
  titulo: 'Mi cuenta',
  datosGuardados: 'Tus datos se guardaron correctamente.',
  errorAlGuardar: 'No se pudieron guardar tus datos.',
  errorCargar: 'No se pudieron cargar tus datos.',
  claveCambiada: 'Tu contraseña se cambió. Las demás sesiones de tu cuenta se cerraron.',
  errorClave: 'No se pudo cambiar la contraseña.',
  clavesDistintas: 'Las contraseñas nuevas no coinciden',
  repetirClaveObligatoria: 'Repetí la contraseña nueva',
  errorSesiones: 'No se pudieron cargar tus sesiones.',
  errorCerrarSesiones: 'No se pudieron cerrar las demás sesiones.',
  confirmarCerrarOtras:
    '¿Cerrar las demás sesiones? Quien haya entrado a tu cuenta en otro navegador o dispositivo tendrá que volver a iniciar sesión. Esta sesión sigue abierta.',
  sesionesCerradas: (cantidad: number): string =>
    cantidad === 0 ? 'No había otras sesiones abiertas.' : cantidad === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${cantidad} sesiones.`,
  estaSesion: 'Esta sesión',
} as const;

/** What 'Mi cuenta' shows of the customer: their person (null: none yet) and address (null: none yet). */
export const perfilSchema = z.object({
  usuario: z.string(),
  persona: z.object({ nombre: z.string(), apellido: z.string(), telefono: z.string(), email: z.string() }).nullable(),
  domicilio: domicilioSchema.nullable(),
});
export type Perfil = z.infer<typeof perfilSchema>;

/**
 * `PUT /api/cuenta`: the customer's personal data and address, every field as in the registration
 * (a missing person or address is created). The rest of what `GET` answers is accepted and ignored.
 */
export const perfilActualizarSchema = cuerpoDe(
  z.object({ persona: personaDatosSchema, domicilio: domicilioInputSchema }).strict(),
  perfilSchema,
);
export type PerfilActualizarInput = z.input<typeof perfilActualizarSchema>;

/**
 * The password form of 'Mi cuenta': the current one, the new one (the server's rules: length here, common
 * passwords and the person's own name on the server) and the new one again. Sent as `{clave, claveActual}`.
 */
export const cambioDeClaveSchema = z
  .object({
    claveActual: z.string().min(1, MENSAJES_USUARIO.claveActualObligatoria).max(LARGOS_USUARIO.clave, MENSAJES_USUARIO.claveMaxima),
    clave: claveSchema,
    repetida: z.string().min(1, MENSAJES_CUENTA.repetirClaveObligatoria),
  })
  .refine((v) => v.repetida === '' || v.clave === v.repetida, { path: ['repetida'], message: MENSAJES_CUENTA.clavesDistintas });
export type CambioDeClave = z.infer<typeof cambioDeClaveSchema>;

/** One of the customer's open sessions, never with its token or its id. */
export const sesionPropiaSchema = z.object({
  /** ISO instant the session started (a sign-in or a registration). */
  creada: z.string(),
  /** ISO instant of its last request (written at most once a minute). */
  ultimoUso: z.string(),
  /** 'Chrome en Windows', from the browser's User-Agent when it started. */
  dispositivo: z.string(),
  /** The session of this request. */
  actual: z.boolean(),
});
export type SesionPropia = z.infer<typeof sesionPropiaSchema>;

export const cerrarOtrasSesionesRespuestaSchema = z.object({ cerradas: z.number().int() });

const NAVEGADORES: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SISTEMAS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** A User-Agent in words: 'Chrome en Windows', 'Safari en iPhone', 'Firefox'; 'Navegador desconocido' when it says nothing known. */
export function describirDispositivo(agente: string | null | undefined): string {
  if (!agente) return 'Navegador desconocido';
  const navegador = NAVEGADORES.find(([patron]) => patron.test(agente))?.[1];
  const sistema = SISTEMAS.find(([patron]) => patron.test(agente))?.[1];
  if (navegador && sistema) return `${navegador} en ${sistema}`;
  if (navegador) return navegador;
  if (sistema) return `Navegador en ${sistema}`;
  return 'Navegador desconocido';
}

// A forgotten password (docs/decisions/031-correo-y-recuperar-clave.md): the request for a link, and
// the new password set with it. The same answer whether or not the account exists.
import { z } from 'zod';
import { MENSAJES_CUENTA } from './cuenta';
import { claveSchema, LARGOS_USUARIO } from './usuario';

export const MENSAJES_RECUPERACION = {
  identificadorObligatorio: 'Ingresá tu usuario o tu correo electrónico',
  enlacePedido:
    'Si los datos corresponden a una cuenta con correo electrónico, te enviamos un enlace para elegir una contraseña nueva. Vale 30 minutos y una sola vez; revisá también la carpeta de spam.',
  demasiadosPedidos: 'Se pidieron demasiados enlaces desde tu conexión. Probá de nuevo dentro de una hora.',
  enlaceInvalido: 'El enlace para elegir una contraseña nueva no es válido, ya se usó o venció. Pedí uno nuevo.',
  sinEnlace: 'Falta el enlace: abrí el que te enviamos por correo, o pedí uno nuevo.',
  claveRestablecida: 'Tu contraseña nueva quedó guardada y se cerraron todas las sesiones de tu cuenta. Ya podés iniciar sesión con ella.',
  errorAlPedir: 'No se pudo pedir el enlace. Probá de nuevo en unos minutos.',
} as const;

/** `POST /api/auth/olvide-clave`: a user name or an e-mail address. */
export const olvideClaveSchema = z
  .object({
    usuario: z.string({ error: MENSAJES_RECUPERACION.identificadorObligatorio }).trim().min(1, MENSAJES_RECUPERACION.identificadorObligatorio).max(200),
  })
  .strict();
export type OlvideClave = z.infer<typeof olvideClaveSchema>;

/** `POST /api/auth/restablecer-clave`: the link's token and the new password, twice. */
export const restablecerClaveSchema = z
  .object({
    token: z.string({ error: MENSAJES_RECUPERACION.sinEnlace }).min(1, MENSAJES_RECUPERACION.sinEnlace).max(200),
    clave: claveSchema,
    repetida: z.string({ error: MENSAJES_CUENTA.repetirClaveObligatoria }).min(1, MENSAJES_CUENTA.repetirClaveObligatoria).max(LARGOS_USUARIO.clave),
  })
  .strict()
  .refine((v) => v.clave === v.repetida, { path: ['repetida'], message: MENSAJES_CUENTA.clavesDistintas });
export type RestablecerClave = z.infer<typeof restablecerClaveSchema>;

export const mensajeRespuestaSchema = z.object({ message: z.string() });

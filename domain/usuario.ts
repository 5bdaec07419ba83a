import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { ROLES } from './enums';
import { busquedaQuery } from './paginacion';
import { domicilioInputSchema, domicilioSchema, personaDatosAdminSchema, personaDatosSchema } from './persona';

export const MENSAJES_USUARIO = {
  usuarioObligatorio: 'El nombre de usuario es obligatorio',
  usuarioInvalido: 'El nombre de usuario debe tener entre 3 y 50 letras, números, puntos, guiones o @',
  claveObligatoria: 'La contraseña es obligatoria',
  claveMinima: 'La contraseña debe tener al menos 8 caracteres',
  claveMaxima: 'La contraseña no puede superar los 200 caracteres',
  claveComun: 'Esa contraseña es muy común: elegí otra.',
  claveConNombre: 'La contraseña no puede contener el nombre de usuario, el nombre ni el apellido.',
  claveActualObligatoria: 'Ingresá tu contraseña actual para cambiarla.',
  claveActualIncorrecta: 'La contraseña actual no es correcta.',
  rolInvalido: 'Seleccioná un rol válido',
  rolEnRegistro: 'No se puede elegir el rol al registrarse',
  usuarioNoEncontrado: 'No se encontró el usuario.',
  // Sign-up limits (REGISTROS_POR_DIRECCION_HORA, REGISTROS_POR_HORA), 429.
  demasiadosRegistrosDesdeDireccion: 'Se crearon demasiadas cuentas desde tu conexión en la última hora. Probá de nuevo más tarde.',
  demasiadosRegistros: 'La tienda recibió demasiados registros en la última hora. Probá de nuevo en unos minutos.',
  eliminarseASiMismo: 'No podés eliminar tu propio usuario.',
  quitarseAdmin: 'No podés quitarte el rol de administrador.',
  soloClaveYMensaje: 'Solo podés cambiar tu contraseña y tu mensaje.',
  registroExitoso: 'Registro exitoso',
} as const;
const M = MENSAJES_USUARIO;

/** The longest user name and password the server takes: the forms' `maxLength`. */
export const LARGOS_USUARIO = { usuario: 50, clave: 200 } as const;

export const nombreUsuarioSchema = z
  .string({ error: M.usuarioObligatorio })
  .trim()
  .min(1, M.usuarioObligatorio)
  .regex(new RegExp(`^[A-Za-z0-9._@-]{3,${LARGOS_USUARIO.usuario}}$`), M.usuarioInvalido);

export const claveSchema = z
  .string({ error: M.claveObligatoria })
  .min(1, M.claveObligatoria)
  .min(8, M.claveMinima)
  .max(LARGOS_USUARIO.clave, M.claveMaxima);

/** JSON has no `undefined`: a `rol` key present in a registration is always refused. */
const sinRol = z.never({ error: M.rolEnRegistro }).optional();

/** `POST /api/registro` (public): person, address and login in one go; always role USER. */
export const registroSchema = z
  .object({
    persona: personaDatosSchema,
    domicilio: domicilioInputSchema,
    usuario: z.object({ usuario: nombreUsuarioSchema, clave: claveSchema, rol: sinRol }).strict(),
    rol: sinRol,
  })
  .strict();
export type RegistroInput = z.input<typeof registroSchema>;

const rolSchema = z.enum(ROLES, { error: M.rolInvalido });
const mensajeSchema = z.string().trim().max(500).nullable().optional();

/** An empty password in an edit form means "keep the current one". */
const claveOpcionalSchema = z
  .string()
  .optional()
  .transform((c) => (c === undefined || c === '' ? undefined : c))
  .pipe(claveSchema.optional());

/** Changing one's own password asks for the current one (checked by the server); empty is missing. */
const claveActualSchema = z
  .string()
  .max(200, M.claveMaxima)
  .optional()
  .transform((c) => (c === '' ? undefined : c));

/** Users grid filters. */
export const usuarioFiltrosSchema = z.object({
  nombre: busquedaQuery.describe('Contiene, sin acentos ni mayúsculas: nombre, apellido o usuario'),
  rol: z.enum(ROLES).optional(),
});
export type UsuarioFiltros = z.infer<typeof usuarioFiltrosSchema>;

/** A user as the API answers it: never with `clave`. */
export const usuarioSchema = z.object({
  id: z.number().int(),
  usuario: z.string(),
  rol: z.enum(ROLES),
  mensaje: z.string().nullable(),
  persona: z
    .object({ id: z.number().int(), nombre: z.string(), apellido: z.string(), email: z.string(), telefono: z.string() })
    .nullable(),
});
export type Usuario = z.infer<typeof usuarioSchema>;

export const usuarioCompletoSchema = z.object({
  persona: z
    .object({ id: z.number().int(), nombre: z.string(), apellido: z.string(), telefono: z.string(), email: z.string() })
    .nullable(),
  domicilio: domicilioSchema.nullable(),
  usuario: z.object({ id: z.number().int(), usuario: z.string(), mensaje: z.string().nullable() }),
  rol: z.enum(ROLES),
});
export type UsuarioCompleto = z.infer<typeof usuarioCompletoSchema>;

// Bodies: what each one writes; the rest of what the API answers for a user is accepted and ignored
// (`cuerpoDe`), so `GET` answers can be sent back and creations can carry `id: null`.

/** `POST /api/user` (admin). */
export const usuarioCrearSchema = cuerpoDe(
  z.object({ usuario: nombreUsuarioSchema, clave: claveSchema, rol: rolSchema.default('USER'), mensaje: mensajeSchema }).strict(),
  usuarioSchema,
);
export type UsuarioCrearInput = z.input<typeof usuarioCrearSchema>;

/**
 * `PUT /api/user/{id}`: every field optional. A customer (their own user: the route checks it) may change
 * only `clave` and `mensaje`; `usuario` and `rol` equal to the current ones are tolerated, different ones
 * refused. Whoever changes their own `clave` sends `claveActual` too.
 */
export const usuarioActualizarSchema = cuerpoDe(
  z
    .object({
      usuario: nombreUsuarioSchema.optional(),
      clave: claveOpcionalSchema,
      claveActual: claveActualSchema,
      rol: rolSchema.optional(),
      mensaje: mensajeSchema,
    })
    .strict(),
  usuarioSchema,
);
export type UsuarioActualizarInput = z.input<typeof usuarioActualizarSchema>;

/** 'Formulario de Usuarios' (admin): person, address, login and role, saved in one transaction. */
const usuarioCompletoCampos = z
  .object({
    persona: personaDatosAdminSchema,
    domicilio: domicilioInputSchema,
    usuario: z.object({ usuario: nombreUsuarioSchema, clave: claveSchema }).strict(),
    rol: rolSchema.default('USER'),
  })
  .strict();

export const usuarioCompletoCrearSchema = cuerpoDe(usuarioCompletoCampos, usuarioCompletoSchema);
export type UsuarioCompletoCrearInput = z.input<typeof usuarioCompletoCrearSchema>;

/**
 * Editing: the password is optional (empty or missing keeps it); an admin's own needs `claveActual`.
 * `persona` or `domicilio` null (a user without them, as `GET` answers it) leaves them as they are.
 */
export const usuarioCompletoActualizarSchema = cuerpoDe(
  usuarioCompletoCampos
    .extend({
      persona: personaDatosAdminSchema.nullable(),
      domicilio: domicilioInputSchema.nullable(),
      usuario: z.object({ usuario: nombreUsuarioSchema, clave: claveOpcionalSchema, claveActual: claveActualSchema }).strict(),
    })
    .strict(),
  usuarioCompletoSchema,
);
export type UsuarioCompletoActualizarInput = z.input<typeof usuarioCompletoActualizarSchema>;

import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { LOCALIDADES, PROVINCIAS, ROLES } from './enums';
import { idEntero } from './numeros';

export const MENSAJES_PERSONA = {
  nombreObligatorio: 'El nombre es obligatorio',
  apellidoObligatorio: 'El apellido es obligatorio',
  telefonoObligatorio: 'El teléfono es obligatorio',
  telefonoInvalido: 'El teléfono no es válido',
  emailObligatorio: 'El email es obligatorio',
  emailInvalido: 'El email no es válido',
  calleObligatoria: 'La calle es obligatoria',
  numeroObligatorio: 'El número es obligatorio',
  localidadInvalida: 'Seleccioná una localidad válida',
  provinciaInvalida: 'Seleccioná una provincia válida',
  personaNoEncontrada: 'No se encontró la persona.',
  domicilioNoEncontrado: 'No se encontró el domicilio.',
  usuarioConPersona: 'El usuario ya tiene una persona asociada',
  // Spec section 8.
  personaCreada: 'Persona creada correctamente.',
  personaActualizada: 'Persona actualizada correctamente.',
  errorAlGuardar: 'Ocurrió un error al guardar la persona.',
} as const;
const M = MENSAJES_PERSONA;

const obligatorio = (mensaje: string, max = 100) => z.string({ error: mensaje }).trim().min(1, mensaje).max(max);
const TELEFONO = /^[0-9+()\-\s]{6,30}$/;

/** An address; locality and province default to CAPITAL and MENDOZA (spec section 9). */
export const domicilioInputSchema = z
  .object({
    calle: obligatorio(M.calleObligatoria, 200),
    numero: obligatorio(M.numeroObligatorio, 20),
    localidad: z.enum(LOCALIDADES, { error: M.localidadInvalida }).default('CAPITAL'),
    provincia: z.enum(PROVINCIAS, { error: M.provinciaInvalida }).default('MENDOZA'),
  })
  .strict();
export type DomicilioInput = z.input<typeof domicilioInputSchema>;

/**
 * The address embedded in a person: with an `id`, `POST /api/persona` links that address (the spec's flow
 * creates it first); null or absent, one is created. `PUT` writes it over the person's own address.
 */
export const domicilioEmbebidoSchema = domicilioInputSchema.extend({ id: z.number().int().nullable().optional() }).strict();

export const domicilioSchema = z.object({
  id: z.number().int(),
  calle: z.string(),
  numero: z.string(),
  localidad: z.enum(LOCALIDADES),
  provincia: z.enum(PROVINCIAS),
});
export type Domicilio = z.infer<typeof domicilioSchema>;

/** `POST /api/domicilio` and `PUT /api/domicilio/{id}`: an address as the API answers it may be sent (`id` ignored). */
export const domicilioCuerpoSchema = cuerpoDe(domicilioInputSchema, domicilioSchema);

/** Personal data as the registration form asks it: every field required. */
export const personaDatosSchema = z
  .object({
    nombre: obligatorio(M.nombreObligatorio),
    apellido: obligatorio(M.apellidoObligatorio),
    telefono: obligatorio(M.telefonoObligatorio, 30).regex(TELEFONO, M.telefonoInvalido),
    email: obligatorio(M.emailObligatorio, 200).pipe(z.email(M.emailInvalido)),
  })
  .strict();
export type PersonaDatos = z.input<typeof personaDatosSchema>;

/** The admin's forms: only the name is required; e-mail and phone, when given, must look right. */
export const personaDatosAdminSchema = z
  .object({
    nombre: obligatorio(M.nombreObligatorio),
    apellido: obligatorio(M.apellidoObligatorio),
    telefono: z
      .string()
      .trim()
      .max(30)
      .default('')
      .refine((t) => t === '' || TELEFONO.test(t), M.telefonoInvalido),
    email: z
      .string()
      .trim()
      .max(200)
      .default('')
      .refine((e) => e === '' || z.email().safeParse(e).success, M.emailInvalido),
  })
  .strict();

export const personaSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  telefono: z.string(),
  email: z.string(),
  domicilio: domicilioSchema.nullable(),
  user: z
    .object({ id: z.number().int(), usuario: z.string(), rol: z.enum(ROLES), mensaje: z.string().nullable() })
    .nullable(),
});
export type Persona = z.infer<typeof personaSchema>;

/**
 * `POST /api/persona` and `PUT /api/persona/{id}`: the person with its address embedded (created or
 * updated with it) and, for admins, the login it belongs to (`user: {id}`; the rest of it, and the
 * person's `id`, are accepted and ignored: a person as the API answers it may be sent back).
 */
export const personaInputSchema = cuerpoDe(
  personaDatosAdminSchema
    .extend({
      domicilio: domicilioEmbebidoSchema.nullable().optional(),
      user: z.object({ id: idEntero() }).nullable().optional(),
    })
    .strict(),
  personaSchema,
);
export type PersonaInput = z.input<typeof personaInputSchema>;

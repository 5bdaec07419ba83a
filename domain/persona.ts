import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { LOCALIDAD_LABEL, LOCALIDADES, PROVINCIA_LABEL, PROVINCIAS, ROLES, type Localidad, type Provincia } from './enums';
import { idEntero } from './numeros';

/** The longest text each field takes: the server's schemas and the forms' `maxLength`. */
export const LARGOS_PERSONA = {
  nombre: 100,
  apellido: 100,
  telefono: 30,
  email: 200,
  calle: 200,
  numero: 20,
  localidadTexto: 100,
  codigoPostal: 10,
} as const;

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
  localidadTextoObligatoria: 'La localidad es obligatoria',
  codigoPostalObligatorio: 'El código postal es obligatorio',
  codigoPostalInvalido: 'El código postal debe tener 4 números (5000) o ser un CPA (X5000ABC)',
  codigoPostalDeOtraProvincia: 'Ese código postal es de otra provincia',
  personaNoEncontrada: 'No se encontró la persona.',
  domicilioNoEncontrado: 'No se encontró el domicilio.',
  usuarioConPersona: 'El usuario ya tiene una persona asociada',
  // Spec section 8.
  personaCreada: 'Persona creada correctamente.',
  personaActualizada: 'Persona actualizada correctamente.',
  errorAlGuardar: 'Ocurrió un error al guardar la persona.',
} as const;
const M = MENSAJES_PERSONA;

/** What each field is called in a message, with its article. */
const NOMBRES_CAMPO: Record<keyof typeof LARGOS_PERSONA, string> = {
  nombre: 'El nombre',
  apellido: 'El apellido',
  telefono: 'El teléfono',
  email: 'El email',
  calle: 'La calle',
  numero: 'El número',
  localidadTexto: 'La localidad',
  codigoPostal: 'El código postal',
};

/** 'El nombre no puede superar los 100 caracteres' (like the password's 'no puede superar los 200 caracteres'). */
export const mensajeDemasiadoLargo = (campo: keyof typeof LARGOS_PERSONA): string =>
  `${NOMBRES_CAMPO[campo]} no puede superar los ${LARGOS_PERSONA[campo]} caracteres`;

/** A text of at most its field's length, with that field's message (zod would otherwise show `error`, 'es obligatorio'). */
const texto = (campo: keyof typeof LARGOS_PERSONA, error?: string) =>
  z.string(error ? { error } : undefined).trim().max(LARGOS_PERSONA[campo], mensajeDemasiadoLargo(campo));
const obligatorio = (campo: keyof typeof LARGOS_PERSONA, mensaje: string) => texto(campo, mensaje).min(1, mensaje);
const TELEFONO = /^[0-9+()\-\s]{6,30}$/;

// ---- Postal codes ----

/**
 * The letter that starts a CPA (Código Postal Argentino, 'M5500ABC') in each province: the same letters
 * as ISO 3166-2:AR.
 */
export const LETRA_CPA: Record<Provincia, string> = {
  SALTA: 'A',
  BUENOS_AIRES: 'B',
  CIUDAD_AUTONOMA_BUENOS_AIRES: 'C',
  SAN_LUIS: 'D',
  ENTRE_RIOS: 'E',
  LA_RIOJA: 'F',
  SANTIAGO_DEL_ESTERO: 'G',
  CHACO: 'H',
  SAN_JUAN: 'J',
  CATAMARCA: 'K',
  LA_PAMPA: 'L',
  MENDOZA: 'M',
  MISIONES: 'N',
  FORMOSA: 'P',
  NEUQUEN: 'Q',
  RIO_NEGRO: 'R',
  SANTA_FE: 'S',
  TUCUMAN: 'T',
  CHUBUT: 'U',
  TIERRA_DEL_FUEGO: 'V',
  CORRIENTES: 'W',
  CORDOBA: 'X',
  JUJUY: 'Y',
  SANTA_CRUZ: 'Z',
};

/** As it is stored: capitals, without spaces or dashes ('x 5000 abc' -> 'X5000ABC'). */
export const normalizarCodigoPostal = (codigo: string): string => codigo.toUpperCase().replace(/[\s-]/g, '');

const CODIGO_4 = /^[1-9]\d{3}$/;
const CPA = /^([A-HJ-NP-Z])[1-9]\d{3}[A-Z]{3}$/;

/**
 * A postal code for an address in `provincia`: the old four digits ('5000'), or the CPA, whose letter
 * must be that province's. Null when it is fine, else the message.
 */
export function problemaDeCodigoPostal(codigo: string, provincia: Provincia): string | null {
  const normalizado = normalizarCodigoPostal(codigo);
  if (normalizado === '') return M.codigoPostalObligatorio;
  if (CODIGO_4.test(normalizado)) return null;
  const cpa = CPA.exec(normalizado);
  if (!cpa) return M.codigoPostalInvalido;
  return cpa[1] === LETRA_CPA[provincia] ? null : M.codigoPostalDeOtraProvincia;
}

// ---- Addresses ----

export const PROVINCIA_CON_LOCALIDADES: Provincia = 'MENDOZA';
/** Mendoza has the spec's list of localities; anywhere else the locality is written and a postal code asked. */
export const usaListaDeLocalidades = (provincia: Provincia | null | undefined): boolean => provincia === PROVINCIA_CON_LOCALIDADES;

const camposDomicilio = {
  calle: obligatorio('calle', M.calleObligatoria),
  numero: obligatorio('numero', M.numeroObligatorio),
  /** In Mendoza, one of the spec's 19 (default CAPITAL); elsewhere ignored (stored as null). */
  localidad: z.enum(LOCALIDADES, { error: M.localidadInvalida }).nullable().default('CAPITAL'),
  provincia: z.enum(PROVINCIAS, { error: M.provinciaInvalida }).default('MENDOZA'),
  /** Outside Mendoza: the locality's name, required. Ignored in Mendoza. */
  localidadTexto: texto('localidadTexto').nullable().optional(),
  /** Outside Mendoza: four digits or a CPA of the province, required. Ignored in Mendoza. */
  codigoPostal: texto('codigoPostal').nullable().optional(),
};

type CamposDomicilio = { localidad: Localidad | null; provincia: Provincia; localidadTexto?: string | null; codigoPostal?: string | null };

/** The rules between fields, each message on its own field. */
function reglasDeDomicilio(d: CamposDomicilio, ctx: z.core.$RefinementCtx<unknown>): void {
  if (usaListaDeLocalidades(d.provincia)) {
    if (d.localidad === null) ctx.addIssue({ code: 'custom', path: ['localidad'], message: M.localidadInvalida });
    return;
  }
  if (!d.localidadTexto) ctx.addIssue({ code: 'custom', path: ['localidadTexto'], message: M.localidadTextoObligatoria });
  const problema = problemaDeCodigoPostal(d.codigoPostal ?? '', d.provincia);
  if (problema) ctx.addIssue({ code: 'custom', path: ['codigoPostal'], message: problema });
}

/**
 * An address; locality and province default to CAPITAL and MENDOZA (spec section 9). Outside Mendoza
 * the locality is a text (`localidadTexto`) and a postal code is required; `valoresDeDomicilio` gives
 * the columns to store.
 */
export const domicilioInputSchema = z.object(camposDomicilio).strict().superRefine(reglasDeDomicilio);
export type DomicilioInput = z.input<typeof domicilioInputSchema>;
export type DomicilioDatos = z.output<typeof domicilioInputSchema>;

/** What is stored of a valid address: in Mendoza no written locality nor postal code; elsewhere no listed locality. */
export function valoresDeDomicilio(d: DomicilioDatos): Omit<Domicilio, 'id'> {
  const base = { calle: d.calle, numero: d.numero, provincia: d.provincia };
  if (usaListaDeLocalidades(d.provincia)) return { ...base, localidad: d.localidad ?? 'CAPITAL', localidadTexto: null, codigoPostal: null };
  return { ...base, localidad: null, localidadTexto: d.localidadTexto ?? '', codigoPostal: normalizarCodigoPostal(d.codigoPostal ?? '') };
}

/**
 * The address embedded in a person: with an `id`, `POST /api/persona` links that address (the spec's flow
 * creates it first); null or absent, one is created. `PUT` writes it over the person's own address.
 */
export const domicilioEmbebidoSchema = z
  .object({ ...camposDomicilio, id: z.number().int().nullable().optional() })
  .strict()
  .superRefine(reglasDeDomicilio);

export const domicilioSchema = z.object({
  id: z.number().int(),
  calle: z.string(),
  numero: z.string(),
  /** One of Mendoza's; null outside Mendoza. */
  localidad: z.enum(LOCALIDADES).nullable(),
  provincia: z.enum(PROVINCIAS),
  /** The locality outside Mendoza (null in Mendoza, and in addresses outside it saved before it was asked). */
  localidadTexto: z.string().nullable(),
  /** Outside Mendoza: '5000' or 'X5000ABC'. */
  codigoPostal: z.string().nullable(),
});
export type Domicilio = z.infer<typeof domicilioSchema>;

/** 'Godoy Cruz, Mendoza' / 'Villa Carlos Paz (X5152), Córdoba': an address's locality as people read it. */
export function localidadLegible(d: Pick<Domicilio, 'localidad' | 'provincia' | 'localidadTexto' | 'codigoPostal'>): string {
  const localidad = d.localidad ? LOCALIDAD_LABEL[d.localidad] : (d.localidadTexto ?? '');
  const conCodigo = d.codigoPostal ? `${localidad} (${d.codigoPostal})` : localidad;
  return [conCodigo, PROVINCIA_LABEL[d.provincia]].filter(Boolean).join(', ');
}

/** `POST /api/domicilio` and `PUT /api/domicilio/{id}`: an address as the API answers it may be sent (`id` ignored). */
export const domicilioCuerpoSchema = cuerpoDe(domicilioInputSchema, domicilioSchema);

/** Personal data as the registration form asks it: every field required. */
export const personaDatosSchema = z
  .object({
    nombre: obligatorio('nombre', M.nombreObligatorio),
    apellido: obligatorio('apellido', M.apellidoObligatorio),
    telefono: obligatorio('telefono', M.telefonoObligatorio).regex(TELEFONO, M.telefonoInvalido),
    email: obligatorio('email', M.emailObligatorio).pipe(z.email(M.emailInvalido)),
  })
  .strict();
export type PersonaDatos = z.input<typeof personaDatosSchema>;

/** The admin's forms: only the name is required; e-mail and phone, when given, must look right. */
export const personaDatosAdminSchema = z
  .object({
    nombre: obligatorio('nombre', M.nombreObligatorio),
    apellido: obligatorio('apellido', M.apellidoObligatorio),
    telefono: texto('telefono')
      .default('')
      .refine((t) => t === '' || TELEFONO.test(t), M.telefonoInvalido),
    email: texto('email')
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

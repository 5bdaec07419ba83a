import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MENSAJES, unirMensajes } from '../../domain/mensajes';
import { AppError, type ErrorDeCampo } from '../errors';

interface RespuestaError {
  status: number;
  message: string;
  errors?: ErrorDeCampo[];
}

// PostgreSQL error codes that mean the request was wrong, not the server.
const ERRORES_PG: Record<string, RespuestaError> = {
  '23505': { status: 409, message: 'Ya existe un registro con esos datos.' },
  '23503': { status: 409, message: 'El registro está relacionado con otros datos y no se puede modificar así.' },
  '23514': { status: 400, message: MENSAJES.datosInvalidos },
  '23502': { status: 400, message: MENSAJES.datosInvalidos },
  '22P02': { status: 400, message: MENSAJES.datosInvalidos },
  '22003': { status: 400, message: 'Un número está fuera del rango permitido.' },
  '22001': { status: 400, message: 'Un texto es demasiado largo.' },
  '22007': { status: 400, message: 'Una fecha no es válida.' },
  '22008': { status: 400, message: 'Una fecha no es válida.' },
};

/** The PostgreSQL error code of an error or of one of its causes (drizzle wraps them). */
export const codigoPg = (error: unknown): string | undefined => {
  for (let actual = error; actual && typeof actual === 'object'; actual = (actual as { cause?: unknown }).cause) {
    const code = (actual as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};

/** The value at a validation issue's path in what was validated (the body, the query...). */
function valorEn(entrada: unknown, camino: string[]): unknown {
  let actual = entrada;
  for (const paso of camino) {
    if (actual === null || typeof actual !== 'object') return undefined;
    actual = (actual as Record<string, unknown>)[paso];
  }
  return actual;
}

/** The kind of a JSON value, as zod names the kinds it expects. */
const tipoDe = (valor: unknown): string => (Array.isArray(valor) ? 'array' : typeof valor);

/** The JSON kind each kind zod expects takes ('never', a field that must be absent, has its own message). */
const TIPO_JSON: Record<string, string> = { string: 'string', number: 'number', int: 'number', boolean: 'boolean', array: 'array', object: 'object' };

/**
 * A validation issue's message. A field of the wrong kind (`{"usuario": 1}`) fails like a missing one, and
 * fields' own messages say it is missing ('El nombre de usuario es obligatorio'): where a value is there,
 * its kind is named instead.
 */
function mensajeDeValidacion(v: { keyword: string; message?: string; params: Record<string, unknown> }, campo: string, entrada: unknown, camino: string[]): string {
  const esperado = TIPO_JSON[String(v.params.expected)];
  if (v.keyword === 'invalid_type' && campo !== '' && esperado) {
    const valor = valorEn(entrada, camino);
    // A number that is no integer (1.5 for a quantity) is of the right kind: its field's message says why.
    if (valor !== undefined && valor !== null && tipoDe(valor) !== esperado) return MENSAJES.tipoInvalido(campo, String(v.params.expected), tipoDe(valor));
  }
  return v.message ?? MENSAJES.datosInvalidos;
}

/** `entrada`: the JSON body a validation error validated, to name a field of the wrong kind. */
export function traducirError(error: unknown, entrada?: unknown): RespuestaError {
  if (error instanceof AppError) return { status: error.status, message: error.message, errors: error.errors };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => {
      const camino = v.instancePath.split('/').slice(1).filter((paso) => paso !== '');
      const campo = camino.join('.');
      return { campo, mensaje: mensajeDeValidacion(v, campo, entrada, camino) };
    });
    return { status: 400, message: unirMensajes([...new Set(errors.map((e) => e.mensaje))]), errors };
  }
  const pg = codigoPg(error);
  if (pg && ERRORES_PG[pg]) return ERRORES_PG[pg];
  const fe = error as Partial<FastifyError>;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: MENSAJES.jsonInvalido };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: MENSAJES.solicitudDemasiadoGrande };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: MENSAJES.imagenMaximo5MB };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, message: MENSAJES.tipoContenidoNoSoportado };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, message: fe.statusCode === 404 ? MENSAJES.recursoNoEncontrado : MENSAJES.datosInvalidos };
  }
  return { status: 500, message: MENSAJES.errorInesperado };
}

/**
 * The JSON body a validation error is about (Fastify's `validationContext`). A query string's or a path's
 * values are all text, read as numbers by their schemas, whose messages say what they take.
 */
const entradaValidada = (error: unknown, request: FastifyRequest): unknown =>
  (error as { validationContext?: string }).validationContext === 'body' ? request.body : undefined;

export function registrarManejoDeErrores(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { status, message, errors } = traducirError(error, entradaValidada(error, request));
    // The logger's `err` serializer (server/http/log.ts) leaves out the SQL parameters and the row's values.
    if (status >= 500) request.log.error({ err: error }, 'error inesperado');
    else request.log.info({ status, message }, 'solicitud rechazada');
    // The one error shape, whatever response schema the route declared for that status.
    return reply
      .code(status)
      .serializer((cuerpo: unknown) => JSON.stringify(cuerpo))
      .type('application/json; charset=utf-8')
      .send(errors ? { message, errors } : { message });
  });
}

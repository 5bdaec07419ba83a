import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { MENSAJES } from '../../domain/mensajes';

type ErroresDelMarco = NonNullable<FastifyServerOptions['frameworkErrors']>;

/** Fastify's own refusals, by its code: the status and the shop's message. */
const RESPUESTAS: Record<string, { status: number; message: string }> = {
  // A path it cannot decode ('/%E0%A4%A', '/api/%zz').
  FST_ERR_BAD_URL: { status: 400, message: MENSAJES.rutaNoCanonica },
  // A path parameter longer than the router takes.
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: MENSAJES.rutaDemasiadoLarga },
};

/**
 * What Fastify refuses before any route or hook runs (a path it cannot decode, a parameter too long):
 * answered in the shop's error shape and words, with the security headers every other answer has.
 * Without this, Fastify wrote its own English JSON with neither.
 */
export function erroresDelMarco(ponerCabeceras: (reply: FastifyReply) => void): ErroresDelMarco {
  return (error, request, respuesta) => {
    // Fastify types this reply by a route's schemas; there is no route here.
    const reply = respuesta as unknown as FastifyReply;
    const { status, message } = RESPUESTAS[error.code] ?? { status: 500, message: MENSAJES.errorInesperado };
    if (status >= 500) request.log.error({ err: error }, 'error inesperado');
    else request.log.info({ url: request.raw.url, code: error.code }, 'dirección rechazada');
    ponerCabeceras(reply);
    void reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ message }));
  };
}

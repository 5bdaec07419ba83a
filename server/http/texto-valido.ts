import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MENSAJES } from '../../domain/mensajes';
import { Invalido } from '../errors';

// Texts the database cannot keep as sent: a NUL byte (PostgreSQL refuses it: it used to be a 500) and a
// lone surrogate (no UTF-8 spelling: the driver would store U+FFFD instead, silently). Refused with a
// 400 before any handler, and so before any query, wherever a text arrives: JSON and urlencoded bodies,
// query strings and route params (the hook below), multipart fields (server/uploads/multipart.ts).

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const SURROGANTE_SOLO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a text has a NUL byte or a lone surrogate. */
export const textoNoValido = (texto: string): boolean => texto.includes('\u0000') || SURROGANTE_SOLO.test(texto);

/**
 * True when any text inside a value (strings, object keys, array items, at any depth) is not valid.
 * Walked without recursion: a body of 1 MB can nest deeper than the call stack.
 */
export function contieneTextoNoValido(valor: unknown): boolean {
  const pendientes: unknown[] = [valor];
  while (pendientes.length > 0) {
    const actual = pendientes.pop();
    if (typeof actual === 'string') {
      if (textoNoValido(actual)) return true;
    } else if (ArrayBuffer.isView(actual)) {
      // Bytes (an uploaded spreadsheet) are no text: their reader checks what it takes from them.
      continue;
    } else if (Array.isArray(actual)) {
      for (const item of actual) pendientes.push(item);
    } else if (actual !== null && typeof actual === 'object') {
      for (const [clave, item] of Object.entries(actual)) {
        if (textoNoValido(clave)) return true;
        pendientes.push(item);
      }
    }
  }
  return false;
}

/** Throws the 400 'Los datos enviados tienen caracteres no válidos...' when a text is not valid. */
export function asegurarTextoValido(valor: unknown): void {
  if (contieneTextoNoValido(valor)) throw new Invalido(MENSAJES.caracteresNoValidos);
}

/** Checks the body, the query string and the route params of every request before it is validated. */
export const textoValido = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      if (contieneTextoNoValido(request.params) || contieneTextoNoValido(request.query) || contieneTextoNoValido(request.body)) {
        request.log.info('solicitud con caracteres no válidos');
        return done(new Invalido(MENSAJES.caracteresNoValidos));
      }
      done();
    });
  },
  { name: 'texto-valido' },
);

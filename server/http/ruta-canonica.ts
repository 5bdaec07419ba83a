import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MENSAJES } from '../../domain/mensajes';
import { Invalido } from '../errors';

// Letters, digits and - . _ ~ (RFC 3986 "unreserved"): written as they are, never percent-encoded.
const NO_RESERVADO = /[A-Za-z0-9\-._~]/;
const PORCENTAJE = /%([0-9A-Fa-f]{2})?/g;
// Anything that could make a path another spelling of a route: a percent sign, a doubled slash, a dot
// segment. Paths without any of these (nearly all) skip the closer look.
const SOSPECHOSA = /%|\/\/|\/\.|\\/;

/**
 * Why a request target is not the one spelling of its path, or null when it is
 * (docs/decisions/016-acceso-por-ruta.md). The router matches decoded, normalised paths; refusing
 * every other spelling keeps one name per route for the access check, the caches and the logs.
 */
export function problemaDeRuta(objetivo: string): string | null {
  // Origin-form only: an absolute-form target ('http://host/api/x') or '*' is refused.
  if (objetivo.charCodeAt(0) !== 47 /* / */) return 'forma absoluta';
  const fin = objetivo.search(/[?#]/);
  const camino = fin === -1 ? objetivo : objetivo.slice(0, fin);
  if (!SOSPECHOSA.test(camino)) return null;
  if (camino.includes('\\')) return 'barra invertida';
  if (camino.includes('//')) return 'barras dobles';
  for (const m of camino.matchAll(PORCENTAJE)) {
    if (m[1] === undefined) return 'porcentaje mal formado';
    if (NO_RESERVADO.test(String.fromCharCode(parseInt(m[1], 16)))) return 'carácter codificado sin necesidad';
  }
  // After the check above no segment can hide a dot behind %2e.
  if (camino.split('/').some((segmento) => segmento === '.' || segmento === '..')) return 'segmento de puntos';
  return null;
}

/** Answers 400 to a request whose target is not the one spelling of its path, before anything else runs. */
export const rutaCanonica = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const problema = problemaDeRuta(request.raw.url ?? '');
      if (problema === null) return done();
      request.log.info({ url: request.raw.url, problema }, 'ruta no canónica');
      done(new Invalido(MENSAJES.rutaNoCanonica));
    });
  },
  { name: 'ruta-canonica' },
);

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet does to every response with these options: headers set and headers removed. */
export interface CabecerasHelmet {
  poner: Array<[string, string]>;
  quitar: string[];
}

/**
 * Runs helmet once against a stand-in response and records what it does. With fixed options (no
 * per-request functions, no nonces) helmet writes the same headers on every response, so they are
 * worked out at start instead of per request (@fastify/helmet rebuilds helmet and its CSP each time).
 */
export function cabecerasDeHelmet(opciones: HelmetOptions): CabecerasHelmet {
  const csp = opciones.contentSecurityPolicy;
  const directivas = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directivas.some((v) => v !== null && typeof v === 'object' && [...(v as Iterable<unknown>)].some((x) => typeof x === 'function'))) {
    throw new Error('cabeceras de seguridad: una directiva CSP calculada por pedido no se puede fijar al iniciar');
  }
  const resultado: CabecerasHelmet = { poner: [], quitar: [] };
  const respuesta = {
    setHeader: (nombre: string, valor: unknown) => void resultado.poner.push([nombre, String(valor)]),
    removeHeader: (nombre: string) => void resultado.quitar.push(nombre),
  };
  let error: unknown;
  helmet(opciones)({} as IncomingMessage, respuesta as unknown as ServerResponse, (e?: unknown) => {
    error = e;
  });
  if (error) throw error;
  return resultado;
}

/**
 * What puts helmet's headers, worked out once, on a reply: into the reply's own headers, not the raw
 * response's. One header set on the raw response sends every response through Node's slow path (each of
 * Fastify's headers set, checked and copied again at writeHead), a tenth of the allocations of a catalogue
 * request. Names lower-cased at start, as Fastify keeps them.
 */
export function ponerCabecerasDeSeguridad({ poner, quitar }: CabecerasHelmet): (reply: FastifyReply) => void {
  const enMinusculas = poner.map(([nombre, valor]) => [nombre.toLowerCase(), valor] as const);
  return (reply) => {
    for (const [nombre, valor] of enMinusculas) reply.header(nombre, valor);
    for (const nombre of quitar) reply.removeHeader(nombre);
  };
}

/**
 * helmet's security headers (CSP and the rest) on every response, as @fastify/helmet set them (in an
 * onRequest hook, so a route may still override one), worked out once.
 */
export const cabecerasSeguridad = fp(
  async (app: FastifyInstance, opciones: HelmetOptions) => {
    const poner = ponerCabecerasDeSeguridad(cabecerasDeHelmet(opciones));
    app.addHook('onRequest', (_request, reply, done) => {
      poner(reply);
      done();
    });
  },
  { name: 'cabeceras-seguridad' },
);

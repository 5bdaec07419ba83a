import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cuerpoComprimible, enviarComprimible, type CuerpoComprimible } from './cuerpo-comprimible';
import { MemoriaTemporal } from './memoria-temporal';

function publica(maxAge: number, swr: number) {
  return { maxAge, swr, publica: `public, max-age=${maxAge}, stale-while-revalidate=${swr}` };
}

/**
 * The public reads that may be cached, by route, with the browser's Cache-Control for a visitor without
 * a session. Their answer depends only on the URL and on whether the caller is an admin (products show
 * cost and margin to admins only); anything else stays uncached.
 */
export const LECTURAS_PUBLICAS: Record<string, { maxAge: number; swr: number; publica: string }> = {
  '/api/producto': publica(5, 30),
  '/api/producto/:id': publica(5, 30),
  '/api/categoria': publica(60, 300),
  '/api/promocion/activas': publica(5, 30),
  '/api/config': publica(60, 300),
  // School lists (issue 20): stock shows on the page, as on a product's.
  '/api/lista': publica(5, 30),
  '/api/lista/:id': publica(5, 30),
  // The QR names only the list's address: it changes with PUBLIC_URL alone.
  '/api/lista/:id/qr.svg': publica(86_400, 86_400),
};

export interface OpcionesCacheHttp {
  /**
   * Seconds an answer stays in this process's memory (0: no memory cache, only ETag and headers).
   * Every successful write (POST, PUT, PATCH, DELETE) through this process empties it at once; writes
   * through another instance show after at most these seconds.
   */
  segundos: number;
  /** Most answers kept; the oldest go first. */
  maximo?: number;
}

interface Guardada extends CuerpoComprimible {
  etag: string;
  tipo: string;
  hasta: number;
  /** A request is already asking the database again: the others get this copy meanwhile. */
  renovando: boolean;
}

export interface CacheRespuestas {
  segundos: number;
  /** Empties the memory cache and runs every `alInvalidar` callback. */
  invalidar: () => void;
  alInvalidar: (fn: () => void) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    cacheRespuestas: CacheRespuestas;
  }
  interface FastifyRequest {
    /** Set when this request fills or renews the memory cache entry under this key. */
    claveCache: string | null;
  }
}

const COOKIE_SESION = 'sesion';
/** Stale copies are served while one request renews them, but never when older than this. */
const GRACIA_MS = 10_000;

const etagDe = (cuerpo: string | Buffer) => `W/"${createHash('sha1').update(cuerpo).digest('base64url').slice(0, 27)}"`;

function coincide(request: FastifyRequest, etag: string): boolean {
  const pedido = request.headers['if-none-match'];
  if (!pedido) return false;
  return pedido.split(',').some((e) => {
    const t = e.trim();
    return t === '*' || t === etag || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * HTTP caching of the public reads: a weak ETag on every answer and 304 when the browser already has it;
 * `Cache-Control: public, max-age, stale-while-revalidate` for visitors without a session and
 * `private, no-cache` (always revalidated) for anyone with one; `Vary: Cookie` always, so a shared
 * cache never hands one person's answer to another. Optionally a short in-memory cache of the answers,
 * shared by every non-admin caller (admins always reach the database), renewed by one request at a time.
 */
export const cacheHttp = fp(
  async (app: FastifyInstance, opciones: OpcionesCacheHttp) => {
    const maximo = opciones.maximo ?? 500;
    const memoria = new MemoriaTemporal<Guardada>(maximo);
    const callbacks: Array<() => void> = [];
    const invalidar = () => {
      memoria.clear();
      for (const fn of callbacks) fn();
    };
    app.decorate('cacheRespuestas', {
      segundos: opciones.segundos,
      invalidar,
      alInvalidar: (fn: () => void) => void callbacks.push(fn),
    } satisfies CacheRespuestas);
    app.decorateRequest('claveCache', null);
    // The early answer below skips the access check: only public routes may be listed.
    app.addHook('onRoute', (ruta) => {
      const lectura = [ruta.method].flat().includes('GET');
      if (lectura && LECTURAS_PUBLICAS[ruta.url] && ruta.config?.acceso !== 'publico') {
        throw new Error(`La ruta GET ${ruta.url} está en LECTURAS_PUBLICAS pero no es pública`);
      }
    });

    const reglaDe = (request: FastifyRequest) =>
      request.method === 'GET' || request.method === 'HEAD' ? LECTURAS_PUBLICAS[request.routeOptions.url ?? ''] : undefined;
    const conSesion = (request: FastifyRequest) => Boolean(request.cookies?.[COOKIE_SESION]) || request.usuario !== null;

    const cabeceras = (request: FastifyRequest, reply: FastifyReply, etag: string) => {
      const regla = reglaDe(request)!;
      reply.header('ETag', etag);
      reply.header('Vary', 'Cookie');
      reply.header('Cache-Control', conSesion(request) ? 'private, no-cache' : regla.publica);
    };

    /** The copy, while fresh or while another request renews it (not for longer than GRACIA_MS). */
    const vigente = (clave: string): Guardada | undefined => {
      const g = memoria.get(clave);
      const ahora = Date.now();
      return g && (ahora < g.hasta || (g.renovando && ahora < g.hasta + GRACIA_MS)) ? g : undefined;
    };

    const servir = (request: FastifyRequest, reply: FastifyReply, g: Guardada) => {
      cabeceras(request, reply, g.etag);
      if (coincide(request, g.etag)) return reply.code(304).send();
      return enviarComprimible(request, reply.type(g.tipo), g, 'Cookie');
    };

    if (opciones.segundos > 0) {
      // A visitor without a session cookie, on a fresh copy: answered here, before the cookie parser,
      // the session lookup, the access check and validation run. None of them can change this answer:
      // the route is public, and without a session cookie the caller is no admin. Registered after the
      // security headers' hook (app.ts), so the answer carries them.
      app.addHook('onRequest', (request, reply, done) => {
        if (request.method !== 'GET' || request.headers.cookie?.includes(COOKIE_SESION) || !reglaDe(request)) return done();
        const g = vigente(request.url);
        if (!g) return done();
        servir(request, reply, g);
      });

      // With a session: after the auth hook (onRequest) has loaded the caller, before validation and
      // the handler. Also where a missing or stale copy is claimed for renewal.
      app.addHook('preValidation', (request, reply, done) => {
        if (request.method !== 'GET' || !reglaDe(request) || request.usuario?.rol === 'ADMIN') return done();
        const clave = request.url;
        const g = vigente(clave);
        if (g) return void servir(request, reply, g);
        const vieja = memoria.get(clave);
        if (vieja) vieja.renovando = true;
        request.claveCache = clave;
        done();
      });

      app.addHook('onResponse', (request, reply, done) => {
        if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
          // A renewal that failed lets the next request try again.
          const g = request.claveCache ? memoria.get(request.claveCache) : undefined;
          if (g && g.renovando && reply.statusCode !== 200) g.renovando = false;
        } else if (reply.statusCode < 400 && request.routeOptions.config.acceso !== undefined && request.routeOptions.config.acceso !== 'contenido') {
          invalidar();
        }
        done();
      });
    }

    // Registered before @fastify/compress, so the payload here is still the serialized JSON.
    app.addHook('onSend', (request, reply, payload, done) => {
      if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.statusCode !== 200 || !reglaDe(request) || reply.getHeader('etag')) {
        return done(null, payload); // not a public read, or answered from the memory cache
      }
      const etag = etagDe(payload);
      if (request.claveCache) {
        const hasta = Date.now() + opciones.segundos * 1000;
        // The JSON kept as bytes: written as is, with no UTF-8 encoding per request. Kept past `hasta`
        // only as long as a renewal may still hand it out.
        memoria.guardar(
          request.claveCache,
          {
            ...cuerpoComprimible(payload),
            etag,
            tipo: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
            hasta,
            renovando: false,
          },
          hasta + GRACIA_MS,
        );
      }
      cabeceras(request, reply, etag);
      if (coincide(request, etag)) {
        reply.code(304);
        reply.removeHeader('content-length');
        return done(null, '');
      }
      done(null, payload);
    });
  },
  // Registered before @fastify/compress (see app.ts); reads request.cookies and request.usuario, set later
  // by @fastify/cookie and the auth plugin's onRequest hook, at request time.
  { name: 'cache-http' },
);

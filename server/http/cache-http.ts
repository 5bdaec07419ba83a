import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The public reads that may be cached, by route, with the browser's Cache-Control for a visitor without
 * a session. Their answer depends only on the URL and on whether the caller is an admin (products show
 * cost and margin to admins only); anything else stays uncached.
 */
export const LECTURAS_PUBLICAS: Record<string, { maxAge: number; swr: number }> = {
  '/api/producto': { maxAge: 5, swr: 30 },
  '/api/producto/:id': { maxAge: 5, swr: 30 },
  '/api/categoria': { maxAge: 60, swr: 300 },
  '/api/promocion/activas': { maxAge: 5, swr: 30 },
  '/api/config': { maxAge: 60, swr: 300 },
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

interface Guardada {
  cuerpo: string;
  etag: string;
  tipo: string;
  hasta: number;
  /** A request is already asking the database again: the others get this copy meanwhile. */
  renovando: boolean;
  /** The body compressed once per encoding, on first demand (what @fastify/compress would redo each time). */
  comprimidas: Partial<Record<'br' | 'gzip', Buffer>>;
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

/** As @fastify/compress: no compression under 1 KB; brotli at quality 4, else gzip. */
const UMBRAL_COMPRESION = 1024;

function codificacion(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const aceptadas = String(request.headers['accept-encoding'] ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.trim())
    .filter((t) => !/;\s*q=0(\.0*)?$/.test(t))
    .map((t) => t.split(';')[0]!.trim());
  if (aceptadas.includes('br')) return 'br';
  if (aceptadas.includes('gzip') || aceptadas.includes('x-gzip') || aceptadas.includes('*')) return 'gzip';
  return undefined;
}

function comprimida(g: Guardada, cod: 'br' | 'gzip'): Buffer {
  g.comprimidas[cod] ??=
    cod === 'br'
      ? zlib.brotliCompressSync(g.cuerpo, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.gzipSync(g.cuerpo);
  return g.comprimidas[cod];
}

const etagDe = (cuerpo: string) => `W/"${createHash('sha1').update(cuerpo).digest('base64url').slice(0, 27)}"`;

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
    const memoria = new Map<string, Guardada>();
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

    const reglaDe = (request: FastifyRequest) =>
      request.method === 'GET' || request.method === 'HEAD' ? LECTURAS_PUBLICAS[request.routeOptions.url ?? ''] : undefined;
    const conSesion = (request: FastifyRequest) => Boolean(request.cookies?.[COOKIE_SESION]) || request.usuario !== null;

    const cabeceras = (request: FastifyRequest, reply: FastifyReply, etag: string) => {
      const regla = reglaDe(request)!;
      reply.header('ETag', etag);
      reply.header('Vary', 'Cookie');
      reply.header(
        'Cache-Control',
        conSesion(request) ? 'private, no-cache' : `public, max-age=${regla.maxAge}, stale-while-revalidate=${regla.swr}`,
      );
    };

    if (opciones.segundos > 0) {
      // After the auth hook (onRequest) has loaded the caller, before validation and the handler.
      app.addHook('preValidation', async (request, reply) => {
        if (request.method !== 'GET' || !reglaDe(request) || request.usuario?.rol === 'ADMIN') return;
        const clave = request.url;
        const guardada = memoria.get(clave);
        const ahora = Date.now();
        if (guardada && (ahora < guardada.hasta || (guardada.renovando && ahora < guardada.hasta + GRACIA_MS))) {
          cabeceras(request, reply, guardada.etag);
          if (coincide(request, guardada.etag)) return reply.code(304).send();
          const cod = Buffer.byteLength(guardada.cuerpo) >= UMBRAL_COMPRESION ? codificacion(request) : undefined;
          if (!cod) return reply.type(guardada.tipo).send(guardada.cuerpo);
          // Already compressed: @fastify/compress leaves an answer with Content-Encoding alone.
          reply.header('Vary', 'Cookie, Accept-Encoding').header('Content-Encoding', cod);
          return reply.type(guardada.tipo).send(comprimida(guardada, cod));
        }
        if (guardada) guardada.renovando = true;
        request.claveCache = clave;
        return undefined;
      });

      app.addHook('onResponse', async (request, reply) => {
        if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
          // A renewal that failed lets the next request try again.
          const g = request.claveCache ? memoria.get(request.claveCache) : undefined;
          if (g && g.renovando && reply.statusCode !== 200) g.renovando = false;
          return;
        }
        if (reply.statusCode < 400 && request.url.startsWith('/api/')) invalidar();
      });
    }

    // Registered before @fastify/compress, so the payload here is still the serialized JSON.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!reglaDe(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (reply.getHeader('etag')) return payload; // answered from the memory cache
      const etag = etagDe(payload);
      if (request.claveCache) {
        memoria.delete(request.claveCache);
        if (memoria.size >= maximo) memoria.delete(memoria.keys().next().value!);
        memoria.set(request.claveCache, {
          cuerpo: payload,
          etag,
          tipo: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          hasta: Date.now() + opciones.segundos * 1000,
          renovando: false,
          comprimidas: {},
        });
      }
      cabeceras(request, reply, etag);
      if (coincide(request, etag)) {
        reply.code(304);
        reply.removeHeader('content-length');
        return '';
      }
      return payload;
    });
  },
  // Registered before @fastify/compress (see app.ts); reads request.cookies and request.usuario, set later
  // by @fastify/cookie and the auth plugin's onRequest hook, at request time.
  { name: 'cache-http' },
);

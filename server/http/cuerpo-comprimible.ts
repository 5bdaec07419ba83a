// Answers sent many times over (cached API reads, drawn pages) are compressed once per encoding, on
// first demand, instead of once per request as @fastify/compress would: brotli of a 125 KB page costs
// ~3 ms of CPU, sending the kept copy a few microseconds.
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Codificacion = 'br' | 'gzip';

export interface CuerpoComprimible {
  cuerpo: Buffer;
  comprimidas: Partial<Record<Codificacion, Buffer>>;
}

/** As @fastify/compress: nothing under 1 KB is compressed. */
const UMBRAL_COMPRESION = 1024;

export const cuerpoComprimible = (cuerpo: string | Buffer): CuerpoComprimible => ({
  cuerpo: typeof cuerpo === 'string' ? Buffer.from(cuerpo) : cuerpo,
  comprimidas: {},
});

function leerCodificacion(aceptadas: string): Codificacion | undefined {
  const tokens = aceptadas
    .toLowerCase()
    .split(',')
    .map((t) => t.trim())
    .filter((t) => !/;\s*q=0(\.0*)?$/.test(t))
    .map((t) => t.split(';')[0]!.trim());
  if (tokens.includes('br')) return 'br';
  if (tokens.includes('gzip') || tokens.includes('x-gzip') || tokens.includes('*')) return 'gzip';
  return undefined;
}

/** Browsers send a handful of distinct Accept-Encoding values: each is read once (at most 100 kept). */
const codificaciones = new Map<string, Codificacion | undefined>();
function codificacionAceptada(request: FastifyRequest): Codificacion | undefined {
  const aceptadas = String(request.headers['accept-encoding'] ?? '');
  if (codificaciones.has(aceptadas)) return codificaciones.get(aceptadas);
  const cod = leerCodificacion(aceptadas);
  if (codificaciones.size >= 100) codificaciones.clear();
  codificaciones.set(aceptadas, cod);
  return cod;
}

function comprimida(c: CuerpoComprimible, cod: Codificacion): Buffer {
  c.comprimidas[cod] ??=
    cod === 'br'
      ? zlib.brotliCompressSync(c.cuerpo, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.gzipSync(c.cuerpo);
  return c.comprimidas[cod];
}

/**
 * Sends the body in the best encoding the caller accepts. `vary` is the answer's Vary without
 * Accept-Encoding, which is added when the body is compressed. @fastify/compress leaves an answer that
 * already has a Content-Encoding alone.
 */
export function enviarComprimible(request: FastifyRequest, reply: FastifyReply, c: CuerpoComprimible, vary?: string): FastifyReply {
  const cod = c.cuerpo.length >= UMBRAL_COMPRESION ? codificacionAceptada(request) : undefined;
  if (!cod) {
    if (vary) reply.header('Vary', vary);
    return reply.send(c.cuerpo);
  }
  reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding').header('Content-Encoding', cod);
  return reply.send(comprimida(c, cod));
}

// How requests reach the log (docs/decisions/027-bordes.md): one line per request, not Fastify's two
// ('incoming request' and 'request completed'), at the level LOG_PEDIDOS says; and the log written as
// JSON (LOG_FORMATO=json, for a log collector) or as short lines a person reads (LOG_FORMATO=texto,
// what `npm start`'s demo asks for).
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export type NivelPedidos = 'info' | 'debug';
export type FormatoLog = 'json' | 'texto';

/**
 * Fastify's request logging with one line per request at `nivel`: 'debug' keeps requests out of a log at
 * 'info' (LOG_LEVEL) while warnings and errors still show. A request that failed is logged as an error
 * whatever `nivel` is.
 */
export function controlDeLog(nivel: NivelPedidos): LogController {
  return new (class extends LogController {
    override incomingRequest(): void {}

    override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
      if (this.isLogDisabled(request)) return;
      if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      else reply.log[nivel]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  })();
}

const NIVELES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface LineaJson {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; type?: string };
  [clave: string]: unknown;
}

/** Pino's fields that the short line already shows (or that only a collector needs). */
const YA_MOSTRADOS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'err']);

const hora = (ms: number | undefined) => {
  const d = new Date(ms ?? Date.now());
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

/**
 * One JSON line of pino as a short line for a person: `12:03:45 INFO GET /products 200 4 ms`, or the
 * message with its other fields (`12:03:45 WARN prerender fallido url=/`). Something that is not JSON
 * goes as it was.
 */
export function lineaDeTexto(json: string): string {
  let l: LineaJson;
  try {
    l = JSON.parse(json) as LineaJson;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const partes = [hora(l.time), NIVELES[l.level ?? 30] ?? String(l.level)];
  if (l.req?.method && l.res?.statusCode !== undefined) {
    partes.push(l.req.method, l.req.url ?? '', String(l.res.statusCode));
    if (typeof l.responseTime === 'number') partes.push(`${Math.round(l.responseTime)} ms`);
  } else if (l.msg) partes.push(l.msg);
  const extras = Object.entries(l)
    .filter(([clave, valor]) => !YA_MOSTRADOS.has(clave) && valor !== undefined)
    .map(([clave, valor]) => `${clave}=${typeof valor === 'string' ? valor : JSON.stringify(valor)}`);
  partes.push(...extras);
  if (l.err?.message) partes.push(`error: ${l.err.message}`);
  return `${partes.join(' ')}\n`;
}

/** A destination for pino that writes `lineaDeTexto` of each line to `salida`. */
export const flujoDeTexto = (salida: { write: (texto: string) => unknown }) => ({
  write: (json: string) => void salida.write(lineaDeTexto(json)),
});

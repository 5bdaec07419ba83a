import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { MENSAJES } from '../../domain/mensajes';
import type { CabecerasHelmet } from './cabeceras-seguridad';

type ErroresDelCliente = NonNullable<FastifyServerOptions['clientErrorHandler']>;

/** Node's parser and timeout errors, by code, as Node itself answers them (lib/_http_server.js); 400 for the rest. */
const RESPUESTAS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: MENSAJES.cabecerasDemasiadoGrandes },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: MENSAJES.solicitudDemasiadoGrande },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: MENSAJES.solicitudDemoradaDemasiado },
};
const MAL_FORMADA = { status: 400, message: MENSAJES.solicitudMalFormada };

const FRASES: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' };

/**
 * What Node refuses before Fastify sees a request (a lowercase method, headers past 16 KB, a request that
 * never finishes): answered in the shop's error shape and words, with the security headers, straight on
 * the socket, since there is no request or reply yet. Fastify's default wrote English JSON without them.
 * Nothing of the error itself is sent.
 */
export function erroresDelCliente(cabeceras: CabecerasHelmet): ErroresDelCliente {
  const seguridad = cabeceras.poner.map(([nombre, valor]) => `${nombre}: ${valor}\r\n`).join('');
  return function (this: FastifyInstance, error, socket) {
    // A reset connection has no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = (error.code && RESPUESTAS[error.code]) || MAL_FORMADA;
    this.log.info({ code: error.code, status }, 'solicitud rechazada por el servidor HTTP');
    // As Node: a response already under way (a timeout while it was being written) is not interrupted
    // by a second one in the middle of it.
    const enCurso = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !enCurso?.headersSent) {
      const cuerpo = JSON.stringify({ message });
      socket.write(
        `HTTP/1.1 ${status} ${FRASES[status]}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(cuerpo)}\r\n` +
          seguridad +
          'Connection: close\r\n\r\n' +
          cuerpo,
      );
    }
    socket.destroy(error);
  };
}

import type { FastifyRequest } from 'fastify';
import { MENSAJES } from '../../domain/mensajes';
import { Invalido } from '../errors';
import { asegurarTextoValido } from '../http/texto-valido';

export interface Multipart {
  /**
   * Fields (text; already parsed when sent with Content-Type application/json) and the file parts
   * named in `comoTexto` as text (a browser may send JSON as a Blob).
   */
  campos: Record<string, unknown>;
  /** The one image file, if sent (its bytes; the type is checked by content later). */
  archivos: Record<string, Buffer>;
}

/**
 * Reads a whole multipart request. Files are limited by the multipart plugin (5 MB: a bigger one is a
 * 413 with the spec's message). Parts named in `comoTexto` count as fields even when sent as files.
 */
export async function leerMultipart(request: FastifyRequest, comoTexto: readonly string[] = []): Promise<Multipart> {
  const campos: Record<string, unknown> = {};
  const archivos: Record<string, Buffer> = {};
  for await (const parte of request.parts({ limits: { files: 2, fields: 10 } })) {
    // Fields are read here, after the hooks: the same check as bodies and query strings get.
    asegurarTextoValido(parte.fieldname);
    if (parte.type === 'field') {
      asegurarTextoValido(parte.value);
      campos[parte.fieldname] = parte.value;
    } else {
      const contenido = await parte.toBuffer();
      if (comoTexto.includes(parte.fieldname)) {
        campos[parte.fieldname] = contenido.toString('utf8');
        asegurarTextoValido(campos[parte.fieldname]);
      } else {
        archivos[parte.fieldname] = contenido;
      }
    }
  }
  return { campos, archivos };
}

/** Parses a JSON field; a broken one is a 400, never a 500. */
export function campoJson(multipart: Multipart, nombre: string): unknown {
  const texto = multipart.campos[nombre];
  if (texto === undefined) throw new Invalido(`Falta la parte '${nombre}' de la solicitud`);
  if (typeof texto !== 'string') return texto;
  let valor: unknown;
  try {
    valor = JSON.parse(texto);
  } catch {
    throw new Invalido(MENSAJES.jsonInvalido);
  }
  // '\u0000' written as an escape in the JSON text is a NUL only once parsed.
  asegurarTextoValido(valor);
  return valor;
}

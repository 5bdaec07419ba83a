// Online printing's API (issue 21, docs/decisions/035-impresiones.md): a customer's uploads and their
// options, the files (owner or admin only, never cached), the admin's queue and the price table.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cambioEstadoImpresionRespuestaSchema,
  cambioEstadoImpresionSchema,
  colaFiltrosSchema,
  MENSAJES_IMPRESION as M,
  tarifaImpresionEntradaSchema,
  tarifaImpresionSchema,
  trabajoEnColaSchema,
  trabajoImpresionEntradaSchema,
  trabajoImpresionSchema,
} from '../../domain/impresion';
import { contextoDe } from '../auditoria/auditoria';
import { usuarioRequerido } from '../auth/acceso';
import { Invalido, NoEncontrado, TipoNoSoportado } from '../errors';
import { errorSchema, idParam } from '../http/schemas';
import { cambiarEstado, listarCola } from './cola';
import { guardarTarifa, obtenerTarifa } from './tarifa';
import {
  borrarTrabajo,
  cambiarOpciones,
  obtenerTrabajo,
  rutaDeLaMiniatura,
  rutaDelArchivo,
  subirTrabajo,
  trabajosDeUsuario,
  trabajoVisible,
  type FilaTrabajo,
} from './trabajos';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
const disposicion = (nombre: string) =>
  `inline; filename="${nombre.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(nombre)}`;

export async function impresionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A job's stored file or thumbnail: the owner's or an admin's, never stored by a cache. */
  async function enviarArchivoDe(reply: FastifyReply, fila: FilaTrabajo, cual: 'archivo' | 'miniatura') {
    if (fila.archivoBorrado) throw new NoEncontrado(M.archivoBorrado);
    const ruta = cual === 'archivo' ? rutaDelArchivo(app.impresiones.limites.dir, fila.archivo) : rutaDeLaMiniatura(app.impresiones.limites.dir, fila.archivo);
    const datos = await fs.stat(ruta).catch(() => null);
    if (!datos) throw new NoEncontrado(M.archivoBorrado);
    // Cache-Control: no-store comes with every answer of a route that needs a session (server/auth/plugin.ts).
    reply
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; plugin-types application/pdf")
      .header('Content-Length', datos.size)
      .type(cual === 'archivo' ? 'application/pdf' : 'image/png');
    if (cual === 'archivo') reply.header('Content-Disposition', disposicion(fila.nombreArchivo));
    return reply.send(createReadStream(ruta));
  }

  r.get(
    '/api/impresion',
    {
      config: { acceso: 'usuario' },
      schema: { tags: ['impresiones'], summary: 'Los trabajos de impresión del cliente, del más nuevo al más viejo', response: { 200: z.array(trabajoImpresionSchema), 401: errorSchema } },
    },
    async (request) => trabajosDeUsuario(app.db, usuarioRequerido(request).id),
  );

  r.post(
    '/api/impresion',
    {
      config: { acceso: 'usuario' },
      schema: {
        tags: ['impresiones'],
        summary: 'Sube un PDF para imprimir (multipart, parte `archivo`): responde el trabajo con sus páginas, tamaño, páginas en color, miniatura, opciones y precio',
        description:
          'Hasta IMPRESION_MAX_MB y IMPRESION_MAX_PAGINAS. Un archivo que no es PDF, dañado o protegido con contraseña es un 400 y no se guarda. El PDF se lee en un worker.',
        response: { 201: trabajoImpresionSchema, ...errores, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const usuario = usuarioRequerido(request);
      if (!request.isMultipart()) throw new TipoNoSoportado(M.archivoObligatorio);
      const { maxMb } = app.impresiones.limites;
      const parte = await request.file({ limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 5 } });
      if (!parte) throw new Invalido(M.archivoObligatorio);
      const trabajo = await subirTrabajo(app.db, app.impresiones.pool, app.impresiones.limites, usuario.id, { nombre: parte.filename, contenido: parte.file });
      return reply.code(201).send(trabajo);
    },
  );

  r.get(
    '/api/impresion/cola',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['impresiones'],
        summary: 'La cola de impresión, del más viejo al más nuevo: RECIBIDO, EN_PROCESO y LISTO, o los de `estado`',
        querystring: colaFiltrosSchema,
        response: { 200: z.array(trabajoEnColaSchema), ...errores },
      },
    },
    async (request) => listarCola(app.db, request.query.estado),
  );

  r.get(
    '/api/impresion/:id',
    {
      config: { acceso: 'propio' },
      schema: { tags: ['impresiones'], summary: 'Un trabajo de impresión (de su dueño, o cualquiera para un administrador)', params: idParam, response: { 200: trabajoImpresionSchema, ...errores } },
    },
    async (request) => obtenerTrabajo(app.db, request.params.id, usuarioRequerido(request)),
  );

  r.put(
    '/api/impresion/:id',
    {
      config: { acceso: 'usuario' },
      schema: {
        tags: ['impresiones'],
        summary: 'Cambia las opciones de un trabajo sin pedir (solo su dueño): responde el trabajo con el precio calculado por el servidor',
        params: idParam,
        body: trabajoImpresionEntradaSchema,
        response: { 200: trabajoImpresionSchema, ...errores, 409: errorSchema },
      },
    },
    async (request) => cambiarOpciones(app.db, request.params.id, usuarioRequerido(request), request.body.opciones),
  );

  r.delete(
    '/api/impresion/:id',
    {
      config: { acceso: 'propio' },
      schema: {
        tags: ['impresiones'],
        summary: 'Quita un trabajo sin pedir y borra su archivo (su dueño, o un administrador); uno ya pedido es un 409',
        params: idParam,
        response: { 204: z.null(), ...errores, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await borrarTrabajo(app.db, app.impresiones.limites.dir, request.params.id, usuarioRequerido(request));
      return reply.code(204).send(null);
    },
  );

  for (const cual of ['archivo', 'miniatura'] as const) {
    r.get(
      `/api/impresion/:id/${cual}`,
      {
        config: { acceso: 'propio' },
        schema: {
          tags: ['impresiones'],
          summary: cual === 'archivo' ? 'El PDF del trabajo (su dueño o un administrador; nunca en caché)' : 'La miniatura PNG de la página 1 (su dueño o un administrador)',
          params: idParam,
          response: errores,
        },
      },
      async (request, reply) => enviarArchivoDe(reply, await trabajoVisible(app.db, request.params.id, usuarioRequerido(request)), cual),
    );
  }

  r.put(
    '/api/impresion/:id/estado',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['impresiones'],
        summary: 'Avanza un trabajo: RECIBIDO → EN_PROCESO → LISTO → ENTREGADO (409 si no corresponde). LISTO responde el enlace de WhatsApp y encola el correo',
        params: idParam,
        body: cambioEstadoImpresionSchema,
        response: { 200: cambioEstadoImpresionRespuestaSchema, ...errores, 409: errorSchema },
      },
    },
    async (request) => cambiarEstado(app.db, request.params.id, request.body.estado, contextoDe(request)),
  );

  r.get(
    '/api/tarifaImpresion',
    {
      config: { acceso: 'publico' },
      schema: { tags: ['impresiones'], summary: 'La tarifa de impresión: precio por carilla por color, papel y cantidad; terminaciones', response: { 200: tarifaImpresionSchema } },
    },
    async () => obtenerTarifa(app.db),
  );

  r.put(
    '/api/tarifaImpresion',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['impresiones'],
        summary: 'Guarda la tarifa de impresión (validada; queda en la auditoría)',
        body: tarifaImpresionEntradaSchema,
        response: { 200: tarifaImpresionSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => guardarTarifa(app.db, request.body, contextoDe(request)),
  );
}

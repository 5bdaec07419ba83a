// The catalogue in bulk (docs/decisions/030-catalogo-masivo.md): spreadsheet template, export, import
// (preview, progress, confirmation) and the bulk price update. Admin only.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hoyMendoza } from '../../domain/fechas';
import {
  estadoImportacionSchema,
  formatoQuerySchema,
  MENSAJES_IMPORTACION,
  resultadoImportacionSchema,
  TAMANO_MAXIMO_IMPORTACION,
  TIPO_MIME,
  tokenParam,
  vistaPreviaImportacionSchema,
  type FormatoArchivo,
} from '../../domain/importacion';
import { cambioDePreciosSchema, resultadoCambioDePreciosSchema } from '../../domain/precios-masivos';
import { productoFiltrosSchema } from '../../domain/producto';
import { contextoDe } from '../auditoria/auditoria';
import { usuarioRequerido } from '../auth/acceso';
import { DemasiadoGrande, TipoNoSoportado } from '../errors';
import { errorSchema } from '../http/schemas';
import { confirmarImportacion, estadoImportacion, exportarProductos, plantillaDeProductos, vistaPreviaImportacion } from './importacion';
import { aplicarPrecios, vistaPreviaPrecios } from './precios-masivos';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** The types a browser or a client may give a spreadsheet; the bytes decide which it is. */
const TIPOS_PLANILLA = [TIPO_MIME.xlsx, TIPO_MIME.csv, 'application/vnd.ms-excel', 'application/csv', 'text/plain', 'application/octet-stream'];

/** The raw body, up to the limit (a Content-Length over it is refused before reading). */
async function leerArchivo(request: { headers: Record<string, unknown> }, cuerpo: IncomingMessage): Promise<Buffer> {
  if (Number(request.headers['content-length'] ?? 0) > TAMANO_MAXIMO_IMPORTACION) throw new DemasiadoGrande(MENSAJES_IMPORTACION.archivoGrande);
  const trozos: Buffer[] = [];
  let total = 0;
  for await (const trozo of cuerpo as AsyncIterable<Buffer>) {
    total += trozo.length;
    if (total > TAMANO_MAXIMO_IMPORTACION) throw new DemasiadoGrande(MENSAJES_IMPORTACION.archivoGrande);
    trozos.push(trozo);
  }
  return Buffer.concat(trozos);
}

const enviarArchivo = (reply: FastifyReply, contenido: Buffer, nombre: string, formato: FormatoArchivo) =>
  reply
    .header('content-type', formato === 'csv' ? 'text/csv; charset=utf-8' : TIPO_MIME.xlsx)
    .header('content-disposition', `attachment; filename="${nombre}.${formato}"`)
    .send(contenido);

const exportarQuery = productoFiltrosSchema.omit({ pagina: true, porPagina: true, orden: true }).extend(formatoQuerySchema.shape);

export async function catalogoMasivoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/producto/plantilla',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Plantilla vacía para importar productos (.xlsx o .csv), con las columnas de la importación',
        querystring: formatoQuerySchema,
        response: errores,
      },
    },
    async (request, reply) => enviarArchivo(reply, await plantillaDeProductos(request.query.formato), 'plantilla-productos', request.query.formato),
  );

  r.get(
    '/api/producto/exportar',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Todo el catálogo o el filtro de la grilla en el formato de la importación (.xlsx o .csv), por código',
        querystring: exportarQuery,
        response: errores,
      },
    },
    async (request, reply) => {
      const { formato, ...filtros } = request.query;
      return enviarArchivo(reply, await exportarProductos(app.db, filtros, formato), `productos-${hoyMendoza()}`, formato);
    },
  );

  // The upload reads the body itself (raw bytes, its own limit), in a scope of its own.
  await app.register(async (subida) => {
    subida.addContentTypeParser(TIPOS_PLANILLA, async (request: FastifyRequest, cuerpo: IncomingMessage) => leerArchivo(request, cuerpo));
    subida.addContentTypeParser('*', async () => {
      throw new TipoNoSoportado(MENSAJES_IMPORTACION.tipoNoSoportado);
    });
    subida.withTypeProvider<ZodTypeProvider>().post(
      '/api/producto/importacion',
      {
        config: { acceso: 'admin' },
        schema: {
          tags: ['productos'],
          summary: 'Vista previa de una importación: el cuerpo es el archivo (.xlsx o .csv, hasta 10 MB); no escribe productos',
          description:
            'Cuerpo: los bytes del archivo (Content-Type text/csv o el de .xlsx). `?archivo=` su nombre. Responde las filas a crear, a actualizar (con los campos que cambian) y con errores, y un `token` para confirmar en 30 minutos.',
          querystring: z.object({ archivo: z.string().trim().max(200).default('planilla') }),
          response: { 200: vistaPreviaImportacionSchema, ...errores, 413: errorSchema, 415: errorSchema },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new TipoNoSoportado(MENSAJES_IMPORTACION.tipoNoSoportado);
        return vistaPreviaImportacion(app.db, request.body, request.query.archivo || 'planilla', usuarioRequerido(request).id);
      },
    );
  });

  r.get(
    '/api/producto/importacion/:token',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Estado de una importación (PREVIA, APLICANDO, APLICADA) y filas escritas, para la barra de progreso',
        params: tokenParam,
        response: { 200: estadoImportacionSchema, ...errores, 409: errorSchema },
      },
    },
    async (request) => estadoImportacion(app.db, request.params.token, usuarioRequerido(request).id),
  );

  r.post(
    '/api/producto/importacion/:token/confirmar',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Aplica la vista previa en una transacción; 409 si ya se aplicó, venció o el catálogo cambió desde entonces',
        params: tokenParam,
        response: { 200: resultadoImportacionSchema, ...errores, 409: errorSchema },
      },
    },
    async (request) => confirmarImportacion(app.db, request.params.token, contextoDe(request)),
  );

  r.post(
    '/api/producto/precios/vista-previa',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Cambio de precios en bloque: cuántos productos y las primeras filas con el precio anterior y el nuevo',
        body: cambioDePreciosSchema,
        response: { 200: resultadoCambioDePreciosSchema, ...errores },
      },
    },
    async (request) => vistaPreviaPrecios(app.db, request.body),
  );

  r.post(
    '/api/producto/precios/aplicar',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Aplica el cambio de precios en una transacción; 409 si la cantidad no es la `esperados` de la vista previa',
        body: cambioDePreciosSchema,
        response: { 200: resultadoCambioDePreciosSchema, ...errores, 409: errorSchema },
      },
    },
    async (request) => aplicarPrecios(app.db, request.body, contextoDe(request)),
  );
}

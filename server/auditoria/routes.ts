import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditoriaExportarSchema, auditoriaFiltrosSchema, nombreArchivoAuditoria, paginaAuditoriaSchema } from '../../domain/auditoria';
import { errorSchema } from '../http/schemas';
import { exportarEventos, listarEventos } from './service';

const tags = ['auditoría'];
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** A stream, not a typed JSON answer: sent through the plain reply, as the cash closing's xlsx is. */
const enviarCsv = (reply: FastifyReply, piezas: AsyncGenerator<string>, nombre: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${nombre}"`)
    .send(Readable.from(piezas));

export async function auditoriaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auditoria',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Eventos de la auditoría, el más nuevo primero; filtros usuario, entidad, acción y días de Mendoza; paginada',
        querystring: auditoriaFiltrosSchema,
        response: { 200: paginaAuditoriaSchema, ...errores },
      },
    },
    async (request) => listarEventos(app.db, request.query),
  );

  r.get(
    '/api/auditoria/exportar',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Los eventos de los filtros como CSV (UTF-8 con BOM, separado por punto y coma), el más nuevo primero',
        querystring: auditoriaExportarSchema,
        response: errores,
      },
    },
    async (request, reply) =>
      enviarCsv(reply, await exportarEventos(app.db, request.query), nombreArchivoAuditoria(request.query.desde, request.query.hasta)),
  );
}

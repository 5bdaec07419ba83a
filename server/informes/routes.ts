import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hoyMendoza } from '../../domain/fechas';
import { NOMBRE_ARCHIVO_CIERRE_HOY, nombreArchivoCierre, rangoFechasSchema, resumenInformeSchema } from '../../domain/informe';
import { errorSchema } from '../http/schemas';
import type { CierreCompacto } from './cierre-compacto';
import { PoolXlsx } from './cierre-xlsx-pool';
import { datosDelCierre, resumenInforme } from './service';

const tags = ['informes'];
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function informeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Workers start when the informes screen opens or on the first download, and end when idle
  // (cierre-xlsx-pool.ts).
  const pool = new PoolXlsx({ log: app.log });
  app.addHook('onClose', () => pool.cerrar());

  // The data is read whole before the first byte (the Resumen sheet needs the totals first), and the
  // worker's first bytes are awaited too: a database or worker failure until then is still JSON.
  const enviarXlsx = async (reply: FastifyReply, datos: CierreCompacto, nombre: string) => {
    const libro = await pool.libro(datos);
    return reply
      .header('content-type', TIPO_XLSX)
      .header('content-disposition', `attachment; filename="${nombre}"`)
      .header('cache-control', 'no-store')
      .send(libro);
  };

  r.get(
    '/api/cierre-caja/exportar',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Cierre de caja entre fechas (días de Mendoza, inclusivos): archivo cierre_caja_{desde}_a_{hasta}.xlsx',
        querystring: rangoFechasSchema,
        response: errores,
      },
    },
    async (request, reply) => {
      const { desde, hasta } = request.query;
      return enviarXlsx(reply, await datosDelCierre(app.db, desde, hasta), nombreArchivoCierre(desde, hasta));
    },
  );

  r.get(
    '/api/cierre-caja/exportar-hoy',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Cierre del día (hoy en Mendoza): archivo cierre_caja_hoy.xlsx', response: errores },
    },
    async (_request, reply) => {
      const hoy = hoyMendoza();
      return enviarXlsx(reply, await datosDelCierre(app.db, hoy, hoy), NOMBRE_ARCHIVO_CIERRE_HOY);
    },
  );

  r.get(
    '/api/informes/resumen',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Resumen para los gráficos: ventas y total por día, por forma de pago y productos más vendidos',
        querystring: rangoFechasSchema,
        response: { 200: resumenInformeSchema, ...errores },
      },
    },
    async (request) => {
      // The informes screen asks for this when it opens, and its downloads are one click away.
      pool.preparar();
      return resumenInforme(app.db, request.query.desde, request.query.hasta);
    },
  );
}

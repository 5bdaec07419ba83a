import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MENSAJES } from '../../domain/mensajes';
import {
  agregarPromocionParams,
  eliminarEntreFechasSchema,
  paginaVentasSchema,
  pendientesSchema,
  userIdParam,
  ventaActualizarSchema,
  ventaCrearSchema,
  ventaFiltrosSchema,
  ventaResumenSchema,
  ventaSchema,
} from '../../domain/venta';
import { contextoDe } from '../auditoria/auditoria';
import { asegurarPropio } from '../auth/acceso';
import { errorSchema, idParam } from '../http/schemas';
import { agregarPromocionAVenta } from './pedido';
import {
  actualizarVenta,
  contarPendientes,
  crearVenta,
  duenoDeVenta,
  eliminarVenta,
  eliminarVentasEntreFechas,
  listarVentas,
  obtenerVenta,
  ventasDeUsuario,
} from './service';

const tags = ['ventas'];
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export async function ventaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/venta',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Grilla de ventas: desde/hasta (días de Mendoza, inclusivos), estado, paginada, la más nueva primero',
        querystring: ventaFiltrosSchema,
        response: { 200: paginaVentasSchema, ...errores },
      },
    },
    async (request) => listarVentas(app.db, request.query),
  );

  r.get(
    '/api/venta/pendientes',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Cantidad de ventas PENDIENTE con al menos un detalle (alerta de la barra)', response: { 200: pendientesSchema, ...errores } },
    },
    async () => ({ pendientes: await contarPendientes(app.db) }),
  );

  r.delete(
    '/api/venta/eliminar-entre-fechas',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Elimina las ventas de días completos de Mendoza (00:00:00 a 23:59:59); true si eliminó alguna; 409 sin eliminar nada si hay ventas pagadas con Mercado Pago',
        querystring: eliminarEntreFechasSchema,
        response: { 200: z.boolean(), ...errores },
      },
    },
    async (request) => eliminarVentasEntreFechas(app.db, request.query.desde, request.query.hasta, contextoDe(request)),
  );

  r.get(
    '/api/venta/user/:userId',
    {
      config: { acceso: 'propio' },
      schema: {
        tags,
        summary: 'Compras de un usuario (las propias, o cualquiera para un administrador), la más nueva primero',
        params: userIdParam,
        response: { 200: z.array(ventaResumenSchema), ...errores },
      },
    },
    async (request) => {
      asegurarPropio(request, request.params.userId);
      return ventasDeUsuario(app.db, request.params.userId);
    },
  );

  r.get(
    '/api/venta/:id',
    {
      config: { acceso: 'propio' },
      schema: {
        tags,
        summary: 'Una venta con sus detalles (administrador, o el cliente dueño)',
        params: idParam,
        response: { 200: ventaSchema, ...errores },
      },
    },
    async (request) => {
      asegurarPropio(request, await duenoDeVenta(app.db, request.params.id));
      return obtenerVenta(app.db, request.params.id);
    },
  );

  r.post(
    '/api/venta',
    {
      config: { acceso: 'admin', mensajeNoAutenticado: MENSAJES.noHayUsuarioAutenticado },
      schema: {
        tags,
        summary: 'Crea una venta con sus primeros detalles (en una transacción) o sin ellos; el total se calcula (el enviado se ignora)',
        body: ventaCrearSchema,
        response: { 201: ventaSchema, ...errores },
      },
    },
    async (request, reply) => {
      const creada = await crearVenta(app.db, request.body, contextoDe(request));
      return reply.code(201).send(creada);
    },
  );

  r.put(
    '/api/venta/:id',
    {
      config: { acceso: 'admin', mensajeNoAutenticado: MENSAJES.noHayUsuarioAutenticado },
      schema: {
        tags,
        summary: 'Guarda estado, forma de pago y envío; la fecha no cambia y el total se recalcula; en una venta pagada con Mercado Pago o concluida solo cambia el estado (409)',
        params: idParam,
        body: ventaActualizarSchema,
        response: { 200: ventaSchema, ...errores },
      },
    },
    async (request) => actualizarVenta(app.db, request.params.id, request.body, contextoDe(request)),
  );

  r.delete(
    '/api/venta/:id',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Elimina una venta; si está PENDIENTE sus unidades vuelven al stock; una pagada con Mercado Pago no se elimina (409)',
        params: idParam,
        response: { 204: z.null(), ...errores },
      },
    },
    async (request, reply) => {
      await eliminarVenta(app.db, request.params.id, contextoDe(request));
      return reply.code(204).send(null);
    },
  );

  r.put(
    '/api/promocion/venta/agregar-promocion/:ventaId/:promocionId',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Agrega los productos de una promoción a una venta al precio unitario de la promoción',
        params: agregarPromocionParams,
        response: { 200: ventaSchema, ...errores },
      },
    },
    async (request) => agregarPromocionAVenta(app.db, request.params.ventaId, request.params.promocionId, contextoDe(request)),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detalleActualizarSchema,
  detalleCrearSchema,
  detalleDtoSchema,
  detalleVentaSchema,
  ventaIdParam,
} from '../../domain/venta';
import { contextoDe } from '../auditoria/auditoria';
import { asegurarPropio } from '../auth/acceso';
import { errorSchema, idParam } from '../http/schemas';
import { actualizarDetalle, agregarDetalle, eliminarDetalle, obtenerDetalle } from './detalles';
import { detallesDeVenta, duenoDeVenta } from './service';

const tags = ['detalles de venta'];
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export async function detalleVentaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/detalleVenta/venta/:ventaId',
    {
      config: { acceso: 'propio' },
      schema: {
        tags,
        summary: 'Detalles de una venta (administrador, o el cliente dueño)',
        params: ventaIdParam,
        response: { 200: z.array(detalleVentaSchema), ...errores },
      },
    },
    async (request) => {
      asegurarPropio(request, await duenoDeVenta(app.db, request.params.ventaId));
      return detallesDeVenta(app.db, request.params.ventaId);
    },
  );

  r.get(
    '/api/detalleVenta/:id',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Un detalle de venta', params: idParam, response: { 200: detalleVentaSchema, ...errores } },
    },
    async (request) => obtenerDetalle(app.db, request.params.id),
  );

  r.post(
    '/api/detalleVenta',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Agrega un detalle al precio actual del producto; descuenta stock y recalcula el total',
        body: detalleCrearSchema,
        response: { 201: detalleVentaSchema, ...errores },
      },
    },
    async (request, reply) => {
      const { cantidad, producto, venta } = request.body;
      const creado = await agregarDetalle(app.db, { ventaId: venta.id, productoId: producto.id, cantidad }, contextoDe(request));
      return reply.code(201).send(creado);
    },
  );

  r.post(
    '/api/detalleVenta/dto',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Agrega un detalle por ids; el precioAplicado enviado no se usa (se toma el precio actual)',
        body: detalleDtoSchema,
        response: { 201: detalleVentaSchema, ...errores },
      },
    },
    async (request, reply) => {
      const { cantidad, productoId, ventaId } = request.body;
      const creado = await agregarDetalle(app.db, { ventaId, productoId, cantidad }, contextoDe(request));
      return reply.code(201).send(creado);
    },
  );

  r.put(
    '/api/detalleVenta/:id',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Cambia la cantidad (y opcionalmente el producto); mueve stock y recalcula el total',
        params: idParam,
        body: detalleActualizarSchema,
        response: { 200: detalleVentaSchema, ...errores },
      },
    },
    async (request) => {
      const { cantidad, producto, venta } = request.body;
      return actualizarDetalle(app.db, request.params.id, { cantidad, productoId: producto?.id, ventaId: venta?.id }, contextoDe(request));
    },
  );

  r.delete(
    '/api/detalleVenta/:id',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Elimina un detalle; sus unidades vuelven al stock y el total se recalcula',
        params: idParam,
        response: { 204: z.null(), ...errores },
      },
    },
    async (request, reply) => {
      await eliminarDetalle(app.db, request.params.id, contextoDe(request));
      return reply.code(204).send(null);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detallePromocionInputSchema,
  detallePromocionSchema,
  paginaPromocionesSchema,
  promocionActivaSchema,
  promocionCrearSchema,
  promocionFiltrosSchema,
  promocionSchema,
} from '../../domain/promocion';
import { contextoDe } from '../auditoria/auditoria';
import { errorSchema, idParam } from '../http/schemas';
import {
  agregarDetalle,
  crearPromocion,
  eliminarDetalle,
  eliminarPromocion,
  listarDetalles,
  listarPromociones,
  listarPromocionesActivas,
  obtenerPromocion,
  paginaDePromociones,
} from './service';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export async function promocionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['promociones'];

  r.get(
    '/api/promocion',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Todas las promociones, las más nuevas primero, con sus detalles', response: { 200: z.array(promocionSchema), ...errores } },
    },
    async () => listarPromociones(app.db),
  );

  r.get(
    '/api/promocion/grilla',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Grilla de promociones: paginada, la más nueva primero; q busca en denominación y descripción',
        querystring: promocionFiltrosSchema,
        response: { 200: paginaPromocionesSchema, ...errores },
      },
    },
    async (request) => paginaDePromociones(app.db, request.query),
  );

  r.get(
    '/api/promocion/activas',
    {
      config: { acceso: 'publico' },
      schema: {
        tags,
        summary: 'Promociones vigentes, con productos y no más caras que sus productos por separado, con precio unitario y precio original',
        response: { 200: z.array(promocionActivaSchema) },
      },
    },
    async () => listarPromocionesActivas(app.db),
  );

  r.get(
    '/api/promocion/:id',
    {
      config: { acceso: 'publico' },
      schema: { tags, summary: 'Una promoción con sus detalles', params: idParam, response: { 200: promocionSchema, 400: errorSchema, 404: errorSchema } },
    },
    async (request) => obtenerPromocion(app.db, request.params.id),
  );

  r.post(
    '/api/promocion',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: "Crea una promoción; fechas 'yyyy-MM-dd' (día de Mendoza completo) o ISO",
        body: promocionCrearSchema,
        response: { 201: promocionSchema, ...errores },
      },
    },
    async (request, reply) => reply.code(201).send(await crearPromocion(app.db, request.body, contextoDe(request))),
  );

  r.delete(
    '/api/promocion/:id',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Elimina una promoción y sus detalles', params: idParam, response: { 204: z.null(), ...errores } },
    },
    async (request, reply) => {
      await eliminarPromocion(app.db, request.params.id, contextoDe(request));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/detallePromocion',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Agrega un producto a una promoción; el mismo producto otra vez suma su cantidad',
        body: detallePromocionInputSchema,
        response: { 201: detallePromocionSchema, ...errores },
      },
    },
    async (request, reply) => reply.code(201).send(await agregarDetalle(app.db, request.body, contextoDe(request))),
  );

  r.get(
    '/api/detallePromocion/promocion/:id',
    {
      config: { acceso: 'publico' },
      schema: { tags, summary: 'Los detalles de una promoción', params: idParam, response: { 200: z.array(detallePromocionSchema), 400: errorSchema, 404: errorSchema } },
    },
    async (request) => listarDetalles(app.db, request.params.id),
  );

  r.delete(
    '/api/detallePromocion/:id',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Quita un producto de una promoción; 409 si la dejaría más cara que sus productos por separado',
        params: idParam,
        response: { 204: z.null(), ...errores, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await eliminarDetalle(app.db, request.params.id, contextoDe(request));
      return reply.code(204).send(null);
    },
  );
}

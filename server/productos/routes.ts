import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoriaSchema, paginaProductosSchema, productoFiltrosSchema, productoSchema } from '../../domain/producto';
import { esAdmin } from '../auth/acceso';
import { errorSchema, idParam } from '../http/schemas';
import { listarCategorias, listarProductos, obtenerProducto, sinDatosInternos } from './service';

export async function productoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/producto',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['productos'],
        summary: 'Catálogo paginado con búsqueda, filtros y orden por precio; incluye las marcas distintas',
        querystring: productoFiltrosSchema,
        response: { 200: paginaProductosSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const pagina = await listarProductos(app.db, request.query);
      return esAdmin(request) ? pagina : { ...pagina, items: pagina.items.map(sinDatosInternos) };
    },
  );

  r.get(
    '/api/producto/:id',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['productos'],
        summary: 'Un producto',
        params: idParam,
        response: { 200: productoSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const encontrado = await obtenerProducto(app.db, request.params.id);
      return esAdmin(request) ? encontrado : sinDatosInternos(encontrado);
    },
  );

  r.get(
    '/api/categoria',
    {
      config: { acceso: 'publico' },
      schema: { tags: ['productos'], summary: 'Categorías', response: { 200: z.array(categoriaSchema) } },
    },
    async () => listarCategorias(app.db),
  );
}

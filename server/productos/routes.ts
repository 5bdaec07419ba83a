import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unirMensajes } from '../../domain/mensajes';
import {
  cargaStockRespuestaSchema,
  cargaStockSchema,
  categoriaInputSchema,
  categoriaSchema,
  MENSAJES_PRODUCTO,
  MENSAJES_STOCK,
  paginaProductosSchema,
  productoFiltrosSchema,
  productoGuardarSchema,
  productoSchema,
  stockQuerySchema,
  sugerenciaSchema,
  sugerenciasQuerySchema,
  validarProducto,
} from '../../domain/producto';
import { autocompletarQuerySchema, autocompletarSchema, MENSAJES_SINONIMO, sinonimoInputSchema, sinonimoSchema } from '../../domain/busqueda';
import { contextoDe } from '../auditoria/auditoria';
import { esAdmin } from '../auth/acceso';
import { Invalido } from '../errors';
import { errorSchema, idParam } from '../http/schemas';
import { verificarImagen } from '../uploads/imagenes';
import { campoJson, leerMultipart } from '../uploads/multipart';
import {
  cambiarImagen,
  cargarStock,
  crearCategoria,
  eliminarProducto,
  guardarProducto,
  listarCategorias,
  jsonDePaginaPublica,
  listarProductos,
  listarProductosPublicos,
  obtenerProducto,
  sinDatosInternos,
  sugerirProductos,
} from './service';
import { autocompletar } from './busqueda';
import { crearSinonimo, editarSinonimo, eliminarSinonimo, listarSinonimos } from './sinonimos';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const multipartDoc = {
  consumes: ['multipart/form-data'],
  description:
    "multipart/form-data: parte `producto` (JSON, como campo o como Blob application/json) y parte opcional `imagenFile` (JPEG, PNG o GIF, hasta 5MB). También acepta el producto como cuerpo JSON, sin imagen.",
};

/** The product and the image of a `with-image` request, validated with the product form's rules. */
async function leerProductoConImagen(request: FastifyRequest) {
  let crudo: unknown = request.body;
  let archivo: Buffer | undefined;
  if (request.isMultipart()) {
    const multipart = await leerMultipart(request, ['producto']);
    crudo = campoJson(multipart, 'producto');
    archivo = multipart.archivos.imagenFile;
  }
  const leido = productoGuardarSchema.safeParse(crudo);
  if (!leido.success) {
    const errors = leido.error.issues.map((i) => ({ campo: i.path.join('.'), mensaje: i.message }));
    throw new Invalido(unirMensajes([...new Set(errors.map((e) => e.mensaje))]), errors);
  }
  const validado = validarProducto(leido.data);
  if (!validado.ok) throw new Invalido(unirMensajes(validado.mensajes));
  // The content is checked before anything is written.
  const imagen = archivo ? { contenido: archivo, extension: await verificarImagen(archivo) } : undefined;
  return { id: leido.data.id, stockLeido: leido.data.stockLeido ?? undefined, datos: validado.valor, imagen };
}

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
    async (request, reply) => {
      if (esAdmin(request)) return listarProductos(app.db, request.query);
      // Already the page's JSON (its products as migration 0021 writes them, held to this route's schema
      // by its tests): sent as it is, not parsed and written again.
      const pagina = await listarProductosPublicos(app.db, request.query);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(jsonDePaginaPublica(pagina));
    },
  );

  r.get(
    '/api/producto/autocompletar',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['productos'],
        summary: 'Sugerencias mientras se escribe: hasta 3 marcas y productos, 8 en total, con la búsqueda del catálogo',
        querystring: autocompletarQuerySchema,
        response: { 200: autocompletarSchema, 400: errorSchema },
      },
    },
    async (request) => autocompletar(app.db, request.query.q ?? ''),
  );

  r.get(
    '/api/producto/sugerencias',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: "Sugerencias por nombre o código ('lapiz' encuentra 'Lápiz'); límite 1 a 20, 5 por defecto",
        querystring: sugerenciasQuerySchema,
        response: { 200: z.array(sugerenciaSchema), ...errores },
      },
    },
    async (request) => sugerirProductos(app.db, request.query),
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

  r.post(
    '/api/producto/with-image',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Crea un producto (con imagen opcional); el precio lo calcula el servidor',
        ...multipartDoc,
        response: { 201: productoSchema, ...errores, 409: errorSchema, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const { datos, imagen } = await leerProductoConImagen(request);
      const creado = await guardarProducto(app.db, app.imagenes, { datos, imagen }, contextoDe(request));
      return reply.code(201).send(creado);
    },
  );

  r.put(
    '/api/producto/with-image',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Actualiza un producto (el JSON lleva `id`); una imagen nueva reemplaza y borra la anterior. Con `stockLeido` (el stock que mostraba el formulario) se aplica el cambio hecho (`stock - stockLeido`) al stock del momento',
        ...multipartDoc,
        response: { 200: productoSchema, ...errores, 409: errorSchema, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) => {
      const { id, stockLeido, datos, imagen } = await leerProductoConImagen(request);
      if (id == null) throw new Invalido(MENSAJES_PRODUCTO.idObligatorio);
      return guardarProducto(app.db, app.imagenes, { id, stockLeido, datos, imagen }, contextoDe(request));
    },
  );

  r.delete(
    '/api/producto/:id',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Elimina un producto sin ventas y su imagen',
        params: idParam,
        response: { 204: z.null(), ...errores, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await eliminarProducto(app.db, app.imagenes, request.params.id, contextoDe(request));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/producto/:id/imagen',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Sube o reemplaza la imagen (multipart, un archivo JPEG, PNG o GIF de hasta 5MB)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: productoSchema, ...errores, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) => {
      const { archivos } = await leerMultipart(request);
      const archivo = Object.values(archivos)[0];
      if (!archivo) throw new Invalido(MENSAJES_PRODUCTO.sinImagen);
      const extension = await verificarImagen(archivo);
      return cambiarImagen(app.db, app.imagenes, request.params.id, { contenido: archivo, extension }, contextoDe(request));
    },
  );

  r.delete(
    '/api/producto/:id/imagen',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Quita la imagen del producto y borra el archivo',
        params: idParam,
        response: { 200: productoSchema, ...errores },
      },
    },
    async (request) => cambiarImagen(app.db, app.imagenes, request.params.id, null, contextoDe(request)),
  );

  r.patch(
    '/api/producto/:id/stock',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Suma unidades al stock (movimiento CARGA)',
        params: idParam,
        querystring: stockQuerySchema,
        response: { 200: productoSchema, ...errores },
      },
    },
    async (request) => cargarStock(app.db, { id: request.params.id }, request.query.cantidad, contextoDe(request)),
  );

  r.post(
    '/api/producto/stock',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: "Carga de stock por código de producto: {codigo, cantidad}; responde 'Stock actualizado correctamente'",
        body: cargaStockSchema,
        response: { 200: cargaStockRespuestaSchema, ...errores },
      },
    },
    async (request) => {
      const actualizado = await cargarStock(app.db, { codigo: request.body.codigo }, request.body.cantidad, contextoDe(request));
      return { message: MENSAJES_STOCK.actualizado, producto: actualizado };
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

  r.post(
    '/api/categoria',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Crea una categoría (denominación única)',
        body: categoriaInputSchema,
        response: { 201: categoriaSchema, ...errores, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await crearCategoria(app.db, request.body.denominacion, contextoDe(request))),
  );

  r.get(
    '/api/sinonimo',
    {
      config: { acceso: 'admin' },
      schema: { tags: ['productos'], summary: 'Sinónimos de la búsqueda (birome = bolígrafo)', response: { 200: z.array(sinonimoSchema), ...errores } },
    },
    async () => listarSinonimos(app.db),
  );

  r.post(
    '/api/sinonimo',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Crea un sinónimo; vale en ambos sentidos desde la búsqueda siguiente',
        body: sinonimoInputSchema,
        response: { 201: sinonimoSchema, ...errores, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await crearSinonimo(app.db, request.body, contextoDe(request))),
  );

  r.put(
    '/api/sinonimo/:id',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: ['productos'],
        summary: 'Cambia un sinónimo',
        params: idParam,
        body: sinonimoInputSchema,
        response: { 200: sinonimoSchema, ...errores, 409: errorSchema },
      },
    },
    async (request) => {
      // The body may carry back the id it was answered with, but not another synonym's.
      if (request.body.id != null && request.body.id !== request.params.id) throw new Invalido(MENSAJES_SINONIMO.idDistinto);
      return editarSinonimo(app.db, request.params.id, request.body, contextoDe(request));
    },
  );

  r.delete(
    '/api/sinonimo/:id',
    {
      config: { acceso: 'admin' },
      schema: { tags: ['productos'], summary: 'Elimina un sinónimo', params: idParam, response: { 204: z.null(), ...errores } },
    },
    async (request, reply) => {
      await eliminarSinonimo(app.db, request.params.id, contextoDe(request));
      return reply.code(204).send(null);
    },
  );
}

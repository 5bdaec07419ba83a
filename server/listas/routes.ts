import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  carritoDeListaRespuestaSchema,
  carritoDeListaSchema,
  importacionListaSchema,
  importarListaSchema,
  listaEscolarFiltrosSchema,
  listaEscolarInputSchema,
  listaEscolarSchema,
  listaPublicaFiltrosSchema,
  listaPublicaSchema,
  MENSAJES_LISTA,
  paginaListasEscolaresSchema,
  paginaListasPublicasSchema,
} from '../../domain/lista-escolar';
import { paths } from '../../domain/rutas';
import { contextoDe } from '../auditoria/auditoria';
import { Invalido, NoEncontrado } from '../errors';
import { errorSchema, idParam } from '../http/schemas';
import { importarTexto } from './importar';
import { buscarListasPublicas, carritoDeLista, listaPublicadaResumen, obtenerListaPublica } from './publico';
import {
  crearListaEscolar,
  duplicarListaEscolar,
  editarListaEscolar,
  eliminarListaEscolar,
  obtenerListaEscolar,
  paginaDeListasEscolares,
} from './service';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['listas escolares'];

/** An SVG picture (server/http/cache-http.ts gives it its ETag and Cache-Control). */
const enviarSvg = (reply: FastifyReply, svg: string) => reply.type('image/svg+xml; charset=utf-8').send(svg);

export async function listaEscolarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- Back office ----

  r.get(
    '/api/listaEscolar',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Grilla de listas escolares, con las familias que compraron cada una y las unidades vendidas',
        querystring: listaEscolarFiltrosSchema,
        response: { 200: paginaListasEscolaresSchema, ...errores },
      },
    },
    async (request) => paginaDeListasEscolares(app.db, request.query),
  );

  r.post(
    '/api/listaEscolar/importar',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Lee un texto pegado (un ítem por línea) y propone un producto por línea; no guarda nada',
        body: importarListaSchema,
        response: { 200: importacionListaSchema, ...errores },
      },
    },
    async (request) => importarTexto(app.db, request.body.texto),
  );

  r.get(
    '/api/listaEscolar/:id',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Una lista escolar con sus ítems', params: idParam, response: { 200: listaEscolarSchema, ...errores } },
    },
    async (request) => obtenerListaEscolar(app.db, request.params.id),
  );

  r.post(
    '/api/listaEscolar',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Crea una lista escolar', body: listaEscolarInputSchema, response: { 201: listaEscolarSchema, ...errores } },
    },
    async (request, reply) => reply.code(201).send(await crearListaEscolar(app.db, request.body, contextoDe(request))),
  );

  r.put(
    '/api/listaEscolar/:id',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Cambia una lista escolar: los ítems enviados con id se conservan, los nuevos van sin id y los que faltan se borran',
        params: idParam,
        body: listaEscolarInputSchema,
        response: { 200: listaEscolarSchema, ...errores },
      },
    },
    async (request) => {
      if (request.body.id != null && request.body.id !== request.params.id) throw new Invalido(MENSAJES_LISTA.idDistinto);
      return editarListaEscolar(app.db, request.params.id, request.body, contextoDe(request));
    },
  );

  r.delete(
    '/api/listaEscolar/:id',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Elimina una lista escolar (los pedidos que vinieron de ella la pierden como referencia)', params: idParam, response: { 204: z.null(), ...errores } },
    },
    async (request, reply) => {
      await eliminarListaEscolar(app.db, request.params.id, contextoDe(request));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/listaEscolar/:id/duplicar',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Copia la lista para el año lectivo siguiente, sin publicar', params: idParam, response: { 201: listaEscolarSchema, ...errores } },
    },
    async (request, reply) => reply.code(201).send(await duplicarListaEscolar(app.db, request.params.id, contextoDe(request))),
  );

  // ---- Families (published lists only) ----

  r.get(
    '/api/lista',
    {
      config: { acceso: 'publico' },
      schema: {
        tags,
        summary: 'Listas publicadas: por nombre de escuela (sin distinguir mayúsculas ni acentos), localidad y nivel',
        querystring: listaPublicaFiltrosSchema,
        response: { 200: paginaListasPublicasSchema, 400: errorSchema },
      },
    },
    async (request) => buscarListasPublicas(app.db, request.query),
  );

  r.get(
    '/api/lista/:id',
    {
      config: { acceso: 'publico' },
      schema: {
        tags,
        summary: 'Una lista publicada: cada ítem con su producto (o la alternativa con stock), precio y disponibilidad, y el total',
        params: idParam,
        response: { 200: listaPublicaSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => obtenerListaPublica(app.db, request.params.id),
  );

  r.post(
    '/api/lista/:id/carrito',
    {
      config: { acceso: 'publico' },
      schema: {
        tags,
        summary:
          'Qué agregar al carrito por los ítems marcados, con el stock de ahora y lo que el carrito ya tiene; qué falta y por qué. No guarda nada',
        params: idParam,
        body: carritoDeListaSchema,
        response: { 200: carritoDeListaRespuestaSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => carritoDeLista(app.db, request.params.id, request.body),
  );

  r.get(
    '/api/lista/:id/qr.svg',
    {
      config: { acceso: 'publico' },
      schema: {
        tags,
        summary: 'Código QR (SVG) de la dirección pública de la lista, para imprimir',
        params: idParam,
        produces: ['image/svg+xml'],
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const lista = await listaPublicadaResumen(app.db, request.params.id);
      if (!lista) throw new NoEncontrado(MENSAJES_LISTA.noEncontrada);
      const svg = await QRCode.toString(`${app.config.PUBLIC_URL}${paths.lista(lista.id)}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return enviarSvg(reply, svg);
    },
  );
}

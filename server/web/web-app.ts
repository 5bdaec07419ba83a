import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MENSAJES } from '../../domain/mensajes';
import { TITULO_INICIO, TITULO_NO_ENCONTRADA, tituloCompleto, tituloDeRuta } from '../../domain/titulos';
import { conAcceso } from '../auth/plugin';
import { cuerpoComprimible, enviarComprimible, type CuerpoComprimible } from '../http/cuerpo-comprimible';
import { crearPrerender } from './prerender';
import { conTitulo, registrarVistaPrevia } from './vista-previa';

/** index.html with a title per page: a few dozen titles, but ids can make more (`Venta nro 12`); kept up to this many. */
const MAXIMO_TITULADAS = 200;

/**
 * Serves the built React app: hashed assets cached for a year, every other path gets index.html, with
 * the storefront pages drawn in by the prerender module when there is one (server/web/prerender.ts).
 */
export const webApp = fp(
  async (app: FastifyInstance, opciones: { webDir: string; prerender?: string }) => {
    const indexHtml = await fs.readFile(path.join(opciones.webDir, 'index.html'), 'utf8');

    await app.register(
      conAcceso('contenido', fastifyStatic, {
        root: opciones.webDir,
        prefix: '/',
        index: false,
        wildcard: false,
        setHeaders: (res, rutaArchivo) => {
          const hasheado = rutaArchivo.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', hasheado ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      }),
    );

    const prerenderizar = await crearPrerender(app, opciones.prerender);
    const indexComprimible = cuerpoComprimible(indexHtml);
    // Compressed here, not by @fastify/compress: the not-found handler, which serves most pages, never
    // gets its hooks, and a drawn page is compressed once per encoding while it is kept.
    /** index.html titled for each page of the app (domain/titulos.ts), compressed once per title. */
    const tituladas = new Map<string, { html: string; comprimible: CuerpoComprimible }>();
    const indexTitulado = (titulo: string | null) => {
      if (!titulo || titulo === TITULO_INICIO) return { html: indexHtml, comprimible: indexComprimible };
      let titulada = tituladas.get(titulo);
      if (!titulada) {
        if (tituladas.size >= MAXIMO_TITULADAS) tituladas.clear();
        const html = conTitulo(indexHtml, titulo);
        titulada = { html, comprimible: cuerpoComprimible(html) };
        tituladas.set(titulo, titulada);
      }
      return titulada;
    };

    const enviarIndex = async (request: FastifyRequest, reply: FastifyReply, html?: string) => {
      const titulada = html === undefined ? indexTitulado(tituloDeRuta(request.url.split('?')[0] ?? '/')) : null;
      const base = html ?? titulada!.html;
      const dibujada = request.method === 'GET' ? await prerenderizar(request.url, base) : null;
      const pagina = dibujada ?? titulada?.comprimible ?? cuerpoComprimible(base);
      return enviarComprimible(request, reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8'), pagina);
    };

    /**
     * A page no route of the app shows (or a product that does not exist): 404, so that search engines
     * and link previews do not take it for a page, with the app (it shows 'Página no encontrada') and that title.
     */
    const enviarNoEncontrada = async (request: FastifyRequest, reply: FastifyReply, titulo = TITULO_NO_ENCONTRADA) => {
      const pagina = titulo === TITULO_NO_ENCONTRADA ? indexTitulado(tituloCompleto(titulo)).comprimible : cuerpoComprimible(conTitulo(indexHtml, tituloCompleto(titulo)));
      return enviarComprimible(request, reply.code(404).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8'), pagina);
    };

    app.decorate('enviarIndex', enviarIndex);
    app.decorate('enviarNoEncontrada', enviarNoEncontrada);
    registrarVistaPrevia(app, indexHtml);

    app.setNotFoundHandler((request, reply) => {
      const esPagina = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
      const pideArchivo = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
      if (esPagina && !pideArchivo && !request.url.startsWith('/uploads/')) {
        // Known routes answer 200, the protected ones too (their guard sends to /login in the browser).
        return tituloDeRuta(request.url.split('?')[0] ?? '/') === null ? enviarNoEncontrada(request, reply) : enviarIndex(request, reply);
      }
      return reply.code(404).send({ message: MENSAJES.recursoNoEncontrado });
    });
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** index.html with the page's title (or `html`, e.g. with a page's metadata), with the page drawn in when it is a storefront page. */
    enviarIndex: (request: FastifyRequest, reply: FastifyReply, html?: string) => Promise<FastifyReply>;
    /** 404 with the app and the title `titulo` ('Página no encontrada' by default). */
    enviarNoEncontrada: (request: FastifyRequest, reply: FastifyReply, titulo?: string) => Promise<FastifyReply>;
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MENSAJES } from '../../domain/mensajes';
import { conAcceso } from '../auth/plugin';
import { cuerpoComprimible, enviarComprimible } from '../http/cuerpo-comprimible';
import { crearPrerender } from './prerender';
import { registrarVistaPrevia } from './vista-previa';

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
    const enviarIndex = async (request: FastifyRequest, reply: FastifyReply, html = indexHtml) => {
      const dibujada = request.method === 'GET' ? await prerenderizar(request.url, html) : null;
      const pagina = dibujada ?? (html === indexHtml ? indexComprimible : cuerpoComprimible(html));
      return enviarComprimible(request, reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8'), pagina);
    };

    app.decorate('enviarIndex', enviarIndex);
    registrarVistaPrevia(app, indexHtml);

    app.setNotFoundHandler((request, reply) => {
      const esPagina = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
      const pideArchivo = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
      if (esPagina && !pideArchivo && !request.url.startsWith('/uploads/')) return enviarIndex(request, reply);
      return reply.code(404).send({ message: MENSAJES.recursoNoEncontrado });
    });
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** index.html (or `html`, e.g. with a page's metadata), with the page drawn in when it is a storefront page. */
    enviarIndex: (request: FastifyRequest, reply: FastifyReply, html?: string) => Promise<FastifyReply>;
  }
}

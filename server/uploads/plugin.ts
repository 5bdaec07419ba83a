import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { almacenEnDisco, type AlmacenImagenes } from './imagenes';

declare module 'fastify' {
  interface FastifyInstance {
    imagenes: AlmacenImagenes;
  }
}

/** Decorates the app with the image store; swapping it (object storage) changes only this file. */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, opciones: { almacen?: AlmacenImagenes }) => {
    app.decorate('imagenes', opciones.almacen ?? almacenEnDisco(app.config.UPLOADS_DIR));
  },
  { name: 'uploads' },
);

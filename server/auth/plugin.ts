import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { buscarUsuarioDeSesion, COOKIE_SESION } from './sesiones';
import { type Acceso, verificarAcceso } from './acceso';

export interface RutaApi {
  method: string;
  url: string;
  acceso: Acceso;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access rule: the authorization matrix test is generated from it. */
    rutasApi: RutaApi[];
  }
}

/** Loads the session's user on every API request and enforces each route's declared `acceso`. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('rutasApi', [] as RutaApi[]);
    app.decorateRequest('usuario', null);

    app.addHook('onRoute', (ruta) => {
      if (!ruta.url.startsWith('/api/') || ruta.url.startsWith('/api/docs')) return;
      const acceso = ruta.config?.acceso;
      if (!acceso) throw new Error(`La ruta ${String(ruta.method)} ${ruta.url} no declara config.acceso`);
      for (const method of [ruta.method].flat()) {
        if (method !== 'HEAD') app.rutasApi.push({ method, url: ruta.url, acceso });
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[COOKIE_SESION];
      if (token) request.usuario = await buscarUsuarioDeSesion(app.db, token, app.config);
      verificarAcceso(request, reply);
    });
  },
  { name: 'auth', dependencies: ['db', '@fastify/cookie'] },
);

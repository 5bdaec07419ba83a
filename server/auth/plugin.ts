import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Prohibido } from '../errors';
import { ACCESOS, type Acceso, requiereSesion, verificarAcceso } from './acceso';
import { buscarUsuarioDeSesion, COOKIE_SESION } from './sesiones';

export interface RutaApi {
  method: string;
  url: string;
  acceso: Acceso;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route but plain content, with its access rule: the authorization matrix and docs/api.md come from it. */
    rutasApi: RutaApi[];
  }
}

const accesoValido = (valor: unknown): valor is Acceso => (ACCESOS as readonly unknown[]).includes(valor);

/**
 * Registers a plugin of someone else's (static files, the API docs) with one access for every route it
 * declares, as if each route had stated it in its own options.
 */
export function conAcceso<Opciones extends object>(
  acceso: Acceso,
  plugin: FastifyPluginAsync<Opciones> | FastifyPluginCallback<Opciones>,
  opciones: Opciones,
): FastifyPluginAsync {
  return async (contexto) => {
    contexto.addHook('onRoute', (ruta) => {
      ruta.config = { ...ruta.config, acceso: ruta.config?.acceso ?? acceso };
    });
    await contexto.register(plugin as FastifyPluginAsync<Opciones>, opciones);
  };
}

/**
 * Enforces each route's declared `config.acceso` from the route that matched, whatever the text of the
 * URL (docs/decisions/016-acceso-por-ruta.md): loads the session's user when the route needs one and
 * answers 401/403 before the body is read. Registered before every route, so it sees them all.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('rutasApi', [] as RutaApi[]);
    app.decorateRequest('usuario', null);

    // Collected as declared and checked once every plugin has had its say (`conAcceso` stamps routes
    // in an onRoute hook that runs after this one).
    const declaradas: RouteOptions[] = [];
    app.addHook('onRoute', (ruta) => void declaradas.push(ruta));
    app.addHook('onReady', async () => {
      const sinAcceso = declaradas.filter((r) => !accesoValido(r.config?.acceso)).map((r) => `${String(r.method)} ${r.url}`);
      if (sinAcceso.length > 0) throw new Error(`Rutas que no declaran config.acceso: ${sinAcceso.join(', ')}`);
      for (const ruta of declaradas) {
        const acceso = ruta.config!.acceso!;
        if (acceso === 'contenido') continue;
        for (const method of [ruta.method].flat()) {
          if (method !== 'HEAD') app.rutasApi.push({ method, url: ruta.url, acceso });
        }
      }
    });

    app.addHook('onRequest', async (request) => {
      // No route matched: the not-found handler answers, and no route's code runs.
      if (request.is404) return;
      const acceso = request.routeOptions.config.acceso;
      // Unreachable (the app does not start with such a route); closed rather than open all the same.
      if (!accesoValido(acceso)) throw new Prohibido();
      if (acceso === 'contenido') return;
      const token = request.cookies[COOKIE_SESION];
      if (token) request.usuario = await buscarUsuarioDeSesion(app.db, token, app.config);
      verificarAcceso(request, acceso);
    });

    // Someone's data or a session's: no browser or proxy keeps a copy.
    app.addHook('onSend', (request, reply, payload, done) => {
      const { acceso, privada } = request.routeOptions.config;
      if (privada || (accesoValido(acceso) && requiereSesion(acceso))) reply.header('Cache-Control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'auth', dependencies: ['db', '@fastify/cookie'] },
);

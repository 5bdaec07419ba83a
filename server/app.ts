import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mensajeDeCamposDesconocidos } from '../domain/contratos';
import { MENSAJES } from '../domain/mensajes';
import { TAMANO_MAXIMO_IMAGEN } from '../domain/producto';
import { auditoriaRoutes } from './auditoria/routes';
import { authPlugin, conAcceso } from './auth/plugin';
import { authRoutes } from './auth/routes';
import type { Config } from './config';
import { correoPlugin } from './correo/plugin';
import type { BaseDeDatos, Db } from './db/client';
import { cabecerasDeHelmet, cabecerasSeguridad, ponerCabecerasDeSeguridad } from './http/cabeceras-seguridad';
import { erroresDelCliente } from './http/errores-del-cliente';
import { erroresDelMarco } from './http/errores-del-marco';
import { cacheHttp } from './http/cache-http';
import { hijoPerezoso, opcionesDeLog } from './http/log';
import { controlDeLog } from './http/log-pedidos';
import { mismoOrigen } from './http/mismo-origen';
import { rutaCanonica } from './http/ruta-canonica';
import { textoValido } from './http/texto-valido';
import { registrarManejoDeErrores } from './http/manejar-errores';
import { serializadorDeRespuestas } from './http/serializador';
import { configRoutes } from './http/config-routes';
import { impresionesPlugin } from './impresiones/plugin';
import { impresionRoutes } from './impresiones/routes';
import { informeRoutes } from './informes/routes';
import { listaEscolarRoutes } from './listas/routes';
import { avisosEntreInstancias } from './operacion/avisos-entre-instancias';
import { metricas, metricasRoutes } from './operacion/metricas';
import { saludRoutes } from './operacion/salud';
import { pagosPlugin } from './pagos/plugin';
import { pagosRoutes } from './pagos/routes';
import { catalogoMasivoRoutes } from './productos/catalogo-masivo-routes';
import { olvidarSinonimos } from './productos/busqueda';
import { productoRoutes } from './productos/routes';
import { promocionRoutes } from './promociones/routes';
import { uploadsPlugin } from './uploads/plugin';
import { variantesRoutes } from './uploads/variantes';
import { cuentaRoutes } from './usuarios/cuenta-routes';
import { usuarioRoutes } from './usuarios/routes';
import { detalleVentaRoutes } from './ventas/detalle-routes';
import { pedidoRoutes } from './ventas/pedido-routes';
import { ventaRoutes } from './ventas/routes';
import { webApp } from './web/web-app';

// Spanish messages; an unknown body field names itself ('Campo desconocido: observaciones').
z.config({ ...z.locales.es(), customError: mensajeDeCamposDesconocidos });

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    base: BaseDeDatos;
  }
}

export interface AppDeps {
  config: Config;
  base: BaseDeDatos;
  logger?: FastifyServerOptions['logger'];
  /** The built web app (index.html and assets); omitted in API tests. */
  webDir?: string;
  /** The built prerender module (dist/ssr/entry-server.js): storefront pages arrive drawn. */
  prerender?: string;
  /**
   * Seconds public reads stay in memory (server/http/cache-http.ts); 0 or omitted (API tests): every
   * request reaches the database. `main.ts` passes CACHE_API_SEGUNDOS.
   */
  cacheApiSegundos?: number;
  /** Tests only: hooks added here run on every route (a hook added after a route is registered may not). */
  antesDeLasRutas?: (app: FastifyInstance) => void;
}

/** TRUST_PROXY as fastify takes it: a hop count becomes the function proxy-addr would build from it. */
function confianzaEnProxies(valor: Config['TRUST_PROXY']): boolean | string[] | ((direccion: string, salto: number) => boolean) {
  return typeof valor === 'number' ? (_direccion, salto) => salto < valor : valor;
}

/** helmet's options: the security headers of every answer (server/http/cabeceras-seguridad.ts). */
const OPCIONES_HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'script-src': ["'self'"],
      'frame-src': ['https://www.openstreetmap.org'],
      'connect-src': ["'self'"],
      'form-action': ["'self'", 'https://www.mercadopago.com.ar', 'https://www.mercadopago.com'],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Not helmet's no-referrer: with it a form posted from the shop's own page says `Origin: null`.
  // same-origin still tells other sites nothing.
  referrerPolicy: { policy: 'same-origin' },
};

/** Builds the whole app without listening: `main.ts` listens, tests call it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const cabecerasHelmet = cabecerasDeHelmet(OPCIONES_HELMET);
  const app = Fastify({
    // Whatever level and stream it is given, a logger hides secrets and personal data and logs
    // errors without their SQL parameters (server/http/log.ts).
    logger: deps.logger ? { ...(deps.logger === true ? {} : deps.logger), ...opcionesDeLog } : false,
    // Each request's logger is made when it first logs something (server/http/log.ts); without a
    // logger Fastify hands every request the null logger itself.
    ...(deps.logger ? { childLoggerFactory: hijoPerezoso } : {}),
    // One line per request, at LOG_PEDIDOS's level (server/http/log-pedidos.ts).
    logController: controlDeLog(deps.config.LOG_PEDIDOS),
    bodyLimit: 1024 * 1024,
    trustProxy: confianzaEnProxies(deps.config.TRUST_PROXY),
    // Fastify's defaults hold a request that never finishes forever (requestTimeout 0).
    requestTimeout: deps.config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: deps.config.HTTP_CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: deps.config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: deps.config.HTTP_HEADERS_TIMEOUT_MS,
      // Node looks for requests past their limits this often (30 s by default): a quarter of the
      // shortest limit, so a request is cut within 25 % of it.
      connectionsCheckingInterval: Math.min(30_000, Math.floor(Math.min(deps.config.HTTP_REQUEST_TIMEOUT_MS, deps.config.HTTP_HEADERS_TIMEOUT_MS) / 4)),
    },
    routerOptions: { ignoreTrailingSlash: true },
    // A path Fastify cannot decode, or a parameter too long: the shop's answer, not Fastify's English one.
    frameworkErrors: erroresDelMarco(ponerCabecerasDeSeguridad(cabecerasHelmet)),
    // And what Node's parser refuses before Fastify (a lowercase method, headers past 16 KB, a timeout).
    clientErrorHandler: erroresDelCliente(cabecerasHelmet),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas without transforms are compiled and parsed, not encoded (server/http/serializador.ts).
  app.setSerializerCompiler(serializadorDeRespuestas);
  registrarManejoDeErrores(app);

  app.decorate('config', deps.config);
  await app.register(
    fp(
      async (instancia) => {
        instancia.decorate('base', deps.base);
        instancia.decorate('db', deps.base.db);
      },
      { name: 'db' },
    ),
  );

  // helmet's headers, worked out once at start (server/http/cabeceras-seguridad.ts).
  await app.register(cabecerasSeguridad, OPCIONES_HELMET);
  // Before anything reads the path or the body: one spelling per path, writes only from the shop's pages.
  await app.register(rutaCanonica);
  await app.register(mismoOrigen);
  // Before any handler or query: texts PostgreSQL cannot keep as sent (NUL, lone surrogates) are a 400.
  await app.register(textoValido);
  // Before compress: its onSend hook must see the serialized JSON to tag it with an ETag.
  await app.register(cacheHttp, { segundos: deps.cacheApiSegundos ?? 0 });
  // Writes through other instances empty this one's memory too (PostgreSQL LISTEN/NOTIFY).
  await app.register(avisosEntreInstancias);
  // A synonym changed through another instance reaches this one's searches with its notice.
  app.cacheRespuestas.alInvalidar(() => olvidarSinonimos(deps.base.db));
  // Before every route, so its hooks see them all; the route itself exists only with a token.
  if (deps.config.METRICS_TOKEN) await app.register(metricas);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: TAMANO_MAXIMO_IMAGEN, files: 1, fields: 10 } });
  // Before every route: it checks that each one declares its access, and enforces it.
  await app.register(authPlugin);
  // Before the routes: its onResponse hook wakes the sender after a request that queued a message.
  await app.register(correoPlugin);
  deps.antesDeLasRutas?.(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API de la librería',
        description: 'API de la tienda online y del back office. Los mensajes de error están en español.',
        version: '1.0.0',
      },
    },
    // Each operation says who may call it, from the route's own declaration (docs/api.md is drawn from it).
    transform: (datos) => {
      const transformado = jsonSchemaTransform(datos);
      return { ...transformado, schema: { ...transformado.schema, 'x-acceso': datos.route.config?.acceso } };
    },
  });
  await app.register(conAcceso('contenido', swaggerUi, { routePrefix: '/api/docs' }));

  await app.register(uploadsPlugin);
  await app.register(saludRoutes);
  if (deps.config.METRICS_TOKEN) await app.register(metricasRoutes, { token: deps.config.METRICS_TOKEN });
  await app.register(authRoutes);
  await app.register(configRoutes);
  await app.register(productoRoutes);
  await app.register(catalogoMasivoRoutes);
  await app.register(promocionRoutes);
  await app.register(usuarioRoutes);
  await app.register(cuentaRoutes);
  await app.register(ventaRoutes);
  await app.register(detalleVentaRoutes);
  await app.register(pedidoRoutes);
  await app.register(informeRoutes);
  await app.register(pagosPlugin);
  await app.register(pagosRoutes);
  await app.register(auditoriaRoutes);
  await app.register(listaEscolarRoutes);
  // Online printing (issue 21): the PDF readers' pool and the routes; files are never served statically.
  await app.register(impresionesPlugin);
  await app.register(impresionRoutes);

  fs.mkdirSync(deps.config.UPLOADS_DIR, { recursive: true });
  await app.register(
    conAcceso('contenido', fastifyStatic, {
      root: deps.config.UPLOADS_DIR,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Uploaded files get generated names that never change: they can be cached for good.
      maxAge: '365d',
      immutable: true,
      setHeaders: (res) => {
        res.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      },
    }),
  );
  // Product images resized to WebP for srcset (server/uploads/variantes.ts).
  await app.register(variantesRoutes);

  if (deps.webDir && fs.existsSync(path.join(deps.webDir, 'index.html'))) {
    await app.register(webApp, { webDir: deps.webDir, prerender: deps.prerender });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MENSAJES.recursoNoEncontrado }));
  }

  return app;
}

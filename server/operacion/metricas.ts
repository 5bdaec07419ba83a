import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LECTURAS_PUBLICAS } from '../http/cache-http';

const huella = (texto: string) => createHash('sha256').update(texto).digest();

/** The bearer token, compared in constant time (hashed first, so lengths never differ). */
export function tokenValido(cabecera: string | undefined, token: string): boolean {
  const m = /^Bearer ([^\s]+)$/i.exec(cabecera ?? '');
  return Boolean(m) && timingSafeEqual(huella(m![1]!), huella(token));
}

/** A request that matched no route is labelled as one route, never by its URL (unbounded labels). */
const SIN_RUTA = 'sin_ruta';
const RUTAS_DE_LOGIN = new Set(['/api/auth/login', '/api/auth/login/codigo']);
const RUTA_PEDIDO = '/api/pedido';

declare module 'fastify' {
  interface FastifyInstance {
    registroMetricas: Registry;
  }
  interface FastifyRequest {
    /** The route's handler ran (false: a cache or a hook answered before it). */
    llegoAlHandler: boolean;
  }
}

/**
 * Prometheus metrics of this process (prom-client, a registry of its own per app): requests and their
 * latency per route pattern, orders and their 409s, login failures, memory-cache hits, the PostgreSQL
 * pool, and Node's defaults (event-loop lag, memory, GC). Orders and payments by state are counted in
 * the database at scrape time. `GET /metrics` answers only with `Authorization: Bearer METRICS_TOKEN`;
 * anything else is the not-found answer of any unknown path (`metricasRoutes`). Both registered only
 * when METRICS_TOKEN is set: hooks before every route, so they see them all; the route after the auth plugin.
 */
export const metricas = fp(
  async (app: FastifyInstance) => {
    const registro = new Registry();
    collectDefaultMetrics({ register: registro, eventLoopMonitoringPrecision: 20 });

    const peticiones = new Counter({
      name: 'http_requests_total',
      help: 'Pedidos HTTP atendidos, por método, patrón de ruta y estado',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registro],
    });
    const duracion = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Tiempo de respuesta por método y patrón de ruta',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registro],
    });
    const pedidos = new Counter({
      name: 'tienda_pedidos_total',
      help: 'Pedidos del carrito aceptados (201), por forma de pago',
      labelNames: ['forma_pago'] as const,
      registers: [registro],
    });
    const conflictos = new Counter({
      name: 'tienda_conflictos_total',
      help: 'Respuestas 409 (sin stock, límites de pedidos, pagos ya hechos), por ruta',
      labelNames: ['route'] as const,
      registers: [registro],
    });
    const loginFallidos = new Counter({
      name: 'tienda_login_fallidos_total',
      help: 'Inicios de sesión rechazados (401 contraseña o código incorrecto, 429 demasiados intentos)',
      labelNames: ['status'] as const,
      registers: [registro],
    });
    const cache = new Counter({
      name: 'tienda_cache_lecturas_total',
      help: 'Lecturas públicas del catálogo respondidas desde la memoria (acierto) o desde la base (fallo)',
      labelNames: ['route', 'resultado'] as const,
      registers: [registro],
    });

    // Orders and payments by state: one grouped count per scrape, not a hook in the order services.
    // Registered (and so collected) before `pagos`: its collect fills both from one grouped count.
    const pagos = new Gauge({ name: 'tienda_pagos', help: 'Ventas con Mercado Pago por estado del pago', labelNames: ['estado_pago'] as const, registers: [] });
    new Gauge({
      name: 'tienda_ventas',
      help: 'Ventas por forma de pago y estado',
      labelNames: ['forma_pago', 'estado'] as const,
      registers: [registro],
      async collect() {
        this.reset();
        pagos.reset();
        try {
          const r = await app.db.execute(
            sql`select forma_pago::text as forma_pago, estado_venta::text as estado_venta, estado_pago::text as estado_pago, count(*)::int as n from venta group by 1, 2, 3`,
          );
          const filas = (r as unknown as { rows: Array<{ forma_pago: string; estado_venta: string; estado_pago: string | null; n: number }> }).rows;
          for (const f of filas) {
            this.inc({ forma_pago: f.forma_pago, estado: f.estado_venta }, f.n);
            if (f.estado_pago) pagos.inc({ estado_pago: f.estado_pago }, f.n);
          }
        } catch (error) {
          app.log.warn({ err: error }, 'métricas: no se pudieron contar las ventas');
        }
      },
    });
    registro.registerMetric(pagos);

    if (app.base.motor === 'postgres') {
      const pool = (app.base.db as unknown as { $client: pg.Pool }).$client;
      const gaugePool = (name: string, help: string, valor: () => number) =>
        new Gauge({
          name,
          help,
          registers: [registro],
          collect() {
            this.set(valor());
          },
        });
      gaugePool('tienda_db_pool_conexiones', 'Conexiones abiertas del pool de PostgreSQL', () => pool.totalCount);
      gaugePool('tienda_db_pool_libres', 'Conexiones libres del pool de PostgreSQL', () => pool.idleCount);
      gaugePool('tienda_db_pool_esperando', 'Consultas esperando una conexión del pool', () => pool.waitingCount);
    }

    // Label children looked up once per combination: a request costs two map reads and two increments.
    const hijosPeticiones = new Map<string, { contar: () => void; observar: (s: number) => void }>();
    const hijoDe = (method: string, route: string, status: number) => {
      const clave = `${method} ${route} ${status}`;
      let h = hijosPeticiones.get(clave);
      if (!h) {
        const c = peticiones.labels(method, route, String(status));
        const d = duracion.labels(method, route);
        h = { contar: () => c.inc(), observar: (s) => d.observe(s) };
        hijosPeticiones.set(clave, h);
      }
      return h;
    };

    app.decorateRequest('llegoAlHandler', false);
    app.addHook('preHandler', (request, _reply, done) => {
      request.llegoAlHandler = true;
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.is404 ? SIN_RUTA : (request.routeOptions.url ?? SIN_RUTA);
      const status = reply.statusCode;
      const h = hijoDe(request.method, route, status);
      h.contar();
      h.observar(reply.elapsedTime / 1000);
      if (status === 409) conflictos.inc({ route });
      if (request.method === 'POST') {
        if (route === RUTA_PEDIDO && status === 201) pedidos.inc({ forma_pago: formaPagoDe(request) });
        else if (RUTAS_DE_LOGIN.has(route) && (status === 401 || status === 429)) loginFallidos.inc({ status: String(status) });
      } else if (request.method === 'GET' && LECTURAS_PUBLICAS[route] && app.cacheRespuestas.segundos > 0 && (status === 200 || status === 304)) {
        cache.inc({ route, resultado: request.llegoAlHandler ? 'fallo' : 'acierto' });
      }
      done();
    });

    app.decorate('registroMetricas', registro);
  },
  { name: 'metricas', dependencies: ['db', 'cache-http'] },
);

function formaPagoDe(request: FastifyRequest): string {
  const forma = (request.body as { formaPago?: unknown } | undefined)?.formaPago;
  return typeof forma === 'string' ? forma : 'desconocida';
}

/** GET /metrics, guarded by the bearer token (after the auth plugin, like every route). */
export async function metricasRoutes(app: FastifyInstance, { token }: { token: string }) {
  app.get(
    '/metrics',
    {
      // Depends on no session: none is read. The bearer token below is what guards it.
      config: { acceso: 'contenido' },
      logLevel: 'warn',
      schema: { hide: true },
      onRequest: async (request, reply) => {
        // Only this exact spelling (no trailing slash) and only with the token; anything else is a path that does not exist.
        const camino = (request.raw.url ?? '').split('?')[0];
        if (camino !== '/metrics' || !tokenValido(request.headers.authorization, token)) {
          reply.callNotFound();
          return reply;
        }
      },
    },
    async (_request, reply) => {
      const texto = await app.registroMetricas.metrics();
      return reply.header('Cache-Control', 'no-store').type(app.registroMetricas.contentType).send(texto);
    },
  );
}

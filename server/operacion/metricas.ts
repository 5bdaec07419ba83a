import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { LECTURAS_PUBLICAS } from '../http/cache-http';
import { HistogramaPorRuta } from './histograma-por-ruta';

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
    /** Every route pattern's counts (see the hooks below). */
    const rutas: Rutas[] = [];
    collectDefaultMetrics({ register: registro, eventLoopMonitoringPrecision: 20 });

    new Counter({
      name: 'http_requests_total',
      help: 'Pedidos HTTP atendidos, por método, patrón de ruta y estado',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registro],
      // Counted per route by the hooks below; added here at each scrape.
      collect() {
        for (const r of rutas) {
          for (const [method, m] of r.porMetodo) {
            for (const [status, n] of m.porEstado) {
              if (n > 0) this.inc({ method, route: r.route, status: String(status) }, n);
              m.porEstado.set(status, 0);
            }
          }
        }
      },
    });
    const duracion = new HistogramaPorRuta({
      name: 'http_request_duration_seconds',
      help: 'Tiempo de respuesta por método y patrón de ruta',
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
    new Counter({
      name: 'tienda_cache_lecturas_total',
      help: 'Lecturas públicas del catálogo respondidas desde la memoria (acierto) o desde la base (fallo)',
      labelNames: ['route', 'resultado'] as const,
      registers: [registro],
      collect() {
        for (const r of rutas) {
          if (r.aciertos > 0) this.inc({ route: r.route, resultado: 'acierto' }, r.aciertos);
          if (r.fallos > 0) this.inc({ route: r.route, resultado: 'fallo' }, r.fallos);
          r.aciertos = 0;
          r.fallos = 0;
        }
      },
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

    // A request costs a few plain increments (docs/decisions/029-operacion.md, 'Cost'): each route pattern
    // gets its counts when registered (`onRoute`), with its own onResponse hook, so nothing is looked up by
    // URL or label per request; the counters are handed to prom-client at scrape time (`collect`), and only
    // the latency goes through prom-client per request (a histogram's buckets and sum have no other way in).
    const rutaDe = (route: string, contarCache: boolean): Rutas => {
      const r: Rutas = { route, contarCache, porMetodo: new Map(), aciertos: 0, fallos: 0 };
      rutas.push(r);
      return r;
    };
    const metodoDe = (r: Rutas, method: string): PorMetodo => {
      let m = r.porMetodo.get(method);
      if (!m) {
        m = { latencia: duracion.serie(method, r.route), porEstado: new Map() };
        r.porMetodo.set(method, m);
      }
      return m;
    };
    const contar = (r: Rutas, request: FastifyRequest, reply: FastifyReply) => {
      const status = reply.statusCode;
      const m = metodoDe(r, request.method);
      m.porEstado.set(status, (m.porEstado.get(status) ?? 0) + 1);
      m.latencia.observar(reply.elapsedTime / 1000);
      if (status === 409) conflictos.inc({ route: r.route });
      if (request.method === 'POST') {
        if (r.route === RUTA_PEDIDO && status === 201) pedidos.inc({ forma_pago: formaPagoDe(request) });
        else if (RUTAS_DE_LOGIN.has(r.route) && (status === 401 || status === 429)) loginFallidos.inc({ status: String(status) });
      } else if (r.contarCache && request.method === 'GET' && (status === 200 || status === 304)) {
        if (request.llegoAlHandler) r.fallos++;
        else r.aciertos++;
      }
    };

    const conMemoria = app.cacheRespuestas.segundos > 0;
    app.decorateRequest('llegoAlHandler', false);
    const marcarHandler: preHandlerHookHandler = (request, _reply, done) => {
      request.llegoAlHandler = true;
      done();
    };
    app.addHook('onRoute', (ruta) => {
      const contarCache = conMemoria && Boolean(LECTURAS_PUBLICAS[ruta.url]) && [ruta.method].flat().includes('GET');
      const r = rutaDe(ruta.url, contarCache);
      const alResponder: onResponseHookHandler = (request, reply, done) => {
        contar(r, request, reply);
        done();
      };
      ruta.onResponse = [...[ruta.onResponse ?? []].flat(), alResponder];
      // Only where a hit is told from a miss: the public reads the memory cache may answer.
      if (contarCache) ruta.preHandler = [...[ruta.preHandler ?? []].flat(), marcarHandler];
    });
    // A request that matched no route (the not-found handler has no route of its own): one label for all.
    const sinRuta = rutaDe(SIN_RUTA, false);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) contar(sinRuta, request, reply);
      done();
    });

    app.decorate('registroMetricas', registro);
  },
  { name: 'metricas', dependencies: ['db', 'cache-http'] },
);

/** The counts of one route pattern, handed to prom-client at scrape time. */
interface Rutas {
  route: string;
  /** A public read the memory cache may answer: its hits and misses are counted. */
  contarCache: boolean;
  porMetodo: Map<string, PorMetodo>;
  aciertos: number;
  fallos: number;
}

interface PorMetodo {
  latencia: ReturnType<HistogramaPorRuta['serie']>;
  /** Requests answered since the last scrape, by status. */
  porEstado: Map<number, number>;
}

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

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

/** The PostgreSQL channel every instance LISTENs on. */
export const CANAL = 'tienda_cambios';
const REINTENTO_MS = 1_000;

/**
 * One truth across instances (docs/decisions/029-operacion.md): when this instance empties its memory
 * (a write went through it, server/http/cache-http.ts), it tells the others with NOTIFY; when another
 * one tells, this one empties everything too: the answers, the prerendered pages and whatever else
 * registered with `alInvalidar` (the brand list). NOTIFY is sent after the write's answer, so after
 * its transaction committed. One dedicated client LISTENs and reconnects after an error; the time-based
 * expiry stays as the fallback for a notice lost while it was reconnecting. PGlite: one process, nothing to do.
 */
export const avisosEntreInstancias = fp(
  async (app: FastifyInstance) => {
    if (app.base.motor !== 'postgres' || app.cacheRespuestas.segundos <= 0) return;
    const pool = (app.base.db as unknown as { $client: pg.Pool }).$client;
    const instancia = randomUUID();
    let aplicandoAviso = false;
    let cerrada = false;
    let cliente: pg.Client | undefined;
    let reintento: NodeJS.Timeout | undefined;

    app.cacheRespuestas.alInvalidar(() => {
      // Emptied because another instance said so: saying it back would echo forever.
      if (aplicandoAviso || cerrada) return;
      pool.query('select pg_notify($1, $2)', [CANAL, instancia]).catch((error: unknown) => app.log.warn({ err: error }, 'no se pudo avisar a las otras instancias'));
    });

    const vaciarPorAviso = () => {
      aplicandoAviso = true;
      try {
        app.cacheRespuestas.invalidar();
      } finally {
        aplicandoAviso = false;
      }
    };

    const escuchar = async () => {
      if (cerrada) return;
      const nuevo = new pg.Client(pool.options);
      cliente = nuevo;
      const reconectar = (error?: unknown) => {
        if (cerrada || cliente !== nuevo) return;
        cliente = undefined;
        if (error) app.log.warn({ err: error }, 'se cortó la escucha de avisos entre instancias; reintentando');
        nuevo.removeAllListeners();
        nuevo.on('error', () => undefined);
        void nuevo.end().catch(() => undefined);
        // Whatever changed while deaf is unknown: drop everything, then listen again.
        vaciarPorAviso();
        reintento = setTimeout(() => void escuchar(), REINTENTO_MS);
      };
      nuevo.on('error', reconectar);
      nuevo.on('end', () => reconectar(new Error('conexión cerrada')));
      nuevo.on('notification', (aviso) => {
        if (aviso.channel === CANAL && aviso.payload !== instancia) vaciarPorAviso();
      });
      try {
        await nuevo.connect();
        await nuevo.query(`listen ${CANAL}`);
      } catch (error) {
        reconectar(error);
      }
    };

    await escuchar();
    app.addHook('onClose', async () => {
      cerrada = true;
      clearTimeout(reintento);
      const c = cliente;
      cliente = undefined;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    });
  },
  { name: 'avisos-entre-instancias', dependencies: ['db', 'cache-http'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PoolPdf } from './pdf-pool';
import type { LimitesDeImpresion } from './trabajos';

declare module 'fastify' {
  interface FastifyInstance {
    impresiones: { pool: PoolPdf; limites: LimitesDeImpresion };
  }
}

/** The PDF readers' worker pool and the upload limits, from the config; the pool ends with the app. */
export const impresionesPlugin = fp(
  async (app: FastifyInstance, opciones: { pool?: PoolPdf }) => {
    const pool = opciones.pool ?? new PoolPdf({ log: app.log });
    app.decorate('impresiones', {
      pool,
      limites: { dir: app.config.IMPRESIONES_DIR, maxMb: app.config.IMPRESION_MAX_MB, maxPaginas: app.config.IMPRESION_MAX_PAGINAS },
    });
    app.addHook('onClose', async () => pool.cerrar());
  },
  { name: 'impresiones' },
);

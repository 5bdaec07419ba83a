import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BaseDeDatos } from '../db/client';

/** The first run after start: late enough not to meet the start-up's own work, soon enough to matter. */
const PRIMERA_VEZ_MS = 5 * 60_000;

/**
 * PGlite runs PostgreSQL in single-user mode, without autovacuum: every sale's stock update leaves dead
 * rows and index entries that nothing reclaims, the planner keeps the statistics of the day the tables
 * were filled, and the visibility map that lets the search count its matches from the index alone is
 * never set. So the server does autovacuum's work itself. About a second at 10,000 products and 50,000
 * sales, while other statements wait (PGlite runs one at a time). PostgreSQL has its own autovacuum.
 */
export async function mantenerPglite(base: BaseDeDatos): Promise<number> {
  const inicio = performance.now();
  await base.db.execute(sql`vacuum (analyze)`);
  return performance.now() - inicio;
}

/** `mantenerPglite` 5 minutes after start, then every `horas` (PGLITE_VACUUM_HORAS). Returns how to stop. */
export function programarMantenimientoPglite(base: BaseDeDatos, horas: number, log: FastifyBaseLogger, primeraVezMs = PRIMERA_VEZ_MS): () => void {
  if (base.motor !== 'pglite' || horas <= 0) return () => undefined;
  let intervalo: NodeJS.Timeout | undefined;
  const turno = async () => {
    try {
      const ms = await mantenerPglite(base);
      log.info({ ms: Math.round(ms) }, 'mantenimiento de PGlite (vacuum y analyze) hecho');
    } catch (error) {
      log.error({ err: error }, 'mantenimiento de PGlite fallido');
    }
  };
  const primera = setTimeout(() => {
    void turno();
    intervalo = setInterval(() => void turno(), horas * 3_600_000);
    intervalo.unref();
  }, Math.min(primeraVezMs, horas * 3_600_000));
  primera.unref();
  return () => {
    clearTimeout(primera);
    clearInterval(intervalo);
  };
}

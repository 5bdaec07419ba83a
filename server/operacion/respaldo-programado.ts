import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { BaseDeDatos } from '../db/client';

/** The advisory lock that makes one instance among several the one that takes the scheduled backups. */
const CERROJO_RESPALDOS = 727402;

/**
 * Runs `respaldar` every `horas` (BACKUP_CADA_HORAS). With PostgreSQL and several instances, only the
 * one holding a session advisory lock on a connection of its own does; the others try to take it at
 * each turn, so another one takes over when that instance stops. Returns how to stop.
 */
export function programarRespaldos(base: BaseDeDatos, horas: number, respaldar: () => Promise<void>, log: FastifyBaseLogger): () => Promise<void> {
  let cerrojo: pg.Client | undefined;
  let corriendo = false;

  const soyLaInstancia = async (): Promise<boolean> => {
    if (base.motor === 'pglite') return true;
    if (cerrojo) return true;
    const opciones = (base.db as unknown as { $client: pg.Pool }).$client.options;
    const cliente = new pg.Client(opciones);
    cliente.on('error', () => {
      // The lock went with the connection: try again at the next turn.
      if (cerrojo === cliente) cerrojo = undefined;
    });
    try {
      await cliente.connect();
      const r = await cliente.query<{ tomado: boolean }>('select pg_try_advisory_lock($1) as tomado', [CERROJO_RESPALDOS]);
      if (r.rows[0]?.tomado) {
        cerrojo = cliente;
        return true;
      }
    } catch (error) {
      log.warn({ err: error }, 'respaldo programado: no se pudo consultar el candado');
    }
    await cliente.end().catch(() => undefined);
    return false;
  };

  const turno = async () => {
    if (corriendo) return;
    corriendo = true;
    try {
      if (await soyLaInstancia()) await respaldar();
    } catch (error) {
      log.error({ err: error }, 'respaldo programado fallido');
    } finally {
      corriendo = false;
    }
  };
  const intervalo = setInterval(() => void turno(), horas * 3_600_000);
  intervalo.unref();
  return async () => {
    clearInterval(intervalo);
    await cerrojo?.end().catch(() => undefined);
    cerrojo = undefined;
  };
}

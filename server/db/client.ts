import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { RAIZ } from '../raiz';
import { registrarPoolDelCatalogo } from './preparadas';
import { schema } from './schema';

export type Schema = typeof schema;
/** A database or a transaction: data functions take either (`tx ?? db`). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface BaseDeDatos {
  db: Db;
  motor: 'pglite' | 'postgres';
  migrar: () => Promise<void>;
  cerrar: () => Promise<void>;
}

export const carpetaMigraciones = path.join(RAIZ, 'server', 'db', 'migrations');

// pg returns NUMERIC as text and bigint as text by default; drizzle maps numeric columns itself.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface OpcionesPglite {
  /** A data directory, or undefined for memory only. */
  dataDir?: string;
  /** A dumped data directory (tests load a migrated template from it). */
  loadDataDir?: Blob | File;
}

/**
 * PostgreSQL's shared buffers inside PGlite's WASM memory, which is zeroed whole when PGlite starts: the
 * default 128 MB was resident from the first moment. PGlite reads its files through the system's page
 * cache, so fewer buffers cost nothing measurable: with the bench's 10,000 products and 50,000 sales,
 * the same query times at 16 MB and 110-120 MB less memory (bench/results/2026-11-22-a-26-historia.md).
 */
const BUFFERS_COMPARTIDOS_PGLITE = '16MB';

export async function abrirPglite(opciones: OpcionesPglite = {}): Promise<BaseDeDatos> {
  // Loaded only here: a server on PostgreSQL never pays PGlite's ~40 MB of memory (bench/results/2026-11-22-a-26-historia.md).
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const cliente = await PGlite.create(opciones.dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${BUFFERS_COMPARTIDOS_PGLITE}`],
    ...(opciones.loadDataDir ? { loadDataDir: opciones.loadDataDir } : {}),
  });
  const db = drizzlePglite(cliente, { schema }) as unknown as Db;
  return {
    db,
    motor: 'pglite',
    migrar: () => migratePglite(db as never, { migrationsFolder: carpetaMigraciones }),
    cerrar: () => cliente.close(),
  };
}

export async function abrirPostgres(url: string, maxConexiones = 20): Promise<BaseDeDatos> {
  const pool = new pg.Pool({ connectionString: url, max: maxConexiones });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const poolDelCatalogo = registrarPoolDelCatalogo(db, url);
  const migrar = async () => {
    // Several instances may start at once against one PostgreSQL: one migrates, the others wait.
    const cerrojo = await pool.connect();
    try {
      await cerrojo.query('select pg_advisory_lock(727401)');
      await migratePg(db as never, { migrationsFolder: carpetaMigraciones });
    } finally {
      await cerrojo.query('select pg_advisory_unlock(727401)').catch(() => undefined);
      cerrojo.release();
    }
  };
  return { db, motor: 'postgres', migrar, cerrar: () => Promise.all([pool.end(), poolDelCatalogo.end()]).then(() => undefined) };
}

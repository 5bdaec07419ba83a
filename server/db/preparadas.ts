import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

// The catalogue's statements (its pages, searches and suggestions) run on every visit with other
// values. Sent as they are, PostgreSQL parses, rewrites and plans each one again: with the search's
// CTEs that was 1-12 ms of its CPU per request against 0.4-0.8 ms to execute it. Here they are named
// prepared statements on connections whose plans are generic, so each connection plans a statement once
// (docs/decisions/037-busqueda-sin-planificar.md).

/** Different statements kept prepared per connection; beyond them a statement runs unnamed. */
const NOMBRES_MAXIMOS = 400;

/** Connections of the catalogue's own pool, beside the main pool's. */
export const CONEXIONES_CATALOGO = 10;

const dialecto = new PgDialect();
const poolsDelCatalogo = new WeakMap<Db, pg.Pool>();
const nombres = new Map<string, string>();

/**
 * The pool of the catalogue's statements for a PostgreSQL database: the same server, with generic plans
 * (`plan_cache_mode`). Only named statements go through it; the shop's other statements keep custom
 * plans on the main pool.
 */
export function registrarPoolDelCatalogo(db: Db, url: string, conexiones = CONEXIONES_CATALOGO): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: conexiones, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  poolsDelCatalogo.set(db, pool);
  return pool;
}

/** The catalogue's pool of a PostgreSQL database (undefined on PGlite). */
export const poolDelCatalogo = (db: Db): pg.Pool | undefined => poolsDelCatalogo.get(db);

function nombreDe(texto: string): string | undefined {
  const conocido = nombres.get(texto);
  if (conocido || nombres.size >= NOMBRES_MAXIMOS) return conocido;
  const nombre = `cat_${createHash('sha1').update(texto).digest('base64url').slice(0, 20)}`;
  nombres.set(texto, nombre);
  return nombre;
}

/** The rows of a catalogue statement: prepared on PostgreSQL, as any statement on PGlite or in a transaction. */
export async function filasDelCatalogo<T>(db: Db, consulta: SQL): Promise<T[]> {
  const pool = poolsDelCatalogo.get(db);
  if (!pool) return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
  const { sql: texto, params } = dialecto.sqlToQuery(consulta);
  const name = nombreDe(texto);
  const resultado = await pool.query<T & pg.QueryResultRow>(name ? { name, text: texto, values: params } : { text: texto, values: params });
  return resultado.rows;
}

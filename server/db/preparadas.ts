import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
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

/** Connections of the catalogue's own pool, beside the main pool's: 5 served 50 connections of load best (decision 040). */
export const CONEXIONES_CATALOGO = 5;

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

/** A statement's name on the catalogue's pool: made once per text, at most `NOMBRES_MAXIMOS` texts. */
export function nombreDe(texto: string): string | undefined {
  const conocido = nombres.get(texto);
  if (conocido || nombres.size >= NOMBRES_MAXIMOS) return conocido;
  const nombre = `cat_${createHash('sha1').update(texto).digest('base64url').slice(0, 20)}`;
  nombres.set(texto, nombre);
  return nombre;
}

/** A statement as text and parameters ($1, $2…), as drizzle's `sqlToQuery` gives it. */
export interface Consulta {
  sql: string;
  params: unknown[];
}

/** A connection of the catalogue's pool held for several statements of one request (undefined on PGlite). */
export type ConexionDelCatalogo = pg.PoolClient | undefined;

/**
 * Runs `trabajo` with one connection of the catalogue's pool for its statements. A statement sent to the
 * pool waits in its queue, and under load that wait is most of a request's time: a request whose
 * statements follow one another (a search that found nothing, then '¿Quisiste decir…?') waited once per
 * statement, twice as long as the others. `trabajo` must send every catalogue statement through `conexion`:
 * one that asked the pool for another connection while holding this one could wait forever, each request
 * holding one of the pool's connections and waiting for a second.
 */
export async function conConexionDelCatalogo<T>(db: Db, trabajo: (conexion: ConexionDelCatalogo) => Promise<T>): Promise<T> {
  const pool = poolsDelCatalogo.get(db);
  if (!pool) return trabajo(undefined);
  const conexion = await pool.connect();
  let fallo: Error | undefined;
  try {
    return await trabajo(conexion);
  } catch (error) {
    fallo = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // After an error the connection is closed, not returned: it may be what failed.
    conexion.release(fallo);
  }
}

/** The rows of a catalogue statement: prepared on PostgreSQL, as any statement on PGlite or in a transaction. */
export async function filasDelCatalogo<T>(db: Db, consulta: SQL, conexion?: ConexionDelCatalogo): Promise<T[]> {
  if (!poolsDelCatalogo.has(db)) return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
  return filasDeConsulta<T>(db, dialecto.sqlToQuery(consulta), undefined, conexion);
}

/**
 * The same for a statement already written as text (`nombre`: its name, when the caller keeps it with the
 * text; `conexion`: one the request holds, `conConexionDelCatalogo`). The catalogue's statements have no
 * `$n` but their parameters, so elsewhere the text is taken back to drizzle in pieces: its parameters stay
 * parameters.
 */
export async function filasDeConsulta<T>(db: Db, consulta: Consulta, nombre = nombreDe(consulta.sql), conexion?: ConexionDelCatalogo): Promise<T[]> {
  const pool = poolsDelCatalogo.get(db);
  if (!pool) return ((await db.execute(comoSql(consulta))) as unknown as { rows: T[] }).rows;
  const resultado = await (conexion ?? pool).query<T & pg.QueryResultRow>(
    nombre ? { name: nombre, text: consulta.sql, values: consulta.params } : { text: consulta.sql, values: consulta.params },
  );
  return resultado.rows;
}

function comoSql({ sql: texto, params }: Consulta): SQL {
  const trozos = texto.split(/\$(\d+)/);
  return sql.join(trozos.map((trozo, i) => (i % 2 === 0 ? sql.raw(trozo) : sql`${params[Number(trozo) - 1]}`)));
}

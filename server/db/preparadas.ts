import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import type { Db } from './client';

// The catalogue's statements (its pages, searches and suggestions) run on every visit with other
// values. Sent as they are, PostgreSQL parses, rewrites and plans each one again: with the search's
// CTEs that was 1-12 ms of its CPU per request against 0.4-0.8 ms to execute it. Here they are prepared
// statements on connections whose plans are generic, so each connection plans a statement once
// (docs/decisions/037-busqueda-sin-planificar.md). Those connections are postgres.js's: it pipelines the
// statements of concurrent requests on each connection, written and read back in a few system calls,
// where node-postgres sends one and waits for its answer (decision 041).

/** Different statements kept prepared per connection; beyond them a statement runs unnamed. */
const PREPARADAS_MAXIMAS = 400;

/**
 * Connections of the catalogue's own pool, beside the main pool's: two backends per core of these 2-core
 * machines. 4 kept one word's p99 under 25 ms at 100,000 products where 5 did not (decision 040).
 */
export const CONEXIONES_CATALOGO = 4;

/**
 * Statements sent on one connection before their answers: beyond them a statement waits for the first
 * connection with room. With postgres.js's 100, a slow search held the ten behind it (the typo row's p99 105
 * ms, against 66 with 3, for the same req/s: decision 041).
 */
const EN_CURSO_POR_CONEXION = 3;

/** The catalogue's connections: postgres.js with generic plans (`plan_cache_mode`). */
export type PoolDelCatalogo = postgres.Sql;

/**
 * The settings of the catalogue's connections (and of the bench's pgbench, which runs the same statements):
 * generic plans, and no parallel workers. A page's statement reads a few dozen rows, and the public page
 * joins its products' JSON in its subquery's order (decision 040), which a `string_agg` split over
 * workers (PostgreSQL 16 and later) would not keep. Values as text: postgres.js leaves a falsy one (0) out.
 */
export const AJUSTES_DEL_CATALOGO = { plan_cache_mode: 'force_generic_plan', max_parallel_workers_per_gather: '0' } as const;

const dialecto = new PgDialect();
const poolsDelCatalogo = new WeakMap<Db, PoolDelCatalogo>();
const preparables = new Set<string>();

/**
 * A URL's socket directory (and port, the socket's file) as libpq and node-postgres read them
 * (`postgres://user@/db?host=/var/run/postgresql&port=5433`). postgres.js would send those parameters to
 * the server as settings and cannot read a URL without a host name: it takes them as its options, and the
 * URL a name it then ignores.
 */
export function separarSocket(url: string): { url: string; host?: string; port?: number } {
  const q = url.indexOf('?');
  if (q < 0) return { url };
  const parametros = new URLSearchParams(url.slice(q + 1));
  const host = parametros.get('host');
  if (!host?.startsWith('/')) return { url };
  const port = parametros.get('port');
  parametros.delete('host');
  parametros.delete('port');
  const resto = parametros.toString();
  const conNombre = url.slice(0, q).replace(/^([a-z][a-z0-9+.-]*:\/\/(?:[^/?#]*@)?)(?=[:/]|$)/i, '$1localhost');
  return { url: conNombre + (resto ? `?${resto}` : ''), host, ...(port ? { port: Number(port) } : {}) };
}

/**
 * The pool of the catalogue's statements for a PostgreSQL database: the same server, with generic plans.
 * Only the catalogue's statements go through it; the shop's other statements keep custom plans on the main
 * pool (node-postgres, through drizzle).
 */
export function registrarPoolDelCatalogo(db: Db, url: string, conexiones = CONEXIONES_CATALOGO): PoolDelCatalogo {
  const opciones: postgres.Options<Record<string, never>> & { max_pipeline: number } = {
    max: conexiones,
    connection: AJUSTES_DEL_CATALOGO,
    // As node-postgres sends it, and as drizzle's statements expect.
    transform: { undefined: null },
    onnotice: () => undefined,
    // Read by postgres.js's parseOptions (default 100) but missing from its types.
    max_pipeline: EN_CURSO_POR_CONEXION,
  };
  const { url: sinSocket, ...socket } = separarSocket(url);
  const pool = postgres(sinSocket, { ...opciones, ...socket });
  poolsDelCatalogo.set(db, pool);
  return pool;
}

/** The catalogue's pool of a PostgreSQL database (undefined on PGlite). */
export const poolDelCatalogo = (db: Db): PoolDelCatalogo | undefined => poolsDelCatalogo.get(db);

/**
 * Whether a statement's text is prepared on the catalogue's connections: each connection keeps what it
 * prepared for its whole life, so only the first `PREPARADAS_MAXIMAS` texts are (the catalogue writes a
 * few dozen; a text beyond them runs unnamed).
 */
export function esPreparable(texto: string): boolean {
  if (preparables.has(texto)) return true;
  if (preparables.size >= PREPARADAS_MAXIMAS) return false;
  preparables.add(texto);
  return true;
}

/** A statement as text and parameters ($1, $2…), as drizzle's `sqlToQuery` gives it. */
export interface Consulta {
  sql: string;
  params: unknown[];
}

/** The rows of a catalogue statement: prepared on PostgreSQL, as any statement on PGlite or in a transaction. */
export async function filasDelCatalogo<T>(db: Db, consulta: SQL): Promise<T[]> {
  if (!poolsDelCatalogo.has(db)) return ((await db.execute(consulta)) as unknown as { rows: T[] }).rows;
  return filasDeConsulta<T>(db, dialecto.sqlToQuery(consulta));
}

/**
 * The same for a statement already written as text (`preparada`: whether it is prepared, when the caller
 * keeps it with the text). The catalogue's statements have no `$n` but their parameters, so elsewhere the
 * text is taken back to drizzle in pieces: its parameters stay parameters.
 */
export async function filasDeConsulta<T>(db: Db, consulta: Consulta, preparada = esPreparable(consulta.sql)): Promise<T[]> {
  const pool = poolsDelCatalogo.get(db);
  if (!pool) return ((await db.execute(comoSql(consulta))) as unknown as { rows: T[] }).rows;
  return (await pool.unsafe(consulta.sql, consulta.params as postgres.ParameterOrJSON<never>[], { prepare: preparada })) as unknown as T[];
}

/**
 * A catalogue statement's rows as arrays of each column's bytes (null for NULL), in the statement's order: for
 * text that is only written on into an answer, which as a string is decoded from UTF-8 and encoded again for
 * the ETag and for the socket (the public page's 8 KB of JSON: 50 µs as a string, 12 as bytes). On PGlite,
 * each value's text is encoded here.
 */
export async function filasEnBytes(db: Db, { sql: texto, params }: Consulta, preparada = esPreparable(texto)): Promise<Array<Array<Buffer | null>>> {
  const pool = poolsDelCatalogo.get(db);
  if (!pool) {
    const { rows } = (await db.execute(comoSql({ sql: texto, params }))) as unknown as { rows: Array<Record<string, unknown>> };
    return rows.map((fila) => Object.values(fila).map((valor) => (valor === null || valor === undefined ? null : Buffer.from(String(valor)))));
  }
  const filas = await pool.unsafe(texto, params as postgres.ParameterOrJSON<never>[], { prepare: preparada }).raw();
  return filas as unknown as Array<Array<Buffer | null>>;
}

function comoSql({ sql: texto, params }: Consulta): SQL {
  const trozos = texto.split(/\$(\d+)/);
  // `sql.param`: an array is one parameter (a search's typo terms), not a list of them.
  return sql.join(trozos.map((trozo, i) => (i % 2 === 0 ? sql.raw(trozo) : sql`${sql.param(params[Number(trozo) - 1])}`)));
}

// Backups and restore (docs/decisions/029-operacion.md): one compressed, timestamped file with the
// database and the uploaded images. PGlite: its own data-directory dump, taken between transactions by
// the process that has the database open. PostgreSQL: pg_dump's custom format when pg_dump is
// installed, else a logical dump (every table as JSON, read in one snapshot).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import tar from 'tar-stream';
import type { BaseDeDatos } from '../db/client';
import { ultimaMigracionDelDiario } from './salud';

export type FormatoBase = 'pglite' | 'pg_dump' | 'logico';

export interface Manifiesto {
  formato: 1;
  motor: BaseDeDatos['motor'];
  base: FormatoBase;
  fecha: string;
  migracion: string;
}

const MANIFIESTO = 'respaldo.json';
const ARCHIVO_BASE: Record<FormatoBase, string> = { pglite: 'base/pglite.tar', pg_dump: 'base/postgres.dump', logico: 'base/logico.json' };
const PREFIJO_UPLOADS = 'uploads/';
/** Resized copies (server/uploads/variantes.ts) are made again on demand: not backed up. */
const CARPETA_VARIANTES = 'variantes';
export const NOMBRE_RESPALDO = /^tienda-\d{8}T\d{9}Z\.tar\.gz$/;

/** 'tienda-20261126T031500123Z.tar.gz': sorts by time, milliseconds included. */
export const nombreDeRespaldo = (fecha: Date) => `tienda-${fecha.toISOString().replace(/[-:.]/g, '')}.tar.gz`;

export class ErrorDeRespaldo extends Error {}

// ---- Files of a folder ----

async function archivosDe(carpeta: string, excluir?: string): Promise<string[]> {
  if (!fs.existsSync(carpeta)) return [];
  const entradas = await fsp.readdir(carpeta, { withFileTypes: true, recursive: true });
  return entradas
    .filter((e) => e.isFile())
    .map((e) => path.relative(carpeta, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((r) => !excluir || !(r === excluir || r.startsWith(`${excluir}/`)))
    .sort();
}

// ---- PostgreSQL helpers ----

const urlDe = (base: BaseDeDatos) => {
  const opciones = (base.db as unknown as { $client: pg.Pool }).$client.options;
  if (!opciones.connectionString) throw new ErrorDeRespaldo('La conexión a PostgreSQL no tiene URL');
  return opciones.connectionString;
};

let pgDumpDisponible: Promise<boolean> | undefined;
/** Whether pg_dump and pg_restore run here (checked once). */
export function hayPgDump(): Promise<boolean> {
  pgDumpDisponible ??= Promise.all(
    ['pg_dump', 'pg_restore'].map(
      (programa) =>
        new Promise<boolean>((resolve) => {
          const p = spawn(programa, ['--version'], { stdio: 'ignore' });
          p.on('error', () => resolve(false));
          p.on('exit', (codigo) => resolve(codigo === 0));
        }),
    ),
  ).then((r) => r.every(Boolean));
  return pgDumpDisponible;
}

function correr(programa: string, argumentos: string[], salida?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const proceso = spawn(programa, argumentos, { stdio: ['ignore', salida ? fs.openSync(salida, 'w') : 'ignore', 'pipe'] });
    let errores = '';
    proceso.stderr?.on('data', (d: Buffer) => (errores += d.toString()));
    proceso.on('error', reject);
    proceso.on('exit', (codigo) => (codigo === 0 ? resolve() : reject(new ErrorDeRespaldo(`${programa} terminó con ${codigo}: ${errores.trim()}`))));
  });
}

/** The database's tables (schema public) in an order where every referenced table comes first. */
async function tablasEnOrden(cliente: pg.ClientBase): Promise<string[]> {
  const tablas = (await cliente.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).rows.map((r) => r.t);
  const fks = (
    await cliente.query<{ hija: string; madre: string }>(
      `select c.relname as hija, p.relname as madre from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace where k.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows;
  const orden: string[] = [];
  const visitadas = new Set<string>();
  const visitar = (t: string) => {
    if (visitadas.has(t)) return;
    visitadas.add(t);
    for (const fk of fks) if (fk.hija === t && fk.madre !== t) visitar(fk.madre);
    orden.push(t);
  };
  tablas.forEach(visitar);
  return orden;
}

/** A table's columns that an insert may write: all but the generated ones. */
async function columnasEscribibles(cliente: pg.ClientBase, tabla: string): Promise<string[]> {
  const r = await cliente.query<{ columna: string }>(
    `select attname as columna from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [`public.${ident(tabla)}`],
  );
  return r.rows.map((f) => f.columna);
}

const ident = (nombre: string) => `"${nombre.replace(/"/g, '""')}"`;

/** Every table as JSON text, read in one snapshot: the logical dump. */
async function volcadoLogico(base: BaseDeDatos): Promise<Buffer> {
  const cliente = new pg.Client({ connectionString: urlDe(base) });
  await cliente.connect();
  try {
    await cliente.query('begin isolation level repeatable read read only');
    const tablas: Record<string, unknown> = {};
    for (const t of await tablasEnOrden(cliente)) {
      const r = await cliente.query<{ filas: string }>(`select coalesce(json_agg(x), '[]')::text as filas from ${ident(t)} x`);
      tablas[t] = JSON.parse(r.rows[0]!.filas);
    }
    await cliente.query('commit');
    return Buffer.from(JSON.stringify({ tablas }));
  } finally {
    await cliente.end();
  }
}

async function restaurarLogico(base: BaseDeDatos, archivo: string): Promise<void> {
  await base.migrar();
  const { tablas } = JSON.parse(await fsp.readFile(archivo, 'utf8')) as { tablas: Record<string, unknown[]> };
  const cliente = new pg.Client({ connectionString: urlDe(base) });
  await cliente.connect();
  try {
    await cliente.query('begin');
    const orden = await tablasEnOrden(cliente);
    // The migrations seed some rows (synonyms, counters): the backup's rows replace them. The tables that
    // triggers derive (the search's) come in the backup too, so the triggers (the audit trail's guard
    // against TRUNCATE among them) stay off while it loads.
    for (const t of orden) await cliente.query(`alter table ${ident(t)} disable trigger user`);
    await cliente.query(`truncate ${orden.map(ident).join(', ')} restart identity cascade`);
    for (const t of orden) {
      const filas = tablas[t] ?? [];
      // Generated columns are computed again (no insert may write them), also for a backup from before them;
      // a column the backup's rows lack takes its default (termino_busqueda.id, before migration 0020).
      const enElRespaldo = new Set(Object.keys((filas[0] ?? {}) as object));
      const columnas = (await columnasEscribibles(cliente, t))
        .filter((c) => enElRespaldo.has(c))
        .map(ident)
        .join(', ');
      for (let i = 0; i < filas.length; i += 5_000) {
        await cliente.query(`insert into ${ident(t)} (${columnas}) select ${columnas} from json_populate_recordset(null::${ident(t)}, $1::json)`, [
          JSON.stringify(filas.slice(i, i + 5_000)),
        ]);
      }
    }
    // Each product's row of roots and the prefixes' counts are written again from the restored words: a
    // backup from before their migrations (0016, 0017) has no rows for them, and searches would find or
    // count nothing. The function keeps the prefixes itself; no trigger is needed (they are off).
    await cliente.query('truncate producto_terminos, prefijo_busqueda');
    await cliente.query('select busqueda_terminos(array(select id from producto order by id))');
    for (const t of orden) await cliente.query(`alter table ${ident(t)} enable trigger user`);
    // Each product's public JSON written again by its trigger (migration 0021) from the restored columns:
    // a backup from before it has none, and the catalogue would send them as null.
    await cliente.query('update producto set json_publico = null');
    // Sequences continue after the restored ids.
    const seriales = await cliente.query<{ tabla: string; columna: string }>(
      `select table_name as tabla, column_name as columna from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const { tabla, columna } of seriales.rows) {
      await cliente.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${ident(columna)}) from ${ident(tabla)}), 1), (select count(*) > 0 from ${ident(tabla)}))`,
        [`public.${ident(tabla)}`, columna],
      );
    }
    await cliente.query('commit');
  } catch (error) {
    await cliente.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await cliente.end();
  }
}

// ---- Backup ----

interface ClientePglite {
  query: (sql: string) => Promise<unknown>;
  dumpDataDir: (compresion: 'none') => Promise<Blob>;
}

/**
 * The database's part of a backup: in memory (PGlite, the logical dump) or in a temporary file
 * (pg_dump). PGlite: a checkpoint and the data directory's dump while no statement runs.
 */
async function volcarBase(base: BaseDeDatos, temporal: string, forzarLogico: boolean): Promise<{ formato: FormatoBase; contenido: Buffer | string }> {
  if (base.motor === 'pglite') {
    const cliente = (base.db as unknown as { $client: ClientePglite }).$client;
    // PGlite runs one statement at a time and the dump runs between two: a copy of the files and
    // their WAL at one instant, as after a crash, so a transaction half done restores rolled back.
    // (Wrapping it in a transaction of its own deadlocks with queries waiting meanwhile.)
    await cliente.query('checkpoint');
    const volcado = await cliente.dumpDataDir('none');
    // Kept in memory (tens of MB): a temporary file is one more write and read, each a chunk per turn
    // of an event loop that the shop's requests keep busy.
    return { formato: 'pglite', contenido: Buffer.from(await volcado.arrayBuffer()) };
  }
  if (!forzarLogico && (await hayPgDump())) {
    // Not compressed here: the whole backup is gzipped once.
    await correr('pg_dump', ['--format=custom', '--compress=0', '--no-owner', '--no-privileges', `--dbname=${urlDe(base)}`], temporal);
    return { formato: 'pg_dump', contenido: temporal };
  }
  return { formato: 'logico', contenido: await volcadoLogico(base) };
}

/**
 * gzip's output comes in pieces of this size, and each piece costs one turn of the event loop: with the
 * default 16 KB, a 40 MB PGlite dump took minutes to compress while orders kept the loop busy.
 */
const TROZO_GZIP = 1024 * 1024;

export interface OpcionesRespaldo {
  base: BaseDeDatos;
  uploadsDir: string;
  destino: string;
  /** Backups kept in `destino` (the oldest go). */
  conservar: number;
  /** PostgreSQL without pg_dump (tests force it to check the fallback). */
  forzarLogico?: boolean;
}

export interface Respaldo {
  archivo: string;
  bytes: number;
  ms: number;
  base: FormatoBase;
  imagenes: number;
}

/** Writes a backup into `destino` (under a temporary name until complete) and keeps the last `conservar`. */
export async function crearRespaldo(o: OpcionesRespaldo): Promise<Respaldo> {
  const inicio = performance.now();
  await fsp.mkdir(o.destino, { recursive: true });
  const fecha = new Date();
  const archivo = path.join(o.destino, nombreDeRespaldo(fecha));
  const carpetaTemporal = await fsp.mkdtemp(path.join(os.tmpdir(), 'respaldo-'));
  const parcial = `${archivo}.parcial`;
  try {
    const { formato, contenido: volcado } = await volcarBase(o.base, path.join(carpetaTemporal, 'base'), o.forzarLogico ?? false);
    // Images after the database: a row never points at an image missing from the backup.
    const imagenes = await archivosDe(o.uploadsDir, CARPETA_VARIANTES);
    const manifiesto: Manifiesto = { formato: 1, motor: o.base.motor, base: formato, fecha: fecha.toISOString(), migracion: ultimaMigracionDelDiario().tag };

    const paquete = tar.pack();
    const escrito = pipeline(paquete, zlib.createGzip({ level: 6, chunkSize: TROZO_GZIP }), fs.createWriteStream(parcial, { mode: 0o600 }));
    const agregar = async (nombre: string, origen: string | Buffer) => {
      const contenido = typeof origen === 'string' ? await fsp.readFile(origen) : origen;
      await new Promise<void>((resolve, reject) => paquete.entry({ name: nombre, size: contenido.length }, contenido, (e) => (e ? reject(e) : resolve())));
    };
    await agregar(MANIFIESTO, Buffer.from(JSON.stringify(manifiesto, null, 2)));
    await agregar(ARCHIVO_BASE[formato], volcado);
    for (const imagen of imagenes) {
      // An image deleted since the listing is simply not in this backup.
      const contenido = await fsp.readFile(path.join(o.uploadsDir, imagen)).catch(() => undefined);
      if (contenido) await agregar(PREFIJO_UPLOADS + imagen, contenido);
    }
    paquete.finalize();
    await escrito;
    await fsp.rename(parcial, archivo);
    await podar(o.destino, o.conservar);
    const { size } = await fsp.stat(archivo);
    return { archivo, bytes: size, ms: performance.now() - inicio, base: formato, imagenes: imagenes.length };
  } finally {
    await fsp.rm(parcial, { force: true });
    await fsp.rm(carpetaTemporal, { recursive: true, force: true });
  }
}

/** Keeps the newest `conservar` backups of the folder (names sort by time); other files are left alone. */
export async function podar(destino: string, conservar: number): Promise<string[]> {
  const respaldos = (await fsp.readdir(destino)).filter((n) => NOMBRE_RESPALDO.test(n)).sort();
  const viejos = respaldos.slice(0, Math.max(0, respaldos.length - conservar));
  for (const n of viejos) await fsp.rm(path.join(destino, n), { force: true });
  return viejos;
}

// ---- Restore ----

/** Reads a backup: the manifest, the database part into `carpetaTemporal`, each image through `alArchivo`. */
async function leerRespaldo(archivo: string, carpetaTemporal: string, alArchivo: (nombre: string, contenido: Buffer) => Promise<void>) {
  let manifiesto: Manifiesto | undefined;
  let volcado: string | undefined;
  const extraccion = tar.extract();
  extraccion.on('entry', (cabecera, flujo, siguiente) => {
    const trozos: Buffer[] = [];
    flujo.on('data', (d: unknown) => trozos.push(d as Buffer));
    flujo.on('end', () => {
      const contenido = Buffer.concat(trozos);
      const nombre = cabecera.name;
      const hecho = (async () => {
        if (nombre === MANIFIESTO) {
          manifiesto = JSON.parse(contenido.toString('utf8')) as Manifiesto;
          if (manifiesto.formato !== 1) throw new ErrorDeRespaldo(`Formato de respaldo desconocido: ${String(manifiesto.formato)}`);
        } else if (Object.values(ARCHIVO_BASE).includes(nombre)) {
          volcado = path.join(carpetaTemporal, 'base');
          await fsp.writeFile(volcado, contenido);
        } else if (nombre.startsWith(PREFIJO_UPLOADS) && cabecera.type === 'file') {
          await alArchivo(nombre.slice(PREFIJO_UPLOADS.length), contenido);
        }
      })();
      hecho.then(() => siguiente(), siguiente);
    });
    flujo.resume();
  });
  await pipeline(fs.createReadStream(archivo), zlib.createGunzip(), extraccion);
  if (!manifiesto || !volcado) throw new ErrorDeRespaldo(`${archivo} no es un respaldo de la tienda (falta ${manifiesto ? 'la base' : MANIFIESTO})`);
  return { manifiesto, volcado };
}

const carpetaConAlgo = (carpeta: string) => fs.existsSync(carpeta) && fs.readdirSync(carpeta).length > 0;

export interface OpcionesRestaurar {
  archivo: string;
  uploadsDir: string;
  /** PGlite: the data directory to create (DATA_DIR/pglite). */
  dirPglite?: string;
  /** PostgreSQL: an open connection to the (empty) database to fill. */
  postgres?: BaseDeDatos;
  /** Replace a database and images that are already there. */
  forzar: boolean;
}

/** Restores a backup into an empty data folder (or database); refuses a non-empty one unless `forzar`. */
export async function restaurarRespaldo(o: OpcionesRestaurar): Promise<Manifiesto> {
  const ocupada = o.postgres ? await postgresConTablas(o.postgres) : carpetaConAlgo(o.dirPglite!);
  const imagenesPrevias = await archivosDe(o.uploadsDir, CARPETA_VARIANTES);
  if ((ocupada || imagenesPrevias.length > 0) && !o.forzar) {
    const que = ocupada ? (o.postgres ? 'La base de datos PostgreSQL ya tiene tablas' : `La carpeta ${o.dirPglite} no está vacía`) : `La carpeta de imágenes ${o.uploadsDir} no está vacía`;
    throw new ErrorDeRespaldo(`${que}: no se restaura encima. Para reemplazar lo que hay, agregá --forzar.`);
  }
  const carpetaTemporal = await fsp.mkdtemp(path.join(os.tmpdir(), 'restaurar-'));
  const imagenesNuevas = path.join(carpetaTemporal, 'uploads');
  try {
    const { manifiesto, volcado } = await leerRespaldo(o.archivo, carpetaTemporal, async (nombre, contenido) => {
      const destino = path.resolve(imagenesNuevas, nombre);
      if (!destino.startsWith(imagenesNuevas + path.sep)) throw new ErrorDeRespaldo(`Nombre de archivo inválido en el respaldo: ${nombre}`);
      await fsp.mkdir(path.dirname(destino), { recursive: true });
      await fsp.writeFile(destino, contenido, { mode: 0o644 });
    });
    if ((manifiesto.motor === 'pglite') !== !o.postgres) {
      throw new ErrorDeRespaldo(
        manifiesto.motor === 'pglite'
          ? 'Este respaldo es de la base embebida (PGlite): restauralo sin DATABASE_URL.'
          : 'Este respaldo es de PostgreSQL: restauralo con DATABASE_URL.',
      );
    }
    if (o.postgres) {
      if (ocupada) await vaciarPostgres(o.postgres);
      if (manifiesto.base === 'pg_dump') {
        await correr('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${urlDe(o.postgres)}`, volcado]);
      } else {
        await restaurarLogico(o.postgres, volcado);
      }
    } else {
      await fsp.rm(o.dirPglite!, { recursive: true, force: true });
      await fsp.mkdir(o.dirPglite!, { recursive: true });
      const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
      const contenido = await fsp.readFile(volcado);
      const cliente = await PGlite.create(o.dirPglite!, { extensions: { pg_trgm }, loadDataDir: new File([contenido], 'pgdata.tar', { type: 'application/x-tar' }) });
      await cliente.query('select 1');
      await cliente.close();
    }
    // Images last, once the database is in: the old ones (with --forzar) are replaced by the backup's.
    for (const vieja of imagenesPrevias) await fsp.rm(path.join(o.uploadsDir, vieja), { force: true });
    await fsp.mkdir(o.uploadsDir, { recursive: true });
    for (const nombre of await archivosDe(imagenesNuevas)) {
      await fsp.mkdir(path.dirname(path.join(o.uploadsDir, nombre)), { recursive: true });
      await fsp.copyFile(path.join(imagenesNuevas, nombre), path.join(o.uploadsDir, nombre));
    }
    return manifiesto;
  } finally {
    await fsp.rm(carpetaTemporal, { recursive: true, force: true });
  }
}

async function postgresConTablas(base: BaseDeDatos): Promise<boolean> {
  const r = await base.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`);
  return ((r as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0) > 0;
}

async function vaciarPostgres(base: BaseDeDatos): Promise<void> {
  await base.db.execute(sql.raw('drop schema if exists drizzle cascade; drop schema public cascade; create schema public'));
}

/** The backups of a folder, newest first. */
export async function listarRespaldos(destino: string): Promise<string[]> {
  if (!fs.existsSync(destino)) return [];
  return (await fsp.readdir(destino)).filter((n) => NOMBRE_RESPALDO.test(n)).sort().reverse();
}

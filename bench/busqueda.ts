// The search rows' queries (many different ones, as real traffic is), PostgreSQL's own limit for the same
// SQL with pgbench, and the relevance score through the API.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { productoFiltrosSchema, type ProductoFiltros } from '../domain/producto';
import { normalizarBusqueda } from '../domain/texto';
import { AJUSTES_DEL_CATALOGO } from '../server/db/preparadas';
import { marcasDeCatalogo, productoGenerado } from '../server/test/catalogo-de-busqueda';

const ejecutar = promisify(execFile);

/** Distinct queries per row: autocannon cycles over them, and pgbench (at most 128 scripts) runs the same ones. */
export const CONSULTAS_POR_FILA = 100;

const VACIAS = new Set(['de', 'con', 'para', 'x', 'en', 'al', 'el', 'la']);

/** The words of a generated product's name as a visitor types them: lower case, no accents, no packs. */
function palabras(n: number): string[] {
  const marcas = marcasDeCatalogo(200);
  return normalizarBusqueda(productoGenerado(n, marcas).denominacion)
    .split(/\s+/)
    .filter((p) => !VACIAS.has(p) && !/^x\d+$/.test(p) && !p.includes('º'));
}

function distintas(generar: (n: number) => string | undefined, cuantas = CONSULTAS_POR_FILA): string[] {
  const vistas = new Set<string>();
  // Products 1 to 9,000 are in both data sets (10,000 and 100,000): every query finds something in both.
  for (let n = 1; vistas.size < cuantas && n <= 9000; n++) {
    const q = generar(n);
    if (q && q.length >= 3) vistas.add(q);
  }
  return [...vistas];
}

/** One typo a person makes: a letter dropped, or two swapped, in the word's middle. */
function conError(palabra: string, n: number): string {
  const i = 1 + (n % Math.max(1, palabra.length - 2));
  return n % 2 === 0 ? palabra.slice(0, i) + palabra.slice(i + 1) : palabra.slice(0, i) + palabra[i + 1] + palabra[i] + palabra.slice(i + 2);
}

export interface ConsultasDeBusqueda {
  unaPalabra: string[];
  tresPalabras: string[];
  conError: string[];
  /** What the search box sends as a person types: 3 to 8 letters of a word, or a word and the start of the next. */
  sugerencias: string[];
}

export function consultasDeBusqueda(): ConsultasDeBusqueda {
  return {
    unaPalabra: distintas((n) => palabras(n).filter((p) => p.length >= 4 && !/\d/.test(p))[n % 3]),
    tresPalabras: distintas((n) => {
      const p = palabras(n);
      return p.length >= 3 ? p.slice(0, 3).join(' ') : undefined;
    }),
    conError: distintas((n) => {
      const [primera, segunda] = palabras(n);
      if (!primera || !segunda || primera.length < 5) return undefined;
      return `${conError(primera, n)} ${segunda}`;
    }),
    sugerencias: distintas((n) => {
      const [primera, segunda] = palabras(n);
      if (!primera) return undefined;
      if (n % 3 === 0 && segunda) return `${primera} ${segunda.slice(0, 2 + (n % 3))}`;
      return primera.slice(0, 3 + (n % 6));
    }),
  };
}

// ---- pgbench ----

export interface Consulta {
  sql: string;
  params: unknown[];
}

export const filtrosDe = (q: string | undefined): ProductoFiltros => productoFiltrosSchema.parse(q === undefined ? {} : { q });

/** A parameter as an SQL literal; strings as untyped literals, so PostgreSQL types them from context as it types `$n`. */
export function literal(valor: unknown): string {
  if (valor === null || valor === undefined) return 'NULL';
  if (typeof valor === 'number' || typeof valor === 'bigint') return String(valor);
  if (typeof valor === 'boolean') return valor ? 'true' : 'false';
  if (valor instanceof Date) return literal(valor.toISOString());
  if (Array.isArray(valor)) {
    const elementos = valor.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`));
    return literal(`{${elementos.join(',')}}`);
  }
  const texto = typeof valor === 'string' ? valor : JSON.stringify(valor);
  if (texto.includes('\0')) throw new Error('Un parámetro con \\0 no cabe en un literal');
  return `'${texto.replace(/'/g, "''")}'`;
}

/** `$1`..`$n` replaced by their literals (from the highest, so `$1` never eats `$10`). */
export function enLinea(c: Consulta): string {
  let texto = c.sql;
  for (let i = c.params.length; i >= 1; i--) texto = texto.replaceAll(`$${i}`, literal(c.params[i - 1]));
  // pgbench reads `:name` as its variable; the queries here never have one outside a cast.
  if (/(^|[^:]):[a-zA-Z_]/.test(texto)) throw new Error(`Consulta con ':nombre', pgbench la tomaría por variable: ${texto.slice(0, 200)}`);
  return `${texto.trim().replace(/;\s*$/, '')};\n`;
}

export interface ResultadoPgbench {
  tps: number;
  latenciaMs: number;
  /** The scripts, for the notes: how many distinct requests it cycled over. */
  guiones: number;
}

/**
 * pgbench with the server's SQL, as the server's catalogue pool runs it: `clientes` its connections, and
 * its settings (`AJUSTES_DEL_CATALOGO`: generic plans, no parallel workers). `calentar`: seconds run first and left out, as the server's row
 * leaves out its own (each client prepares each script's statement the first time it runs it): the figures
 * are the per-second progress lines of the measured seconds.
 */
export async function pgbench(url: string, peticiones: Consulta[][], opciones: { clientes: number; segundos: number; calentar?: number; carpeta: string }): Promise<ResultadoPgbench> {
  const binario = buscarPgbench();
  if (!binario) throw new Error('pgbench no está (/usr/lib/postgresql/*/bin/pgbench)');
  fs.mkdirSync(opciones.carpeta, { recursive: true });
  const archivos = peticiones.filter((p) => p.length > 0).slice(0, 128).map((consultas, i) => {
    const archivo = path.join(opciones.carpeta, `peticion-${i}.sql`);
    fs.writeFileSync(archivo, consultas.map(enLinea).join(''));
    return archivo;
  });
  const calentar = opciones.calentar ?? 0;
  const { stdout, stderr } = await ejecutar(
    binario,
    ['-n', '-c', String(opciones.clientes), '-j', '2', '-T', String(calentar + opciones.segundos), '-P', '1', '-M', 'prepared', ...archivos.flatMap((a) => ['-f', `${a}@1`]), url],
    { maxBuffer: 10 * 1024 * 1024, env: { ...process.env, PGOPTIONS: [process.env.PGOPTIONS ?? '', ...Object.entries(AJUSTES_DEL_CATALOGO).map(([k, v]) => `-c ${k}=${v}`)].join(' ').trim() } },
  );
  const fallidas = /number of failed transactions: (\d+)/.exec(stdout);
  const procesadas = /actually processed: (\d+)/.exec(stdout);
  if (procesadas?.[1] === '0') throw new Error(`pgbench no completó ninguna petición en ${calentar + opciones.segundos} s`);
  if (fallidas && Number(fallidas[1]) > 0) throw new Error(`pgbench: ${fallidas[1]} transacciones fallidas`);
  const medidos = [...stderr.matchAll(/progress: ([\d.]+) s, ([\d.]+) tps, lat ([\d.]+) ms/g)]
    .map((m) => ({ segundo: Number(m[1]), tps: Number(m[2]), latencia: Number(m[3]) }))
    .filter((p) => p.segundo > calentar);
  if (medidos.length === 0) throw new Error(`pgbench sin progreso medido: ${(stderr || stdout).slice(-500).replace(/\s+/g, ' ')}`);
  const tps = medidos.reduce((suma, p) => suma + p.tps, 0) / medidos.length;
  // The mean latency of the measured seconds, each weighed by the transactions it finished.
  const latenciaMs = medidos.reduce((suma, p) => suma + p.latencia * p.tps, 0) / Math.max(1, medidos.reduce((suma, p) => suma + p.tps, 0));
  return { tps, latenciaMs, guiones: archivos.length };
}

export function buscarPgbench(): string | undefined {
  const raiz = '/usr/lib/postgresql';
  if (!fs.existsSync(raiz)) return undefined;
  const versiones = fs.readdirSync(raiz).sort((a, b) => Number(b) - Number(a));
  return versiones.map((v) => path.join(raiz, v, 'bin', 'pgbench')).find((b) => fs.existsSync(b));
}

/** Through HTTP (the bench's server), the first page's codes. */
export const buscarPorHttp = (url: string) => async (q: string) => {
  const r = await fetch(`${url}/api/producto?q=${encodeURIComponent(q)}`);
  if (!r.ok) throw new Error(`GET /api/producto?q=${q}: ${r.status}`);
  return ((await r.json()) as { items: Array<{ codigo: string }> }).items.map((p) => p.codigo);
};

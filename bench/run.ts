// `npm run bench`: loads a large shop, measures the real server with autocannon (wrk for the search rows) on 127.0.0.1 (PGlite, and
// PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set), adds front-end figures, prints one table and
// writes bench/results/latest.md. Not a test: it prints figures. See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { abrirPglite, abrirPostgres, type BaseDeDatos } from '../server/db/client';
import type * as ClienteDb from '../server/db/client';
import { CONEXIONES_CATALOGO } from '../server/db/preparadas';
import { cpuMs, medir, rssMb, type Carga, type Medicion } from './carga';
import { medirAB, resumir, type Dispersion } from './ab';
import { ID_ESTADO_INICIAL } from '../domain/prerender';
import { sqlDeAutocompletar, sqlDelCatalogo } from '../server/productos/busqueda';
import { buscarPorHttp, consultasDeBusqueda, filtrosDe, pgbench, type Consulta } from './busqueda';
import { describirFallo, medirRelevancia, type Relevancia } from '../server/test/catalogo-de-busqueda';
import { ADMIN_BENCH, CLAVE_BENCH, CLIENTE_BENCH, cargarDatos, PRODUCTOS_CON_STOCK_GRANDE, TAMANO, urlsDeFiltro, verificarStock } from './datos';
import type * as Datos from './datos';
import { crearRespaldo } from '../server/operacion/respaldo';
import { fijarCpu, iniciarBase, iniciarTienda, RAIZ, TODAS_LAS_CPU, type Proceso } from './procesos';
import { medirImpresion } from './impresion';
import { construirSiHaceFalta, lanzarChromium, lighthouse, pesarPaginas, type Lighthouse, type PesoPagina } from './web';
import { binarioWrk } from './wrk';

const entero = (nombre: string, porDefecto: number) => {
  const v = Number(process.env[nombre]);
  return Number.isFinite(v) && v > 0 ? v : porDefecto;
};
const SEGUNDOS = entero('BENCH_SEGUNDOS', 8);
const CONEXIONES = entero('BENCH_CONEXIONES', 50);
const CONEXIONES_PEDIDO = entero('BENCH_CONEXIONES_PEDIDO', 20);
// A page drawn on every request takes 70-250 ms of CPU: with 50 at once most would pass the prerender's
// 1.5 s limit and leave as the bare app, which is not what is measured.
const CONEXIONES_PAGINAS = entero('BENCH_CONEXIONES_PAGINAS', 4);
const SIN_WEB = process.env.BENCH_WEB === '0';
const SIN_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE === '0';
const COMPARAR = process.env.BENCH_COMPARAR !== '0';
// BENCH_SOLO=pedido,xlsx: only these groups of rows (the baseline always): lecturas, promociones, paginas, pedido, grilla, xlsx, metricas, respaldo, web, importacion, impresion.
// BENCH_PAGINAS_PDF: pages of the print row's PDF (100; the issue's target is for 100).
const BENCH_PAGINAS_PDF = entero('BENCH_PAGINAS_PDF', 100);
const SOLO = process.env.BENCH_SOLO ? new Set(process.env.BENCH_SOLO.split(',').map((g) => g.trim())) : undefined;
const solo = (grupo: string) => !SOLO || SOLO.has(grupo);
// BENCH_ANTES=/dir: another checkout (with node_modules) whose server is measured first on the same data, rows ", antes".
const ANTES = process.env.BENCH_ANTES;
// BENCH_ANTES_CACHE=1: that server runs with its default memory cache, as its `npm start` would (rows ", antes").
const ANTES_CON_CACHE = process.env.BENCH_ANTES_CACHE === '1';
const SIN_CACHE = ' [sin caché en memoria]';
// The search rows run on the data set of the other rows (10,000 products) and on one of BENCH_PRODUCTOS.
const PRODUCTOS_BUSQUEDA = entero('BENCH_PRODUCTOS', 100_000);
// PGlite writes each product's search words through the triggers at ~50 products/s on the busy machine: 100,000 would
// take half an hour, so by default its search rows run on the 10,000 of the other rows only (said in the notes).
const PRODUCTOS_BUSQUEDA_PGLITE = entero('BENCH_PRODUCTOS_PGLITE', TAMANO.productos);
// BENCH_IMPORTAR_FILAS: rows of the import row's CSV (the issue's target is for 10,000).
const FILAS_IMPORTACION = entero('BENCH_IMPORTAR_FILAS', 10_000);
// BENCH_CALENTAR_BUSQUEDA: unmeasured seconds of each search row's own load before it is measured.
const CALENTAR_BUSQUEDA = entero('BENCH_CALENTAR_BUSQUEDA', 3);
const URL_PG = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const MOTORES = (process.env.BENCH_MOTORES ?? (URL_PG ? 'pglite,postgres' : 'pglite')).split(',').map((m) => m.trim());

interface Fila {
  motor: string;
  nombre: string;
  conexiones: number;
  medicion?: Medicion;
  /** Requests/s of this row divided by the static baseline's. */
  ratio?: number;
  nota?: string;
}

const filas: Fila[] = [];
const notas: string[] = [];
const relevancias: Array<{ motor: string; productos: number } & Relevancia> = [];
let pesos: PesoPagina[] = [];
let faros: Lighthouse[] = [];

const log = (...x: unknown[]) => console.error('[bench]', ...x);

/** Day 'yyyy-MM-dd' in Mendoza (UTC-3, no daylight saving). */
const diaMendoza = (d: Date) => new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 10);

function fechas() {
  const hoy = new Date(Date.now() - 3 * 3600_000);
  const desdeMes = new Date(Date.UTC(hoy.getUTCFullYear(), hoy.getUTCMonth() - 1, 1));
  const hastaMes = new Date(Date.UTC(hoy.getUTCFullYear(), hoy.getUTCMonth(), 0));
  const ayer = new Date(Date.now() - 86_400_000);
  const hace30 = new Date(ayer.getTime() - 29 * 86_400_000);
  return {
    mes: { desde: desdeMes.toISOString().slice(0, 10), hasta: hastaMes.toISOString().slice(0, 10) },
    dias30: { desde: diaMendoza(hace30), hasta: diaMendoza(ayer) },
  };
}

async function login(url: string, usuario: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usuario, clave: CLAVE_BENCH }),
  });
  if (!r.ok) throw new Error(`login de ${usuario}: ${r.status} ${await r.text()}`);
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('sesion='));
  if (!cookie) throw new Error(`login de ${usuario}: sin cookie de sesión`);
  return cookie.split(';')[0]!;
}

/** One request first: a route that is not in main yet (or answers an error) is skipped, not failed. */
async function sondear(carga: Carga): Promise<string | undefined> {
  try {
    const r = await fetch(carga.url, {
      method: carga.method ?? 'GET',
      headers: carga.headers ?? {},
      ...(carga.cuerpo || carga.body ? { body: carga.cuerpo ? carga.cuerpo() : carga.body } : {}),
    });
    const texto = await r.text();
    if (r.ok || (r.status === 304 && carga.headers?.['if-none-match'])) return undefined;
    const detalle = r.status === 404 ? 'la ruta no está en main todavía (404)' : `responde ${r.status}: ${texto.slice(0, 120)}`;
    return `omitida: ${detalle}`;
  } catch (error) {
    return `omitida: ${String(error)}`;
  }
}

/** A storefront page that arrived drawn carries the API answers the server used (decision 012). */
const dibujada = { comprobar: (html: string) => html.includes(`id="${ID_ESTADO_INICIAL}"`), falla: 'llegaron sin la página dibujada (la app sola)' };
/** Compressed bytes never contain the page's closing tag in clear. */
const comprimida = { comprobar: (cuerpo: string) => !cuerpo.includes('</html>'), falla: 'llegaron sin comprimir' };

async function fila(motor: string, nombre: string, carga: Carga, tienda: Proceso, base?: number, notas: string[] = []): Promise<Medicion | undefined> {
  const nota = await sondear(carga);
  if (nota) {
    filas.push({ motor, nombre, conexiones: carga.conexiones, nota });
    log(motor, nombre, nota);
    return undefined;
  }
  log(motor, nombre, `${carga.conexiones} conexiones, ${carga.segundos} s`);
  const m = await medir(carga, tienda.pid);
  const extra = [...notas];
  if (m.generador === 'wrk') extra.push('carga con wrk');
  const esperados304 = carga.headers?.['if-none-match'] ? (m.codigos['304'] ?? 0) : 0;
  if (m.no2xx - esperados304 > 0) extra.push(`${m.no2xx} respuestas no 2xx: ${JSON.stringify(m.codigos)}`);
  if (carga.verificar && m.desajustes > 0) extra.push(`${m.desajustes} de ${m.total} respuestas ${carga.verificar.falla}`);
  if (m.errores > 0) extra.push(`${m.errores} errores de conexión`);
  filas.push({
    motor,
    nombre,
    conexiones: carga.conexiones,
    medicion: m,
    ...(base ? { ratio: m.rps / base } : {}),
    ...(extra.length ? { nota: extra.join('; ') } : {}),
  });
  return m;
}

interface Motor {
  nombre: string;
  dataDir: string;
  databaseUrl?: string;
  abrir: () => Promise<BaseDeDatos>;
  limpiar: () => Promise<void>;
}

async function prepararMotor(nombre: string): Promise<Motor> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${nombre}-`));
  if (nombre === 'pglite') {
    return {
      nombre,
      dataDir,
      abrir: () => abrirPglite({ dataDir: path.join(dataDir, 'pglite') }),
      limpiar: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!URL_PG) throw new Error('postgres pedido sin DATABASE_URL ni TEST_DATABASE_URL');
  const nombreDb = `bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: URL_PG });
  await admin.connect();
  await admin.query(`create database ${nombreDb}`);
  await admin.end();
  const url = new URL(URL_PG);
  url.pathname = `/${nombreDb}`;
  const databaseUrl = url.toString();
  return {
    nombre,
    dataDir,
    databaseUrl,
    abrir: () => abrirPostgres(databaseUrl),
    limpiar: async () => {
      const c = new pg.Client({ connectionString: URL_PG });
      await c.connect();
      await c.query(`drop database if exists ${nombreDb} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function ejecutarEnPostgres(consulta: string): Promise<void> {
  const c = new pg.Client({ connectionString: URL_PG });
  await c.connect();
  await c.query(consulta).finally(() => c.end());
}

/**
 * The data of BENCH_ANTES's import: a database of its own, migrated and loaded by that checkout's code (its
 * bench/datos.ts), so a change to the migrations is measured too (the search's SQL functions run in the
 * import's triggers), and this code's import later writes the same products on the data it found. Dropped after.
 */
async function datosDeAntes(motor: Motor, antes: string): Promise<{ dataDir: string; databaseUrl?: string; borrar: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${motor.nombre}-antes-`));
  let databaseUrl: string | undefined;
  let borrarDb = async (): Promise<void> => undefined;
  if (motor.databaseUrl) {
    const nombreDb = `${new URL(motor.databaseUrl).pathname.slice(1)}_antes`;
    await ejecutarEnPostgres(`create database ${nombreDb}`);
    const url = new URL(motor.databaseUrl);
    url.pathname = `/${nombreDb}`;
    databaseUrl = url.toString();
    borrarDb = () => ejecutarEnPostgres(`drop database if exists ${nombreDb} with (force)`);
  }
  const borrar = async () => {
    await borrarDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const cliente = (await import(pathToFileURL(path.join(antes, 'server', 'db', 'client.ts')).href)) as typeof ClienteDb;
    const datos = (await import(pathToFileURL(path.join(antes, 'bench', 'datos.ts')).href)) as typeof Datos;
    const base = databaseUrl ? await cliente.abrirPostgres(databaseUrl) : await cliente.abrirPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      await base.migrar();
      await datos.cargarDatos(base);
    } finally {
      await base.cerrar();
    }
  } catch (error) {
    await borrar();
    throw error;
  }
  return { dataDir, ...(databaseUrl ? { databaseUrl } : {}), borrar };
}

const miles = (n: number) => n.toLocaleString('es-AR');

interface Objetivo {
  p99: number;
  rps?: number;
  /** Least share of what pgbench does with the same SQL. */
  dePgbench?: number;
}

/**
 * The search rows of issue 17 on a server with the memory cache off: the catalogue's first page, searches
 * of one and three words and with a typo, and suggestions, each cycling over 100 different queries, with
 * pgbench beside each on PostgreSQL (the same SQL, from the server's `sqlDelCatalogo`/`sqlDeAutocompletar`),
 * and the relevance score.
 */
async function filasDeBusqueda(motor: Motor, tienda: Proceso, productos: number, rpsBase: number): Promise<void> {
  const consultas = consultasDeBusqueda();
  // pgbench runs the SQL the server builds for each request (after synonym expansion), on PostgreSQL.
  const base = motor.databaseUrl ? await motor.abrir() : undefined;
  const etiqueta = `búsqueda, ${miles(productos)} productos`;
  try {
    const medirFila = async (
      nombre: string,
      ruta: (q: string | undefined) => string,
      lista: Array<string | undefined>,
      objetivo: Objetivo,
      sqlDe: (db: BaseDeDatos['db'], q: string | undefined) => Promise<Consulta[]>,
    ) => {
      // Set against pgbench, a client in C: wrk, as light, where it is installed (decision 042).
      const carga: Carga = {
        url: tienda.url + ruta(lista[0]),
        conexiones: CONEXIONES,
        segundos: SEGUNDOS,
        rutas: lista.map(ruta),
        generador: 'wrk',
      };
      // A shop that has been running: its connections have prepared their statements and the JIT has
      // compiled the path. The first seconds after a start otherwise set the p99 (39 ms cold, 21 ms warm
      // on the same first page), and a customer never meets a server that was started a second ago.
      log(motor.nombre, `${etiqueta}: ${nombre}: ${CALENTAR_BUSQUEDA} s sin medir`);
      await medir({ ...carga, segundos: CALENTAR_BUSQUEDA });
      const m = await fila(motor.nombre, `${etiqueta}: ${nombre}`, carga, tienda, rpsBase);
      const f = filas[filas.length - 1]!;
      if (!m) return;
      const extra: string[] = [];
      let ratio: number | undefined;
      if (!motor.databaseUrl || !base) extra.push('pgbench: solo en PostgreSQL');
      else {
        try {
          const peticiones = await Promise.all(lista.map((q) => sqlDe(base.db, q)));
          log(motor.nombre, `${etiqueta}: ${nombre}: pgbench`);
          // PostgreSQL's own limit: as many clients as the server gives it statements at once (its catalogue
          // pool). With the load's 50 it did half as much (more backends than cores, each waiting its turn).
          const pg = await pgbench(motor.databaseUrl, peticiones, { clientes: CONEXIONES_CATALOGO, segundos: SEGUNDOS, calentar: CALENTAR_BUSQUEDA, carpeta: path.join(motor.dataDir, 'pgbench') });
          ratio = m.rps / pg.tps;
          extra.push(`pgbench (el mismo SQL, ${pg.guiones} peticiones distintas, ${CONEXIONES_CATALOGO} clientes, planes genéricos): ${n(pg.tps)} tps, latencia media ${pg.latenciaMs.toFixed(1)} ms; servidor/pgbench ×${ratio.toFixed(2)}`);
        } catch (error) {
          extra.push(`pgbench falló: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        }
      }
      const cumple = m.p99 <= objetivo.p99 && (objetivo.rps === undefined || m.rps >= objetivo.rps) && (objetivo.dePgbench === undefined || (ratio ?? 0) >= objetivo.dePgbench);
      const pedido = [`p99 ≤ ${objetivo.p99} ms`, ...(objetivo.rps ? [`≥ ${miles(objetivo.rps)} req/s`] : []), ...(objetivo.dePgbench ? [`≥ ×${objetivo.dePgbench} de pgbench`] : [])].join(', ');
      extra.push(`objetivo (${pedido}): ${cumple ? 'cumple' : 'NO cumple'}${objetivo.dePgbench && ratio === undefined ? ' (sin pgbench)' : ''}`);
      f.nota = [f.nota, ...extra].filter(Boolean).join('; ');
    };

    const catalogo = (q: string | undefined) => (q === undefined ? '/api/producto' : `/api/producto?q=${encodeURIComponent(q)}`);
    const delCatalogo = (db: BaseDeDatos['db'], q: string | undefined) => sqlDelCatalogo(db, filtrosDe(q));
    const rapida: Objetivo = { p99: 25, rps: 2000 };
    const pesada: Objetivo = { p99: 50, dePgbench: 0.5 };
    const cuantas = (l: unknown[]) => `${l.length} distintas`;
    await medirFila('catálogo 1ª página', catalogo, [undefined], rapida, delCatalogo);
    await medirFila(`1 palabra (${cuantas(consultas.unaPalabra)})`, catalogo, consultas.unaPalabra, rapida, delCatalogo);
    await medirFila(`3 palabras (${cuantas(consultas.tresPalabras)})`, catalogo, consultas.tresPalabras, pesada, delCatalogo);
    await medirFila(`con un error de tipeo (${cuantas(consultas.conError)})`, catalogo, consultas.conError, pesada, delCatalogo);
    await medirFila(
      `sugerencias /autocompletar (${cuantas(consultas.sugerencias)})`,
      (q) => `/api/producto/autocompletar?q=${encodeURIComponent(q ?? '')}`,
      consultas.sugerencias,
      pesada,
      (db, q) => sqlDeAutocompletar(db, q ?? ''),
    );

    log(motor.nombre, `${etiqueta}: relevancia`);
    try {
      const r = await medirRelevancia(buscarPorHttp(tienda.url));
      relevancias.push({ motor: motor.nombre, productos, ...r });
      notas.push(
        `${motor.nombre}, ${miles(productos)} productos: relevancia ${r.aciertos} de ${r.consultas} consultas con un producto esperado entre los 3 primeros (${(r.puntaje * 100).toFixed(1)} %, objetivo ≥ 95 %: ${r.puntaje >= 0.95 ? 'cumple' : 'NO cumple'})${r.fallos.length ? `; fallan${r.fallos.length > 20 ? ' (las 20 primeras; todas en latest.json)' : ''}: ${r.fallos.slice(0, 20).map(describirFallo).join('; ')}` : ''}`,
      );
    } catch (error) {
      notas.push(`${motor.nombre}, ${miles(productos)} productos: relevancia no medida: ${error instanceof Error ? error.message : String(error)}`);
    }
  } finally {
    await base?.cerrar();
  }
}

/** The search rows alone on a data set of `productos` products, in a database of their own. */
async function medirBusquedaGrande(nombreMotor: string, productos: number): Promise<void> {
  const motor = await prepararMotor(nombreMotor);
  let tienda: Proceso | undefined;
  try {
    log(nombreMotor, `búsqueda: migrando y cargando ${miles(productos)} productos...`);
    const base = await motor.abrir();
    await base.migrar();
    const carga = await cargarDatos(base, { ...TAMANO, productos });
    await base.cerrar();
    notas.push(`${nombreMotor}: datos de la búsqueda (${miles(productos)} productos) cargados en ${carga.segundos.toFixed(1)} s: ${Object.entries(carga.filas).map(([t, x]) => `${t} ${x}`).join(', ')}`);
    tienda = await iniciarTienda({ dataDir: motor.dataDir, env: { CACHE_API_SEGUNDOS: '0' }, ...(motor.databaseUrl ? { databaseUrl: motor.databaseUrl } : {}) });
    await filasDeBusqueda(motor, tienda, productos, 0);
  } catch (error) {
    notas.push(`${nombreMotor}, búsqueda con ${miles(productos)} productos: falló: ${error instanceof Error ? error.message : String(error)}`);
    log(error);
    if (tienda) log(tienda.salida());
    process.exitCode = 1;
  } finally {
    await tienda?.detener();
    await motor.limpiar().catch((e: unknown) => log('limpieza', e));
  }
}

const TOKEN_METRICAS = 'token-de-metricas-del-bench-0123456789';
const pct = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %`;

/**
 * The cost of metrics (docs/decisions/029-operacion.md, issue 18: under 5 %): the catalogue's first page
 * on two servers as they run by default, A without METRICS_TOKEN and B with it, both running at once on
 * the same data (PostgreSQL: the same database; PGlite, one process per folder: a copy of it), pinned
 * to one CPU and loaded at once, over several pairs of fresh servers (`medirAB`). Each pair gives B/A of
 * req/s and of the CPU time per request; the note gives the median and the spread of both. `BENCH_METRICAS_AA=1`: B without the token
 * too, an A/A run whose figures are the noise of the measurement. Returns the server the next rows use (A).
 */
async function costoDeMetricas(motor: Motor, tienda: Proceso | undefined, rpsBase: number): Promise<Proceso> {
  const aa = process.env.BENCH_METRICAS_AA === '1';
  const rondas = Math.max(6, entero('BENCH_METRICAS_RONDAS', 16));
  const procesos = entero('BENCH_METRICAS_PROCESOS', 8);
  const segundos = entero('BENCH_METRICAS_SEGUNDOS', 3);
  // Each pair's two loads at the same time, half the connections each (BENCH_METRICAS_MODO=alterno: one after the other).
  const simultaneas = process.env.BENCH_METRICAS_MODO !== 'alterno';
  await tienda?.detener();
  const carpetaB = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${motor.nombre}-metricas-`));
  let a: Proceso | undefined;
  let b: Proceso | undefined;
  try {
    // PGlite takes its folder for one process: B gets a copy, made with no server running.
    if (!motor.databaseUrl) fs.cpSync(path.join(motor.dataDir, 'pglite'), path.join(carpetaB, 'pglite'), { recursive: true });
    const iniciar = (dataDir: string, env: Record<string, string>) => iniciarTienda({ dataDir, env, ...(motor.databaseUrl ? { databaseUrl: motor.databaseUrl } : {}) });
    // The two servers on the last CPU, this process (autocannon) on the first; undone in `finally`.
    const cpuServidores = String(os.cpus().length - 1);
    let fijado = fijarCpu(process.pid, '0');
    const iniciarPar = async () => {
      a = await iniciar(motor.dataDir, {});
      b = await iniciar(carpetaB, aa ? {} : { METRICS_TOKEN: TOKEN_METRICAS });
      if (fijado) fijado = fijarCpu(a.pid, cpuServidores) && fijarCpu(b.pid, cpuServidores);
      if (!aa) {
        const r = await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN_METRICAS}` } });
        if (!r.ok) throw new Error(`GET /metrics del servidor con métricas: ${r.status}`);
      }
      return { a, b };
    };
    const nombre = `catálogo con métricas / sin${aa ? ' (A/A: las dos sin)' : ''}`;
    const carga = (t: Proceso, s: number): Carga => ({ url: `${t.url}/api/producto`, conexiones: CONEXIONES, segundos: s });
    const orden = () => [
      simultaneas ? `cargas a la vez (${Math.round(CONEXIONES / 2)} conexiones cada una, empezando A B, B A...)` : `cargas en orden A B, B A, A B...`,
      fijado ? 'los dos servidores en una CPU y autocannon en otra' : 'sin fijar CPU',
    ].join(', ');
    log(motor.nombre, nombre, `${rondas} pares de ${segundos} s en ${procesos} pares de servidores, ${orden()}`);
    const r = await medirAB({
      iniciar: iniciarPar,
      carga,
      rondas,
      procesos,
      segundos,
      simultaneas,
      calentar: Math.min(2, SEGUNDOS),
      alMedir: (i, lado, m) => log(motor.nombre, `${nombre}: ronda ${i + 1} ${lado}: ${n(m.rps)} req/s, ${n(m.cpuUsPorPedido)} µs/pedido`),
    });
    const resumenA = resumir(r.a);
    const resumenB = resumir(r.b);
    const errores = (m: Medicion) => (m.errores || m.no2xx ? [`${m.errores} errores de conexión, ${m.no2xx} respuestas no 2xx: ${JSON.stringify(m.codigos)}`] : []);
    // Each as B against A, pair by pair: B/A − 1 (req/s lost is negative, CPU per request added positive).
    const rango = (d: Dispersion) => `${pct(d.mediana - 1)} (cuartiles ${pct(d.q1 - 1)} … ${pct(d.q3 - 1)}; extremos ${pct(d.min - 1)} … ${pct(d.max - 1)})`;
    // Met when neither median passes 5 %: fewer req/s or more CPU per request.
    const fallan = [...(1 - r.rps.mediana >= 0.05 ? ['req/s'] : []), ...(r.cpu && r.cpu.mediana - 1 >= 0.05 ? ['CPU µs/pedido'] : [])];
    const nota = [
      `${rondas} pares de ${segundos} s repartidos en ${Math.min(procesos, rondas)} pares de servidores recién iniciados, en marcha a la vez sobre los mismos datos, ${orden()}; con frente a sin, mediana de los pares:`,
      `req/s ${rango(r.rps)},`,
      r.cpu ? `CPU µs/pedido ${rango(r.cpu)};` : 'CPU µs/pedido: sin /proc;',
      `objetivo < 5 %: ${fallan.length ? `no cumplido (${fallan.join(' y ')})` : 'cumplido'}${aa ? ' (A/A: la diferencia es el ruido de la medición)' : ''}`,
    ].join(' ');
    const filaDe = (lado: string, m: Medicion, extra: string[]): Fila => ({
      motor: motor.nombre,
      nombre: `${nombre}: ${lado}`,
      conexiones: CONEXIONES,
      medicion: m,
      ratio: m.rps / rpsBase,
      ...(extra.length ? { nota: extra.join('; ') } : {}),
    });
    filas.push(filaDe('sin', resumenA, [`mediana de ${rondas} cargas de ${segundos} s${simultaneas ? `, ${Math.round(CONEXIONES / 2)} conexiones` : ''}`, ...errores(resumenA)]));
    filas.push(filaDe(aa ? 'sin (B)' : 'con', resumenB, [nota, ...errores(resumenB)]));
    notas.push(`${motor.nombre}: costo de las métricas en el catálogo (1ª página, caché en memoria como por defecto): ${nota}`);
    log(motor.nombre, nota);
    // The rows that follow: a server as it runs by default, on every CPU (a child inherits this process's).
    fijarCpu(process.pid, TODAS_LAS_CPU);
    return await iniciar(motor.dataDir, {});
  } finally {
    await Promise.all([a?.detener(), b?.detener()]);
    fijarCpu(process.pid, TODAS_LAS_CPU);
    fs.rmSync(carpetaB, { recursive: true, force: true });
  }
}

async function medirMotor(nombreMotor: string, conWeb: boolean): Promise<void> {
  const motor = await prepararMotor(nombreMotor);
  let tienda: Proceso | undefined;
  try {
    log(nombreMotor, 'migrando y cargando datos...');
    const base = await motor.abrir();
    await base.migrar();
    const carga = await cargarDatos(base);
    await base.cerrar();
    notas.push(`${nombreMotor}: datos cargados en ${carga.segundos.toFixed(1)} s: ${Object.entries(carga.filas).map(([t, n]) => `${t} ${n}`).join(', ')}`);
    log(nombreMotor, `datos en ${carga.segundos.toFixed(1)} s`, carga.filas);

    const arrancar = (env: Record<string, string> = {}) =>
      iniciarTienda({ dataDir: motor.dataDir, env, ...(motor.databaseUrl ? { databaseUrl: motor.databaseUrl } : {}) });

    // The baseline answers a file with exactly the catalogue first page's bytes.
    tienda = await arrancar({ CACHE_API_SEGUNDOS: '0' });
    let url = tienda.url;
    // Right after start, once /api/config has answered: the same moment for every server of the run.
    const reposo: Record<string, number | null> = { 'este código': rssMb(tienda.pid) };
    const paginaUno = await fetch(`${url}/api/producto`);
    const cuerpo = Buffer.from(await paginaUno.arrayBuffer());
    const archivoBase = path.join(motor.dataDir, 'static.json');
    fs.writeFileSync(archivoBase, cuerpo);
    const primero = (JSON.parse(cuerpo.toString()) as { items: Array<{ id: number }> }).items[0]?.id ?? 1;
    const categorias = (await (await fetch(`${url}/api/categoria`)).json()) as Array<{ id: number }>;

    // Measured first, again just before this code's cached reads, and at the end: on a shared machine the
    // load moves during a run, so each row's "× base" is against the latest baseline measured before it.
    const medirBase = async (nombre: string, referencia?: number) => {
      const baseline = await iniciarBase(archivoBase);
      try {
        const m = await medir({ url: `${baseline.url}/static.json`, conexiones: CONEXIONES, segundos: SEGUNDOS }, baseline.pid);
        filas.push({ motor: nombreMotor, nombre, conexiones: CONEXIONES, medicion: m, ratio: referencia ? m.rps / referencia : 1 });
        return m.rps;
      } finally {
        await baseline.detener();
      }
    };
    const rpsPrimera = await medirBase(`base estática (Fastify sola, ${(cuerpo.length / 1024).toFixed(1)} KB)`);
    let rpsBase = rpsPrimera;
    if (solo('busqueda')) await filasDeBusqueda(motor, tienda, TAMANO.productos, rpsBase);

    const lecturas = async (t: Proceso, sufijo: string, etagPagina: string | null) => {
      const lectura = (ruta: string, extra: Partial<Carga> = {}): Carga => ({ url: t.url + ruta, conexiones: CONEXIONES, segundos: SEGUNDOS, ...extra });
      if (solo('promociones')) {
        const promoActivas = (await sondear(lectura('/api/promocion/activas'))) ? '/api/promocion?activas=true' : '/api/promocion/activas';
        await fila(nombreMotor, `promociones activas${sufijo}`, lectura(promoActivas), t, rpsBase);
        await fila(nombreMotor, `promociones (admin: todas)${sufijo}`, lectura('/api/promocion', { headers: { cookie: cookieAdminLecturas } }), t, rpsBase);
        await fila(nombreMotor, `promociones (admin: grilla, 1ª página de 20)${sufijo}`, lectura('/api/promocion/grilla', { headers: { cookie: cookieAdminLecturas } }), t, rpsBase);
      }
      if (!solo('lecturas')) return;
      await fila(nombreMotor, `catálogo 1ª página${sufijo}`, lectura('/api/producto'), t, rpsBase);
      await fila(nombreMotor, `catálogo q='lapiz'${sufijo}`, lectura('/api/producto?q=lapiz'), t, rpsBase);
      await fila(nombreMotor, `catálogo marca${sufijo}`, lectura(`/api/producto?marca=${encodeURIComponent('Faber-Castell')}`), t, rpsBase);
      await fila(nombreMotor, `catálogo categoría${sufijo}`, lectura(`/api/producto?categoriaId=${categorias[3]?.id ?? 1}`), t, rpsBase);
      await fila(nombreMotor, `catálogo precio desc${sufijo}`, lectura('/api/producto?orden=desc'), t, rpsBase);
      await fila(nombreMotor, `catálogo 1ª página, gzip${sufijo}`, lectura('/api/producto', { headers: { 'accept-encoding': 'gzip' } }), t, rpsBase);
      if (etagPagina) {
        await fila(nombreMotor, `catálogo 1ª página, If-None-Match (304)${sufijo}`, lectura('/api/producto', { headers: { 'if-none-match': etagPagina } }), t, rpsBase);
      } else {
        filas.push({ motor: nombreMotor, nombre: `catálogo 1ª página, If-None-Match (304)${sufijo}`, conexiones: CONEXIONES, nota: 'omitida: la respuesta no trae ETag' });
      }
      await fila(nombreMotor, `detalle de producto${sufijo}`, lectura(`/api/producto/${primero}`), t, rpsBase);
    };

    // The storefront's HTML as a visitor gets it (server/web/prerender.ts), on the server as it runs by
    // default and last: /products is drawn once per URL every CACHE_API_SEGUNDOS and sent from memory in
    // between; a filter URL that never repeats is drawn on every request, its API read missing the memory
    // cache too. Never with the cache off: 50 connections drawing at once pass the 1.5 s limit, and the
    // abandoned renders keep the CPU busy for the rows after them.
    const paginas = async (t: Proceso) => {
      const pagina = (ruta: string, extra: Partial<Carga> = {}): Carga => ({ url: t.url + ruta, conexiones: CONEXIONES, segundos: SEGUNDOS, ...extra });
      const urls = urlsDeFiltro();
      // Warm: a server that has drawn pages before (the first renders after a start cost 2-5 times more).
      for (const ruta of urls.slice(-20)) await fetch(t.url + ruta).then((r) => r.arrayBuffer());
      await fila(nombreMotor, 'página /products (HTML)', pagina('/products', { verificar: dibujada }), t, rpsBase);
      await fila(nombreMotor, 'página /products, gzip', pagina('/products', { headers: { 'accept-encoding': 'gzip' }, verificar: comprimida }), t, rpsBase);
      let i = 0;
      await fila(
        nombreMotor,
        `página /products?q=… (${urls.length} URL distintas: se dibuja cada vez)`,
        pagina('/products', { conexiones: CONEXIONES_PAGINAS, ruta: () => urls[i++ % urls.length]!, verificar: dibujada }),
        t,
        rpsBase,
      );
    };

    // The rows touched by a change, measured first with the code of another checkout (BENCH_ANTES).
    const escrituras = async (t: Proceso, sufijo: string, cookieAdmin: string, cookieCliente: string) => {
      const pedido: Carga = {
        url: `${t.url}/api/pedido`,
        conexiones: CONEXIONES_PEDIDO,
        segundos: SEGUNDOS,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieCliente },
        cuerpo: () =>
          JSON.stringify({
            lineas: [{ productoId: 1 + Math.floor(Math.random() * PRODUCTOS_CON_STOCK_GRANDE), cantidad: 1 }],
            formaPago: 'EFECTIVO',
            envio: 0,
          }),
      };
      const m = solo('pedido') ? await fila(nombreMotor, `pedido del carrito (1 unidad)${sufijo}`, pedido, t, rpsBase) : undefined;
      const { mes, dias30 } = fechas();
      const adminGet = (ruta: string, conexiones: number): Carga => ({ url: t.url + ruta, conexiones, segundos: SEGUNDOS, headers: { cookie: cookieAdmin } });
      if (solo('grilla')) await fila(nombreMotor, `grilla de ventas ${mes.desde.slice(0, 7)}${sufijo}`, adminGet(`/api/venta?desde=${mes.desde}&hasta=${mes.hasta}`, 4), t, rpsBase);
      if (solo('xlsx')) {
        const xlsx = adminGet(`/api/cierre-caja/exportar?desde=${dias30.desde}&hasta=${dias30.hasta}`, 2);
        // As an owner: the informes screen opens (its summary prepares a worker), a download follows.
        await fetch(`${t.url}/api/informes/resumen?desde=${dias30.desde}&hasta=${dias30.hasta}`, { headers: { cookie: cookieAdmin } }).then((r) => r.arrayBuffer());
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const inicio = performance.now();
        const primera = await fetch(xlsx.url, { headers: xlsx.headers ?? {} });
        await primera.arrayBuffer();
        const notas = primera.ok ? [`primera descarga al abrir Informes: ${Math.round(performance.now() - inicio)} ms`] : [];
        await fila(nombreMotor, `cierre de caja xlsx 30 días${sufijo}`, xlsx, t, rpsBase, notas);
      }
      return m;
    };

    let cookieAdminLecturas = await login(url, ADMIN_BENCH);
    let mPedidoAntes: Medicion | undefined;
    if (ANTES) {
      await tienda.detener();
      const envAntes: Record<string, string> = ANTES_CON_CACHE ? {} : { CACHE_API_SEGUNDOS: '0' };
      tienda = await iniciarTienda({ dataDir: motor.dataDir, env: envAntes, raiz: ANTES, ...(motor.databaseUrl ? { databaseUrl: motor.databaseUrl } : {}) });
      reposo.antes = rssMb(tienda.pid);
      cookieAdminLecturas = await login(tienda.url, ADMIN_BENCH);
      if (ANTES_CON_CACHE) await lecturas(tienda, ', antes', (await fetch(`${tienda.url}/api/producto`)).headers.get('etag'));
      else await lecturas(tienda, `${SIN_CACHE}, antes`, null);
      mPedidoAntes = await escrituras(tienda, ', antes', cookieAdminLecturas, await login(tienda.url, CLIENTE_BENCH));
      await tienda.detener();
      if (solo('importacion')) {
        log(nombreMotor, 'importación, antes: datos migrados y cargados por BENCH_ANTES...');
        const datos = await datosDeAntes(motor, ANTES);
        try {
          tienda = await iniciarTienda({ dataDir: datos.dataDir, env: envAntes, raiz: ANTES, ...(datos.databaseUrl ? { databaseUrl: datos.databaseUrl } : {}) });
          await importacion(nombreMotor, tienda, await login(tienda.url, ADMIN_BENCH), ', antes');
          await tienda.detener();
        } finally {
          await datos.borrar();
        }
      }
      tienda = await arrancar({ CACHE_API_SEGUNDOS: '0' });
      url = tienda.url;
      cookieAdminLecturas = await login(url, ADMIN_BENCH);
    }

    if (COMPARAR) {
      // Before: the same server with the memory cache off (CACHE_API_SEGUNDOS=0), in the same run.
      await lecturas(tienda, SIN_CACHE, paginaUno.headers.get('etag'));
    }
    await tienda.detener();
    tienda = await arrancar();
    url = tienda.url;
    const [cookieAdmin, cookieCliente] = [await login(url, ADMIN_BENCH), await login(url, CLIENTE_BENCH)];
    if (ANTES || COMPARAR) rpsBase = await medirBase('base estática, otra vez', rpsPrimera);
    await lecturas(tienda, '', (await fetch(`${url}/api/producto`)).headers.get('etag'));

    cookieAdminLecturas = cookieAdmin;
    const mPedido = (await escrituras(tienda, '', cookieAdmin, cookieCliente)) ?? mPedidoAntes;
    if (solo('paginas')) await paginas(tienda);

    if (solo('metricas')) {
      tienda = await costoDeMetricas(motor, tienda, rpsBase);
      url = tienda.url;
    }

    await medirBase('base estática, otra vez al final', rpsPrimera);

    if (conWeb && !SIN_WEB && solo('web')) await medirWeb(url, primero);
    if (solo('importacion')) await importacion(nombreMotor, tienda, cookieAdmin);
    if (solo('impresion')) {
      const nombre = 'impresiones: PDF de 100 páginas leído en el worker, con el catálogo respondiendo';
      const r = await medirImpresion(url, cookieCliente, BENCH_PAGINAS_PDF);
      if (!r.ok) process.exitCode = 1;
      filas.push({ motor: nombreMotor, nombre, conexiones: 1, nota: r.nota });
      log(nombreMotor, nombre, r.nota);
    }

    await tienda.detener();
    tienda = undefined;
    if (solo('respaldo')) {
      // Offline, as `npm run backup` does with the shop stopped (the running server's backup is the same code).
      const b = await motor.abrir();
      try {
        const r = await crearRespaldo({ base: b, uploadsDir: path.join(motor.dataDir, 'uploads'), destino: path.join(motor.dataDir, 'backups'), conservar: 1 });
        notas.push(
          `${nombreMotor}: respaldo (${r.base}) con ${miles(TAMANO.productos)} productos y ${miles(TAMANO.ventas)} ventas (más lo que escribieron las filas de antes) en ${(r.ms / 1000).toFixed(1)} s, ${(r.bytes / 1024 / 1024).toFixed(1)} MB`,
        );
      } finally {
        await b.cerrar();
      }
    }
    if (mPedido) {
      const b = await motor.abrir();
      const v = await verificarStock(b);
      await b.cerrar();
      const f = filas.find((x) => x.motor === nombreMotor && x.nombre.startsWith('pedido') && !x.nombre.endsWith('antes'));
      const texto = v.ok
        ? `sin sobreventa: stock = inicial + movimientos en todos; ${v.pedidos} pedidos con movimiento`
        : `¡SOBREVENTA O DESCUADRE! ${v.descuadres} descuadres, ${v.negativos} negativos`;
      if (f) f.nota = f.nota ? `${f.nota}; ${texto}` : texto;
      if (!v.ok) process.exitCode = 1;
    }
    for (const f of filas.filter((x) => x.motor === nombreMotor && x.nombre.endsWith(SIN_CACHE) && x.medicion)) {
      const despues = filas.find((x) => x.motor === nombreMotor && x.nombre === f.nombre.slice(0, -SIN_CACHE.length));
      if (despues?.medicion && f.medicion) {
        notas.push(
          `${nombreMotor}: ${despues.nombre}: con caché ×${(despues.medicion.rps / f.medicion.rps).toFixed(1)} req/s, p99 ${f.medicion.p99} → ${despues.medicion.p99} ms`,
        );
      }
    }
    for (const f of filas.filter((x) => x.motor === nombreMotor && x.nombre.endsWith(', antes') && x.medicion)) {
      const ahora = filas.find((x) => x.motor === nombreMotor && x.nombre === f.nombre.slice(0, -', antes'.length) && x.medicion);
      if (ahora?.medicion && f.medicion) {
        notas.push(
          `${nombreMotor}: ${ahora.nombre}: antes → ahora × base ${f.ratio?.toFixed(2) ?? '?'} → ${ahora.ratio?.toFixed(2) ?? '?'} (req/s ×${(ahora.medicion.rps / f.medicion.rps).toFixed(2)}), CPU µs/pedido ${n(f.medicion.cpuUsPorPedido)} → ${n(ahora.medicion.cpuUsPorPedido)}, p99 ${f.medicion.p99} → ${ahora.medicion.p99} ms, RSS máx ${f.medicion.rssMaxMb?.toFixed(0) ?? '?'} → ${ahora.medicion.rssMaxMb?.toFixed(0) ?? '?'} MB`,
        );
      }
    }
    const maxRss = (antes: boolean) =>
      Math.max(...filas.filter((f) => f.motor === nombreMotor && f.nombre.endsWith(', antes') === antes).map((f) => f.medicion?.rssMaxMb ?? 0));
    for (const [servidor, mb] of Object.entries(reposo)) {
      notas.push(`${nombreMotor}: RSS del servidor (${servidor}) en reposo ${mb?.toFixed(0) ?? '?'} MB, máximo bajo carga ${maxRss(servidor === 'antes').toFixed(0)} MB`);
    }
  } catch (error) {
    notas.push(`${nombreMotor}: falló: ${error instanceof Error ? error.message : String(error)}`);
    log(error);
    if (tienda) log(tienda.salida());
    process.exitCode = 1;
  } finally {
    await tienda?.detener();
    await motor.limpiar().catch((e: unknown) => log('limpieza', e));
  }
}

async function medirWeb(url: string, idProducto: number): Promise<void> {
  const listas = (await fetch(`${url}/api/lista`).then((r) => r.json()).catch(() => null)) as { items?: Array<{ id: number }> } | null;
  const lista = listas?.items?.[0]?.id;
  const paginas = ['/', '/products', `/producto/${idProducto}`, ...(lista === undefined ? [] : ['/listas', `/listas/${lista}`])];
  let navegador;
  try {
    navegador = await lanzarChromium();
  } catch (error) {
    notas.push(`web: sin Chromium: ${String(error)}`);
    return;
  }
  try {
    log('web: pesando páginas');
    pesos = await pesarPaginas(navegador, url, paginas);
    if (!SIN_LIGHTHOUSE) {
      log('web: lighthouse');
      faros = await lighthouse(navegador, url, paginas);
    }
  } catch (error) {
    notas.push(`web: falló: ${String(error)}`);
  } finally {
    await navegador.cerrar();
  }
}

/** Each import's figures by engine and server (sufijo ', antes' or ''), for the before → after note. */
const importaciones = new Map<string, { total: number; cpu: number | null }>();

/**
 * The spreadsheet import of 10.000 new products (docs/decisions/030-catalogo-masivo.md): the preview and the
 * confirmation, each timed once (a write of the whole file, not a load test). Goal: under 10 s in all. The
 * server's CPU time (PGlite runs inside it; PostgreSQL's own is not counted) moves less with the machine's
 * load than the seconds.
 */
async function importacion(motor: string, tienda: Proceso, cookie: string, sufijo = ''): Promise<void> {
  const { url, pid } = tienda;
  const nombre = `importación de ${miles(FILAS_IMPORTACION)} productos (CSV): vista previa + confirmación${sufijo}`;
  const lineas = ['Código;Denominación;Marca;Categoría;Costo;Porcentaje;Stock;Descripción'];
  const categoria = ((await (await fetch(`${url}/api/categoria`)).json()) as Array<{ denominacion: string }>)[0]?.denominacion ?? '';
  for (let i = 0; i < FILAS_IMPORTACION; i++) lineas.push(`BENCH-IMP-${i};Producto importado ${i};Marca ${i % 40};${categoria};${1000 + i},50;45;${i % 30};Fila ${i}`);
  const cpu0 = cpuMs(pid);
  const inicio = performance.now();
  const previa = await fetch(`${url}/api/producto/importacion?archivo=bench.csv`, { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: lineas.join('\n') });
  const vista = (await previa.json()) as { token?: string; totales?: { crear: number }; message?: string };
  const tPrevia = performance.now() - inicio;
  const cpu1 = cpuMs(pid);
  if (!previa.ok || !vista.token) {
    filas.push({ motor, nombre, conexiones: 1, nota: `falló la vista previa: ${previa.status} ${vista.message ?? ''}` });
    return;
  }
  const confirmada = await fetch(`${url}/api/producto/importacion/${vista.token}/confirmar`, { method: 'POST', headers: { cookie } });
  const total = performance.now() - inicio;
  const cpu2 = cpuMs(pid);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const cpu = (a: number | null, b: number | null) => (a === null || b === null ? '' : ` (CPU del servidor ${s(b - a)})`);
  const nota = confirmada.ok
    ? `${vista.totales?.crear} creados; vista previa ${s(tPrevia)}${cpu(cpu0, cpu1)}, confirmación ${s(total - tPrevia)}${cpu(cpu1, cpu2)}, total ${s(total)}${cpu(cpu0, cpu2)} (objetivo < 10 s)`
    : `falló la confirmación: ${confirmada.status} ${await confirmada.text()}`;
  if (!confirmada.ok) process.exitCode = 1;
  filas.push({ motor, nombre, conexiones: 1, nota });
  log(motor, nombre, nota);
  if (!confirmada.ok) return;
  importaciones.set(`${motor}${sufijo}`, { total, cpu: cpu0 === null || cpu2 === null ? null : cpu2 - cpu0 });
  const antes = importaciones.get(`${motor}, antes`);
  if (!sufijo && antes) {
    const cpus = antes.cpu !== null && antes.cpu > 0 && cpu0 !== null && cpu2 !== null ? `, CPU del servidor ${s(antes.cpu)} → ${s(cpu2 - cpu0)} (×${((cpu2 - cpu0) / antes.cpu).toFixed(2)})` : '';
    notas.push(`${motor}: importación de ${miles(FILAS_IMPORTACION)} productos: antes → ahora ${s(antes.total)} → ${s(total)} (×${(total / antes.total).toFixed(2)})${cpus}`);
  }
}

const n = (x: number | undefined | null, d = 0) => (x === undefined || x === null ? '–' : x.toFixed(d));

function tabla(): string {
  const lineas = [
    '| Motor | Medición | Conex. | req/s | p50 ms | p99 ms | × base | CPU µs/pedido | RSS máx MB | Notas |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const f of filas) {
    const m = f.medicion;
    lineas.push(`| ${f.motor} | ${f.nombre} | ${f.conexiones} | ${n(m?.rps)} | ${n(m?.p50)} | ${n(m?.p99)} | ${n(f.ratio, 2)} | ${n(m?.cpuUsPorPedido)} | ${n(m?.rssMaxMb)} | ${f.nota ?? ''} |`);
  }
  if (pesos.length > 0 || faros.length > 0) {
    lineas.push('', '| Página | JS gzip KB | CSS gzip KB | Admin cargado | img sin tamaño | Lighthouse móvil | CLS | LCP ms | TBT ms | Notas |', '|---|---:|---:|---|---:|---:|---:|---:|---:|---|');
    for (const p of pesos.length ? pesos : faros.map((f) => ({ pagina: f.pagina }) as PesoPagina)) {
      const l = faros.find((f) => f.pagina === p.pagina);
      const admin = p.adminCargado ? (p.adminCargado.length ? `SÍ: ${p.adminCargado.join(', ')}` : 'no') : '–';
      lineas.push(
        `| ${p.pagina} | ${n(p.jsKb, 1)} | ${n(p.cssKb, 1)} | ${admin} | ${n(p.imagenesSinTamano)} | ${l?.puntaje === null || l?.puntaje === undefined ? '–' : Math.round(l.puntaje * 100)} | ${n(l?.cls, 3)} | ${n(l?.lcpMs)} | ${n(l?.tbtMs)} | ${l?.nota ?? (SIN_LIGHTHOUSE ? 'lighthouse desactivado (BENCH_LIGHTHOUSE=0)' : '')} |`,
      );
    }
  }
  return lineas.join('\n');
}

function maquina(): string {
  const cpus = os.cpus();
  return [
    `Fecha: ${new Date().toISOString()}`,
    `Máquina: ${os.cpus().length} núcleos (nproc ${os.availableParallelism()}, ${cpus[0]?.model ?? '?'}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB de memoria, carga media ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}`,
    `Node ${process.version}, ${os.type()} ${os.release()}`,
    `Cada fila: ${SEGUNDOS} s; lecturas con ${CONEXIONES} conexiones, pedido con ${CONEXIONES_PEDIDO}; autocannon en este mismo proceso, el servidor en otro; las filas de la búsqueda, frente a pgbench, con wrk (un proceso en C, como pgbench) ${binarioWrk() && process.env.BENCH_GENERADOR !== 'autocannon' ? 'instalado' : 'NO disponible o desactivado: autocannon'}.`,
  ].join('\n');
}

async function main() {
  log(construirSiHaceFalta());
  for (const [i, motor] of MOTORES.entries()) {
    await medirMotor(motor, i === 0);
    const grande = motor === 'pglite' ? PRODUCTOS_BUSQUEDA_PGLITE : PRODUCTOS_BUSQUEDA;
    if (solo('busqueda') && grande !== TAMANO.productos) await medirBusquedaGrande(motor, grande);
    else if (solo('busqueda') && motor === 'pglite' && PRODUCTOS_BUSQUEDA !== TAMANO.productos) {
      notas.push(`pglite: búsqueda medida solo con ${miles(TAMANO.productos)} productos (cargar ${miles(PRODUCTOS_BUSQUEDA)} por los triggers de búsqueda lleva media hora en PGlite; BENCH_PRODUCTOS_PGLITE para más)`);
    }
  }
  const texto = [`# Benchmark de la tienda`, '', maquina(), '', tabla(), '', ...notas.map((x) => `- ${x}`), ''].join('\n');
  console.log(texto);
  const carpeta = path.join(RAIZ, 'bench', 'results');
  fs.mkdirSync(carpeta, { recursive: true });
  fs.writeFileSync(path.join(carpeta, 'latest.md'), texto);
  fs.writeFileSync(path.join(carpeta, 'latest.json'), JSON.stringify({ filas, relevancias, pesos, faros, notas }, null, 2));
  // The history, run by run, committed with the change it measured: latest.* is overwritten (and not in git), these stay.
  fs.writeFileSync(path.join(carpeta, `${new Date().toISOString().replace(/[:.]/g, '-')}.md`), texto);
  log(`escrito bench/results/latest.md`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// The real server process (server/main.ts) under a burst of cart orders from a signed-in customer:
// `npm run backup` taken meanwhile restores consistent (on PGlite through the server's local channel),
// and SIGTERM in the middle stops it cleanly: exit 0 within APAGADO_MAXIMO_MS, every acknowledged order
// stored whole, none half-written, and whatever came after the signal refused (connection refused or
// 503), never a 500. On PGlite in a temporary DATA_DIR, on PostgreSQL in a fresh database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalVenta } from '../../domain/money';
import { abrirPglite, abrirPostgres, type BaseDeDatos } from '../db/client';
import { detalleVenta, movimientoStock, producto, venta } from '../db/schema';
import { crearBaseDePrueba } from '../test/base-de-prueba';
import { crearProducto, crearUsuario } from '../test/fabricas';
import { urlConBase } from '../test/global-setup';
import { correrTs, iniciarTienda, type ProcesoDeTienda } from '../test/proceso-de-prueba';
import { descuadresDeStock } from '../test/stock-de-prueba';
import { restaurarRespaldo } from './respaldo';

const enPostgres = process.env.TEST_MOTOR === 'postgres';
const STOCK_INICIAL = 1_000_000;
/** Generous on a shared machine; without load the burst's requests in flight end in milliseconds. */
const APAGADO_MAXIMO_MS = 20_000;
const TRABAJADORES = 6;

interface Linea {
  productoId: number;
  cantidad: number;
}
/** One request of the burst: its answer, or the connection error that replaced it. */
interface Intento {
  lineas: Linea[];
  trasLaSenal: boolean;
  status?: number;
  cuerpo?: string;
  error?: string;
  /** When its answer (or error) came, performance.now(). */
  fin?: number;
}

const filasDe = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Runs TRABAJADORES loops of orders until `seguir()` says no (or a loop's connection is refused after the signal). */
function rafaga(url: string, cookie: string, productos: number[], estado: { seguir: () => boolean; trasLaSenal: () => boolean }) {
  const intentos: Intento[] = [];
  const trabajadores = Array.from({ length: TRABAJADORES }, async (_x, i) => {
    for (let n = 0; estado.seguir(); n++) {
      // Every order a different mix: 1 to 3 products, 1 to 3 units each.
      const lineas = productos.filter((_p, k) => (i + n + k) % 3 !== 2).map((productoId, k) => ({ productoId, cantidad: 1 + ((i + n + k) % 3) }));
      const intento: Intento = { lineas, trasLaSenal: estado.trasLaSenal() };
      intentos.push(intento);
      try {
        const r = await fetch(`${url}/api/pedido`, {
          method: 'POST',
          headers: { cookie, origin: url, 'content-type': 'application/json' },
          body: JSON.stringify({ lineas, formaPago: 'EFECTIVO', envio: 0 }),
        });
        intento.status = r.status;
        intento.cuerpo = await r.text();
      } catch (error) {
        const causa = (error as { cause?: { code?: string; message?: string } }).cause;
        intento.error = causa?.code ?? causa?.message ?? String(error);
        // Refused after the signal: nothing listens any more, this loop is done.
        if (intento.error === 'ECONNREFUSED' && estado.trasLaSenal()) return;
        if (!estado.trasLaSenal()) return;
      } finally {
        intento.fin = performance.now();
      }
    }
  });
  const aceptados = () => intentos.filter((x) => x.status === 201).length;
  return { intentos, aceptados, terminada: Promise.all(trabajadores) };
}

async function iniciarSesion(url: string, usuario: string, clave: string): Promise<string> {
  const r = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { origin: url, 'content-type': 'application/json' }, body: JSON.stringify({ usuario, clave }) });
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('sesion='));
  if (r.status !== 200 || !cookie) throw new Error(`login: ${r.status} ${await r.text()}`);
  return cookie.split(';')[0]!;
}

const hasta = async (condicion: () => boolean, fallida: Promise<unknown>) => {
  while (!condicion()) await Promise.race([fallida, new Promise((resolve) => setTimeout(resolve, 10))]);
};

/**
 * The orders in `db` against the ledger: no sale without lines, stock = its movements for every product,
 * stock = initial − units sold, and every order in `aceptados` stored whole with the total it was answered.
 */
async function comprobarPedidos(base: BaseDeDatos, productos: number[], aceptados: Intento[]) {
  const { db } = base;
  expect(await descuadresDeStock(db)).toEqual([]);
  const sinLineas = await db.execute(sql`select count(*)::int as n from ${venta} v where not exists (select 1 from ${detalleVenta} d where d.venta_id = v.id)`);
  expect(filasDe<{ n: number }>(sinLineas)[0]!.n).toBe(0);

  const precios = new Map((await db.select({ id: producto.id, precio: producto.precio }).from(producto)).map((p) => [p.id, p.precio]));
  const ventas = new Map((await db.select({ id: venta.id, total: venta.total }).from(venta)).map((v) => [v.id, v.total]));
  const detalles = await db.select({ ventaId: detalleVenta.ventaId, productoId: detalleVenta.productoId, cantidad: detalleVenta.cantidad }).from(detalleVenta).orderBy(asc(detalleVenta.id));
  const movimientos = await db.select({ ventaId: movimientoStock.ventaId, productoId: movimientoStock.productoId, delta: movimientoStock.delta }).from(movimientoStock);

  for (const pedido of aceptados) {
    const { id, total } = JSON.parse(pedido.cuerpo!) as { id: number; total: number };
    const esperado = totalVenta(pedido.lineas.map((l) => ({ cantidad: l.cantidad, precio: precios.get(l.productoId)! })));
    expect({ id, total }).toEqual({ id, total: esperado });
    expect(ventas.get(id)).toBe(esperado);
    const ordenar = (ls: Linea[]) => [...ls].sort((a, b) => a.productoId - b.productoId);
    // Product lines only: the burst orders no print jobs (their lines have no product).
    expect(ordenar(detalles.filter((d) => d.ventaId === id).map((d) => ({ productoId: d.productoId!, cantidad: d.cantidad })))).toEqual(ordenar(pedido.lineas));
    expect(ordenar(movimientos.filter((m) => m.ventaId === id).map((m) => ({ productoId: m.productoId, cantidad: -m.delta })))).toEqual(ordenar(pedido.lineas));
  }
  for (const id of productos) {
    const vendidas = detalles.filter((d) => d.productoId === id).reduce((s, d) => s + d.cantidad, 0);
    const [p] = await db.select({ stock: producto.stock }).from(producto).where(eq(producto.id, id));
    expect(p!.stock).toBe(STOCK_INICIAL - vendidas);
  }
  return ventas.size;
}

describe(`the real server process under a burst of orders (${enPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: 300_000 }, () => {
  let tmp: string;
  let dataDir: string;
  /** PostgreSQL: the fresh database the process uses, open here too. */
  let postgres: (BaseDeDatos & { url?: string }) | undefined;
  let tienda: ProcesoDeTienda;
  let cliente: { usuario: string; clave: string };
  let productos: number[];

  /** The process's database, opened by the test (PGlite: only once the process is gone). */
  const abrirLaDelProceso = async () => (postgres ? { ...postgres, cerrar: async () => undefined } : abrirPglite({ dataDir: path.join(dataDir, 'pglite') }));

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apagado-'));
    dataDir = path.join(tmp, 'data');
    let base: BaseDeDatos;
    if (enPostgres) {
      postgres = await crearBaseDePrueba();
      base = postgres;
    } else {
      // The migrated template, in the folder the process will open.
      const plantilla = await crearBaseDePrueba();
      const volcado = await (plantilla.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client.dumpDataDir('none');
      await plantilla.cerrar();
      fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
      base = await abrirPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: volcado });
    }
    const u = await crearUsuario(base.db);
    cliente = { usuario: u.usuario, clave: u.clave };
    productos = [];
    for (const costo of [1000, 333.33, 12.5]) productos.push((await crearProducto(base.db, { stock: STOCK_INICIAL, costo, porcentaje: 37 })).id);
    if (!enPostgres) await base.cerrar();

    tienda = await iniciarTienda(dataDir, {
      APAGADO_MAXIMO_MS: String(APAGADO_MAXIMO_MS),
      PEDIDOS_PENDIENTES_MAX: '1000000',
      UNIDADES_POR_PRODUCTO_MAX: '1000000',
      ...(postgres ? { DATABASE_URL: postgres.url! } : {}),
    });
  });

  afterAll(async () => {
    if (tienda && tienda.proceso.exitCode === null) {
      tienda.proceso.kill('SIGKILL');
      await tienda.termino;
    }
    await postgres?.cerrar();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('`npm run backup` during the burst restores consistent: stock = its movements, every sale with its lines', async () => {
    const cookie = await iniciarSesion(tienda.url, cliente.usuario, cliente.clave);
    let seguir = true;
    const r = rafaga(tienda.url, cookie, productos, { seguir: () => seguir, trasLaSenal: () => false });
    await hasta(() => r.aceptados() >= 10, r.terminada);
    const antes = r.intentos.filter((x) => x.status === 201);

    const destino = path.join(tmp, 'respaldos');
    const cli = correrTs('server/operacion/respaldo-cli.ts', ['backup', '--destino', destino], {
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url! } : {}),
    });
    let salida = '';
    cli.stdout.on('data', (d: Buffer) => (salida += d.toString()));
    cli.stderr.on('data', (d: Buffer) => (salida += d.toString()));
    const codigo = await new Promise<number | null>((resolve) => cli.on('exit', resolve));
    const durante = r.aceptados();
    seguir = false;
    await r.terminada;
    expect({ codigo, salida }).toMatchObject({ codigo: 0 });
    // PGlite is open in the server only: the command asked it (server/operacion/canal-local.ts).
    if (!enPostgres) expect(salida).toMatch(/La tienda está en marcha \(proceso \d+\): ella hace el respaldo de PGlite/);
    // Orders kept coming while the backup was made, and every one of them was taken.
    expect(durante).toBeGreaterThan(antes.length);
    expect(r.intentos.filter((x) => x.status !== 201)).toEqual([]);
    const archivo = /Respaldo: (\S+\.tar\.gz)/.exec(salida)?.[1];
    expect(archivo, salida).toBeDefined();

    // Restored into an empty place.
    const lugar = path.join(tmp, 'restaurada');
    let restaurada: BaseDeDatos;
    let borrar = async () => undefined as unknown;
    if (postgres) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const nombre = `restaurada_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await admin.query(`create database ${nombre}`);
      restaurada = await abrirPostgres(urlConBase(process.env.TEST_DATABASE_URL!, nombre), 2);
      await restaurarRespaldo({ archivo: archivo!, uploadsDir: path.join(lugar, 'uploads'), postgres: restaurada, forzar: false });
      borrar = async () => {
        await admin.query(`drop database if exists ${nombre} with (force)`);
        await admin.end();
      };
    } else {
      await restaurarRespaldo({ archivo: archivo!, uploadsDir: path.join(lugar, 'uploads'), dirPglite: path.join(lugar, 'pglite'), forzar: false });
      restaurada = await abrirPglite({ dataDir: path.join(lugar, 'pglite') });
    }
    try {
      // Whole: what was acknowledged before the backup was asked for is in it, as answered.
      const enElRespaldo = await comprobarPedidos(restaurada, productos, antes);
      expect(enElRespaldo).toBeGreaterThanOrEqual(antes.length);
      expect(enElRespaldo).toBeLessThanOrEqual(r.aceptados());
    } finally {
      await restaurada.cerrar();
      await borrar();
    }
  });

  it('SIGTERM during the burst: exit 0 in time, every acknowledged order stored whole, the rest refused cleanly', async () => {
    const cookie = await iniciarSesion(tienda.url, cliente.usuario, cliente.clave);
    const momento = { senal: Infinity };
    let salio = false;
    const r = rafaga(tienda.url, cookie, productos, { seguir: () => !salio, trasLaSenal: () => performance.now() >= momento.senal });
    void tienda.termino.then(() => (salio = true));
    await hasta(() => r.aceptados() >= 20, r.terminada);

    momento.senal = performance.now();
    tienda.proceso.kill('SIGTERM');
    const { codigo, senal: muerte } = await tienda.termino;
    const demora = performance.now() - momento.senal;
    await r.terminada;

    expect({ codigo, muerte, salida: tienda.salida() }).toMatchObject({ codigo: 0, muerte: null });
    // Past the limit the server cuts what is still open: its log says which requests were still going.
    expect(demora, tienda.salida()).toBeLessThan(APAGADO_MAXIMO_MS);
    // Nothing left to cut: a connection whose order ended after the signal closed as it went idle.
    expect(tienda.salida()).not.toMatch(/se cortan sus conexiones/);
    // Answered before the signal: taken. Around and after it, an order in flight finished (201) or the
    // request was refused: 503 on a connection already open, or no connection at all.
    expect(r.intentos.filter((x) => x.fin! < momento.senal && x.status !== 201)).toEqual([]);
    const despues = r.intentos.filter((x) => x.trasLaSenal);
    const rechazoLimpio = (x: Intento) =>
      x.status === 201 ||
      (x.status === 503 && /message/.test(x.cuerpo ?? '')) ||
      // Refused, or a connection the server had not taken up yet when it stopped listening (or an idle
      // keep-alive one it closed as the request went out): no answer, and the ledger below shows that
      // nothing half-done stayed.
      (x.status === undefined && ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(x.error!));
    expect(r.intentos.filter((x) => !rechazoLimpio(x))).toEqual([]);
    expect(despues.some((x) => x.status === 503 || x.error === 'ECONNREFUSED')).toBe(true);
    expect(tienda.salida()).not.toMatch(/"level":(50|60)|"statusCode":500/);

    const base = await abrirLaDelProceso();
    try {
      const aceptados = r.intentos.filter((x) => x.status === 201);
      const guardadas = await comprobarPedidos(base, productos, aceptados);
      expect(guardadas).toBeGreaterThanOrEqual(aceptados.length);
    } finally {
      await base.cerrar();
    }
  });
});

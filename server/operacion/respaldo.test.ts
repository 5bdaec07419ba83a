// Backups and restore (server/operacion/respaldo.ts) on the engine of the project (PGlite, or PostgreSQL
// with pg_dump and with the logical fallback): a restored backup has the same rows (counts and checksums
// of every table) and the same images; one taken during a burst of orders restores consistent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirPglite, abrirPostgres, type BaseDeDatos, type Db } from '../db/client';
import { detalleVenta, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearPromocion, crearUsuario, crearVenta } from '../test/fabricas';
import { urlConBase } from '../test/global-setup';
import { descuadresDeStock } from '../test/stock-de-prueba';
import { crearRespaldo, listarRespaldos, nombreDeRespaldo, restaurarRespaldo } from './respaldo';

const enPostgres = process.env.TEST_MOTOR === 'postgres';

/** Row count and an md5 of every row (as text, sorted) of every table, the migrations' included. */
async function huellas(db: Db): Promise<Record<string, string>> {
  const r = await db.execute(sql`select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`);
  const tablas = (r as unknown as { rows: Array<{ schemaname: string; tablename: string }> }).rows;
  const resultado: Record<string, string> = {};
  for (const { schemaname, tablename } of tablas) {
    const h = await db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from "${schemaname}"."${tablename}" x`));
    const fila = (h as unknown as { rows: Array<{ n: number; h: string }> }).rows[0]!;
    resultado[`${schemaname}.${tablename}`] = `${fila.n} ${fila.h}`;
  }
  return resultado;
}

const contenidos = (carpeta: string) =>
  Object.fromEntries(
    fs
      .readdirSync(carpeta, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [path.relative(carpeta, path.join(e.parentPath, e.name)), fs.readFileSync(path.join(e.parentPath, e.name)).toString('base64')]),
  );

/** An empty place to restore into: a PGlite folder, or a new empty PostgreSQL database. */
async function destinoVacio(tmp: string): Promise<{ restaurar: (archivo: string, forzar?: boolean) => Promise<void>; abrir: () => Promise<BaseDeDatos>; cerrar: () => Promise<void> }> {
  const uploadsDir = path.join(tmp, 'uploads');
  if (!enPostgres) {
    const dirPglite = path.join(tmp, 'pglite');
    return {
      restaurar: async (archivo, forzar = false) => void (await restaurarRespaldo({ archivo, uploadsDir, dirPglite, forzar })),
      abrir: () => abrirPglite({ dataDir: dirPglite }),
      cerrar: async () => undefined,
    };
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const nombre = `restaurada_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`create database ${nombre}`);
  const url = urlConBase(process.env.TEST_DATABASE_URL!, nombre);
  return {
    restaurar: async (archivo, forzar = false) => {
      const base = await abrirPostgres(url, 2);
      try {
        await restaurarRespaldo({ archivo, uploadsDir, postgres: base, forzar });
      } finally {
        await base.cerrar();
      }
    },
    abrir: () => abrirPostgres(url, 2),
    cerrar: async () => {
      await admin.query(`drop database if exists ${nombre} with (force)`);
      await admin.end();
    },
  };
}

// A backup and a restore of PGlite take seconds each on a busy machine.
describe(`backup and restore (${enPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: 300_000 }, () => {
  let t: AppDePrueba;
  let tmp: string;
  beforeAll(async () => {
    t = await crearAppDePrueba();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'respaldo-prueba-'));
    const cliente = await crearUsuario(t.db);
    const a = await crearProducto(t.db, { stock: 40, denominacion: 'Cuaderno «Rivadavia» ñandú' });
    const b = await crearProducto(t.db, { stock: 7 });
    await crearPromocion(t.db, { detalles: [{ productoId: a.id, cantidad: 2 }] });
    await crearVenta(t.db, { userId: cliente.id, formaPago: 'EFECTIVO', lineas: [{ productoId: a.id, cantidad: 3 }, { productoId: b.id, cantidad: 1 }] });
    fs.mkdirSync(path.join(t.config.UPLOADS_DIR, 'variantes'), { recursive: true });
    fs.writeFileSync(path.join(t.config.UPLOADS_DIR, 'foto-1.webp'), Buffer.from([1, 2, 3, 250, 0, 7]));
    fs.writeFileSync(path.join(t.config.UPLOADS_DIR, 'foto-2.jpg'), Buffer.alloc(3000, 9));
    fs.writeFileSync(path.join(t.config.UPLOADS_DIR, 'variantes', 'foto-2-w320.webp'), Buffer.alloc(10, 1));
  });
  afterAll(async () => {
    await t.cerrar();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const variantes = enPostgres ? [{ nombre: 'pg_dump', forzarLogico: false }, { nombre: 'lógico (sin pg_dump)', forzarLogico: true }] : [{ nombre: 'volcado de PGlite', forzarLogico: false }];

  it.each(variantes)('a fresh backup ($nombre) restores the same rows of every table and the same images', async ({ forzarLogico }) => {
    const carpeta = fs.mkdtempSync(path.join(tmp, 'caso-'));
    const r = await crearRespaldo({ base: t.base, uploadsDir: t.config.UPLOADS_DIR, destino: path.join(carpeta, 'respaldos'), conservar: 3, forzarLogico });
    expect(path.basename(r.archivo)).toMatch(/^tienda-\d{8}T\d{9}Z\.tar\.gz$/);
    expect(r.base).toBe(enPostgres ? (forzarLogico ? 'logico' : 'pg_dump') : 'pglite');
    expect(r.imagenes).toBe(2);

    const destino = await destinoVacio(carpeta);
    try {
      await destino.restaurar(r.archivo);
      const restaurada = await destino.abrir();
      try {
        expect(await huellas(restaurada.db)).toEqual(await huellas(t.db));
        // The restored database goes on: its ids continue after the restored ones.
        const [nueva] = await restaurada.db.insert(venta).values({ formaPago: 'EFECTIVO' }).returning({ id: venta.id });
        const [maxima] = await t.db.select({ id: sql<number>`max(${venta.id})` }).from(venta);
        expect(nueva!.id).toBeGreaterThan(maxima!.id);
      } finally {
        await restaurada.cerrar();
      }
      expect(contenidos(path.join(carpeta, 'uploads'))).toEqual({ 'foto-1.webp': expect.any(String), 'foto-2.jpg': expect.any(String) });
      const originales = contenidos(t.config.UPLOADS_DIR);
      delete originales[path.join('variantes', 'foto-2-w320.webp')];
      expect(contenidos(path.join(carpeta, 'uploads'))).toEqual(originales);

      // Not on top of what is there, unless asked.
      await expect(destino.restaurar(r.archivo)).rejects.toThrow(/no se restaura encima. Para reemplazar lo que hay, agregá --forzar/);
      await destino.restaurar(r.archivo, true);
      const otra = await destino.abrir();
      try {
        expect(await huellas(otra.db)).toEqual(await huellas(t.db));
      } finally {
        await otra.cerrar();
      }
    } finally {
      await destino.cerrar();
    }
  });

  it.skipIf(!enPostgres)("a logical backup from before the search's per-product tables, folded brands, roots' ids and products' public JSON (0016-0021) restores them written from the words", async () => {
    const carpeta = fs.mkdtempSync(path.join(tmp, 'caso-'));
    const r = await crearRespaldo({ base: t.base, uploadsDir: t.config.UPLOADS_DIR, destino: path.join(carpeta, 'respaldos'), conservar: 3, forzarLogico: true });
    // The same archive without those tables, as a backup of that time was.
    const antigua = path.join(carpeta, 'antigua.tar.gz');
    const entrada = tar.extract();
    const salida = tar.pack();
    entrada.on('entry', (cabecera, flujo, siguiente) => {
      const trozos: Buffer[] = [];
      flujo.on('data', (trozo: unknown) => trozos.push(trozo as Buffer));
      flujo.on('end', () => {
        let contenido = Buffer.concat(trozos);
        if (cabecera.name === 'base/logico.json') {
          const volcado = JSON.parse(contenido.toString()) as { tablas: Record<string, unknown[]> };
          expect(volcado.tablas.prefijo_busqueda?.length).toBeGreaterThan(0);
          delete volcado.tablas.producto_terminos;
          delete volcado.tablas.prefijo_busqueda;
          // The roots had no id before migration 0020.
          const terminos = volcado.tablas.termino_busqueda as Array<Record<string, unknown>>;
          expect(terminos.length).toBeGreaterThan(0);
          for (const termino of terminos) {
            expect(termino.id).toEqual(expect.any(Number));
            delete termino.id;
          }
          // Nor each product's public JSON, before migration 0021.
          const productos = volcado.tablas.producto as Array<Record<string, unknown>>;
          expect(productos.length).toBeGreaterThan(0);
          for (const p of productos) {
            expect(p.json_publico).toEqual(expect.any(String));
            delete p.json_publico;
          }
          const marcas = volcado.tablas.marca_catalogo as Array<Record<string, unknown>>;
          expect(marcas.length).toBeGreaterThan(0);
          for (const marca of marcas) {
            expect(marca.plegada).toEqual(expect.any(String));
            delete marca.plegada;
          }
          contenido = Buffer.from(JSON.stringify(volcado));
        }
        salida.entry({ name: cabecera.name, size: contenido.length }, contenido, siguiente);
      });
    });
    entrada.on('finish', () => salida.finalize());
    await Promise.all([
      pipeline(fs.createReadStream(r.archivo), zlib.createGunzip(), entrada),
      pipeline(salida, zlib.createGzip(), fs.createWriteStream(antigua)),
    ]);
    const destino = await destinoVacio(carpeta);
    try {
      await destino.restaurar(antigua);
      const restaurada = await destino.abrir();
      try {
        // The roots get new ids: the tables that hold them are compared by the roots' words.
        const sinIds = async (db: Db) => {
          const { 'public.termino_busqueda': _t, 'public.producto_terminos': _p, ...resto } = await huellas(db);
          const palabras = await db.execute(sql`select t.producto_id, t.cantidad_vendida, t.precio::text,
              array(select palabra from termino_busqueda where id = any(t.terminos) order by palabra) as terminos,
              array(select palabra from termino_busqueda where id = any(t.nombre) order by palabra) as nombre
            from producto_terminos t order by t.producto_id`);
          const terminos = await db.execute(sql`select palabra, forma, productos from termino_busqueda order by palabra`);
          const filas = (r: unknown) => (r as { rows: unknown[] }).rows;
          return { resto, palabras: filas(palabras), terminos: filas(terminos) };
        };
        const esperado = await sinIds(t.db);
        expect(esperado.palabras.length).toBeGreaterThan(0);
        expect(await sinIds(restaurada.db)).toEqual(esperado);
      } finally {
        await restaurada.cerrar();
      }
    } finally {
      await destino.cerrar();
    }
  });

  it('keeps the last BACKUP_CONSERVAR backups and leaves other files alone', async () => {
    const destino = path.join(tmp, 'rotacion');
    fs.mkdirSync(destino);
    const nombres = [0, 1, 2].map((i) => nombreDeRespaldo(new Date(Date.UTC(2026, 0, 1, 3, 0, i))));
    for (const n of nombres) fs.writeFileSync(path.join(destino, n), 'x');
    fs.writeFileSync(path.join(destino, 'notas.txt'), 'otra cosa');
    const r = await crearRespaldo({ base: t.base, uploadsDir: t.config.UPLOADS_DIR, destino, conservar: 2 });
    expect(await listarRespaldos(destino)).toEqual([path.basename(r.archivo), nombres[2]]);
    expect(fs.existsSync(path.join(destino, 'notas.txt'))).toBe(true);
  });

  // PGlite: the same through the real server process (apagado.test.ts), where requests arrive by socket.
  it.skipIf(!enPostgres)('a backup taken during a burst of orders restores consistent: stock = its movements, every sale with its lines', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const productos = await Promise.all([crearProducto(t.db, { stock: 1_000_000 }), crearProducto(t.db, { stock: 1_000_000 })]);
    let seguir = true;
    let aceptados = 0;
    const rafaga = Array.from({ length: 4 }, async (_x, i) => {
      while (seguir) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/pedido',
          headers: { cookie },
          payload: { lineas: productos.map((p) => ({ productoId: p.id, cantidad: 1 + (i % 2) })), formaPago: 'EFECTIVO', envio: 0 },
        });
        if (r.statusCode !== 201) throw new Error(`pedido: ${r.statusCode} ${r.body}`);
        aceptados++;
      }
    });
    const fallida = Promise.all(rafaga).then(() => undefined);
    while (aceptados < 5) await Promise.race([fallida, new Promise((resolve) => setTimeout(resolve, 5))]);
    const carpeta = fs.mkdtempSync(path.join(tmp, 'rafaga-'));
    const r = await crearRespaldo({ base: t.base, uploadsDir: t.config.UPLOADS_DIR, destino: carpeta, conservar: 1 });
    const durante = aceptados;
    seguir = false;
    await Promise.all(rafaga);
    expect(aceptados).toBeGreaterThan(durante - 1);

    const destino = await destinoVacio(carpeta);
    try {
      await destino.restaurar(r.archivo);
      const restaurada = await destino.abrir();
      try {
        expect(await descuadresDeStock(restaurada.db)).toEqual([]);
        const sinLineas = await restaurada.db.execute(
          sql`select count(*)::int as n from ${venta} v where not exists (select 1 from ${detalleVenta} d where d.venta_id = v.id)`,
        );
        expect((sinLineas as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
      } finally {
        await restaurada.cerrar();
      }
    } finally {
      await destino.cerrar();
    }
  });
});

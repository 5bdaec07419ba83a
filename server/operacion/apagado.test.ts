// The real server process on PGlite: `npm run backup`'s channel asks the running server for a backup
// during a burst of orders (it restores consistent), and SIGTERM during a burst of orders exits 0 with every acknowledged order stored and none
// half-written (stock = initial + movements).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirPglite } from '../db/client';
import { detalleVenta, venta } from '../db/schema';
import { RAIZ } from '../raiz';
import { crearProducto, crearUsuario } from '../test/fabricas';
import { descuadresDeStock } from '../test/stock-de-prueba';
import { canalEnMarcha, pedirRespaldo } from './canal-local';
import { restaurarRespaldo, type Respaldo } from './respaldo';

const enPostgres = process.env.TEST_MOTOR === 'postgres';

describe.skipIf(enPostgres)('the server process on PGlite', { timeout: 400_000 }, () => {
  let dataDir: string;
  let usuario: { usuario: string; clave: string };
  let productos: number[];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-apagado-'));
    fs.mkdirSync(path.join(dataDir, 'pglite'));
    const base = await abrirPglite({ dataDir: path.join(dataDir, 'pglite') });
    await base.migrar();
    usuario = await crearUsuario(base.db);
    productos = [(await crearProducto(base.db, { stock: 100_000 })).id, (await crearProducto(base.db, { stock: 100_000 })).id];
    await base.cerrar();
  }, 300_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('backs up through the running server and, on SIGTERM during a burst, keeps every acknowledged order whole', async () => {
    const proceso = spawn(process.execPath, ['--import', 'tsx', path.join(RAIZ, 'server', 'main.ts')], {
      cwd: RAIZ,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED: 'none',
        LOG_LEVEL: 'info',
        MP_SIMULADO: '0',
        PEDIDOS_PENDIENTES_MAX: '1000000',
        UNIDADES_POR_PRODUCTO_MAX: '1000000',
        APAGADO_MAXIMO_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let salida = '';
    const termino = new Promise<number | null>((resolve) => proceso.on('exit', (codigo) => resolve(codigo)));
    const puerto = await new Promise<number>((resolve, reject) => {
      const leer = (d: Buffer) => {
        salida += d.toString();
        const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(salida);
        if (m && /Librería lista/.test(salida)) resolve(Number(m[1]));
      };
      proceso.stdout.on('data', leer);
      proceso.stderr.on('data', leer);
      void termino.then(() => reject(new Error(`el servidor terminó antes de tiempo:\n${salida}`)));
    });
    const url = `http://127.0.0.1:${puerto}`;

    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(usuario) });
    expect(login.status).toBe(200);
    const cookie = /sesion=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];

    const aceptados: number[] = [];
    const estados = new Map<string, number>();
    let terminado = false;
    const rafaga = Array.from({ length: 6 }, async () => {
      while (!terminado) {
        try {
          const r = await fetch(`${url}/api/pedido`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ lineas: productos.map((productoId) => ({ productoId, cantidad: 2 })), formaPago: 'EFECTIVO', envio: 0 }),
          });
          estados.set(String(r.status), (estados.get(String(r.status)) ?? 0) + 1);
          if (r.status === 201) aceptados.push(((await r.json()) as { id: number }).id);
          else await r.body?.cancel();
        } catch {
          // Refused or cut: the server is closing. Nothing was acknowledged.
          estados.set('error', (estados.get('error') ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    });
    while (aceptados.length < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    // The CLI's path while the shop runs: the server has PGlite open, so it takes the backup, mid-burst.
    const canal = canalEnMarcha(dataDir);
    expect(canal?.pid).toBe(proceso.pid);
    expect(fs.statSync(path.join(dataDir, 'servidor-local.json')).mode & 0o777).toBe(0o600);
    await expect(pedirRespaldo({ ...canal!, token: 'otro' }, undefined)).rejects.toThrow(/No encontrado/);
    const antes = aceptados.length;
    const aceptadosAntes = [...aceptados];
    const respaldo = await pedirRespaldo<Respaldo>(canal!, undefined);
    expect(path.dirname(respaldo.archivo)).toBe(path.join(dataDir, 'backups'));
    while (aceptados.length < antes + 10) await new Promise((resolve) => setTimeout(resolve, 10));
    proceso.kill('SIGTERM');
    const codigo = await termino;
    terminado = true;
    await Promise.all(rafaga);
    expect(codigo, salida).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'servidor-local.json'))).toBe(false);

    const base = await abrirPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const guardadas = await base.db.select({ id: venta.id }).from(venta).where(inArray(venta.id, aceptados));
      expect(guardadas.length, JSON.stringify(Object.fromEntries(estados))).toBe(aceptados.length);
      expect(await descuadresDeStock(base.db)).toEqual([]);
      // Every stored sale whole: both lines, never one.
      const lineas = await base.db.execute(sql`select count(*)::int as n from ${detalleVenta} group by venta_id having count(*) <> 2`);
      expect((lineas as unknown as { rows: unknown[] }).rows).toEqual([]);
    } finally {
      await base.cerrar();
    }

    // The backup taken mid-burst restores consistent too.
    const restaurada = path.join(dataDir, 'restaurada');
    await restaurarRespaldo({ archivo: respaldo.archivo, uploadsDir: path.join(restaurada, 'uploads'), dirPglite: path.join(restaurada, 'pglite'), forzar: false });
    const copia = await abrirPglite({ dataDir: path.join(restaurada, 'pglite') });
    try {
      expect(await descuadresDeStock(copia.db)).toEqual([]);
      const lineas = await copia.db.execute(sql`select count(*)::int as n from ${detalleVenta} group by venta_id having count(*) <> 2`);
      expect((lineas as unknown as { rows: unknown[] }).rows).toEqual([]);
      // Every order acknowledged before the backup was asked for is in it.
      const enCopia = await copia.db.select({ id: venta.id }).from(venta).where(inArray(venta.id, aceptadosAntes));
      expect(enCopia.length).toBe(aceptadosAntes.length);
    } finally {
      await copia.cerrar();
    }
  });
});

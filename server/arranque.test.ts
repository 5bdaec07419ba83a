// No unsafe defaults in production: the simulated Mercado Pago runs only when MP_SIMULADO=1 asks for
// it, and a shop that looks like a real deployment (NODE_ENV=production, an https PUBLIC_URL or a
// DATABASE_URL) without a payment setting does not start. Checked on the settings and on the real
// server process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_PAGO } from '../domain/pago';
import { leerConfig, modoMercadoPago } from './config';
import { RAIZ } from './raiz';
import { crearAppDePrueba, type AppDePrueba } from './test/app-de-prueba';
import { crearProducto, crearUsuario, crearVenta } from './test/fabricas';

const enPostgres = process.env.TEST_MOTOR === 'postgres';

describe('the start-up guard (server/config.ts)', () => {
  const modo = (env: Record<string, string>) => modoMercadoPago(leerConfig(env));

  it('in development, without settings, Mercado Pago is off (never the simulator by default)', () => {
    expect(modo({})).toBe('desactivado');
    expect(modo({ MP_SIMULADO: '1' })).toBe('simulado');
    expect(modo({ MP_SIMULADO: '0' })).toBe('desactivado');
    expect(modo({ MP_ACCESS_TOKEN: 'token-falso-de-prueba', MP_WEBHOOK_SECRET: 'secreto-falso-de-prueba' })).toBe('real');
  });

  it.each<Record<string, string>>([{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://tienda.example.com' }, { DATABASE_URL: 'postgres://tienda@db/tienda' }])(
    'with %j and no Mercado Pago setting it refuses to start, saying what to choose',
    (env) => {
      expect(() => leerConfig(env)).toThrow(/Configuración inválida:\n- MP_SIMULADO: sin MP_ACCESS_TOKEN, en producción .*MP_SIMULADO=1 .*MP_SIMULADO=0/);
      // Any explicit choice starts.
      expect(modo({ ...env, MP_SIMULADO: '1' })).toBe('simulado');
      expect(modo({ ...env, MP_SIMULADO: '0' })).toBe('desactivado');
      expect(modo({ ...env, MP_ACCESS_TOKEN: 'token-falso-de-prueba', MP_WEBHOOK_SECRET: 'secreto-falso-de-prueba' })).toBe('real');
    },
  );

  it('refuses real credentials without their webhook secret, anywhere, and real credentials together with the simulator', () => {
    expect(() => leerConfig({ MP_ACCESS_TOKEN: 'token-falso-de-prueba' })).toThrow(/- MP_WEBHOOK_SECRET: obligatoria cuando MP_ACCESS_TOKEN está definida/);
    expect(() => leerConfig({ NODE_ENV: 'production', MP_ACCESS_TOKEN: 'token-falso-de-prueba' })).toThrow(/MP_WEBHOOK_SECRET/);
    // Both problems listed at once.
    expect(() => leerConfig({ MP_ACCESS_TOKEN: 'token-falso-de-prueba', MP_SIMULADO: '1' })).toThrow(/- MP_SIMULADO: no se puede usar junto con MP_ACCESS_TOKEN[\s\S]*- MP_WEBHOOK_SECRET/);
    expect(() => leerConfig({ MP_SIMULADO: 'si' })).toThrow(/- MP_SIMULADO: '1' para el checkout simulado/);
  });
});

/** Runs server/main.ts as `npm start` would, with only `env` (and PATH) in its environment. */
function iniciarProceso(env: Record<string, string>, hasta: RegExp): Promise<{ codigo: number | null; salida: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-arranque-'));
  return new Promise((resolve, reject) => {
    const proceso = spawn(process.execPath, ['--import', 'tsx', path.join(RAIZ, 'server', 'main.ts')], {
      cwd: RAIZ,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let salida = '';
    const leer = (d: Buffer) => {
      salida += d.toString();
      if (hasta.test(salida)) proceso.kill('SIGTERM');
    };
    proceso.stdout.on('data', leer);
    proceso.stderr.on('data', leer);
    const limite = setTimeout(() => {
      proceso.kill('SIGKILL');
      reject(new Error(`el servidor no terminó a tiempo:\n${salida}`));
    }, 60_000);
    proceso.on('exit', (codigo) => {
      clearTimeout(limite);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ codigo, salida });
    });
  });
}

// A process of its own: once is enough (the PostgreSQL project runs the same files again).
describe.skipIf(enPostgres)('the real server process', () => {
  it('with NODE_ENV=production and no Mercado Pago setting, exits with status 1 and the list of problems', async () => {
    const { codigo, salida } = await iniciarProceso({ NODE_ENV: 'production' }, /$^/);
    expect(codigo).toBe(1);
    expect(salida).toMatch(/Configuración inválida:\n- MP_SIMULADO: sin MP_ACCESS_TOKEN/);
    expect(salida).not.toMatch(/Librería lista/);
  });

  it('with MP_SIMULADO=1 it starts and announces the simulated checkout', async () => {
    const { salida } = await iniciarProceso({ NODE_ENV: 'production', MP_SIMULADO: '1' }, /checkout SIMULADO/);
    expect(salida).toMatch(/Librería lista/);
    expect(salida).toMatch(/Mercado Pago: checkout SIMULADO \(MP_SIMULADO=1\): ningún pago es real/);
  });
});

describe("npm start's demo (scripts/servidor.mjs)", () => {
  it('asks for the simulator only on a machine with nothing configured', async () => {
    const { esDemostracion } = (await import(pathToFileURL(path.join(RAIZ, 'scripts', 'servidor.mjs')).href)) as {
      esDemostracion: (env: Record<string, string | undefined>) => boolean;
    };
    expect(esDemostracion({})).toBe(true);
    expect(esDemostracion({ PUBLIC_URL: 'http://localhost:3000', MP_SIMULADO: '' })).toBe(true);
    for (const env of [
      { NODE_ENV: 'production' },
      { PUBLIC_URL: 'https://tienda.example.com' },
      { DATABASE_URL: 'postgres://tienda@db/tienda' },
      { MP_ACCESS_TOKEN: 'token-falso-de-prueba' },
      { MP_SIMULADO: '0' },
    ]) {
      expect(esDemostracion(env)).toBe(false);
    }
  });
});

describe('a shop without Mercado Pago (no MP_ACCESS_TOKEN, MP_SIMULADO=0)', () => {
  let t: AppDePrueba;
  let cookie: string;
  let clienteId: number;
  beforeAll(async () => {
    t = await crearAppDePrueba({ MP_SIMULADO: '0' });
    const c = await crearUsuario(t.db);
    clienteId = c.id;
    cookie = await t.cookieDe(c.usuario, c.clave);
  });
  afterAll(() => t.cerrar());

  it('takes cash orders only, says so to the cart, and serves no simulator nor webhook', async () => {
    const p = await crearProducto(t.db, { stock: 5 });
    const pedido = (formaPago: string) =>
      t.app.inject({ method: 'POST', url: '/api/pedido', headers: { cookie }, payload: { lineas: [{ productoId: p.id, cantidad: 1 }], formaPago, envio: 0 } });
    const mp = await pedido('MERCADOPAGO');
    expect(mp.statusCode).toBe(409);
    expect(mp.json()).toEqual({ message: MENSAJES_PAGO.mercadoPagoNoDisponible });
    expect((await pedido('EFECTIVO')).statusCode).toBe(201);

    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ mercadoPagoDisponible: false, mercadoPagoSimulado: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/mercadoPago/simulador/sim-1' })).statusCode).toBe(404);
    const aprobar = await t.app.inject({
      method: 'POST',
      url: '/api/mercadoPago/simulador/sim-1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'accion=aprobar',
    });
    expect(aprobar.statusCode).toBe(404);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/webhook?data.id=1&type=payment', payload: { type: 'payment', data: { id: '1' } } });
    expect(webhook.statusCode).toBe(401);
  });

  it('an online order from before (or made by an admin) cannot start a payment: 503', async () => {
    const p = await crearProducto(t.db, { stock: 5 });
    const v = await crearVenta(t.db, { userId: clienteId, formaPago: 'MERCADOPAGO', lineas: [{ productoId: p.id, cantidad: 1 }] });
    const r = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: { cookie }, payload: { id: v.id } });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ message: MENSAJES_PAGO.mercadoPagoNoDisponible });
  });
});

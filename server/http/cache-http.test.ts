import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { leerConfig } from '../config';
import type { BaseDeDatos } from '../db/client';
import { producto } from '../db/schema';
import { cacheHttp } from './cache-http';
import { crearBaseDePrueba } from '../test/base-de-prueba';
import { crearProducto, crearUsuario } from '../test/fabricas';

interface Armado {
  app: FastifyInstance;
  base: BaseDeDatos;
  dataDir: string;
}

/** The app as main.ts builds it, with (or without) the memory cache. */
async function armar(cacheApiSegundos: number): Promise<Armado> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-cache-'));
  const config = leerConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
  const base = await crearBaseDePrueba();
  const app = await buildApp({ config, base, cacheApiSegundos });
  await app.ready();
  return { app, base, dataDir };
}

async function desarmar(a: Armado | undefined) {
  if (!a) return;
  await a.app.close();
  await a.base.cerrar();
  fs.rmSync(a.dataDir, { recursive: true, force: true });
}

async function cookieDe(app: FastifyInstance, usuario: string, clave: string) {
  const r = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario, clave } });
  const c = r.cookies.find((x) => x.name === 'sesion');
  if (!c) throw new Error(`login de ${usuario}: ${r.body}`);
  return `sesion=${c.value}`;
}

describe('HTTP caching of public reads (ETag, 304, Cache-Control)', () => {
  let a: Armado;
  let id: number;
  let cookieCliente: string;
  beforeAll(async () => {
    a = await armar(0);
    id = (await crearProducto(a.base.db, { denominacion: 'Lápiz negro', marca: 'Faber' })).id;
    const cliente = await crearUsuario(a.base.db, { usuario: 'cli' });
    cookieCliente = await cookieDe(a.app, 'cli', cliente.clave);
  });
  afterAll(() => desarmar(a));

  it('tags a public read with a weak ETag and a short public Cache-Control for a visitor', async () => {
    const r = await a.app.inject({ method: 'GET', url: '/api/producto' });
    expect(r.statusCode).toBe(200);
    expect(r.headers.etag).toMatch(/^W\/".+"$/);
    expect(r.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(r.headers.vary).toMatch(/Cookie/);
  });

  it('answers 304 with no body when the browser sends the same ETag, 200 when it changed', async () => {
    const primera = await a.app.inject({ method: 'GET', url: `/api/producto/${id}` });
    const etag = primera.headers.etag as string;
    const igual = await a.app.inject({ method: 'GET', url: `/api/producto/${id}`, headers: { 'if-none-match': etag } });
    expect(igual.statusCode).toBe(304);
    expect(igual.body).toBe('');
    expect(igual.headers.etag).toBe(etag);

    await a.base.db.update(producto).set({ precio: 9999 }).where(eq(producto.id, id));
    const cambiada = await a.app.inject({ method: 'GET', url: `/api/producto/${id}`, headers: { 'if-none-match': etag } });
    expect(cambiada.statusCode).toBe(200);
    expect(cambiada.headers.etag).not.toBe(etag);
    expect(cambiada.json().precio).toBe(9999);
  });

  it('gives the same ETag to a compressed answer', async () => {
    const plana = await a.app.inject({ method: 'GET', url: '/api/producto?porPagina=50' });
    const gzip = await a.app.inject({ method: 'GET', url: '/api/producto?porPagina=50', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.etag).toBe(plana.headers.etag);
  });

  it('never lets a shared cache keep an answer for someone with a session', async () => {
    const r = await a.app.inject({ method: 'GET', url: '/api/producto', headers: { cookie: cookieCliente } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(r.headers.vary).toMatch(/Cookie/);
  });

  it('leaves answers that are not public reads alone', async () => {
    const me = await a.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieCliente } });
    expect(me.headers.etag).toBeUndefined();
    expect(String(me.headers['cache-control'] ?? '')).not.toMatch(/public/);
    const noEsta = await a.app.inject({ method: 'GET', url: '/api/producto/999999' });
    expect(noEsta.statusCode).toBe(404);
    expect(noEsta.headers.etag).toBeUndefined();
    expect(String(noEsta.headers['cache-control'] ?? '')).not.toMatch(/public/);
  });
});

describe('memory cache of public reads (CACHE_API_SEGUNDOS)', () => {
  let a: Armado;
  let id: number;
  let cookieAdmin: string;
  let cookieCliente: string;
  beforeAll(async () => {
    a = await armar(60);
    id = (await crearProducto(a.base.db, { denominacion: 'Cuaderno', marca: 'Rivadavia', costo: 100, porcentaje: 50 })).id;
    const admin = await crearUsuario(a.base.db, { usuario: 'adm', rol: 'ADMIN' });
    const cliente = await crearUsuario(a.base.db, { usuario: 'cli2' });
    cookieAdmin = await cookieDe(a.app, 'adm', admin.clave);
    cookieCliente = await cookieDe(a.app, 'cli2', cliente.clave);
  });
  afterAll(() => desarmar(a));

  const precioPublico = async (headers: Record<string, string> = {}) =>
    (await a.app.inject({ method: 'GET', url: `/api/producto/${id}`, headers })).json().precio as number;

  it('serves visitors and customers from memory until a write goes through the API', async () => {
    expect(await precioPublico()).toBe(150);
    // A change behind the API's back (another instance) shows only when the copy expires...
    await a.base.db.update(producto).set({ precio: 222 }).where(eq(producto.id, id));
    expect(await precioPublico()).toBe(150);
    expect(await precioPublico({ cookie: cookieCliente })).toBe(150);
    // ...but an admin always reads the database,
    expect(await precioPublico({ cookie: cookieAdmin })).toBe(222);
    // and any successful write through this process empties the cache at once.
    const logout = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookieCliente } });
    expect(logout.statusCode).toBeLessThan(400);
    expect(await precioPublico()).toBe(222);
  });

  it('never hands the admin answer (cost and margin) to a visitor', async () => {
    const deAdmin = await a.app.inject({ method: 'GET', url: '/api/producto', headers: { cookie: cookieAdmin } });
    expect(deAdmin.json().items[0].costo).toBe(100);
    const publica = await a.app.inject({ method: 'GET', url: '/api/producto' });
    expect(publica.json().items[0].costo).toBeUndefined();
    expect(publica.json().items[0].porcentaje).toBeUndefined();
    const otraVez = await a.app.inject({ method: 'GET', url: '/api/producto', headers: { cookie: cookieAdmin } });
    expect(otraVez.json().items[0].costo).toBe(100);
  });

  it('serves the remembered answer compressed (br or gzip) with the same ETag and body', async () => {
    for (let i = 0; i < 8; i++) await crearProducto(a.base.db, { descripcion: 'Una descripción larga para pasar el umbral de compresión.' });
    const url = '/api/producto?porPagina=30';
    const plana = await a.app.inject({ method: 'GET', url });
    for (const [cod, descomprimir] of [
      ['gzip', zlib.gunzipSync],
      ['br', zlib.brotliDecompressSync],
    ] as const) {
      for (let vez = 0; vez < 2; vez++) {
        const r = await a.app.inject({ method: 'GET', url, headers: { 'accept-encoding': cod } });
        expect(r.headers['content-encoding']).toBe(cod);
        expect(r.headers.etag).toBe(plana.headers.etag);
        expect(r.headers.vary).toMatch(/Accept-Encoding/);
        expect(descomprimir(r.rawPayload).toString()).toBe(plana.body);
      }
    }
  });

  it('answers 304 from memory too, with the cached ETag', async () => {
    const r = await a.app.inject({ method: 'GET', url: '/api/categoria' });
    const etag = r.headers.etag as string;
    const otra = await a.app.inject({ method: 'GET', url: '/api/categoria', headers: { 'if-none-match': etag } });
    expect(otra.statusCode).toBe(304);
    expect(otra.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  });

  it('answers a visitor from memory with the same headers as the answer it kept, security headers included', async () => {
    const url = '/api/producto?orden=desc';
    const sinFecha = ({ date: _fecha, ...resto }: Record<string, unknown>) => resto;
    const primera = await a.app.inject({ method: 'GET', url });
    await a.base.db.update(producto).set({ precio: 4321 }).where(eq(producto.id, id));
    const segunda = await a.app.inject({ method: 'GET', url });
    expect(segunda.body).toBe(primera.body);
    expect(sinFecha(segunda.headers)).toEqual(sinFecha(primera.headers));
    expect(segunda.headers['content-security-policy']).toContain("default-src 'self'");
    expect(segunda.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads the session before serving anyone whose cookies hold one: private for them, the database for an admin', async () => {
    const url = `/api/producto/${id}`;
    const guardado = (await a.app.inject({ method: 'GET', url })).json().precio as number;
    await a.base.db.update(producto).set({ precio: guardado + 1 }).where(eq(producto.id, id));

    const otrasCookies = await a.app.inject({ method: 'GET', url, headers: { cookie: 'tema=oscuro; idioma=es' } });
    expect(otrasCookies.json().precio).toBe(guardado);
    expect(otrasCookies.headers['cache-control']).toMatch(/^public, /);

    const sesionVencida = await a.app.inject({ method: 'GET', url, headers: { cookie: 'tema=oscuro; sesion=no-existe' } });
    expect(sesionVencida.json().precio).toBe(guardado);
    expect(sesionVencida.headers['cache-control']).toBe('private, no-cache');

    const admin = await a.app.inject({ method: 'GET', url, headers: { cookie: `tema=oscuro; ${cookieAdmin}` } });
    expect(admin.json().precio).toBe(guardado + 1);
    expect(admin.json().costo).toBe(100);
    expect(admin.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('LECTURAS_PUBLICAS', () => {
  it('refuses to start when a listed read is not public: a visitor is answered before the access check', async () => {
    const app = Fastify();
    void app.register(cacheHttp, { segundos: 2 });
    void app.register(async (rutas) => {
      rutas.get('/api/config', { config: { acceso: 'admin' } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/no es pública/);
  });
});

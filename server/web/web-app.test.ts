import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { leerConfig } from '../config';
import type { BaseDeDatos } from '../db/client';
import { crearBaseDePrueba } from '../test/base-de-prueba';

let app: Awaited<ReturnType<typeof buildApp>>;
let base: BaseDeDatos;
const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'));

beforeAll(async () => {
  const webDir = path.join(carpeta, 'web');
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Tienda</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg/>');
  const uploads = path.join(carpeta, 'uploads');
  fs.mkdirSync(uploads);
  fs.writeFileSync(path.join(uploads, 'foto.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
  base = await crearBaseDePrueba();
  app = await buildApp({ config: leerConfig({ DATA_DIR: carpeta, UPLOADS_DIR: uploads, LOG_LEVEL: 'silent' }), base, webDir });
});
afterAll(async () => {
  await app.close();
  await base.cerrar();
  fs.rmSync(carpeta, { recursive: true, force: true });
});

describe('the built app', () => {
  it.each(['/', '/products', '/Admin', '/formDetalleVenta/3/0'])('%s gets index.html (history fallback)', async (url) => {
    const r = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toContain('<div id="root">');
  });

  it('hashed assets are cached for a year, other files for an hour', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icono = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icono.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('each page of the app comes with its own title', async () => {
    const titulo = async (url: string) => /<title>(.*)<\/title>/.exec((await app.inject({ method: 'GET', url })).body)?.[1];
    expect(await titulo('/')).toBe('Tienda');
    expect(await titulo('/products?q=lapiz')).toBe('Nuestros Productos | Librería Mendoza');
    expect(await titulo('/DondeEstamos')).toBe('Dónde estamos | Librería Mendoza');
    expect(await titulo('/grillaPedidos')).toBe('Pedidos | Librería Mendoza');
    expect(await titulo('/formProducto/0')).toBe('Nuevo producto | Librería Mendoza');
    expect(await titulo('/formProducto/7')).toBe('Editar producto | Librería Mendoza');
    expect(await titulo('/formVenta/%3Cb%3E')).toBe('Venta nro %3Cb%3E | Librería Mendoza');
  });

  it.each(['/esto-no-existe', '/products/extra', '/producto', '/Admin/otra', '/formDetalleVenta/3'])(
    '%s, which no route of the app shows, is a 404 with the app and the not-found title',
    async (url) => {
      const r = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain('<div id="root">');
      expect(r.body).toContain('<title>Página no encontrada | Librería Mendoza</title>');
    },
  );

  it.each(['/misCompras', '/admin', '/products/', '/login?volver=%2FmisCompras'])('%s, a route of the app (protected or not, any case), is a 200', async (url) => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('an unknown API path is still a JSON 404', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toContain('application/json');
  });

  it('a missing file is a 404, not the app', async () => {
    const r = await app.inject({ method: 'GET', url: '/assets/no-existe.js' });
    expect(r.statusCode).toBe(404);
  });

  it('uploads are served with long caching and a restrictive policy', async () => {
    const r = await app.inject({ method: 'GET', url: '/uploads/foto.jpg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect((await app.inject({ method: 'GET', url: '/uploads/../package.json' })).statusCode).toBe(404);
  });
});

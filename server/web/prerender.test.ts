import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_ESTADO_INICIAL } from '../../domain/prerender';
import { buildApp } from '../app';
import { leerConfig } from '../config';
import type { BaseDeDatos } from '../db/client';
import { crearBaseDePrueba } from '../test/base-de-prueba';
import { crearProducto } from '../test/fabricas';

// A stand-in for dist/ssr/entry-server.js: it asks the API through the fetch it is given, as the real
// one does, and says how many times it rendered.
const MODULO = `
let veces = 0;
let lentas = [];
/** Ends the renders that hang (they draw nothing). */
export function soltarLentas() {
  for (const terminar of lentas) terminar(null);
  lentas = [];
}
export async function prerenderizar(url, fetchApi) {
  if (url === '/DondeEstamos') throw new Error('falla a propósito');
  if (url === '/promociones' || url.includes('lenta')) return new Promise((terminar) => lentas.push(terminar));
  veces += 1;
  const r = await fetchApi('/api/producto?porPagina=1');
  const pagina = await r.json();
  const relleno = url.includes('grande') ? '<p>Útiles escolares</p>'.repeat(300) : '';
  return { html: '<h1>' + pagina.items[0].denominacion + '</h1><p>' + veces + '</p>' + relleno, estado: { peligro: '</script><script>alert(1)</script>' } };
}
`;

let app: Awaited<ReturnType<typeof buildApp>>;
/** The stand-in's own: the server imports the same file, so it is the same module. */
let soltarLentas: () => void;
let base: BaseDeDatos;
const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-'));

beforeAll(async () => {
  const webDir = path.join(carpeta, 'web');
  fs.mkdirSync(webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Tienda</title><div id="root"></div>');
  const modulo = path.join(carpeta, 'entry-server.mjs');
  fs.writeFileSync(modulo, MODULO);
  ({ soltarLentas } = (await import(pathToFileURL(modulo).href)) as { soltarLentas: () => void });
  base = await crearBaseDePrueba();
  await crearProducto(base.db, { denominacion: 'Lápiz negro HB' });
  app = await buildApp({ config: leerConfig({ DATA_DIR: carpeta, LOG_LEVEL: 'silent' }), base, webDir, prerender: modulo, cacheApiSegundos: 60 });
});
afterAll(async () => {
  await app.close();
  await base.cerrar();
  fs.rmSync(carpeta, { recursive: true, force: true });
});

const pagina = async (url: string) => {
  const r = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toContain('text/html');
  return r.body;
};

describe('storefront pages arrive prerendered', () => {
  it.each(['/', '/products', '/products?q=lapiz&orden=desc', '/producto/1'])('%s carries the drawn page and its API answers', async (url) => {
    const html = await pagina(url);
    expect(html).toContain('<div id="root"><h1>Lápiz negro HB</h1>');
    expect(html).toContain(`<script type="application/json" id="${ID_ESTADO_INICIAL}">`);
    // The state cannot close its <script>: no markup injection through API data.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });

  it.each(['/login', '/Admin', '/misCompras', '/grillaProducts'])('%s gets the bare app', async (url) => {
    const html = await pagina(url);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(ID_ESTADO_INICIAL);
  });

  it.each(['/producto/abc', '/producto/999999', '/esto-no-existe'])('%s (nothing there) is a 404 with the bare app, not drawn', async (url) => {
    const r = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain('<div id="root"></div>');
    expect(r.body).not.toContain(ID_ESTADO_INICIAL);
  });

  it('a failing or slow render gets the bare app, never an error page', async () => {
    expect(await pagina('/DondeEstamos')).toContain('<div id="root"></div>');
    const inicio = Date.now();
    expect(await pagina('/promociones')).toContain('<div id="root"></div>');
    expect(Date.now() - inicio).toBeLessThan(5000);
    soltarLentas();
  });

  it('draws two pages at a time: a third page goes out as the bare app at once, and is drawn once a render ends', async () => {
    const lentas = [pagina('/products?lenta=1'), pagina('/products?lenta=2')];
    const inicio = Date.now();
    expect(await pagina('/products?tercera=1')).toContain('<div id="root"></div>');
    expect(Date.now() - inicio).toBeLessThan(1000);
    soltarLentas();
    await Promise.all(lentas);
    expect(await pagina('/products?tercera=1')).toContain('<div id="root"><h1>Lápiz negro HB</h1>');
  });

  it('keeps a drawn page while the API cache does, and draws it again after any write', async () => {
    const primera = await pagina('/?prueba=cache');
    expect(await pagina('/?prueba=cache')).toBe(primera);
    app.cacheRespuestas.invalidar();
    expect(await pagina('/?prueba=cache')).not.toBe(primera);
  });

  it('sends a drawn page compressed in the encoding the browser takes, the same copy while it is kept', async () => {
    const pedir = (codificacion?: string) =>
      app.inject({ method: 'GET', url: '/products?grande=1', headers: { accept: 'text/html', ...(codificacion ? { 'accept-encoding': codificacion } : {}) } });
    const plana = await pedir();
    expect(plana.headers['content-encoding']).toBeUndefined();
    expect(plana.body).toContain('<p>Útiles escolares</p>');

    const br = await pedir('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.rawPayload.length).toBeLessThan(plana.rawPayload.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plana.body);
    expect((await pedir('br')).rawPayload.equals(br.rawPayload)).toBe(true);

    const gzip = await pedir('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plana.body);
  });
});

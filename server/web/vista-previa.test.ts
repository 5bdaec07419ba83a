import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { leerConfig } from '../config';
import type { BaseDeDatos } from '../db/client';
import { detallePromocion, itemListaEscolar, listaEscolar, producto, promocion } from '../db/schema';
import { crearBaseDePrueba } from '../test/base-de-prueba';
import { crearProducto } from '../test/fabricas';
import { conMetadatos } from './vista-previa';

let app: Awaited<ReturnType<typeof buildApp>>;
let base: BaseDeDatos;
const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'vista-previa-'));
const PUBLICA = 'https://tienda.example.com';
const INDEX = '<!doctype html><html><head><title>Tienda</title><meta name="description" content="genérica" /></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const webDir = path.join(carpeta, 'web');
  fs.mkdirSync(webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  base = await crearBaseDePrueba();
  app = await buildApp({ config: leerConfig({ DATA_DIR: carpeta, PUBLIC_URL: `${PUBLICA}/`, LOG_LEVEL: 'silent', MP_SIMULADO: '0' }), base, webDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await base.cerrar();
  fs.rmSync(carpeta, { recursive: true, force: true });
});

const meta = (html: string, propiedad: string) =>
  new RegExp(`<meta (?:property|name)="${propiedad}" content="([^"]*)"`).exec(html)?.[1];

let creado: Awaited<ReturnType<typeof crearProducto>> | undefined;
async function unProducto() {
  creado ??= await crearProducto(base.db, { denominacion: 'Taza "Mendoza"', marca: 'Regalos Cuyo', descripcion: 'Cerámica 350 ml' });
  await crearProducto(base.db);
  return creado;
}

describe('link previews', () => {
  it('a product page has its own title, description and Open Graph tags', async () => {
    const p = await unProducto();
    const r = await app.inject({ method: 'GET', url: `/producto/${p.id}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<div id="root">');
    expect(r.body.match(/<title>/g)).toHaveLength(1);
    expect(r.body).toContain(`<title>${p.denominacion.replace(/"/g, '&quot;')}`);
    expect(r.body).not.toContain('genérica');
    expect(meta(r.body, 'og:title')).toContain(p.denominacion.replace(/"/g, '&quot;'));
    expect(meta(r.body, 'og:url')).toBe(`${PUBLICA}/producto/${p.id}`);
    expect(meta(r.body, 'og:image')).toMatch(new RegExp(`^${PUBLICA}/(uploads/|sin-imagen\\.svg)`));
    expect(meta(r.body, 'og:description')).toMatch(/\$/);
    expect(meta(r.body, 'description')).toBe(meta(r.body, 'og:description'));
  });

  it('a missing product is a 404 with the app (which says so) and its own title', async () => {
    for (const url of ['/producto/999999', '/producto/abc', '/producto/0', '/producto/99999999999']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toBe(INDEX.replace('<title>Tienda</title>', '<title>Producto no encontrado | Librería Mendoza</title>'));
    }
  });

  it('the promotions page names the active promotions', async () => {
    const ahora = Date.now();
    const p = await unProducto();
    const [activa] = await base.db
      .insert(promocion)
      .values({ denominacion: 'Combo de prueba <b>', descripcion: 'x', precioPromocional: 1234.5, fechaInicio: new Date(ahora - 86_400_000), fechaFin: new Date(ahora + 86_400_000) })
      .returning();
    await base.db.insert(detallePromocion).values({ promocionId: activa!.id, productoId: p.id, cantidad: 2 });
    await base.db
      .insert(promocion)
      .values({ denominacion: 'Vencida de prueba', descripcion: 'x', precioPromocional: 10, fechaInicio: new Date(ahora - 9e8), fechaFin: new Date(ahora - 8e8) });
    const r = await app.inject({ method: 'GET', url: '/promociones' });
    expect(r.statusCode).toBe(200);
    expect(meta(r.body, 'og:title')).toBe('Promociones Activas | Librería Mendoza');
    expect(meta(r.body, 'og:description')).toContain('Combo de prueba &lt;b&gt;');
    expect(meta(r.body, 'og:description')).not.toContain('Vencida de prueba');
    expect(meta(r.body, 'og:url')).toBe(`${PUBLICA}/promociones`);
    expect(meta(r.body, 'og:image')).toMatch(new RegExp(`^${PUBLICA}/`));
  });

  it('escapes what it injects', () => {
    const html = conMetadatos(INDEX, { titulo: '"><script>', descripcion: 'a & b', imagen: 'https://x/i.png', url: 'https://x/' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(html).toContain('a &amp; b');
  });
});

/** A school list with two items, the first of them a product with a picture; published or not. */
async function unaLista(publicada: boolean) {
  const p = await crearProducto(base.db, { denominacion: 'Cuaderno rayado' });
  await base.db.update(producto).set({ imagen: 'cuaderno.png' }).where(eq(producto.id, p.id));
  const [l] = await base.db
    .insert(listaEscolar)
    .values({ escuela: `Escuela N° 1-001 "San Martín" ${publicada ? 'A' : 'B'}`, localidad: 'GODOY_CRUZ', nivel: 'PRIMARIO', grado: '1er grado', anio: 2027, publicada })
    .returning();
  await base.db.insert(itemListaEscolar).values([
    { listaId: l!.id, orden: 1, cantidad: 2, productoId: p.id, texto: '2 cuadernos rayados' },
    { listaId: l!.id, orden: 2, cantidad: 1, productoId: null, texto: 'un pintorcito' },
  ]);
  return l!;
}

describe('school lists (issue 20)', () => {
  it('a published list has its own title, description, picture and Open Graph tags', async () => {
    const l = await unaLista(true);
    const r = await app.inject({ method: 'GET', url: `/listas/${l.id}` });
    expect(r.statusCode).toBe(200);
    expect(r.body.match(/<title>/g)).toHaveLength(1);
    expect(r.body).toContain('<title>Lista de útiles de 1er grado, Escuela N° 1-001 &quot;San Martín&quot; A | Librería Mendoza</title>');
    expect(meta(r.body, 'og:url')).toBe(`${PUBLICA}/listas/${l.id}`);
    expect(meta(r.body, 'og:description')).toContain('1er grado (Primaria) de Escuela N° 1-001 &quot;San Martín&quot; A, Godoy Cruz, ciclo lectivo 2027: 2 ítems');
    expect(meta(r.body, 'og:image')).toBe(`${PUBLICA}/uploads/cuaderno.png`);
    expect(meta(r.body, 'description')).toBe(meta(r.body, 'og:description'));
  });

  it('an unpublished, missing or malformed list is a 404 with its own title', async () => {
    const oculta = await unaLista(false);
    for (const url of [`/listas/${oculta.id}`, '/listas/999999', '/listas/abc', '/listas/0', '/listas/99999999999']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.body).toBe(INDEX.replace('<title>Tienda</title>', '<title>Lista escolar no encontrada | Librería Mendoza</title>'));
    }
  });

  it('the search page has its title and description; the sitemap lists published lists only', async () => {
    const r = await app.inject({ method: 'GET', url: '/listas?escuela=san%20martin' });
    expect(r.statusCode).toBe(200);
    expect(meta(r.body, 'og:title')).toBe('Listas escolares | Librería Mendoza');
    expect(meta(r.body, 'og:url')).toBe(`${PUBLICA}/listas`);
    const publicada = await unaLista(true);
    const oculta = await unaLista(false);
    const mapa = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(mapa).toContain(`<loc>${PUBLICA}/listas</loc>`);
    expect(mapa).toContain(`<loc>${PUBLICA}/listas/${publicada.id}</loc>`);
    expect(mapa).not.toContain(`<loc>${PUBLICA}/listas/${oculta.id}</loc>`);
    const robots = (await app.inject({ method: 'GET', url: '/robots.txt' })).body;
    for (const ruta of ['/grillaListasEscolares', '/formListaEscolar/']) expect(robots).toContain(`Disallow: ${ruta}`);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists the public pages and every product', async () => {
    const r = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/xml');
    for (const pagina of ['/', '/products', '/promociones', '/impresiones', '/DondeEstamos']) expect(r.body).toContain(`<loc>${PUBLICA}${pagina}</loc>`);
    const productos = await base.db.select({ id: producto.id }).from(producto);
    expect(productos.length).toBeGreaterThan(0);
    for (const p of productos) expect(r.body).toContain(`<loc>${PUBLICA}/producto/${p.id}</loc>`);
    expect(r.body).not.toContain('/Admin');
  });

  it('robots.txt keeps crawlers out of the API and the admin screens and links the sitemap', async () => {
    const r = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    for (const ruta of ['/api/', '/Admin', '/grillaPedidos', '/grillaImpresiones', '/formProducto/', '/stock']) expect(r.body).toContain(`Disallow: ${ruta}`);
    expect(r.body).toContain(`Sitemap: ${PUBLICA}/sitemap.xml`);
  });
});

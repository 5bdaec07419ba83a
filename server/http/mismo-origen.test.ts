// Writes only from the shop's own pages: a state-changing request whose Origin (or, without one,
// Sec-Fetch-Site), or whose Referer, is not the shop's gets 403 and changes nothing, whatever its body.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { categoria, producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearUsuario } from '../test/fabricas';
import { imagenDePrueba, multipart } from '../test/multipart';
import { escrituraPermitida, origenesPropios } from './mismo-origen';

let t: AppDePrueba;
let cookieAdmin: string;
let categoriaId: number;
const PROPIO = 'http://localhost:3000';

beforeAll(async () => {
  t = await crearAppDePrueba({ PUBLIC_URL: PROPIO });
  const admin = await crearUsuario(t.db, { usuario: 'admin-origen', rol: 'ADMIN' });
  cookieAdmin = await t.cookieDe(admin.usuario, admin.clave);
  categoriaId = (await crearCategoria(t.db)).id;
});
afterAll(() => t.cerrar());

const cuantos = async () => ({
  productos: (await t.db.select({ n: count() }).from(producto))[0]!.n,
  categorias: (await t.db.select({ n: count() }).from(categoria))[0]!.n,
});

let codigo = 0;
const productoJson = () =>
  JSON.stringify({ denominacion: 'Carpeta', marca: 'Rivadavia', codigo: `ORI-${++codigo}`, costo: 100, porcentaje: 50, stock: 1, descripcion: '', categoria: { id: categoriaId } });

/** The same write in each of the bodies a page on another site can send. */
async function cuerpos() {
  const conImagen = multipart([
    { nombre: 'producto', valor: productoJson() },
    { nombre: 'imagenFile', valor: await imagenDePrueba('png'), archivo: 'a.png', tipo: 'image/png' },
  ]);
  return [
    { nombre: 'multipart', method: 'POST' as const, url: '/api/producto/with-image', payload: conImagen.payload, tipo: conImagen.headers['content-type']! },
    { nombre: 'JSON', method: 'POST' as const, url: '/api/categoria', payload: JSON.stringify({ denominacion: `Cat ${++codigo}` }), tipo: 'application/json' },
    { nombre: 'form', method: 'POST' as const, url: '/api/categoria', payload: `denominacion=Cat${++codigo}`, tipo: 'application/x-www-form-urlencoded' },
    { nombre: 'text/plain', method: 'POST' as const, url: '/api/categoria', payload: `{"denominacion":"Cat ${++codigo}"}`, tipo: 'text/plain' },
    { nombre: 'DELETE', method: 'DELETE' as const, url: '/api/producto/999999', payload: undefined, tipo: undefined },
  ];
}

const AJENOS: Array<{ nombre: string; headers: Record<string, string> }> = [
  { nombre: 'another site', headers: { origin: 'https://evil.example' } },
  { nombre: 'a sibling port', headers: { origin: 'http://localhost:3001' } },
  { nombre: 'a sibling subdomain', headers: { origin: 'http://tienda.localhost:3000' } },
  { nombre: 'an opaque origin', headers: { origin: 'null' } },
  { nombre: 'an opaque origin from another site', headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } },
  { nombre: 'Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
  { nombre: 'Sec-Fetch-Site same-site', headers: { 'sec-fetch-site': 'same-site' } },
  // A matching Sec-Fetch-Site does not rescue a foreign Origin.
  { nombre: 'a foreign Origin with Sec-Fetch-Site same-origin', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' } },
  // Without Origin and Sec-Fetch-Site (an older browser, a proxy that drops them), a Referer still tells.
  { nombre: 'a Referer from another site', headers: { referer: 'https://evil.example/pagina?x=1' } },
  { nombre: 'a Referer from a sibling port', headers: { referer: 'http://localhost:3001/' } },
  { nombre: 'an unreadable Referer', headers: { referer: 'no es una dirección' } },
  { nombre: 'a Referer from another site with an opaque origin', headers: { origin: 'null', referer: 'https://evil.example/' } },
];

describe('cross-origin writes', () => {
  it.each(AJENOS)('from $nombre: 403 with the admin cookie, for every kind of body, and nothing changes', async ({ headers }) => {
    const antes = await cuantos();
    for (const c of await cuerpos()) {
      const r = await t.app.inject({
        method: c.method,
        url: c.url,
        payload: c.payload,
        headers: { ...headers, cookie: cookieAdmin, ...(c.tipo ? { 'content-type': c.tipo } : {}) },
      });
      expect(r.statusCode, `${c.nombre}: ${r.body}`).toBe(403);
      expect(r.json()).toEqual({ message: MENSAJES.origenNoPermitido });
    }
    expect(await cuantos()).toEqual(antes);
  });

  it("from the shop's own origin the same writes work (a form body is no JSON: 415; a text one fails validation: 400)", async () => {
    const antes = await cuantos();
    const estados: Record<string, number> = {};
    // The last: a form on one of the shop's own pages whose referrer policy hides the origin.
    const propias = [
      { origin: PROPIO },
      { 'sec-fetch-site': 'same-origin' },
      {},
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      // A Referer of one of the shop's pages, alone or with the rest.
      { referer: `${PROPIO}/admin/productos?nombre=carpeta` },
      { origin: PROPIO, 'sec-fetch-site': 'same-origin', referer: 'http://127.0.0.1:3000/admin' },
    ];
    for (const cabeceras of propias) {
      for (const c of await cuerpos()) {
        const r = await t.app.inject({
          method: c.method,
          url: c.url,
          payload: c.payload,
          headers: { ...cabeceras, cookie: cookieAdmin, ...(c.tipo ? { 'content-type': c.tipo } : {}) },
        });
        estados[c.nombre] = r.statusCode;
      }
      expect(estados).toMatchObject({ multipart: 201, JSON: 201, form: 415, 'text/plain': 400 });
      expect(estados.DELETE).toBe(404);
    }
    const despues = await cuantos();
    expect(despues.productos).toBe(antes.productos + 6);
    expect(despues.categorias).toBe(antes.categorias + 6);
  });

  it('reads are not affected by the origin', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/categoria', headers: { origin: 'https://evil.example' } });
    expect(r.statusCode).toBe(200);
  });

  it("a request from no browser (no Origin, no Sec-Fetch-Site: curl, Mercado Pago's webhook) goes on", async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario: 'nadie', clave: 'x' } });
    expect(r.statusCode).toBe(401);
  });
});

describe('the rule', () => {
  it("a shop on a loopback address is its own origin under each loopback name, and nothing else's", () => {
    expect([...origenesPropios('http://localhost:3000')].sort()).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']);
    expect([...origenesPropios('https://libreria.com.ar')]).toEqual(['https://libreria.com.ar']);
    const propios = origenesPropios('https://libreria.com.ar');
    expect(escrituraPermitida(propios, 'https://libreria.com.ar', undefined)).toBe(true);
    expect(escrituraPermitida(propios, 'http://libreria.com.ar', undefined)).toBe(false);
    expect(escrituraPermitida(propios, 'https://libreria.com.ar:8443', undefined)).toBe(false);
    expect(escrituraPermitida(propios, undefined, 'none')).toBe(true);
    expect(escrituraPermitida(propios, undefined, 'same-site')).toBe(false);
    expect(escrituraPermitida(propios, undefined, undefined)).toBe(true);
    expect(escrituraPermitida(propios, 'null', 'same-origin')).toBe(true);
    expect(escrituraPermitida(propios, 'null', 'cross-site')).toBe(false);
    expect(escrituraPermitida(propios, 'null', undefined)).toBe(false);
    expect(escrituraPermitida(propios, undefined, undefined, 'https://libreria.com.ar/carrito')).toBe(true);
    expect(escrituraPermitida(propios, undefined, undefined, 'https://evil.example/')).toBe(false);
    expect(escrituraPermitida(propios, undefined, undefined, 'https://libreria.com.ar.evil.example/')).toBe(false);
    expect(escrituraPermitida(propios, undefined, undefined, 'http://libreria.com.ar/')).toBe(false);
    expect(escrituraPermitida(propios, undefined, undefined, '')).toBe(false);
    // A foreign Referer is refused even beside the shop's Origin or Sec-Fetch-Site.
    expect(escrituraPermitida(propios, 'https://libreria.com.ar', undefined, 'https://evil.example/')).toBe(false);
    expect(escrituraPermitida(propios, undefined, 'same-origin', 'https://evil.example/')).toBe(false);
  });
});

// A page on another port of the same host is the same site: the browser sends the admin's SameSite=Lax
// cookie along with a form it submits to the shop. The shop must refuse the write all the same.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../domain/mensajes';
import { sesionAdmin } from './soporte/admin';
import { abrirNavegador } from './soporte/navegador';
import { iniciarServidor, type ServidorDePrueba } from './soporte/servidor';

let servidor: ServidorDePrueba;
let navegador: Browser;
let atacante: http.Server;
let urlAtacante: string;

const escapar = (texto: string) => texto.replaceAll('&', '&amp;').replaceAll("'", '&#39;');

/** The attacker's pages: each auto-submits one form to the shop. */
function paginaDelAtacante(tienda: string, ruta: string): string {
  const producto = JSON.stringify({
    denominacion: 'Producto del atacante',
    marca: 'Nadie',
    codigo: 'CSRF-1',
    costo: 1,
    porcentaje: 1,
    stock: 1,
    descripcion: '',
    categoria: { id: 1 },
  });
  const formularios: Record<string, string> = {
    '/multipart': `<form method="POST" enctype="multipart/form-data" action="${tienda}/api/producto/with-image"><input name="producto" value='${escapar(producto)}'></form>`,
    // JSON smuggled in a text/plain body: name + '=' + value is '{"denominacion":"Categoría del atacante","x":"="}'.
    '/texto': `<form method="POST" enctype="text/plain" action="${tienda}/api/categoria"><input name='{"denominacion":"Categoría del atacante","x":"' value='"}'></form>`,
  };
  return `<!doctype html><html lang="es"><title>Ofertas</title><body>${formularios[ruta] ?? ''}<script>document.forms[0]?.submit()</script></body></html>`;
}

beforeAll(async () => {
  [servidor, navegador] = await Promise.all([iniciarServidor(), abrirNavegador()]);
  atacante = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(paginaDelAtacante(servidor.url, req.url ?? '/'));
  });
  await new Promise<void>((resolve) => atacante.listen(0, '127.0.0.1', resolve));
  urlAtacante = `http://127.0.0.1:${(atacante.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => atacante?.close(resolve));
  await navegador?.close();
  await servidor?.detener();
});

describe('a page on another port auto-submits a form to the shop while the admin is logged in', () => {
  it.each(['/multipart', '/texto'])('%s: refused with 403, and nothing is created', async (ruta) => {
    const s = await sesionAdmin(navegador, servidor.url);
    const ataque = await s.contexto.newPage();
    const respuesta = ataque.waitForResponse((r) => r.url().startsWith(`${servidor.url}/api/`) && r.request().method() === 'POST');
    await ataque.goto(`${urlAtacante}${ruta}`);
    const r = await respuesta;
    expect(r.status()).toBe(403);
    expect(await r.json()).toEqual({ message: MENSAJES.origenNoPermitido });

    // The admin's own session, from the shop's page: still there, and nothing new.
    const consulta = await s.page.evaluate(async () => {
      const productos = (await (await fetch('/api/producto?codigo=CSRF-1')).json()) as { total: number };
      const categorias = (await (await fetch('/api/categoria')).json()) as Array<{ denominacion: string }>;
      const yo = (await (await fetch('/api/auth/me')).json()) as { rol: string } | null;
      return { productos: productos.total, categorias: categorias.map((c) => c.denominacion), rol: yo?.rol };
    });
    expect(consulta.productos).toBe(0);
    expect(consulta.categorias.some((c) => c.includes('atacante'))).toBe(false);
    expect(consulta.rol).toBe('ADMIN');
    await ataque.close();
    await s.cerrar();
  });
});

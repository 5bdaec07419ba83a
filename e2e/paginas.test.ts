// Issue 16, items 3 and 9: a missing page answers 404 with the not-found page, and every page has its
// own <title>, in the HTML the server sends and in the app as one moves around.
import { describe, expect, it } from 'vitest';
import { TITULO_INICIO } from '../domain/titulos';
import { esperarSinViolaciones } from './soporte/accesibilidad';
import { sesionAdmin, visible } from './soporte/admin';
import { captura, nuevaSesion } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

const tituloDelHtml = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];

describe('missing pages (issue 16, item 3)', () => {
  it('answer 404 with the not-found page; the routes of the app, protected ones too, answer 200', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    for (const url of ['/esto-no-existe', '/producto/9999', '/producto/abc', '/products/otra-cosa']) {
      const r = await s.page.request.get(url);
      expect(r.status(), url).toBe(404);
      expect(r.headers()['content-type']).toContain('text/html');
    }
    for (const url of ['/', '/products', '/producto/1', '/promociones', '/DondeEstamos', '/login', '/misCompras', '/grillaPedidos', '/formProducto/0']) {
      expect((await s.page.request.get(url)).status(), url).toBe(200);
    }

    const respuesta = await s.page.goto('/esto-no-existe');
    expect(respuesta?.status()).toBe(404);
    await visible(s.page.getByRole('heading', { name: 'Página no encontrada', level: 1 }));
    expect(await s.page.getByRole('link', { name: 'Ver productos' }).getAttribute('href')).toBe('/products');
    expect(await s.page.title()).toBe('Página no encontrada | Librería Mendoza');
    await captura(s.page, 'no-encontrada-1280');
    await esperarSinViolaciones(s.page, 'página no encontrada (1280 px)');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await captura(s.page, 'no-encontrada-390');
    await esperarSinViolaciones(s.page, 'página no encontrada (390 px)');
    await s.page.getByRole('link', { name: 'Volver al inicio' }).click();
    await s.page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => s.page.title()).toBe(TITULO_INICIO);

    const producto = await s.page.goto('/producto/9999');
    expect(producto?.status()).toBe(404);
    await visible(s.page.getByText('No encontramos el producto'));
    await expect.poll(() => s.page.title()).toBe('Producto no encontrado | Librería Mendoza');
    await captura(s.page, 'producto-no-encontrado-390');
    await esperarSinViolaciones(s.page, 'producto no encontrado (390 px)');
    // The browser logs the 404s of the page and of the API itself.
    s.errores.length = 0;
    await s.cerrar();
    // Many pages and two widths with axe: long on a busy machine.
  }, 120_000);
});

describe('page titles (issue 16, item 9)', () => {
  it('the server sends each public page with its title, and the app keeps it as one moves around', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const esperados: Array<[string, string]> = [
      ['/', TITULO_INICIO],
      ['/products', 'Nuestros Productos | Librería Mendoza'],
      ['/promociones', 'Promociones Activas | Librería Mendoza'],
      ['/DondeEstamos', 'Dónde estamos | Librería Mendoza'],
      ['/login', 'Iniciar sesión | Librería Mendoza'],
      ['/registro', 'Crear cuenta | Librería Mendoza'],
    ];
    for (const [url, titulo] of esperados) {
      expect(tituloDelHtml(await (await s.page.request.get(url)).text()), url).toBe(titulo);
    }
    const producto = await s.page.request.get('/producto/1');
    const nombre = (await (await s.page.request.get('/api/producto/1')).json()) as { denominacion: string; marca: string };
    expect(tituloDelHtml(await producto.text())).toBe(`${nombre.denominacion} ${nombre.marca} | Librería Mendoza`);

    // In the app, moving with its links.
    await s.page.goto('/');
    await expect.poll(() => s.page.title()).toBe(TITULO_INICIO);
    await s.page.goto('/products');
    await expect.poll(() => s.page.title()).toBe('Nuestros Productos | Librería Mendoza');
    await s.page.getByRole('article').first().getByRole('link', { name: /^Ver detalles/ }).click();
    await s.page.waitForURL(/\/producto\/\d+$/);
    // The product's own page, not the catalogue's heading still on screen.
    await expect.poll(() => s.page.getByRole('button', { name: 'Volver' }).isVisible()).toBe(true);
    const titulo = await s.page.getByRole('heading', { level: 1 }).textContent();
    await expect.poll(() => s.page.title()).toMatch(new RegExp(`^${titulo!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .* \\| Librería Mendoza$`));
    await s.page.getByRole('button', { name: 'Volver' }).click();
    await s.page.waitForURL(/\/products/);
    await expect.poll(() => s.page.title()).toBe('Nuestros Productos | Librería Mendoza');
    expect(s.errores).toEqual([]);
    await s.cerrar();
  });

  it('the admin screens are named too', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    for (const [url, titulo] of [
      ['/Admin', 'Panel de administración'],
      ['/grillaPedidos', 'Pedidos'],
      ['/grillaProducts', 'Productos'],
      ['/formProducto/0', 'Nuevo producto'],
      ['/formProducto/1', 'Editar producto'],
      ['/grillaInformes', 'Informes de cierre de caja'],
      ['/stock', 'Carga de stock'],
    ]) {
      await s.page.goto(url!);
      await expect.poll(() => s.page.title(), { message: url }).toBe(`${titulo} | Librería Mendoza`);
    }
    await s.cerrar();
  });
});

describe('a screen whose file does not arrive', () => {
  it('says so with a button to load the shop again, instead of a blank page', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/');
    // As after a deploy that replaced the screen's chunk under an open tab.
    await s.page.route(/\/assets\/promociones-page-[^/]*\.js$/, (ruta) => ruta.fulfill({ status: 404, body: '' }));
    await s.page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Promociones' }).click();
    const aviso = s.page.getByRole('alert').filter({ hasText: 'No se pudo cargar esta página' });
    await expect.poll(() => aviso.isVisible()).toBe(true);
    expect(await aviso.textContent()).toContain('Puede que la tienda se haya actualizado');
    const recargar = aviso.getByRole('button', { name: 'Recargar' });
    await recargar.focus();
    expect(await recargar.evaluate((e) => e === document.activeElement)).toBe(true);
    await esperarSinViolaciones(s.page, 'pantalla que no cargó');
    await captura(s.page, 'pantalla-que-no-cargo');
    // Reloading fetches the files again: with them back, the screen is there.
    await s.page.unroute(/\/assets\/promociones-page-[^/]*\.js$/);
    await recargar.click();
    await expect.poll(() => s.page.getByRole('heading', { name: 'Promociones Activas' }).isVisible()).toBe(true);
    // The failed download and React's report of the caught error, expected here.
    s.errores.length = 0;
    await s.cerrar();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LARGO_MAXIMO_BUSQUEDA, MENSAJES_PAGINACION } from '../domain/paginacion-reglas';
import { esperarSinViolaciones } from './soporte/accesibilidad';
import { visible } from './soporte/admin';
import { abrirConScriptsRetenidos, captura, capturaVisible, nuevaSesion } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

const tarjetas = (page: Page) => page.getByRole('article');
const precios = async (page: Page) =>
  (await tarjetas(page).locator('p', { hasText: /^\$\s/ }).allTextContents()).map((t) => Number(t.replace(/[^\d,]/g, '').replace(',', '.')));
const tarjeta = (page: Page, nombre: string) => page.getByRole('article', { name: nombre });

describe('catalogue (spec screen 5)', () => {
  it('lists products with image, badge, name, brand, price, add and details, ascending by price', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products');
    await expect.poll(() => s.page.getByRole('heading', { name: 'Nuestros Productos' }).isVisible()).toBe(true);
    await expect.poll(() => tarjetas(s.page).count()).toBeGreaterThan(0);
    const primera = tarjetas(s.page).first();
    const imagen = primera.locator('img');
    expect(await imagen.getAttribute('loading')).toBeTruthy();
    expect(await imagen.getAttribute('width')).toBe('400');
    expect(await imagen.getAttribute('alt')).toBe(await primera.getByRole('heading').textContent());
    // The stock badge only when it says something: low stock or none; never 'Disponible' on every card.
    expect(await tarjetas(s.page).getByText('Disponible', { exact: true }).count()).toBe(0);
    expect(await primera.getByText(/^Unidades disponibles: [1-5]$/).isVisible()).toBe(true);
    expect(await primera.getByRole('button', { name: /^Agregar al carrito/ }).isVisible()).toBe(true);
    expect(await primera.getByRole('link', { name: /^Ver detalles/ }).isVisible()).toBe(true);
    const valores = await precios(s.page);
    expect(valores).toEqual([...valores].sort((a, b) => a - b));
    expect(await s.page.getByRole('radio', { name: 'Menor a mayor' }).isChecked()).toBe(true);
    expect(await s.page.getByRole('link', { name: 'Escribinos por WhatsApp' }).isVisible()).toBe(true);
    await captura(s.page, 'catalogo-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await capturaVisible(s.page, 'catalogo-390');
    await s.cerrar();
  });

  it('searches, filters by brand and category, sorts, and keeps it all in the URL', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products');
    await s.page.getByRole('combobox', { name: 'Buscar' }).fill('lapi');
    await s.page.waitForURL(/q=lapi/);
    await expect.poll(() => tarjetas(s.page).count()).toBe(4);
    expect((await tarjetas(s.page).allInnerTexts()).every((t) => /l[aá]pi/i.test(t))).toBe(true);

    await s.page.getByRole('combobox', { name: 'Marca' }).selectOption({ label: 'Faber-Castell' });
    await s.page.waitForURL(/marca=Faber-Castell/);
    await expect.poll(async () => (await tarjetas(s.page).allInnerTexts()).every((t) => t.includes('Faber-Castell'))).toBe(true);

    await s.page.getByRole('combobox', { name: 'Categoría' }).selectOption({ label: 'Escolar' });
    await s.page.waitForURL(/categoria=\d+/);
    await expect.poll(() => tarjetas(s.page).count()).toBe(2);

    await s.page.getByText('Mayor a menor').click();
    await s.page.waitForURL(/orden=desc/);
    await expect.poll(async () => {
      const v = await precios(s.page);
      return v.length === 2 && v[0]! >= v[1]!;
    }).toBe(true);

    // Shared or reloaded, the page shows the same.
    await s.page.reload();
    await expect.poll(() => tarjetas(s.page).count()).toBe(2);
    expect(await s.page.getByRole('combobox', { name: 'Buscar' }).inputValue()).toBe('lapi');
    expect(await s.page.getByRole('combobox', { name: 'Marca' }).inputValue()).toBe('Faber-Castell');
    expect(await s.page.getByRole('combobox', { name: 'Categoría' }).locator('option:checked').textContent()).toBe('Escolar');
    expect(await s.page.getByRole('radio', { name: 'Mayor a menor' }).isChecked()).toBe(true);
    await captura(s.page, 'catalogo-filtrado');
    await s.cerrar();
  });

  it('a brand, a category and an order chosen before the page became interactive (hydration) filter the list', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = s;
    // The page as the server drew it, its scripts held until the filters are chosen.
    const soltar = await abrirConScriptsRetenidos(page, `${entorno.servidor.url}/products`);
    await page.getByRole('combobox', { name: 'Marca' }).selectOption({ label: 'Faber-Castell' });
    await page.getByRole('combobox', { name: 'Categoría' }).selectOption({ label: 'Escolar' });
    await page.getByText('Mayor a menor').click();
    soltar();
    // Once the page's code runs, what was chosen is the page's filter: the URL, the cards and the controls agree.
    await page.waitForURL((url) => url.searchParams.get('marca') === 'Faber-Castell' && url.searchParams.has('categoria') && url.searchParams.get('orden') === 'desc', {
      timeout: 30_000,
    });
    await expect.poll(async () => {
      const textos = await tarjetas(page).allInnerTexts();
      const v = await precios(page);
      return textos.length > 0 && textos.every((t) => t.includes('Faber-Castell')) && v.every((p, i) => i === 0 || v[i - 1]! >= p);
    }, { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Marca' }).inputValue()).toBe('Faber-Castell');
    expect(await page.getByRole('combobox', { name: 'Categoría' }).locator('option:checked').textContent()).toBe('Escolar');
    expect(await page.getByRole('radio', { name: 'Mayor a menor' }).isChecked()).toBe(true);
    // A filter changed afterwards keeps the others.
    await page.getByText('Menor a mayor').click();
    await page.waitForURL((url) => url.searchParams.get('marca') === 'Faber-Castell' && !url.searchParams.has('orden'));
    await s.cerrar();
  }, 120_000);

  it('a category in the address keeps filtering when the catalogue is opened inside the app, before the categories arrive', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = s;
    const categorias = (await (await page.request.get('/api/categoria')).json()) as Array<{ id: number; denominacion: string }>;
    const escolar = categorias.find((c) => c.denominacion === 'Escolar')!;
    // The home page first (it asks for no categories), then the catalogue drawn by the app itself, its
    // category select without options until the categories answer, which is held meanwhile.
    await page.goto('/');
    let soltar = () => {};
    const retenidas = new Promise<void>((r) => (soltar = r));
    await page.route('**/api/categoria', async (ruta) => {
      await retenidas;
      await ruta.continue();
    });
    await page.evaluate((url) => {
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/products?categoria=${escolar.id}`);
    await visible(page.getByRole('heading', { name: 'Nuestros Productos', level: 1 }));
    await page.waitForTimeout(300);
    soltar();
    await expect.poll(() => page.getByRole('combobox', { name: 'Categoría' }).locator('option:checked').textContent()).toBe('Escolar');
    expect(new URL(page.url()).searchParams.get('categoria')).toBe(String(escolar.id));
    await s.cerrar();
  }, 120_000);

  it('shows the stock rules: no stock disabled, low stock notice, and the maximum message', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products?q=marcadores%20escolares');
    const sinStock = tarjeta(s.page, 'Marcadores escolares x 12');
    await expect.poll(() => sinStock.isVisible()).toBe(true);
    expect(await sinStock.getByText('Sin stock').isVisible()).toBe(true);
    expect(await sinStock.getByRole('button', { name: /^Agregar al carrito/ }).isDisabled()).toBe(true);

    await s.page.goto('/products?q=principito');
    const ultimo = tarjeta(s.page, 'El principito - Antoine de Saint-Exupéry');
    await expect.poll(() => ultimo.isVisible()).toBe(true);
    expect(await ultimo.getByText('Disponible', { exact: true }).count()).toBe(0);
    expect(await ultimo.getByText('Unidades disponibles: 1').isVisible()).toBe(true);
    await ultimo.getByRole('button', { name: /^Agregar al carrito/ }).click();
    await expect.poll(() => s.page.getByText('Producto agregado al carrito').isVisible()).toBe(true);
    await expect.poll(() => ultimo.getByText('Ya agregaste el máximo disponible de este producto').isVisible()).toBe(true);
    expect(await ultimo.getByRole('button', { name: /^Agregar al carrito/ }).isDisabled()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Abrir carrito (1 productos)' }).isVisible()).toBe(true);
    await s.cerrar();
  });

  it('pages through a large catalogue', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products');
    await expect.poll(() => tarjetas(s.page).count()).toBe(24);
    await s.page.getByRole('button', { name: 'Página 2' }).click();
    await s.page.waitForURL(/pagina=2/);
    await expect.poll(async () => (await tarjetas(s.page).count()) > 0 && (await s.page.getByRole('button', { name: 'Página 2' }).getAttribute('data-active')) === 'true').toBe(true);
    await s.cerrar();
  });
});

describe('product detail (spec screen 6)', () => {
  it('shows image, badge, name, brand, price, description, Volver and the add button', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products?q=rayuela');
    await tarjeta(s.page, 'Rayuela - Julio Cortázar').getByRole('link', { name: /^Ver detalles/ }).click();
    await s.page.waitForURL(/\/producto\/\d+$/);
    await expect.poll(() => s.page.getByRole('heading', { name: 'Rayuela - Julio Cortázar', level: 1 }).isVisible()).toBe(true);
    expect(await s.page.getByText('Alfaguara', { exact: true }).isVisible()).toBe(true);
    expect(await s.page.getByText('Disponible', { exact: true }).count()).toBe(0);
    expect(await s.page.getByText(/se puede leer de corrido/).isVisible()).toBe(true);
    expect(await s.page.getByText(/^\$\s?\d/).first().isVisible()).toBe(true);
    await expect.poll(() => s.page.title()).toBe('Rayuela - Julio Cortázar Alfaguara | Librería Mendoza');
    await s.page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect.poll(() => s.page.getByText('Producto agregado al carrito').isVisible()).toBe(true);
    await captura(s.page, 'producto-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    // Its own row on a phone: the whole label, not 'Agregar al ca'.
    const etiqueta = s.page.getByRole('button', { name: 'Agregar al carrito' }).locator('.mantine-Button-label');
    await expect.poll(() => etiqueta.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await captura(s.page, 'producto-390');
    // The chat button covered the description: it slides away while one reads down, and comes back up.
    const chat = s.page.getByRole('link', { name: 'Escribinos por WhatsApp' });
    const arriba = () => chat.evaluate((e) => e.getBoundingClientRect().top);
    await s.page.mouse.wheel(0, 400);
    await expect.poll(arriba).toBeGreaterThanOrEqual(844);
    await s.page.mouse.wheel(0, -200);
    await expect.poll(arriba).toBeLessThan(844);
    await s.page.evaluate(() => window.scrollTo(0, 0));
    await s.page.getByRole('button', { name: 'Volver' }).click();
    await s.page.waitForURL(/\/products/);
    await s.cerrar();
  });

  it('a product with 1 unit says so on the detail; one without stock has no add button', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products?q=principito');
    await tarjeta(s.page, 'El principito - Antoine de Saint-Exupéry').getByRole('link', { name: /^Ver detalles/ }).click();
    await s.page.waitForURL(/\/producto\/\d+$/);
    await expect.poll(() => s.page.getByRole('heading', { name: /El principito/, level: 1 }).isVisible()).toBe(true);
    expect(await s.page.getByText('Disponible', { exact: true }).count()).toBe(0);
    expect(await s.page.getByText('Unidades disponibles: 1', { exact: true }).isVisible()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Agregar al carrito' }).isVisible()).toBe(true);

    await s.page.goto('/products?q=marcadores%20escolares');
    await tarjeta(s.page, 'Marcadores escolares x 12').getByRole('link', { name: /^Ver detalles/ }).click();
    await s.page.waitForURL(/\/producto\/\d+$/);
    await expect.poll(() => s.page.getByRole('heading', { name: 'Marcadores escolares x 12', level: 1 }).isVisible()).toBe(true);
    expect(await s.page.getByText('Sin stock', { exact: true }).isVisible()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Agregar al carrito' }).count()).toBe(0);
    await s.cerrar();
  });

  it('shows "Cargando producto..." while loading', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    // A direct visit arrives drawn (see below); from the catalogue the detail is fetched.
    await s.page.goto('/products');
    await s.page.route(/\/api\/producto\/\d+$/, async (ruta) => {
      await new Promise((r) => setTimeout(r, 800));
      await ruta.continue();
    });
    await tarjeta(s.page, 'Marcadores escolares x 12').getByRole('link', { name: /^Ver detalles/ }).click();
    await expect.poll(() => s.page.getByText('Cargando producto...').isVisible()).toBe(true);
    await expect.poll(() => s.page.getByRole('button', { name: 'Volver' }).isVisible()).toBe(true);
    await s.cerrar();
  });

  it('arrives drawn: without JavaScript the catalogue and a product are there, and the app then takes over', async () => {
    const contexto = await entorno.navegador.newContext({ baseURL: entorno.servidor.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await contexto.newPage();
    await page.goto('/products');
    expect(await tarjetas(page).count()).toBeGreaterThan(0);
    expect(await tarjeta(page, 'Marcadores escolares x 12').isVisible()).toBe(true);
    await page.goto('/producto/1');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    // Mantine's colors hang on this attribute: without it, buttons and badges are drawn transparent.
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await captura(page, 'producto-sin-javascript');
    await contexto.close();

    // With JavaScript, the same page answers clicks once the app has taken over (no console errors).
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    await s.page.goto('/products');
    await tarjeta(s.page, 'Marcadores escolares x 12').getByRole('link', { name: /^Ver detalles/ }).click();
    await expect.poll(() => s.page.getByRole('heading', { name: 'Marcadores escolares x 12', level: 1 }).isVisible()).toBe(true);
    await s.cerrar();
  });
});

describe('rough edges of the catalogue (issue 16)', () => {
  it('two cards per row on a phone, one badge only where it says something; the desktop keeps four', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    await s.page.goto('/products');
    await expect.poll(() => tarjetas(s.page).count()).toBe(24);
    const cajas = await tarjetas(s.page).evaluateAll((els) => els.slice(0, 4).map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, right: r.right })));
    expect(cajas[0]!.y).toBe(cajas[1]!.y);
    expect(cajas[2]!.y).toBeGreaterThan(cajas[0]!.y);
    expect(cajas[1]!.right).toBeLessThanOrEqual(390);
    // 24 cards in 12 rows: about half the height of one per row.
    const alto = await s.page.evaluate(() => document.documentElement.scrollHeight);
    expect(alto).toBeLessThan(6500);
    // Nothing of a card overflows it (the buttons' labels wrap instead).
    const desbordes = await tarjetas(s.page).evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
    expect(desbordes).toBe(0);
    const insignias = await tarjetas(s.page).locator('span[data-color]').allTextContents();
    expect(insignias.length).toBeGreaterThan(0);
    expect(insignias.every((t) => t === 'Sin stock' || /^Unidades disponibles: [1-5]$/.test(t))).toBe(true);
    expect(insignias.length).toBeLessThan(24);
    await capturaVisible(s.page, 'catalogo-dos-por-fila-390');
    await esperarSinViolaciones(s.page, 'catálogo a 390 px');
    await s.page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => {
      const ys = await tarjetas(s.page).evaluateAll((els) => els.slice(0, 5).map((e) => Math.round(e.getBoundingClientRect().y)));
      return new Set(ys.slice(0, 4)).size === 1 && ys[4]! > ys[0]!;
    }).toBe(true);
    await capturaVisible(s.page, 'catalogo-despues-1280');
    await esperarSinViolaciones(s.page, 'catálogo a 1280 px');
    await s.cerrar();
  });

  it('a search longer than the server takes: the box stops at the limit, and such a link shows the error, not "0 productos"', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products');
    const buscar = s.page.getByRole('combobox', { name: 'Buscar' });
    expect(await buscar.getAttribute('maxlength')).toBe(String(LARGO_MAXIMO_BUSQUEDA));
    await buscar.fill('x'.repeat(150));
    expect((await buscar.inputValue()).length).toBeLessThanOrEqual(LARGO_MAXIMO_BUSQUEDA);

    await s.page.goto(`/products?q=${'lapiz'.repeat(30)}`);
    await expect.poll(() => s.page.getByRole('alert').textContent()).toBe(MENSAJES_PAGINACION.busquedaLarga);
    expect(await s.page.getByText(/^\d+ productos?$/).count()).toBe(0);
    expect(await s.page.getByText('No encontramos productos con esos filtros.').count()).toBe(0);
    await esperarSinViolaciones(s.page, 'catálogo con una búsqueda demasiado larga');
    await s.cerrar();
  });

  it('a page past the last one says it does not exist and leads to the last one (drawn and hydrated alike)', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products?pagina=99');
    const total = await s.page.evaluate(async () => ((await (await fetch('/api/producto?porPagina=24')).json()) as { total: number }).total);
    const ultima = Math.ceil(total / 24);
    await expect.poll(() => s.page.getByText(MENSAJES_PAGINACION.paginaInexistente(99, ultima)).isVisible()).toBe(true);
    expect(await s.page.getByText('No encontramos productos con esos filtros.').count()).toBe(0);
    expect(await s.page.getByRole('button', { name: `Página ${ultima}` }).count()).toBe(0);
    await esperarSinViolaciones(s.page, 'catálogo en una página que no existe');
    await s.page.getByRole('link', { name: 'Ir a la última página' }).click();
    await s.page.waitForURL(new RegExp(`pagina=${ultima}$`));
    await expect.poll(() => tarjetas(s.page).count()).toBe(total - (ultima - 1) * 24);
    expect(await s.page.getByRole('button', { name: `Página ${ultima}` }).getAttribute('data-active')).toBe('true');
    expect(s.errores).toEqual([]);
    await s.cerrar();
  });
});

describe('the product page: quantity and badge (issue 16)', () => {
  it('a quantity typed before the page became interactive (hydration) is the one added', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = s;
    const { items } = (await (await page.request.get('/api/producto?q=cuaderno')).json()) as { items: Array<{ id: number; stock: number }> };
    const producto = items.find((p) => p.stock >= 5)!;
    // The product page as the server drew it, its scripts held while the quantity is typed.
    const soltar = await abrirConScriptsRetenidos(page, `${entorno.servidor.url}/producto/${producto.id}`);
    const cantidad = page.getByRole('spinbutton', { name: 'Cantidad' });
    await cantidad.fill('3');
    soltar();
    // Once React has taken the box over, the quantity shown is the one the button adds.
    await expect.poll(() => cantidad.evaluate((e) => Object.keys(e).some((k) => k.startsWith('__reactFiber$'))), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Quitar una unidad' }).isEnabled()).toBe(true);
    expect(await cantidad.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Abrir carrito (3 productos)' }).isVisible()).toBe(true);
    await s.cerrar();
  }, 120_000);

  it("chooses how many to add, from 1 to what the stock and the cart leave, through the cart's add", async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products?q=tijera');
    await tarjeta(s.page, 'Tijera escolar punta roma 13 cm').getByRole('link', { name: /^Ver detalles/ }).click();
    await s.page.waitForURL(/\/producto\/\d+$/);
    const cantidad = s.page.getByRole('spinbutton', { name: 'Cantidad' });
    await expect.poll(() => cantidad.inputValue()).toBe('1');
    expect(await s.page.getByText('Unidades disponibles: 3', { exact: true }).isVisible()).toBe(true);
    expect(await cantidad.getAttribute('max')).toBe('3');
    expect(await s.page.getByRole('button', { name: 'Quitar una unidad' }).isDisabled()).toBe(true);
    const sumar = s.page.getByRole('button', { name: 'Sumar una unidad' });
    await sumar.click();
    await expect.poll(() => cantidad.inputValue()).toBe('2');
    await esperarSinViolaciones(s.page, 'detalle de producto con el selector de cantidad (1280 px)');
    await s.page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect.poll(() => s.page.getByText('Producto agregado al carrito').isVisible()).toBe(true);
    await expect.poll(() => s.page.getByRole('button', { name: 'Abrir carrito (2 productos)' }).isVisible()).toBe(true);
    // One unit left: the selector goes back to 1 and stops there; typing more is brought down to it.
    await expect.poll(() => cantidad.inputValue()).toBe('1');
    expect(await cantidad.getAttribute('max')).toBe('1');
    expect(await sumar.isDisabled()).toBe(true);
    await cantidad.fill('9');
    await cantidad.blur();
    await expect.poll(() => cantidad.inputValue()).toBe('1');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await capturaVisible(s.page, 'producto-cantidad-390');
    await esperarSinViolaciones(s.page, 'detalle de producto con el selector de cantidad (390 px)');
    await s.page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect.poll(() => s.page.getByRole('button', { name: 'Abrir carrito (3 productos)' }).isVisible()).toBe(true);
    // The whole stock is in the cart: the spec's message, nothing more to add.
    await expect.poll(() => s.page.getByText('Ya agregaste el máximo disponible de este producto').isVisible()).toBe(true);
    expect(await s.page.getByRole('button', { name: 'Agregar al carrito' }).isDisabled()).toBe(true);
    expect(await cantidad.isDisabled()).toBe(true);
    await s.page.setViewportSize({ width: 1280, height: 900 });
    await captura(s.page, 'producto-cantidad-1280');
    expect(s.errores).toEqual([]);
    await s.cerrar();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { captura, capturaVisible, nuevaSesion } from './soporte/navegador';
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
    expect(await primera.getByText(/^(Disponible|Sin stock)$/).isVisible()).toBe(true);
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
    await s.page.getByRole('searchbox', { name: 'Buscar' }).fill('lapi');
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
    expect(await s.page.getByRole('searchbox', { name: 'Buscar' }).inputValue()).toBe('lapi');
    expect(await s.page.getByRole('combobox', { name: 'Marca' }).inputValue()).toBe('Faber-Castell');
    expect(await s.page.getByRole('combobox', { name: 'Categoría' }).locator('option:checked').textContent()).toBe('Escolar');
    expect(await s.page.getByRole('radio', { name: 'Mayor a menor' }).isChecked()).toBe(true);
    await captura(s.page, 'catalogo-filtrado');
    await s.cerrar();
  });

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
    expect(await ultimo.getByText('Disponible', { exact: true }).isVisible()).toBe(true);
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
    for (const texto of ['Alfaguara', 'Disponible']) expect(await s.page.getByText(texto, { exact: true }).isVisible()).toBe(true);
    expect(await s.page.getByText(/se puede leer de corrido/).isVisible()).toBe(true);
    expect(await s.page.getByText(/^\$\s?\d/).first().isVisible()).toBe(true);
    expect(await s.page.title()).toContain('Rayuela');
    await s.page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect.poll(() => s.page.getByText('Producto agregado al carrito').isVisible()).toBe(true);
    await captura(s.page, 'producto-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await captura(s.page, 'producto-390');
    await s.page.getByRole('button', { name: 'Volver' }).click();
    await s.page.waitForURL(/\/products/);
    await s.cerrar();
  });

  it('a product with 1 unit is not "Disponible" on the detail; one without stock has no add button', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/products?q=principito');
    await tarjeta(s.page, 'El principito - Antoine de Saint-Exupéry').getByRole('link', { name: /^Ver detalles/ }).click();
    await s.page.waitForURL(/\/producto\/\d+$/);
    await expect.poll(() => s.page.getByRole('heading', { name: /El principito/, level: 1 }).isVisible()).toBe(true);
    expect(await s.page.getByText('Disponible', { exact: true }).count()).toBe(0);
    expect(await s.page.getByText('Última unidad', { exact: true }).isVisible()).toBe(true);
    expect(await s.page.getByText('Unidades disponibles: 1').isVisible()).toBe(true);
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

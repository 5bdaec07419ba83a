// The whole customer journey of issue 4, as one person would do it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { captura, capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_CLIENTE } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

const sinNbsp = (t: string | null) => (t ?? '').replace(/\u00a0/g, ' ');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Tu carrito' });
const abrirCarrito = async (page: Page) => {
  await page.getByRole('button', { name: /^Abrir carrito/ }).click();
  await expect.poll(() => panel(page).isVisible()).toBe(true);
};
const cerrarCarrito = async (page: Page) => {
  await page.getByRole('button', { name: 'Cerrar carrito' }).click();
  await expect.poll(() => panel(page).isVisible()).toBe(false);
};

describe('customer journey', () => {
  it('browse, search, filter, sort, add, add a promotion, hit the stock limit, order in cash with delivery, see it in Mis compras', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await login(page, 'cliente', CLAVE_CLIENTE);

    // Browse and search.
    await page.getByRole('link', { name: 'Ver productos' }).click();
    await page.waitForURL('**/products');
    await expect.poll(() => page.getByRole('article').count()).toBe(24);
    await page.getByRole('combobox', { name: 'Buscar' }).fill('lapiz');
    await page.waitForURL(/q=lapiz/);
    // 'lapiz' finds 'Lápiz' and its plural 'Lápices' (issue 17).
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    await page.getByRole('combobox', { name: 'Buscar' }).fill('');
    await page.waitForURL((u) => !u.search.includes('q='));

    // Filter by brand and category, then sort.
    await page.getByRole('combobox', { name: 'Marca' }).selectOption({ label: 'Faber-Castell' });
    await expect.poll(() => page.url()).toMatch(/marca=Faber-Castell/);
    await page.getByRole('combobox', { name: 'Categoría' }).selectOption({ label: 'Escolar' });
    await expect.poll(() => page.url()).toMatch(/categoria=\d+/);
    expect(page.url()).toMatch(/marca=Faber-Castell/);
    await expect.poll(() => page.getByRole('article').count()).toBe(3);
    await page.getByText('Mayor a menor').click();
    await page.waitForURL(/orden=desc/);
    await expect.poll(() => page.getByRole('article').first().getByRole('heading').textContent()).toBe('Lápices de colores x 24 largos');

    // Open a product and add it.
    await page.getByRole('article', { name: 'Lápiz negro HB Ecolápiz x 12' }).getByRole('link', { name: /^Ver detalles/ }).click();
    await page.waitForURL(/\/producto\/\d+$/);
    await page.getByRole('button', { name: 'Agregar al carrito', exact: true }).click();
    await expect.poll(() => page.getByText('Producto agregado al carrito').first().isVisible()).toBe(true);

    // Add a promotion.
    await page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Promociones' }).click();
    await page.getByRole('button', { name: 'Agregar al carrito: Pequeños artistas' }).click();

    // A product with 3 units: up to the limit in the panel.
    await page.goto('/products?q=tijera');
    await page.getByRole('article', { name: 'Tijera escolar punta roma 13 cm' }).getByRole('button', { name: /^Agregar al carrito/ }).click();
    await abrirCarrito(page);
    const mas = panel(page).getByRole('button', { name: 'Agregar una unidad de Tijera escolar punta roma 13 cm' });
    await mas.click();
    await mas.click();
    await expect.poll(() => panel(page).getByRole('listitem', { name: 'Tijera escolar punta roma 13 cm' }).getByText(/^3 unidades/).isVisible()).toBe(true);
    await mas.click();
    await expect.poll(() => panel(page).getByText('Solo hay 3 unidades disponibles.').isVisible()).toBe(true);
    await cerrarCarrito(page);
    expect(await page.getByRole('article', { name: 'Tijera escolar punta roma 13 cm' }).getByText('Ya agregaste el máximo disponible de este producto').isVisible()).toBe(true);

    // Order in cash with delivery.
    await abrirCarrito(page);
    const total = sinNbsp(await panel(page).getByTestId('total-carrito').textContent());
    await panel(page).getByRole('checkbox', { name: '¿Deseás envío?' }).check();
    await panel(page).getByRole('button', { name: 'Efectivo' }).click();
    const confirmacion = panel(page).getByRole('status').filter({ hasText: /Pedido N° \d+ confirmado/ });
    await expect.poll(() => confirmacion.isVisible()).toBe(true);
    const id = Number(/Pedido N° (\d+)/.exec((await confirmacion.textContent()) ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    const avisar = panel(page).getByRole('link', { name: `Avisar por WhatsApp el envío del pedido ${id}` });
    expect(decodeURIComponent((await avisar.getAttribute('href')) ?? '')).toContain(`pedido N° ${id} y necesito envío a domicilio`);
    expect(await panel(page).getByText('Sin productos en el carrito.').isVisible()).toBe(true);
    await capturaVisible(page, 'recorrido-pedido-confirmado');
    // The confirmation goes after 4 seconds, the order id (the chat button) after 8.
    await expect.poll(() => confirmacion.isVisible(), { timeout: 6000 }).toBe(false);
    expect(await avisar.isVisible()).toBe(true);
    await expect.poll(() => avisar.isVisible(), { timeout: 6000 }).toBe(false);
    await cerrarCarrito(page);

    // Mis compras.
    await page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Mis compras' }).click();
    await page.waitForURL('**/misCompras');
    const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
    await expect.poll(() => fila.isVisible()).toBe(true);
    expect(await fila.getByText('Efectivo', { exact: true }).isVisible()).toBe(true);
    expect(await fila.getByText('Pendiente', { exact: true }).isVisible()).toBe(true);
    // Delivered: cash is paid on receipt, not at the counter.
    expect(await fila.getByText('En efectivo al recibir', { exact: true }).isVisible()).toBe(true);
    expect(sinNbsp(await fila.getByRole('cell').nth(3).textContent())).toBe(total);
    const arrepentimiento = fila.getByRole('link', { name: `Arrepentimiento: pedir la cancelación de la venta ${id}` });
    expect(decodeURIComponent((await arrepentimiento.getAttribute('href')) ?? '')).toMatch(new RegExp(`^https://wa\\.me/\\d+\\?text=.*cancelar mi pedido N° ${id}`));
    expect(await page.getByRole('link', { name: 'Escribinos por WhatsApp' }).isVisible()).toBe(true);
    await captura(page, 'mis-compras-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.getByText(`Venta N° ${id}`).isVisible()).toBe(true);
    await capturaVisible(page, 'mis-compras-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Its detail.
    await fila.getByRole('link', { name: `Ver detalle de la venta ${id}` }).click();
    await page.waitForURL(`**/detalleVentaCliente/${id}`);
    await expect.poll(() => page.getByRole('heading', { name: `Venta N° ${id}` }).isVisible()).toBe(true);
    expect(await page.getByText('Con envío a domicilio').isVisible()).toBe(true);
    expect(await page.getByText('En efectivo al recibir', { exact: true }).isVisible()).toBe(true);
    expect(sinNbsp(await page.getByRole('main').textContent())).toContain(total);
    const lineas = page.getByRole('row');
    expect(await lineas.filter({ hasText: 'Lápiz negro HB Ecolápiz x 12' }).isVisible()).toBe(true);
    expect(await lineas.filter({ hasText: 'Tijera escolar punta roma 13 cm' }).getByRole('cell').nth(1).textContent()).toBe('3');
    expect(await lineas.filter({ hasText: 'Block de dibujo N° 5 blanco' }).getByRole('cell').nth(1).textContent()).toBe('2');
    await captura(page, 'detalle-venta-1280');
    // On the narrowest phone the payment badge wraps its words instead of cutting them ('En efectivo al reti…').
    await page.setViewportSize({ width: 320, height: 700 });
    const insignia = page.getByRole('main').getByText('En efectivo al recibir', { exact: true });
    await expect.poll(() => insignia.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await captura(page, 'detalle-venta-390');
    await page.getByRole('link', { name: 'Volver' }).click();
    await page.waitForURL('**/misCompras');
    await s.cerrar();
  });
});

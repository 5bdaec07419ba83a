import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { esperarSinViolaciones } from './soporte/accesibilidad';
import { capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_CLIENTE } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

// 'Pagar' on an unpaid Mercado Pago order (docs/decisions/026-pagar-de-nuevo.md), in the simulated checkout.

const entorno = entornoDePrueba();

const REGLA = 'Regla flexible 30 cm';

async function stockDeLaRegla(page: Page): Promise<number> {
  const r = (await (await page.request.get('/api/producto?q=regla')).json()) as { items: Array<{ denominacion: string; stock: number }> };
  return r.items.find((p) => p.denominacion === REGLA)!.stock;
}

/** Cart -> 'Pagar con Mercado Pago' -> the simulated checkout; answers the order's number it shows. */
async function irAPagarDesdeElCarrito(page: Page): Promise<number> {
  await page.goto('/products?q=regla');
  await page.getByRole('article', { name: REGLA }).getByRole('button', { name: /^Agregar al carrito/ }).click();
  await page.getByRole('button', { name: /^Abrir carrito/ }).click();
  await page.getByRole('dialog', { name: 'Tu carrito' }).getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
  await page.waitForURL(/\/api\/mercadoPago\/simulador\//);
  const titulo = (await page.getByRole('heading', { name: /^Pedido nro \d+$/ }).textContent()) ?? '';
  return Number(/\d+/.exec(titulo)![0]);
}

const filaDe = (page: Page, id: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });
const tarjetaDe = (page: Page, id: number) => page.getByRole('list', { name: 'Compras' }).getByRole('listitem').filter({ hasText: `Venta N° ${id}` });
const botonPagar = (id: number) => ({ name: `Pagar el pedido N° ${id} con Mercado Pago` });

describe("'Pagar' an order whose checkout was abandoned", () => {
  it('Back from Mercado Pago, Mis compras, Pagar, approve: the order is paid, its units taken once', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    const stockAntes = await stockDeLaRegla(s.page);
    const id = await irAPagarDesdeElCarrito(s.page);
    // The customer changes their mind on Mercado Pago's page and goes Back.
    await s.page.goBack();
    await s.page.waitForURL((u) => u.pathname === '/products');
    expect(await stockDeLaRegla(s.page)).toBe(stockAntes - 1);

    await s.page.goto('/misCompras');
    const fila = filaDe(s.page, id);
    await expect.poll(() => fila.getByRole('button', botonPagar(id)).isVisible()).toBe(true);
    expect(await fila.getByText('Pago pendiente', { exact: true }).isVisible()).toBe(true);
    expect(await fila.getByText(/^Podés pagarlo hasta las /).textContent()).toMatch(/^Podés pagarlo hasta las \d{2}:\d{2}\.$/);
    await esperarSinViolaciones(s.page, 'Mis compras con un pedido sin pagar, 1280 px');
    await capturaVisible(s.page, 'pagar-mis-compras-1280');

    await s.page.setViewportSize({ width: 390, height: 844 });
    const tarjeta = tarjetaDe(s.page, id);
    await expect.poll(() => tarjeta.getByRole('button', botonPagar(id)).isVisible()).toBe(true);
    expect(await tarjeta.getByText('Pago pendiente', { exact: true }).isVisible()).toBe(true);
    await tarjeta.scrollIntoViewIfNeeded();
    await esperarSinViolaciones(s.page, 'Mis compras con un pedido sin pagar, 390 px');
    await capturaVisible(s.page, 'pagar-mis-compras-390');

    // The detail offers it too.
    await s.page.setViewportSize({ width: 1280, height: 900 });
    await s.page.goto(`/detalleVentaCliente/${id}`);
    await expect.poll(() => s.page.getByText('Este pedido todavía no está pagado').isVisible()).toBe(true);
    expect(await s.page.getByRole('button', botonPagar(id)).isVisible()).toBe(true);
    await esperarSinViolaciones(s.page, 'detalle de un pedido sin pagar, 1280 px');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await esperarSinViolaciones(s.page, 'detalle de un pedido sin pagar, 390 px');
    await capturaVisible(s.page, 'pagar-detalle-390');

    await s.page.goto('/misCompras');
    await tarjetaDe(s.page, id).getByRole('button', botonPagar(id)).click();
    await s.page.waitForURL(/\/api\/mercadoPago\/simulador\//);
    expect(await s.page.getByRole('heading', { name: `Pedido nro ${id}` }).isVisible()).toBe(true);
    await s.page.getByRole('button', { name: 'Aprobar pago' }).click();
    await s.page.waitForURL((u) => u.pathname === '/mpsuccess');
    await expect.poll(() => s.page.getByRole('heading', { name: 'Pago aprobado' }).isVisible()).toBe(true);

    await s.page.setViewportSize({ width: 1280, height: 900 });
    await s.page.goto('/misCompras');
    const pagada = filaDe(s.page, id);
    await expect.poll(() => pagada.getByText('Pagado', { exact: true }).isVisible()).toBe(true);
    expect(await pagada.getByText('Pendiente', { exact: true }).isVisible()).toBe(true);
    expect(await pagada.getByRole('button', botonPagar(id)).count()).toBe(0);
    expect(await stockDeLaRegla(s.page)).toBe(stockAntes - 1);
    await capturaVisible(s.page, 'pagar-mis-compras-pagada-1280');
    await s.cerrar();
  }, 180_000);
});

describe("'Pagar' on the failure page", () => {
  it('a rejected payment is paid again from /mpfailure; its units, given back by the rejection, are taken again once', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    const stockAntes = await stockDeLaRegla(s.page);
    const id = await irAPagarDesdeElCarrito(s.page);
    await s.page.getByRole('button', { name: 'Rechazar pago' }).click();
    await s.page.waitForURL((u) => u.pathname === '/mpfailure');
    await expect.poll(() => s.page.getByRole('heading', { name: 'Pago rechazado' }).isVisible()).toBe(true);
    const pagar = s.page.getByRole('button', botonPagar(id));
    await expect.poll(() => pagar.isVisible()).toBe(true);
    expect(await stockDeLaRegla(s.page)).toBe(stockAntes);
    await esperarSinViolaciones(s.page, '/mpfailure con Pagar, 1280 px');
    await capturaVisible(s.page, 'pagar-mpfailure-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await esperarSinViolaciones(s.page, '/mpfailure con Pagar, 390 px');
    await capturaVisible(s.page, 'pagar-mpfailure-390');

    await pagar.click();
    await s.page.waitForURL(/\/api\/mercadoPago\/simulador\//);
    expect(await stockDeLaRegla(s.page)).toBe(stockAntes - 1);
    await s.page.getByRole('button', { name: 'Aprobar pago' }).click();
    await s.page.waitForURL((u) => u.pathname === '/mpsuccess');
    await expect.poll(() => s.page.getByRole('heading', { name: 'Pago aprobado' }).isVisible()).toBe(true);
    expect(await stockDeLaRegla(s.page)).toBe(stockAntes - 1);
    await s.cerrar();
  }, 120_000);

  it('the pending page offers Pagar too, and knows the order from this tab when Mercado Pago sends no reference', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    const id = await irAPagarDesdeElCarrito(s.page);
    await s.page.goto('/mppending');
    await expect.poll(() => s.page.getByRole('heading', { name: 'Pago pendiente' }).isVisible()).toBe(true);
    await expect.poll(() => s.page.getByRole('button', botonPagar(id)).isVisible()).toBe(true);
    expect(await s.page.getByText(`pedido N° ${id}`).isVisible()).toBe(true);
    await esperarSinViolaciones(s.page, '/mppending con Pagar, 1280 px');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await esperarSinViolaciones(s.page, '/mppending con Pagar, 390 px');
    await s.cerrar();
  }, 120_000);
});

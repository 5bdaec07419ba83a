import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_CLIENTE } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

const panel = (page: Page) => page.getByRole('dialog', { name: 'Tu carrito' });

async function pagarConMercadoPago(page: Page): Promise<void> {
  await page.goto('/products?q=regla');
  await page.getByRole('article', { name: 'Regla flexible 30 cm' }).getByRole('button', { name: /^Agregar al carrito/ }).click();
  await page.getByRole('button', { name: /^Abrir carrito/ }).click();
  await panel(page).getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
  await page.waitForURL(/\/api\/mercadoPago\/simulador\//);
}

describe('paying with Mercado Pago from the cart (simulated checkout)', () => {
  for (const [accion, ruta, titulo, estado] of [
    ['Aprobar pago', '/mpsuccess', 'Pago aprobado', 'Pago aprobado'],
    ['Dejar pendiente', '/mppending', 'Pago pendiente', 'Pago pendiente'],
    ['Rechazar pago', '/mpfailure', 'Pago rechazado', 'Pago rechazado'],
  ] as const) {
    it(`${accion} returns to ${ruta}, confirmed by the shop`, async () => {
      const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
      await login(s.page, 'cliente', CLAVE_CLIENTE);
      await pagarConMercadoPago(s.page);
      await s.page.getByRole('button', { name: accion }).click();
      await s.page.waitForURL((u) => u.pathname === ruta);
      await expect.poll(() => s.page.getByRole('heading', { name: titulo }).isVisible()).toBe(true);
      await expect.poll(() => s.page.getByText('Estado confirmado por la tienda:').isVisible()).toBe(true);
      expect(await s.page.getByRole('status').getByText(estado, { exact: true }).isVisible()).toBe(true);
      expect(await s.page.getByRole('button', { name: /^Abrir carrito \(0/ }).isVisible()).toBe(true);
      await capturaVisible(s.page, `mp-${ruta.slice(1)}`);
      await s.cerrar();
    });
  }
});

import { describe, expect, it } from 'vitest';
import { MENSAJES_PAGO } from '../domain/pago';
import { esperarSinViolaciones } from './soporte/accesibilidad';
import { capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_CLIENTE } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

// An order whose time to pay ran out says so instead of paying (docs/decisions/026-pagar-de-nuevo.md).
// Orders here may be paid for one minute only.
const entorno = entornoDePrueba({ MP_PAGO_VENCE_MINUTOS: '1' });

describe('an order whose time to pay ran out', () => {
  it("Pagar pressed too late says so; Mis compras, the detail and /mpfailure say 'Pago vencido' and offer the catalogue", async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    const productos = (await (await s.page.request.get('/api/producto?q=regla')).json()) as { items: Array<{ id: number }> };
    const r = await s.page.request.post('/api/pedido', {
      data: { lineas: [{ productoId: productos.items[0]!.id, cantidad: 1 }], promociones: [], formaPago: 'MERCADOPAGO', envio: 0 },
      headers: { 'Idempotency-Key': `e2e-vencido-${Date.now()}` },
    });
    expect(r.status()).toBe(201);
    const hecho = Date.now();
    const id = ((await r.json()) as { id: number }).id;

    await s.page.goto('/misCompras');
    const fila = s.page.getByRole('row').filter({ has: s.page.getByRole('cell', { name: String(id), exact: true }) });
    const pagar = fila.getByRole('button', { name: `Pagar el pedido N° ${id} con Mercado Pago` });
    await expect.poll(() => pagar.isVisible()).toBe(true);

    // The customer leaves the page open past the order's minute, then presses 'Pagar'.
    await s.page.waitForTimeout(Math.max(0, hecho + 62_000 - Date.now()));
    await pagar.click();
    await expect.poll(() => s.page.getByText(MENSAJES_PAGO.pagoVencido).isVisible()).toBe(true);
    await expect.poll(() => fila.getByText('Pago vencido', { exact: true }).isVisible()).toBe(true);
    expect(await pagar.count()).toBe(0);
    expect(s.page.url()).toMatch(/\/misCompras$/);
    // The browser logs the refused request (409) itself; nothing else may have been logged.
    const otros = s.errores.filter((e) => !/status of 409/.test(e));
    s.errores.length = 0;
    s.errores.push(...otros);

    await s.page.goto(`/detalleVentaCliente/${id}`);
    await expect.poll(() => s.page.getByText('Ya no se puede pagar').isVisible()).toBe(true);
    expect(await s.page.getByRole('link', { name: 'Ver productos' }).isVisible()).toBe(true);
    expect(await s.page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0);
    await esperarSinViolaciones(s.page, 'detalle de un pedido vencido, 1280 px');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await esperarSinViolaciones(s.page, 'detalle de un pedido vencido, 390 px');

    await s.page.goto(`/mpfailure?collection_status=rejected&status=rejected&external_reference=${id}`);
    await expect.poll(() => s.page.getByRole('heading', { name: 'Pago vencido' }).isVisible()).toBe(true);
    expect(await s.page.getByText(`El plazo para pagar tu pedido N° ${id} venció`).isVisible()).toBe(true);
    // Confirmed by the shop as expired, whether or not the sweep has recorded it yet.
    await expect.poll(() => s.page.getByRole('status').getByText('Pago vencido', { exact: true }).isVisible()).toBe(true);
    expect(await s.page.getByRole('button', { name: /^Pagar/ }).count()).toBe(0);
    await s.page.getByRole('link', { name: 'Ver productos' }).waitFor();
    await esperarSinViolaciones(s.page, '/mpfailure de un pedido vencido, 390 px');
    await capturaVisible(s.page, 'pagar-mpfailure-vencido-390');
    await s.page.setViewportSize({ width: 1280, height: 900 });
    await esperarSinViolaciones(s.page, '/mpfailure de un pedido vencido, 1280 px');
    await capturaVisible(s.page, 'pagar-mpfailure-vencido-1280');
    await s.page.getByRole('link', { name: 'Ver productos' }).click();
    await s.page.waitForURL((u) => u.pathname === '/products');

    await s.page.goto('/misCompras');
    await expect.poll(() => fila.getByText('Pago vencido', { exact: true }).isVisible()).toBe(true);
    await esperarSinViolaciones(s.page, 'Mis compras con un pedido vencido, 1280 px');
    await capturaVisible(s.page, 'pagar-mis-compras-vencido-1280');
    await s.cerrar();
  }, 240_000);
});

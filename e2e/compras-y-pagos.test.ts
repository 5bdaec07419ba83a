import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { captura, capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_ADMIN, CLAVE_CLIENTE } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

/** An order made through the API with the page's session. */
async function pedir(page: Page, formaPago: 'EFECTIVO' | 'MERCADOPAGO'): Promise<number> {
  const productos = (await (await page.request.get('/api/producto?q=regla')).json()) as { items: Array<{ id: number }> };
  const r = await page.request.post('/api/pedido', {
    data: { lineas: [{ productoId: productos.items[0]!.id, cantidad: 1 }], promociones: [], formaPago, envio: 0 },
    headers: { 'Idempotency-Key': `e2e-${formaPago}-${Date.now()}` },
  });
  expect(r.status()).toBe(201);
  return ((await r.json()) as { id: number }).id;
}

describe('Mis compras (spec screens 10 and 11)', () => {
  it('needs a session: an anonymous visitor goes to /login and comes back after logging in', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/misCompras');
    await s.page.waitForURL('**/login');
    await s.page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('cliente');
    await s.page.getByLabel('Contraseña', { exact: true }).fill(CLAVE_CLIENTE);
    await s.page.getByRole('button', { name: 'Ingresar' }).click();
    await s.page.waitForURL('**/misCompras');
    await expect.poll(() => s.page.getByRole('heading', { name: 'Mis compras' }).isVisible()).toBe(true);
    await s.cerrar();
  });

  it('a new customer with no purchases is invited to the catalogue', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const r = await s.page.request.post('/api/registro', {
      data: {
        persona: { nombre: 'Sin', apellido: 'Compras', telefono: '2615550000', email: 'sin@example.com' },
        domicilio: { calle: 'Belgrano', numero: '1', localidad: 'CAPITAL', provincia: 'MENDOZA' },
        usuario: { usuario: 'sin.compras', clave: 'una-clave-larga' },
      },
    });
    expect(r.ok()).toBe(true);
    await s.page.goto('/misCompras');
    await expect.poll(() => s.page.getByText('Todavía no hiciste compras.').isVisible()).toBe(true);
    expect(await s.page.getByRole('link', { name: 'Ver productos' }).isVisible()).toBe(true);
    await s.cerrar();
  });

  it('a concluded sale has no "Arrepentimiento"; a Mercado Pago sale shows its payment state', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    const efectivo = await pedir(s.page, 'EFECTIVO');
    const mp = await pedir(s.page, 'MERCADOPAGO');
    // The shop concludes the cash sale.
    const admin = await entorno.navegador.newContext({ baseURL: entorno.servidor.url });
    expect((await admin.request.post('/api/auth/login', { data: { usuario: 'admin', clave: CLAVE_ADMIN } })).ok()).toBe(true);
    const venta = (await (await admin.request.get(`/api/venta/${efectivo}`)).json()) as { formaPago: string; envio: number };
    expect((await admin.request.put(`/api/venta/${efectivo}`, { data: { estadoVenta: 'CONCLUIDO', formaPago: venta.formaPago, envio: venta.envio } })).ok()).toBe(true);
    await admin.close();

    await s.page.goto('/misCompras');
    const fila = (id: number) => s.page.getByRole('row').filter({ has: s.page.getByRole('cell', { name: String(id), exact: true }) });
    await expect.poll(() => fila(efectivo).isVisible()).toBe(true);
    expect(await fila(efectivo).getByText('Concluido').isVisible()).toBe(true);
    expect(await fila(efectivo).getByRole('link', { name: /^Arrepentimiento/ }).count()).toBe(0);
    expect(await fila(mp).getByText('Mercado Pago').isVisible()).toBe(true);
    expect(await fila(mp).getByText('Pago pendiente').isVisible()).toBe(true);
    expect(await fila(mp).getByRole('link', { name: /^Arrepentimiento/ }).isVisible()).toBe(true);
    await s.cerrar();
  });
});

describe('payment return pages (spec screen 9)', () => {
  it('/mpsuccess shows "Pago aprobado" and leads to Mis compras', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    const id = await pedir(s.page, 'MERCADOPAGO');
    await s.page.goto(`/mpsuccess?collection_status=approved&status=approved&external_reference=${id}&payment_id=123`);
    await expect.poll(() => s.page.getByRole('heading', { name: 'Pago aprobado' }).isVisible()).toBe(true);
    expect(await s.page.getByText(`pedido N° ${id}`).isVisible()).toBe(true);
    await expect.poll(() => s.page.getByRole('status').textContent()).toMatch(/Estado (confirmado por la tienda|informado por Mercado Pago)/);
    s.errores.length = 0; // a state not yet confirmed by the server may log a failed request
    await captura(s.page, 'pago-aprobado-1280');
    await s.page.getByRole('link', { name: 'Ver mis compras' }).click();
    await s.page.waitForURL('**/misCompras');
    await s.cerrar();
  });

  for (const [ruta, titulo, estado] of [
    ['/mppending', 'Pago pendiente', 'pending'],
    ['/mpfailure', 'Pago rechazado', 'rejected'],
  ] as const) {
    it(`${ruta} shows "${titulo}", Mis compras and a chat button naming the order`, async () => {
      const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
      await login(s.page, 'cliente', CLAVE_CLIENTE);
      const id = await pedir(s.page, 'MERCADOPAGO');
      await s.page.goto(`${ruta}?collection_status=${estado}&status=${estado}&external_reference=${id}`);
      await expect.poll(() => s.page.getByRole('heading', { name: titulo }).isVisible()).toBe(true);
      expect(await s.page.getByRole('link', { name: 'Ver mis compras' }).isVisible()).toBe(true);
      const chat = s.page.getByRole('main').getByRole('link', { name: 'Escribinos por WhatsApp' });
      await expect.poll(() => chat.isVisible()).toBe(true);
      expect(decodeURIComponent((await chat.getAttribute('href')) ?? '')).toContain(`pedido N° ${id}`);
      s.errores.length = 0;
      await capturaVisible(s.page, `pago-${estado}-1280`);
      await s.page.setViewportSize({ width: 390, height: 844 });
      await capturaVisible(s.page, `pago-${estado}-390`);
      await s.cerrar();
    });
  }
});

import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_AUDITORIA } from '../domain/auditoria';
import { MENSAJES } from '../domain/mensajes';
import { formatearPrecio } from '../domain/money';
import { esperarFilas, filas, hoyMendoza, sesionAdmin, verTexto, visible } from './soporte/admin';
import { abrirNavegador, captura, capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_CLIENTE, iniciarServidor, type ServidorDePrueba } from './soporte/servidor';

let servidor: ServidorDePrueba;
let navegador: Browser;

beforeAll(async () => {
  [servidor, navegador] = await Promise.all([iniciarServidor(), abrirNavegador()]);
});
afterAll(async () => {
  await navegador?.close();
  await servidor?.detener();
});

const TABLA = 'Eventos de auditoría';

/** Waits until the grid shows exactly these actions, top to bottom (filters are debounced). */
/** The actions listed, sign-ins aside (every browser session of the test writes one). */
const accionesListadas = (page: Page) =>
  filas(page, TABLA).evaluateAll((trs) =>
    trs.map((tr) => ({ accion: tr.getAttribute('data-accion') ?? '', texto: tr.textContent ?? '' })).filter((f) => !f.accion.startsWith('sesion.')),
  );

async function esperarAcciones(page: Page, acciones: string[]) {
  await expect.poll(async () => (await accionesListadas(page)).map((f) => f.accion || f.texto)).toEqual(acciones);
}

/** 'yyyy-MM-dd' of the Mendoza day after `dia`. */
const diaSiguiente = (dia: string) => new Date(Date.parse(`${dia}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('Auditoría screen', () => {
  it("shows a price edit made in the product form, filters by user, date, entity and action, exports CSV, and fits a phone", async () => {
    // A customer's cart order: an event by someone else.
    const cliente = await nuevaSesion(navegador, servidor.url);
    await login(cliente.page, 'cliente', CLAVE_CLIENTE);
    const lista = await cliente.page.request.get('/api/producto?codigo=ESC-002');
    const productoDelCliente = ((await lista.json()) as { items: Array<{ id: number }> }).items[0]!;
    const pedido = await cliente.page.request.post('/api/pedido', { data: { lineas: [{ productoId: productoDelCliente.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 } });
    expect(pedido.status()).toBe(201);
    await cliente.cerrar();

    // The admin raises a price in the product form.
    const s = await sesionAdmin(navegador, servidor.url);
    const { page } = s;
    await page.goto('/grillaProducts');
    await page.getByLabel('Código').fill('ESC-001');
    await esperarFilas(page, 'Productos', 1);
    await page.getByRole('link', { name: 'Editar Lápiz negro HB Ecolápiz x 12' }).click();
    await visible(page.getByRole('heading', { name: 'Editar producto' }));
    await expect.poll(() => page.getByLabel('Porcentaje').inputValue()).toBe('60');
    await page.getByLabel('Porcentaje').fill('70');
    await expect.poll(() => page.getByLabel('Precio', { exact: true }).inputValue()).toBe(formatearPrecio(4930));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Producto actualizado correctamente: Lápiz negro HB Ecolápiz x 12');

    // From the admin home, like every other screen.
    await page.goto('/Admin');
    await page.getByRole('link', { name: /Auditoría/ }).click();
    await page.waitForURL('**/auditoria');
    await visible(page.getByRole('heading', { name: 'Auditoría' }));
    await esperarAcciones(page, ['producto.editar', 'venta.pedido']);
    for (const columna of ['Fecha', 'Usuario', 'Acción', 'Sobre', 'Cambios', 'Origen']) {
      expect(await page.getByRole('columnheader', { name: columna, exact: true }).isVisible()).toBe(true);
    }
    // Newest first: the price edit, then the order.
    const [edicion, orden] = (await accionesListadas(page)).map((f) => f.texto);
    expect(edicion).toContain('Cambio de producto');
    expect(edicion).toContain('admin');
    expect(edicion).toContain(`Precio: ${formatearPrecio(4640)} → ${formatearPrecio(4930)}`);
    expect(edicion).toContain('Margen %: 60 → 70');
    expect(edicion).toContain('127.0.0.1');
    expect(orden).toContain('Pedido del carrito');
    expect(orden).toContain('cliente');
    await captura(page, 'admin-auditoria-1280');

    // By user: the name at the time, typed in part and in any case.
    await page.getByLabel('Usuario').fill('CLIEN');
    await esperarAcciones(page, ['venta.pedido']);
    await page.getByLabel('Usuario').fill('admin');
    await esperarAcciones(page, ['producto.editar']);
    await page.getByLabel('Usuario').fill('');
    await esperarAcciones(page, ['producto.editar', 'venta.pedido']);

    // By date: Mendoza days; an empty day says so; an inverted range is explained and not asked for.
    const hoy = hoyMendoza();
    await page.getByLabel('Desde').fill(diaSiguiente(hoy));
    await verTexto(page, MENSAJES_AUDITORIA.sinEventos);
    await page.getByLabel('Hasta').fill(hoy);
    await verTexto(page, MENSAJES.rangoFechasInvertido);
    await page.getByLabel('Desde').fill(hoy);
    await esperarAcciones(page, ['producto.editar', 'venta.pedido']);
    expect(await page.getByRole('alert').count()).toBe(0);

    // By entity and action.
    await page.getByLabel('Entidad').selectOption({ label: 'Venta' });
    await esperarAcciones(page, ['venta.pedido']);
    await page.getByLabel('Acción').selectOption({ label: 'Cambio de venta' });
    await verTexto(page, MENSAJES_AUDITORIA.sinEventos);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await esperarAcciones(page, ['producto.editar', 'venta.pedido']);

    // The keyboard goes through the filters in order.
    await page.getByLabel('Usuario').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id && document.querySelector(`label[for="${document.activeElement.id}"]`)?.textContent)).toBe('Entidad');

    // The CSV of the same filters.
    await page.getByLabel('Usuario').fill('admin');
    await esperarAcciones(page, ['producto.editar']);
    const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(descarga.suggestedFilename()).toBe('auditoria.csv');
    const csv = fs.readFileSync((await descarga.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const texto = csv.subarray(3).toString('utf8');
    expect(texto.split('\r\n')[0]).toBe('"Fecha";"Usuario";"Nro de usuario";"Acción";"Entidad";"Nro";"Dirección";"Navegador";"Cambios";"Antes";"Después";"Detalle"');
    expect(texto).toContain('"Cambio de producto"');
    expect(texto).not.toContain('Pedido del carrito');

    // A phone: the events as cards, the filters one under the other.
    await page.getByLabel('Usuario').fill('');
    await page.setViewportSize({ width: 390, height: 844 });
    // The two changes and the two sign-ins (the customer's and the admin's).
    await expect.poll(() => page.getByRole('list', { name: TABLA }).getByRole('listitem').count()).toBe(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'admin-auditoria-390');
    await page.getByRole('list', { name: TABLA }).scrollIntoViewIfNeeded();
    await capturaVisible(page, 'admin-auditoria-390-lista');
    await s.cerrar();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { precioDeImpresion, presupuestoEnPesos, type OpcionesImpresion, type TarifaImpresionRespuesta } from '../domain/impresion';
import { formatearPrecio } from '../domain/money';
import { sesionAdmin, verTexto, visible } from './soporte/admin';
import { entornoDePrueba } from './soporte/entorno';
import { captura, capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { pdfDePrueba } from './soporte/pdf';
import { CLAVE_CLIENTE } from './soporte/servidor';

// Issue 21 end to end: a customer on a phone uploads a PDF, picks options and sees the price follow,
// orders in cash; the owner moves the job to Listo and Entregado; the customer sees it in Mis compras.

const entorno = entornoDePrueba();

const PAGINAS = 3;
/** Page 2 has colour: in colour only it pays the colour price. */
const ARCHIVO = { nombre: 'apunte-de-fisica.pdf', pdf: pdfDePrueba({ paginas: PAGINAS, conColor: [2] }) };

const opciones = (o: Partial<OpcionesImpresion> = {}): OpcionesImpresion => ({
  copias: 1,
  paginas: '',
  color: 'BN',
  dobleFaz: false,
  papel: 'A4',
  terminacion: 'NINGUNA',
  ...o,
});

/** What the shop's rule charges for the test file with these options, as the page shows it. */
const precioEsperado = (tarifa: TarifaImpresionRespuesta, o: Partial<OpcionesImpresion>) =>
  formatearPrecio(presupuestoEnPesos(precioDeImpresion(tarifa, { paginas: PAGINAS, paginasColor: [2] }, opciones(o))).precio);

const tarjeta = (page: Page) => page.getByRole('article', { name: ARCHIVO.nombre });
const precio = (page: Page) => tarjeta(page).locator('[data-testid^="precio-impresion-"]');
const confirmado = (page: Page) => tarjeta(page).getByText('Precio confirmado por la tienda');

async function esperarPrecio(page: Page, esperado: string) {
  await expect.poll(() => precio(page).textContent(), { timeout: 15_000 }).toBe(esperado);
  await visible(confirmado(page), 15_000);
  expect(await precio(page).textContent()).toBe(esperado);
}

describe('online printing (issue 21)', () => {
  it('a customer at 390 px uploads a PDF, picks options, orders in cash; the owner moves it to Listo and Entregado; the customer sees it', async () => {
    const cliente = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = cliente;
    const tarifa = (await (await page.request.get('/api/tarifaImpresion')).json()) as TarifaImpresionRespuesta;

    // An anonymous visitor sees the prices and is asked to sign in.
    await page.goto('/impresiones');
    await visible(page.getByRole('table', { name: 'Precios por carilla' }));
    await visible(page.getByText('Iniciá sesión para subir tus archivos'));
    await capturaVisible(page, 'impresiones-anonimo-390');

    await login(page, 'cliente', CLAVE_CLIENTE);
    // From the navbar's phone menu.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('navigation', { name: 'Principal (móvil)' }).getByRole('link', { name: 'Impresiones' }).click();
    await page.waitForURL((u) => u.pathname === '/impresiones');
    await visible(page.getByRole('button', { name: 'Elegir archivos PDF' }));

    // A file that is not a PDF is refused before it is sent.
    await page.getByLabel('Archivos PDF para imprimir').setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await verTexto(page, 'El archivo no es un PDF. Subí un archivo PDF.');
    await page.getByRole('button', { name: 'Cerrar el aviso de notas.txt' }).click();

    await page.getByLabel('Archivos PDF para imprimir').setInputFiles({ name: ARCHIVO.nombre, mimeType: 'application/pdf', buffer: ARCHIVO.pdf });
    await visible(tarjeta(page), 30_000);
    await visible(tarjeta(page).getByText(`${PAGINAS} páginas · A4`));
    await visible(tarjeta(page).getByText('1 página con color'));
    expect(await tarjeta(page).getByRole('img', { name: `Primera página de ${ARCHIVO.nombre}` }).evaluate((i: HTMLImageElement) => i.naturalWidth > 0)).toBe(true);
    await esperarPrecio(page, precioEsperado(tarifa, {}));

    // The price follows each option, computed at once and then confirmed by the server.
    await tarjeta(page).getByLabel('Copias').fill('2');
    await esperarPrecio(page, precioEsperado(tarifa, { copias: 2 }));
    await tarjeta(page).getByRole('radio', { name: 'Color', exact: true }).check();
    await esperarPrecio(page, precioEsperado(tarifa, { copias: 2, color: 'COLOR' }));
    await tarjeta(page).getByRole('radio', { name: 'Doble faz' }).check();
    await tarjeta(page).getByLabel('Terminación').selectOption('ABROCHADO');
    const opcionesFinales: Partial<OpcionesImpresion> = { copias: 2, color: 'COLOR', dobleFaz: true, terminacion: 'ABROCHADO' };
    await esperarPrecio(page, precioEsperado(tarifa, opcionesFinales));
    // A range outside the file is explained under the field, and nothing is priced until it is fixed.
    await tarjeta(page).getByLabel('Páginas').fill('1-9');
    await visible(tarjeta(page).getByText('La página 9 no existe: el archivo tiene 3 páginas.'));
    await tarjeta(page).getByLabel('Páginas').fill('');
    await esperarPrecio(page, precioEsperado(tarifa, opcionesFinales));
    await captura(page, 'impresiones-opciones-390');

    await tarjeta(page).getByRole('button', { name: `Agregar al carrito: ${ARCHIVO.nombre}` }).click();
    await verTexto(page, 'Impresión agregada al carrito');
    await page.getByRole('button', { name: /^Abrir carrito/ }).click();
    const panel = page.getByRole('dialog', { name: 'Tu carrito' });
    const linea = panel.getByRole('listitem', { name: `Impresión ${ARCHIVO.nombre}` });
    await visible(linea);
    await visible(linea.getByText('2 copias · Color · Doble faz · A4 · Abrochado'));
    expect(await panel.getByTestId('total-carrito').textContent()).toBe(precioEsperado(tarifa, opcionesFinales));
    await capturaVisible(page, 'impresiones-carrito-390');
    await panel.getByRole('button', { name: 'Efectivo' }).click();
    const confirmacion = panel.getByRole('status').filter({ hasText: /Pedido N° \d+ confirmado/ });
    await visible(confirmacion, 20_000);
    expect(await confirmacion.textContent()).toMatch(/Tus impresiones van a estar listas para retirar aproximadamente el \S+ \d{2}\/\d{2}, \d{2}:\d{2}\./);
    const ventaId = Number(/Pedido N° (\d+)/.exec((await confirmacion.textContent()) ?? '')?.[1]);
    expect(ventaId).toBeGreaterThan(0);
    await expect.poll(() => panel.getByText('Sin productos en el carrito.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    // The owner, at a desk: the job is in the queue; En proceso, Listo (with the WhatsApp notice), Entregado.
    const admin = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const ap = admin.page;
    await ap.goto('/impresiones');
    await visible(ap.getByRole('button', { name: 'Elegir archivos PDF' }));
    await visible(ap.getByRole('table', { name: 'Precios por carilla' }));
    await captura(ap, 'impresiones-1280');
    await ap.goto('/Admin');
    await ap.locator('main').getByRole('link', { name: /^Impresiones/ }).click();
    await ap.waitForURL((u) => u.pathname === '/grillaImpresiones');
    const tabla = ap.getByRole('table', { name: 'Cola de impresiones' });
    const fila = tabla.locator('tbody tr').filter({ hasText: `Venta ${ventaId}` });
    await visible(fila);
    await visible(fila.getByText('Recibido'));
    await visible(fila.getByRole('link', { name: `Descargar ${ARCHIVO.nombre}` }));
    expect(await fila.textContent()).toContain(precioEsperado(tarifa, opcionesFinales));
    const descarga = await ap.request.get((await fila.getByRole('link', { name: `Descargar ${ARCHIVO.nombre}` }).getAttribute('href'))!);
    expect(descarga.status()).toBe(200);
    expect((await descarga.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await captura(ap, 'impresiones-cola-1280');

    await fila.getByRole('button', { name: /^En proceso: impresión/ }).click();
    await visible(fila.getByText('En proceso'));
    await fila.getByRole('button', { name: /^Listo: impresión/ }).click();
    const confirmarListo = ap.getByRole('dialog', { name: 'Marcar como Listo para retirar' });
    await visible(confirmarListo);
    await confirmarListo.getByRole('button', { name: 'Listo' }).click();
    const avisar = ap.getByRole('dialog', { name: 'Avisar al cliente' });
    await visible(avisar);
    const whatsapp = avisar.getByRole('link', { name: 'Avisar por WhatsApp' });
    const conWhatsapp = (await whatsapp.count()) > 0;
    if (conWhatsapp) expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    await capturaVisible(ap, 'impresiones-avisar-1280');
    await avisar.getByRole('button', { name: conWhatsapp ? 'Ahora no' : 'Entendido' }).click();
    await visible(fila.getByText('Listo para retirar'));
    await fila.getByRole('button', { name: /^Entregado: impresión/ }).click();
    const confirmarEntrega = ap.getByRole('dialog', { name: 'Marcar como Entregado' });
    await visible(confirmarEntrega);
    await confirmarEntrega.getByRole('button', { name: 'Entregado' }).click();
    // Delivered jobs leave the queue; the filter shows them.
    await expect.poll(() => fila.count()).toBe(0);
    await ap.getByLabel('Estado').selectOption('ENTREGADO');
    await visible(tabla.locator('tbody tr').filter({ hasText: `Venta ${ventaId}` }).getByText('Entregado'));
    await admin.cerrar();

    // The customer sees the job delivered in Mis compras and in the sale's detail.
    await page.goto('/misCompras');
    const compra = page.getByRole('listitem').filter({ hasText: `Venta N° ${ventaId}` });
    await visible(compra);
    await visible(compra.getByText(`Impresión: ${ARCHIVO.nombre}`));
    await visible(compra.getByText('Entregado'));
    await capturaVisible(page, 'impresiones-mis-compras-390');
    await compra.getByRole('link', { name: `Ver detalle de la venta ${ventaId}` }).click();
    await page.waitForURL((u) => u.pathname === `/detalleVentaCliente/${ventaId}`);
    const lineaVenta = page.getByRole('list', { name: 'Productos de la venta' }).getByRole('listitem').filter({ hasText: ARCHIVO.nombre });
    await visible(lineaVenta);
    await visible(lineaVenta.getByText('Entregado'));
    await visible(lineaVenta.getByText('2 copias · Color · Doble faz · A4 · Abrochado'));
    await captura(page, 'impresiones-detalle-390');
    await cliente.cerrar();
  }, 300_000);

  it('the owner edits the price table: a wrong value is explained and nothing changes; a right one shows on the public page', async () => {
    const admin = await sesionAdmin(entorno.navegador, entorno.servidor.url, { ancho: 390 });
    const { page } = admin;
    await page.goto('/grillaImpresiones');
    const form = page.getByRole('form', { name: 'Tarifa de impresión' });
    await visible(form);
    const tramo1 = form.getByRole('listitem', { name: 'Tramo 1' });
    await tramo1.getByLabel('Carilla blanco y negro A4').fill('0');
    await form.getByRole('button', { name: 'Guardar tarifa' }).click();
    await visible(tramo1.getByText('Carilla blanco y negro A4 tiene que ser mayor a cero.'));
    await tramo1.getByLabel('Carilla blanco y negro A4').fill('45,50');
    await form.getByRole('button', { name: 'Guardar tarifa' }).click();
    await verTexto(page, 'Tarifa de impresión actualizada.');
    await capturaVisible(page, 'impresiones-tarifa-390');
    const tarifa = (await (await page.request.get('/api/tarifaImpresion')).json()) as TarifaImpresionRespuesta;
    expect(tarifa.tramos[0]!.bnA4).toBe(45.5);
    await page.goto('/impresiones');
    await visible(page.getByRole('table', { name: 'Precios por carilla' }).getByText(formatearPrecio(45.5)));
    await admin.cerrar();
  }, 120_000);
});

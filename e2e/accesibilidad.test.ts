import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sesionAdmin, visible } from './soporte/admin';
import { CAPAS_QUE_APARECEN, violacionesEstables, type Violacion } from './soporte/accesibilidad';
import { entornoDePrueba } from './soporte/entorno';
import { trabajoEnCola } from './soporte/impresiones';
import { login, nuevaSesion, type Sesion } from './soporte/navegador';
import { pdfDePrueba } from './soporte/pdf';
import { CLAVE_CLIENTE } from './soporte/servidor';

// Every screen of the shop, at both widths, as it is once loaded, and again with each kind of panel or
// dialog open: zero WCAG 2.2 AA violations (axe-core). Each visit is also checked by the navigation helper
// (nuevaSesion); here the screens are checked once their data has arrived and with their dialogs open.

const entorno = entornoDePrueba();
const ANCHOS = [1280, 390] as const;

/** Violations counted per screen: written to test-results/accesibilidad.json to compare runs. */
const informe: Record<string, number> = {};
afterAll(() => {
  const carpeta = path.resolve('test-results');
  fs.mkdirSync(carpeta, { recursive: true });
  fs.writeFileSync(path.join(carpeta, 'accesibilidad.json'), `${JSON.stringify(informe, null, 2)}\n`);
});

const resumen = (vs: Violacion[]) => vs.map((v) => `${v.regla} (${v.impacto}, ${v.nodos.length}): ${v.nodos.slice(0, 3).join(' | ')}`);

/** Checks the page as it is now; every screen is reported, all failures are listed together. */
async function revisar(page: Page, pantalla: string) {
  // Let transitions end (dialogs fade in, toasts slide in) so that colours are the final ones: a fixed
  // pause, then until every dialog and toast is whole (a busy machine had a toast still at contrast 1.28).
  await page.waitForTimeout(400);
  const vs = await violacionesEstables(page, CAPAS_QUE_APARECEN);
  informe[pantalla] = vs.reduce((n, v) => n + v.nodos.length, 0);
  expect.soft(resumen(vs), `violaciones de accesibilidad en ${pantalla}`).toEqual([]);
}

const panelCarrito = (page: Page) => page.getByRole('dialog', { name: 'Tu carrito' });
const botonCarrito = (page: Page) => page.getByRole('button', { name: /^Abrir carrito/ });

/** The element that has the focus is the one the locator finds. */
const tieneFoco = (l: Locator) => l.evaluate((e) => e === document.activeElement);

async function agregarAlCarrito(page: Page, busqueda: string, nombre: string) {
  await page.goto(`/products?q=${encodeURIComponent(busqueda)}`);
  const boton = page.getByRole('article', { name: nombre }).getByRole('button', { name: /^Agregar al carrito/ });
  await visible(boton);
  await boton.click();
}

async function conCarritoAbierto(s: Sesion, pantalla: string) {
  const { page } = s;
  await botonCarrito(page).click();
  await visible(panelCarrito(page));
  await revisar(page, `${pantalla} con el carrito abierto`);
  // 'Vaciar carrito' asks first: its dialog too.
  const vaciar = panelCarrito(page).getByRole('button', { name: 'Vaciar carrito' });
  if ((await vaciar.isVisible()) && (await vaciar.isEnabled())) {
    await vaciar.click();
    await visible(page.getByRole('dialog', { name: 'Vaciar carrito' }));
    await revisar(page, `${pantalla} con la confirmación de vaciar el carrito`);
    // Its own button: Escape inside a dialog over the panel is left to Mantine's nesting.
    await page.getByRole('dialog', { name: 'Vaciar carrito' }).getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Vaciar carrito' }).count()).toBe(0);
    await expect.poll(() => tieneFoco(vaciar)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect.poll(() => panelCarrito(page).count()).toBe(0);
  await expect.poll(() => tieneFoco(botonCarrito(page))).toBe(true);
}

describe('accessibility of the shop (WCAG 2.2 AA, axe-core)', () => {
  for (const ancho of ANCHOS) {
    it(`public screens at ${ancho} px, with the cart and the phone menu open`, async () => {
      const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho });
      const { page } = s;
      for (const [ruta, esperar] of [
        ['/', page.getByRole('heading', { level: 1 })],
        ['/products', page.getByRole('article')],
        ['/producto/1', page.getByRole('heading', { level: 1 })],
        ['/promociones', page.getByRole('article')],
        ['/listas', page.getByRole('list', { name: 'Listas encontradas' })],
        ['/impresiones', page.getByRole('table', { name: 'Precios por carilla' })],
        ['/DondeEstamos', page.getByRole('heading', { level: 1 })],
        ['/login', page.getByLabel('Usuario')],
        ['/registro', page.getByLabel('Usuario')],
        ['/esto-no-existe', page.getByRole('heading', { level: 1 })],
        ['/mpsuccess', page.getByRole('heading', { level: 1 })],
        ['/mppending', page.getByRole('heading', { level: 1 })],
        ['/mpfailure', page.getByRole('heading', { level: 1 })],
      ] as const) {
        await page.goto(ruta);
        await visible(esperar);
        await revisar(page, `${ruta} a ${ancho} px`);
      }
      // A school list's page, and again with what 'Agregar la lista al carrito' added (issue 20).
      await page.goto('/listas');
      await page.getByRole('link', { name: /^Ver la lista de / }).first().click();
      await page.waitForURL(/\/listas\/\d+$/);
      await visible(page.getByRole('list', { name: 'Ítems de la lista' }));
      await revisar(page, `/listas/:id a ${ancho} px`);
      await page.getByRole('checkbox', { name: /^Ya lo tengo: / }).first().check();
      await page.getByRole('button', { name: 'Agregar la lista al carrito' }).click();
      await visible(page.getByRole('status', { name: 'Lo que agregamos al carrito' }));
      await revisar(page, `/listas/:id con lo agregado a ${ancho} px`);
      await page.goto('/');
      await conCarritoAbierto(s, `/ vacío a ${ancho} px`);
      await agregarAlCarrito(page, 'regla', 'Regla flexible 30 cm');
      await page.goto('/promociones');
      await page.getByRole('article').first().getByRole('button', { name: /^Agregar/ }).click();
      await conCarritoAbierto(s, `/promociones a ${ancho} px`);
      if (ancho < 768) {
        const menu = page.getByRole('button', { name: 'Abrir menú' });
        await menu.click();
        await visible(page.getByRole('navigation', { name: 'Principal (móvil)' }));
        await revisar(page, `menú del teléfono a ${ancho} px`);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('navigation', { name: 'Principal (móvil)' }).count()).toBe(0);
        await expect.poll(() => tieneFoco(menu)).toBe(true);
      }
      await s.cerrar();
    }, 300_000);

    it(`customer screens at ${ancho} px: Mis compras, its detail, the simulated Mercado Pago page`, async () => {
      const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho });
      const { page } = s;
      await login(page, 'cliente', CLAVE_CLIENTE);
      // Online printing: a PDF uploaded with its options and price, its remove confirmation, its cart line.
      await page.goto('/impresiones');
      await page.getByLabel('Archivos PDF para imprimir').setInputFiles({ name: 'accesible.pdf', mimeType: 'application/pdf', buffer: pdfDePrueba({ paginas: 2, conColor: [1] }) });
      const trabajo = page.getByRole('article', { name: 'accesible.pdf' });
      await visible(trabajo.getByText('Precio confirmado por la tienda'), 30_000);
      await revisar(page, `/impresiones con un archivo a ${ancho} px`);
      const quitar = trabajo.getByRole('button', { name: 'Quitar accesible.pdf' });
      await quitar.click();
      await visible(page.getByRole('dialog', { name: 'Quitar archivo' }));
      await revisar(page, `/impresiones con la confirmación de quitar a ${ancho} px`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog', { name: 'Quitar archivo' }).count()).toBe(0);
      await expect.poll(() => tieneFoco(quitar)).toBe(true);
      await trabajo.getByRole('button', { name: 'Agregar al carrito: accesible.pdf' }).click();
      await conCarritoAbierto(s, `/impresiones con una impresión en el carrito a ${ancho} px`);
      await agregarAlCarrito(page, 'regla', 'Regla flexible 30 cm');
      await botonCarrito(page).click();
      await panelCarrito(page).getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
      await page.waitForURL(/\/api\/mercadoPago\/simulador\//);
      await visible(page.getByRole('button', { name: 'Aprobar pago' }));
      await revisar(page, `pago simulado de Mercado Pago a ${ancho} px`);
      await page.getByRole('button', { name: 'Dejar pendiente' }).click();
      await page.waitForURL((u) => u.pathname === '/mppending');
      await visible(page.getByText('Estado confirmado por la tienda:'));
      await revisar(page, `/mppending con un pedido a ${ancho} px`);
      await page.goto('/misCompras');
      const detalle = page.getByRole('link', { name: /^Ver detalle de la venta/ }).first();
      await visible(detalle);
      await revisar(page, `/misCompras a ${ancho} px`);
      await conCarritoAbierto(s, `/misCompras a ${ancho} px`);
      await detalle.click();
      await page.waitForURL(/\/detalleVentaCliente\//);
      await visible(page.getByRole('heading', { level: 1 }));
      await page.waitForLoadState('networkidle');
      await revisar(page, `/detalleVentaCliente a ${ancho} px`);
      await s.cerrar();
    }, 300_000);

    it(`admin screens at ${ancho} px, with their confirmation dialogs open`, async () => {
      const s = await sesionAdmin(entorno.navegador, entorno.servidor.url, { ancho });
      const { page } = s;
      for (const ruta of [
        '/Admin',
        '/Admin/seguridad',
        '/grillaPedidos',
        '/formVenta/0',
        '/grillaProducts',
        '/formProducto/0',
        '/formProducto/1',
        '/stock',
        '/grillaPromociones',
        '/formPromocion/0',
        '/grillaUsuarios',
        '/formUsuario/0',
        '/grillaInformes',
        '/auditoria',
        '/grillaSinonimos',
        '/grillaListasEscolares',
        '/formListaEscolar/0',
        '/grillaImpresiones',
      ]) {
        await page.goto(ruta);
        await visible(page.getByRole('heading', { level: 1 }));
        await page.waitForLoadState('networkidle');
        await revisar(page, `${ruta} a ${ancho} px`);
        // Each delete asks first: the confirmation open, then Escape gives the focus back to the button.
        const eliminar = page.locator('main').getByRole('button', { name: /^Eliminar (?!pedidos)/ }).and(page.locator(':enabled'));
        if ((await eliminar.count()) > 0) {
          const boton = eliminar.first();
          await boton.click();
          const dialogo = page.getByRole('dialog');
          await visible(dialogo);
          await revisar(page, `${ruta} con la confirmación de eliminar a ${ancho} px`);
          await page.keyboard.press('Escape');
          await expect.poll(() => dialogo.count()).toBe(0);
          await expect.poll(() => tieneFoco(boton)).toBe(true);
        }
      }
      // A school list: its form with items, the pasted-text import (text, then the proposal), and 'Duplicar'.
      await page.goto('/grillaListasEscolares');
      const duplicar = page.locator('main').getByRole('button', { name: /^Duplicar / }).first();
      await duplicar.click();
      await visible(page.getByRole('dialog', { name: 'Duplicar lista' }));
      await revisar(page, `/grillaListasEscolares con 'Duplicar' a ${ancho} px`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => tieneFoco(duplicar)).toBe(true);
      await page.locator('main').getByRole('link', { name: /^Editar / }).first().click();
      await page.waitForURL(/\/formListaEscolar\/[1-9]/);
      await visible(page.getByLabel('Texto de la escuela del ítem 1'));
      await page.waitForLoadState('networkidle');
      await revisar(page, `/formListaEscolar de una lista a ${ancho} px`);
      await page.getByRole('button', { name: 'Importar desde texto' }).click();
      const importar = page.getByRole('dialog', { name: 'Importar desde texto' });
      await visible(importar);
      await revisar(page, `importar una lista desde texto a ${ancho} px`);
      await importar.getByLabel('Texto de la lista').fill('2 cuadernos rayados\nuna goma\npintorcito');
      await importar.getByRole('button', { name: 'Buscar productos' }).click();
      await visible(importar.getByRole('list', { name: 'Líneas leídas' }));
      await revisar(page, `la propuesta de la importación a ${ancho} px`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      // The sales grid's bulk delete, and the detail of a sale with its lines.
      await page.goto('/grillaPedidos');
      const masivo = page.getByRole('button', { name: 'Eliminar pedidos' });
      await masivo.click();
      await visible(page.getByRole('dialog', { name: 'Eliminar pedidos' }));
      await revisar(page, `/grillaPedidos con 'Eliminar pedidos' a ${ancho} px`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => tieneFoco(masivo)).toBe(true);
      await page.getByRole('link', { name: /^Editar venta nro/ }).first().click();
      await page.waitForURL(/\/formVenta\/\d+/);
      await page.waitForLoadState('networkidle');
      await revisar(page, `/formVenta de una venta a ${ancho} px`);
      await conCarritoAbierto(s, `admin a ${ancho} px`);
      // The print queue with a job, its confirmation before 'Listo' and the WhatsApp notice after it.
      const { trabajo } = await trabajoEnCola(entorno.navegador, entorno.servidor.url, `cola-${ancho}.pdf`);
      await page.goto('/grillaImpresiones');
      const enProceso = page.getByRole('button', { name: `En proceso: impresión N° ${trabajo.id}` });
      await visible(enProceso);
      await page.waitForLoadState('networkidle');
      await revisar(page, `/grillaImpresiones con trabajos a ${ancho} px`);
      await enProceso.click();
      const listo = page.getByRole('button', { name: `Listo: impresión N° ${trabajo.id}` });
      await visible(listo);
      await listo.click();
      await visible(page.getByRole('dialog', { name: 'Marcar como Listo para retirar' }));
      await revisar(page, `/grillaImpresiones con la confirmación de Listo a ${ancho} px`);
      await page.getByRole('dialog').getByRole('button', { name: 'Listo' }).click();
      await visible(page.getByRole('dialog', { name: 'Avisar al cliente' }));
      await revisar(page, `/grillaImpresiones con el aviso al cliente a ${ancho} px`);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await s.cerrar();
    }, 300_000);
  }
});

/** The boxes of two elements overlap. */
const seSolapan = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('rough edges: favicon of the simulated checkout, the donut legend, toasts and the WhatsApp button', () => {
  it('the simulated Mercado Pago page links the shop icon, which the shop serves (no /favicon.ico 404)', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    const noEncontrados: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) noEncontrados.push(r.url());
    });
    await login(page, 'cliente', CLAVE_CLIENTE);
    await agregarAlCarrito(page, 'regla', 'Regla flexible 30 cm');
    await botonCarrito(page).click();
    await panelCarrito(page).getByRole('button', { name: 'Pagar con Mercado Pago' }).click();
    await page.waitForURL(/\/api\/mercadoPago\/simulador\//);
    const icono = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icono).toBe('/favicon.svg');
    const respuesta = await page.request.get(new URL(icono!, page.url()).href);
    expect(respuesta.status()).toBe(200);
    expect(respuesta.headers()['content-type']).toContain('image/svg+xml');
    expect(noEncontrados).toEqual([]);
    await s.cerrar();
  });

  it('the reports donut has a legend: each payment method with its colour, and the charts are read as tables', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaInformes');
    const tabla = page.getByRole('table', { name: 'Totales por forma de pago' });
    await visible(tabla);
    const filasFormas = tabla.locator('tbody tr');
    expect(await filasFormas.count()).toBeGreaterThan(1);
    // The swatch beside each method has the colour of its slice in the donut.
    const porcion = await page.locator('.recharts-pie-sector path').evaluateAll((ps) => ps.map((p) => getComputedStyle(p).fill));
    const muestras = await tabla.locator('.mantine-ColorSwatch-colorOverlay').evaluateAll((ms) => ms.map((m) => getComputedStyle(m).backgroundColor));
    expect(muestras.length).toBe(await filasFormas.count());
    expect(new Set(muestras).size).toBe(muestras.length);
    expect(porcion).toEqual(muestras);
    // Each chart is hidden from screen readers; its data is a table (the daily sales one visually hidden).
    expect(await page.locator('svg.recharts-surface').count()).toBeGreaterThan(0);
    for (const svg of await page.locator('svg.recharts-surface').all()) {
      expect(await svg.evaluate((e) => e.closest('[aria-hidden="true"]') !== null)).toBe(true);
    }
    expect(await page.getByRole('table', { name: 'Ventas por día' }).locator('tbody tr').count()).toBeGreaterThan(0);
    await revisar(page, '/grillaInformes con sus tablas');
    await s.cerrar();
  });

  for (const ancho of ANCHOS) {
    it(`at ${ancho} px a toast does not cover the cart panel's close button`, async () => {
      const s = await sesionAdmin(entorno.navegador, entorno.servidor.url, { ancho });
      const { page } = s;
      await page.goto('/grillaUsuarios');
      await page.locator('main').getByRole('link', { name: /^Editar / }).first().click();
      await page.waitForURL(/\/formUsuario\/\d+/);
      await visible(page.getByLabel('Usuario'));
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Guardar' }).click();
      const aviso = page.locator('.mantine-Notification-root');
      await visible(aviso);
      await botonCarrito(page).click();
      const cerrar = page.getByRole('button', { name: 'Cerrar carrito' });
      await visible(cerrar);
      await page.waitForTimeout(400);
      expect(await aviso.isVisible()).toBe(true);
      const cajaAviso = (await aviso.first().boundingBox())!;
      const cajaCerrar = (await cerrar.boundingBox())!;
      expect(seSolapan(cajaAviso, cajaCerrar), `aviso ${JSON.stringify(cajaAviso)}, cerrar ${JSON.stringify(cajaCerrar)}`).toBe(false);
      // The toast's own close button is named.
      expect(await aviso.first().getByRole('button', { name: 'Cerrar aviso' }).isVisible()).toBe(true);
      await revisar(page, `carrito abierto con un aviso a ${ancho} px`);
      await s.cerrar();
    });
  }

  for (const [ruta, ancho] of [
    ['/', 390],
    ['/products', 390],
    ['/producto/1', 390],
    ['/promociones', 390],
    ['/DondeEstamos', 390],
    ['/misCompras', 390],
    ['/products', 1280],
    ['/promociones', 1280],
  ] as const) {
    it(`at ${ancho} px the WhatsApp button covers none of the last buttons and links of ${ruta}`, async () => {
      const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho, alto: 844 });
      const { page } = s;
      if (ruta === '/misCompras') await login(page, 'cliente', CLAVE_CLIENTE);
      await page.goto(ruta);
      const whatsapp = page.getByRole('link', { name: 'Escribinos por WhatsApp' });
      await visible(whatsapp);
      await page.waitForLoadState('networkidle');
      // Where a person taps the content's last buttons (the end of <main> at the bottom of the screen),
      // and the very end of the page (the footer's links).
      // The end of the content may hold no button (the home page ends with the brands): the footer's
      // links at the end of the page are always there, so something was measured.
      let vistos = 0;
      for (const posicion of ['fin del contenido', 'fin de la página'] as const) {
        await page.evaluate((p) => {
          const main = document.getElementById('contenido')!;
          const y = p === 'fin del contenido' ? main.getBoundingClientRect().bottom + window.scrollY - window.innerHeight : document.documentElement.scrollHeight;
          // At once: the page scrolls smoothly, and a box read mid-way is no answer.
          window.scrollTo({ top: Math.max(0, y), behavior: 'instant' });
        }, posicion);
        await page.waitForTimeout(300);
        const cajaWhatsapp = (await whatsapp.boundingBox())!;
        // Every button, link or field that can be seen in the viewport.
        const cajas = await page.evaluate(() =>
          [...document.querySelectorAll('main button, main a, footer a, main input, main [role="button"]')]
            .filter((e) => e.getAttribute('aria-label') !== 'Escribinos por WhatsApp')
            .map((e) => ({ nombre: e.textContent?.trim() || e.getAttribute('aria-label') || e.tagName, caja: e.getBoundingClientRect().toJSON() as DOMRect }))
            .filter(({ caja }) => caja.width > 0 && caja.height > 0 && caja.bottom > 0 && caja.top < window.innerHeight),
        );
        vistos += cajas.length;
        const tapados = cajas.filter(({ caja }) => seSolapan(cajaWhatsapp, caja)).map(({ nombre }) => nombre);
        expect(tapados, `${ruta} a ${ancho} px, ${posicion}`).toEqual([]);
      }
      expect(vistos).toBeGreaterThan(0);
      await s.cerrar();
    });
  }
});

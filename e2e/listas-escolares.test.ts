import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCALIDAD_LABEL } from '../domain/enums';
import type { ListaPublica } from '../domain/lista-escolar';
import { NIVEL_LABEL, totalDeLista } from '../domain/lista-escolar-reglas';
import { filas, sesionAdmin, verTexto, visible } from './soporte/admin';
import { entornoDePrueba } from './soporte/entorno';
import { abrirConScriptsRetenidos, captura, capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_CLIENTE } from './soporte/servidor';

// School supply lists (issue 20): the owner pastes a school's list, checks the matches and publishes it;
// a family finds it by the school's name typed without accents, unticks what it has, adds the rest to the
// cart in one step, is told what went in, what was replaced and what is missing, and orders it in cash;
// the owner sees the family counted.

const entorno = entornoDePrueba();

const ESCUELA = 'Escuela N° 1-456 Tomás Godoy Cruz';
const TEXTO_PEGADO = [
  '2 cuadernos tapa dura rayados',
  'x2 goma de borrar',
  'una plasticola',
  'Regla 30 cm',
  'marcadores escolares x 12',
  'un pintorcito con nombre y apellido',
].join('\n');

/** A money amount as the page shows it, read back to a number of pesos. */
const pesos = (texto: string) => Number(texto.replace(/[^\d,]/g, '').replace(',', '.'));

const total = (page: Page) => page.getByLabel(/^Total: /).textContent().then((t) => pesos(t ?? ''));

/** The owner: a new list from pasted text, one match changed, an alternative added, published. */
async function crearListaComoDueno(page: Page) {
  await page.goto('/Admin');
  await page.locator('main').getByRole('link', { name: /^Listas escolares/ }).click();
  await page.waitForURL('**/grillaListasEscolares');
  await visible(page.getByRole('heading', { name: 'Listas escolares', level: 1 }));
  // The demo's lists are there, with their figures.
  // The heading shows before the grid's fetch answers: wait for the rows.
  await expect.poll(() => filas(page, 'Listas escolares').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await captura(page, 'listas-admin-grilla-1280');

  await page.getByRole('link', { name: 'Nueva lista' }).click();
  await page.waitForURL('**/formListaEscolar/0');
  // Saving empty says what is missing.
  await visible(page.getByRole('textbox', { name: 'Escuela', exact: true }));
  await page.getByRole('button', { name: 'Guardar' }).click();
  await verTexto(page, 'La escuela es obligatoria');
  await verTexto(page, 'La lista debe tener al menos un ítem');

  await page.getByRole('textbox', { name: 'Escuela', exact: true }).fill(ESCUELA);
  await page.getByRole('combobox', { name: 'Localidad' }).selectOption('GODOY_CRUZ');
  await page.getByRole('combobox', { name: 'Nivel' }).selectOption('PRIMARIO');
  await page.getByRole('textbox', { name: 'Grado o sala' }).fill('3er grado');
  await page.getByLabel('Notas para las familias').fill('Todo con nombre y apellido.');

  await page.getByRole('button', { name: 'Importar desde texto' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Importar desde texto' });
  await visible(dialogo);
  await dialogo.getByLabel('Texto de la lista').fill(TEXTO_PEGADO);
  await dialogo.getByRole('button', { name: 'Buscar productos' }).click();
  const lineas = dialogo.getByRole('list', { name: 'Líneas leídas' }).getByRole('listitem');
  await expect.poll(() => lineas.count(), { timeout: 20_000 }).toBe(6);
  // Quantities as the school writes them, and the catalogue's search for each line.
  expect(await dialogo.getByLabel('Cantidad de la línea 1').inputValue()).toBe('2');
  expect(await dialogo.getByLabel('Cantidad de la línea 2').inputValue()).toBe('2');
  expect(await dialogo.getByLabel('Cantidad de la línea 3').inputValue()).toBe('1');
  const elegido = (n: number) => dialogo.getByLabel(`Producto de la línea ${n}`).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');
  expect(await elegido(1)).toContain('Cuaderno tapa dura 50 hojas rayadas');
  expect(await elegido(2)).toContain('Goma de borrar blanca');
  expect(await elegido(3)).toContain('Plasticola');
  expect(await elegido(4)).toContain('Regla flexible 30 cm');
  expect(await elegido(5)).toContain('Marcadores escolares x 12');
  await captura(page, 'listas-admin-importar-1280');
  // The owner changes one match: the school's pintorcito stays free text whatever was proposed.
  await dialogo.getByLabel('Producto de la línea 6').selectOption({ label: 'Dejar como texto libre' });
  await dialogo.getByRole('button', { name: 'Agregar 6 ítems a la lista' }).click();
  await expect.poll(() => dialogo.count()).toBe(0);
  await verTexto(page, 'Se agregaron 6 ítems: revisalos y guardá la lista.');
  const items = page.getByRole('region', { name: 'Ítems de la lista' }).getByRole('listitem').filter({ has: page.getByText(/^Ítem \d+$/) });
  expect(await items.count()).toBe(6);
  expect(await page.getByLabel('Texto de la escuela del ítem 6').inputValue()).toBe('pintorcito con nombre y apellido');
  // Every field is right now: the warning of the first 'Guardar' is gone.
  await expect.poll(() => page.getByText('Revisá los campos marcados en rojo.').count()).toBe(0);

  // The markers have no stock: the acuarelables go instead.
  await page.getByLabel('Alternativa del ítem 5 (si el producto no tiene stock)').fill('marcadores acuarelables');
  await page.getByRole('option', { name: /Marcadores acuarelables x 10/ }).click();
  await verTexto(page, 'Alternativa 1:');
  await page.getByRole('switch', { name: /Publicada en la tienda/ }).check();
  await captura(page, 'listas-admin-form-1280');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await verTexto(page, 'Lista escolar creada correctamente');
  await page.waitForURL(/\/formListaEscolar\/[1-9]\d*$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  await page.goto('/grillaListasEscolares');
  await page.getByLabel('Buscar').fill('godoy cruz');
  const fila = page.locator('tbody tr', { hasText: ESCUELA });
  await visible(fila);
  expect(await fila.textContent()).toContain('Publicada');
  return { id, fila };
}

/** The family: finds the list without accents, unticks the ruler, adds the rest and orders in cash. */
async function comprarComoFamilia(page: Page, ancho: number) {
  await page.goto('/');
  if (ancho < 768) {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('navigation', { name: 'Principal (móvil)' }).getByRole('link', { name: 'Listas escolares' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Listas escolares' }).click();
  }
  await page.waitForURL('**/listas');
  await visible(page.getByRole('heading', { name: 'Listas escolares', level: 1 }));
  await page.getByRole('searchbox', { name: 'Escuela' }).fill('tomas godoy');
  const resultados = page.getByRole('list', { name: 'Listas encontradas' }).getByRole('listitem');
  await expect.poll(() => resultados.count()).toBe(1);
  await page.getByLabel('Nivel').selectOption('PRIMARIO');
  await page.getByLabel('Localidad').selectOption('GODOY_CRUZ');
  await expect.poll(() => page.url()).toContain('localidad=GODOY_CRUZ');
  await expect.poll(() => resultados.count()).toBe(1);
  await capturaVisible(page, `listas-busqueda-${ancho}`);
  await page.getByRole('link', { name: `Ver la lista de ${ESCUELA}, 3er grado` }).click();
  await page.waitForURL(/\/listas\/\d+$/);
  await visible(page.getByRole('heading', { name: ESCUELA, level: 1 }));
  await verTexto(page, 'Todo con nombre y apellido.');

  const items = page.getByRole('list', { name: 'Ítems de la lista' }).getByRole('listitem');
  expect(await items.count()).toBe(6);
  const marcadores = items.filter({ hasText: 'Marcadores acuarelables x 10' });
  expect(await marcadores.textContent()).toContain('En lugar de Marcadores escolares x 12, sin stock.');
  expect(await marcadores.textContent()).toContain('Reemplazado por una alternativa');
  expect(await items.filter({ hasText: 'pintorcito' }).textContent()).toContain('No está en el catálogo');

  const antes = await total(page);
  const regla = items.filter({ hasText: 'Regla flexible 30 cm' });
  const precioRegla = pesos((await regla.locator('p').filter({ hasText: '$' }).first().textContent()) ?? '');
  await page.getByRole('checkbox', { name: 'Ya lo tengo: Regla 30 cm' }).check();
  await expect.poll(() => total(page)).toBeCloseTo(antes - precioRegla, 2);
  await capturaVisible(page, `lista-familia-${ancho}`);

  await page.getByRole('button', { name: 'Agregar la lista al carrito' }).click();
  const resumen = page.getByRole('status', { name: 'Lo que agregamos al carrito' });
  await visible(resumen);
  const agregados = await resumen.getByRole('list', { name: 'Agregados' }).textContent();
  expect(agregados).toContain('2 unidades de Cuaderno tapa dura 50 hojas rayadas');
  expect(agregados).toContain('2 unidades de Goma de borrar blanca Dust Free');
  expect(agregados).toContain('1 unidad de Adhesivo vinílico Plasticola 90 g');
  expect(agregados).not.toContain('Regla');
  expect(await resumen.getByRole('list', { name: 'Reemplazados' }).textContent()).toContain(
    '1 unidad de Marcadores acuarelables x 10, en lugar de Marcadores escolares x 12',
  );
  expect(await resumen.getByRole('list', { name: 'Faltantes' }).textContent()).toContain('pintorcito con nombre y apellido');
  await capturaVisible(page, `lista-agregada-${ancho}`);

  await resumen.getByRole('button', { name: 'Ver el carrito' }).click();
  const panel = page.getByRole('dialog', { name: 'Tu carrito' });
  await visible(panel);
  for (const nombre of ['Cuaderno tapa dura 50 hojas rayadas', 'Goma de borrar blanca Dust Free', 'Adhesivo vinílico Plasticola 90 g', 'Marcadores acuarelables x 10']) {
    expect(await panel.getByRole('listitem', { name: nombre }).isVisible()).toBe(true);
  }
  expect(await panel.getByRole('listitem', { name: 'Regla flexible 30 cm' }).count()).toBe(0);
  await panel.getByRole('button', { name: 'Efectivo' }).click();
  const confirmado = panel.getByText(/^Pedido N° \d+ confirmado$/);
  await visible(confirmado, 20_000);
  return Number(/\d+/.exec((await confirmado.textContent()) ?? '')?.[0]);
}

describe('school lists (issue 20)', () => {
  it('the owner imports a pasted list and publishes it; a family finds it, unticks an item, adds it and orders in cash; the owner sees the family', async () => {
    const dueno = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { id } = await crearListaComoDueno(dueno.page);

    const familia = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(familia.page, 'cliente', CLAVE_CLIENTE);
    const ventaId = await comprarComoFamilia(familia.page, 1280);
    // The order carries the list (the owner's figures count it), and the emptied cart forgets it.
    const venta = (await (await familia.page.request.get(`/api/venta/${ventaId}`)).json()) as { listaEscolar: { id: number } | null };
    expect(venta.listaEscolar?.id).toBe(id);
    const guardado = await familia.page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('carrito:'))?.[1] ?? '{}');
    expect(JSON.parse(guardado)).not.toHaveProperty('listaEscolarId');
    await familia.cerrar();

    await dueno.page.reload();
    await dueno.page.getByLabel('Buscar').fill('godoy cruz');
    const fila = dueno.page.locator('tbody tr', { hasText: ESCUELA });
    await visible(fila);
    const celdas = await fila.getByRole('cell').allTextContents();
    // Ítems, Familias, Unidades vendidas: 6 items, 1 family, 2 + 2 + 1 + 1 units.
    expect(celdas.slice(6, 9)).toEqual(['6', '1', '6']);
    await captura(dueno.page, 'listas-admin-familia-1280');
    // The order's own form names the list it came from.
    await dueno.page.goto(`/formVenta/${ventaId}`);
    await verTexto(dueno.page, `Pedido desde la lista escolar ${ESCUELA}, 3er grado`);
    await dueno.cerrar();
  }, 240_000);

  it('at 390 px: a family adds a published demo list and orders it in cash; the printable QR is there', async () => {
    const familia = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = familia;
    await login(page, 'cliente', CLAVE_CLIENTE);
    await page.goto('/listas');
    const resultados = page.getByRole('list', { name: 'Listas encontradas' }).getByRole('listitem');
    await expect.poll(() => resultados.count()).toBeGreaterThanOrEqual(3);
    await capturaVisible(page, 'listas-390');
    await resultados.first().getByRole('link', { name: /^Ver la lista de / }).click();
    await page.waitForURL(/\/listas\/\d+$/);
    await visible(page.getByRole('heading', { level: 1 }));
    // The page arrives drawn by the server, with its own title and preview tags.
    const html = await (await page.request.get(page.url())).text();
    const escuela = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(html).toMatch(/<title>Lista de útiles de .* \| Librería Mendoza<\/title>/);
    expect(html).toContain('property="og:url"');
    expect(html).toContain('aria-label="Ítems de la lista"');
    expect(html).toContain(escuela.replace(/"/g, '&quot;'));
    const qr = page.getByRole('img', { name: /^Código QR de la lista de / });
    await visible(qr);
    expect(await qr.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await capturaVisible(page, 'lista-390');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Agregar la lista al carrito' }).isVisible()).toBe(false);
    expect(await qr.isVisible()).toBe(true);
    await captura(page, 'lista-impresa');
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Agregar la lista al carrito' }).click();
    const resumen = page.getByRole('status', { name: 'Lo que agregamos al carrito' });
    await visible(resumen);
    await capturaVisible(page, 'lista-agregada-390');
    expect(await page.getByRole('button', { name: /^Abrir carrito \([1-9]\d* productos\)/ }).isVisible()).toBe(true);
    // And ordered in cash from the phone, like on a computer.
    await resumen.getByRole('button', { name: 'Ver el carrito' }).click();
    const panel = page.getByRole('dialog', { name: 'Tu carrito' });
    await visible(panel);
    await panel.getByRole('button', { name: 'Efectivo' }).click();
    const confirmado = panel.getByText(/^Pedido N° \d+ confirmado$/);
    await visible(confirmado, 20_000);
    const ventaId = Number(/\d+/.exec((await confirmado.textContent()) ?? '')?.[0]);
    const listaId = Number(new URL(page.url()).pathname.split('/').pop());
    const venta = (await (await page.request.get(`/api/venta/${ventaId}`)).json()) as { listaEscolar: { id: number } | null };
    expect(venta.listaEscolar?.id).toBe(listaId);
    await capturaVisible(page, 'lista-pedida-390');
    await familia.cerrar();
  }, 180_000);

  it('a school typed before the page became interactive (hydration) is searched', async () => {
    const familia = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = familia;
    // The page as the server drew it, its scripts held until the box is typed into.
    const soltar = await abrirConScriptsRetenidos(page, `${entorno.servidor.url}/listas`);
    await page.getByRole('searchbox', { name: 'Escuela' }).fill('quiroga');
    soltar();
    await page.waitForURL((url) => url.searchParams.get('escuela') === 'quiroga', { timeout: 30_000 });
    const resultados = page.getByRole('list', { name: 'Listas encontradas' }).getByRole('listitem');
    await expect.poll(() => resultados.allTextContents()).toEqual([expect.stringContaining('Maestro Quiroga')]);
    expect(await page.getByRole('searchbox', { name: 'Escuela' }).inputValue()).toBe('quiroga');
    await familia.cerrar();
  }, 120_000);

  it('a locality and a level chosen before the page became interactive (hydration) filter the lists', async () => {
    const familia = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = familia;
    // The page as the server drew it (every published list), its scripts held until both are chosen.
    const soltar = await abrirConScriptsRetenidos(page, `${entorno.servidor.url}/listas`);
    await page.getByRole('combobox', { name: 'Localidad' }).selectOption('CAPITAL');
    await page.getByRole('combobox', { name: 'Nivel' }).selectOption('PRIMARIO');
    soltar();
    await page.waitForURL((url) => url.searchParams.get('localidad') === 'CAPITAL' && url.searchParams.get('nivel') === 'PRIMARIO', { timeout: 30_000 });
    const resultados = page.getByRole('list', { name: 'Listas encontradas' }).getByRole('listitem');
    await expect.poll(() => resultados.allTextContents(), { timeout: 10_000 }).toEqual([expect.stringContaining('San Martín')]);
    const tarjeta = await resultados.first().textContent();
    expect(tarjeta).toContain(NIVEL_LABEL.PRIMARIO);
    expect(tarjeta).toContain(LOCALIDAD_LABEL.CAPITAL);
    expect(await page.getByRole('combobox', { name: 'Localidad' }).inputValue()).toBe('CAPITAL');
    expect(await page.getByRole('combobox', { name: 'Nivel' }).inputValue()).toBe('PRIMARIO');
    await familia.cerrar();
  }, 120_000);

  it("'Ya lo tengo' ticked before the page became interactive (hydration) is out of the total and of the cart", async () => {
    const familia = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = familia;
    const { items: listas } = (await (await page.request.get('/api/lista?escuela=san%20martin')).json()) as { items: Array<{ id: number }> };
    const lista = (await (await page.request.get(`/api/lista/${listas[0]!.id}`)).json()) as ListaPublica;
    const tenidos = lista.items.filter((i) => i.producto !== null).slice(0, 2);
    expect(tenidos).toHaveLength(2);
    // The list as the server drew it (nothing ticked), its scripts held while two items are ticked.
    const soltar = await abrirConScriptsRetenidos(page, `${entorno.servidor.url}/listas/${lista.id}`);
    expect(await total(page)).toBeCloseTo(lista.total, 2);
    for (const i of tenidos) await page.getByRole('checkbox', { name: `Ya lo tengo: ${i.texto}` }).check();
    soltar();
    const aComprar = new Set(lista.items.filter((i) => !tenidos.includes(i)).map((i) => i.id));
    await expect.poll(() => total(page), { timeout: 30_000 }).toBeCloseTo(totalDeLista(lista.items, aComprar), 2);
    for (const i of tenidos) expect(await page.getByRole('checkbox', { name: `Ya lo tengo: ${i.texto}` }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Agregar la lista al carrito' }).click();
    const agregados = page.getByRole('status', { name: 'Lo que agregamos al carrito' }).getByRole('list', { name: 'Agregados' });
    await visible(agregados);
    for (const i of tenidos) expect(await agregados.textContent()).not.toContain(i.producto!.denominacion);
    await familia.cerrar();
  }, 120_000);

  it('a list that does not exist or is not published is a 404 page that says so', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const r = await s.page.goto('/listas/99999');
    expect(r?.status()).toBe(404);
    await verTexto(s.page, 'No encontramos la lista');
    expect(await s.page.title()).toBe('Lista escolar no encontrada | Librería Mendoza');
    await captura(s.page, 'lista-no-encontrada');
    // The browser logs the 404s of the page and of the API itself.
    s.errores.length = 0;
    await s.cerrar();
  });
});

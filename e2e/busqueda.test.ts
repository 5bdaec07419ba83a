import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MENSAJES_SINONIMO } from '../domain/busqueda';
import { esperarSinViolaciones } from './soporte/accesibilidad';
import { esperarFilas, filas, sesionAdmin, verTexto, visible } from './soporte/admin';
import { entornoDePrueba } from './soporte/entorno';
import { abrirConScriptsRetenidos, captura, capturaVisible, nuevaSesion } from './soporte/navegador';

// Issue 17: the catalogue's search as a customer uses it (words in any order, typos, the shop's regional
// words, '¿Quisiste decir…?', suggestions by keyboard) and the 'Sinónimos' screen that feeds it.

const entorno = entornoDePrueba();
const ANCHOS = [1280, 390] as const;

const caja = (page: Page) => page.getByRole('combobox', { name: 'Buscar' });
const nombres = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

/** The catalogue at `/products?q=...` once its cards (or its empty message) are there. */
async function buscarEnUrl(page: Page, q: string) {
  await page.goto(`/products?q=${encodeURIComponent(q)}`);
  await visible(page.getByRole('status').filter({ hasText: /\d+ productos?$/ }));
}

describe('catalogue search (issue 17)', () => {
  for (const ancho of ANCHOS) {
    it(`finds words in any order, with typos and by regional synonyms, and sorts by relevance (${ancho} px)`, async () => {
      const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho });
      const { page } = s;
      await page.goto('/products');
      await caja(page).fill('rayadas cuaderno');
      await page.waitForURL(/q=rayadas\+cuaderno/);
      await expect.poll(() => nombres(page), { timeout: 10_000 }).toContain('Cuaderno tapa dura 50 hojas rayadas');
      // With a search the order offered first is relevance, and it is the one in use.
      expect(await page.getByRole('radio', { name: 'Más relevantes' }).isChecked()).toBe(true);

      await buscarEnUrl(page, 'boligrafo azl');
      expect((await nombres(page))[0]).toBe('Bolígrafo roller azul');

      // 'birome' is the shop's word for a ballpoint pen: the Pelikan roller, named 'Bolígrafo', comes too.
      await buscarEnUrl(page, 'birome');
      const biromes = await nombres(page);
      expect(biromes).toContain('Birome Cristal azul x 10');
      expect(biromes).toContain('Bolígrafo roller azul');

      // The price order is still there with a search, and the URL says it.
      await page.getByText('Mayor a menor').click();
      await page.waitForURL(/orden=desc/);
      await page.getByText('Más relevantes').click();
      await page.waitForURL((url) => !url.searchParams.has('orden'));
      await s.cerrar();
    }, 180_000);
  }

  it("offers '¿Quisiste decir…?' when nothing is found, and searching it changes the URL", async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = s;
    // 'bligrfo' is two letters from 'bolígrafo' and farther by trigrams than the search goes; 'roler' is one
    // letter from 'roller', which the search finds, but not with the other word.
    await buscarEnUrl(page, 'bligrfo roler');
    await verTexto(page, 'No encontramos productos con esos filtros.');
    const texto = 'bolígrafo roller';
    const sugerida = page.getByRole('link', { name: texto });
    await visible(sugerida);
    expect(await page.getByText('¿Quisiste decir').isVisible()).toBe(true);
    await capturaVisible(page, 'busqueda-quisiste-decir-390');
    await sugerida.click();
    await page.waitForURL((url) => url.searchParams.get('q') === texto);
    await expect.poll(() => nombres(page)).toEqual(['Bolígrafo roller azul']);
    expect(await caja(page).inputValue()).toBe(texto);
    // The link left with the empty list: the focus is in the box that holds its search, not on <body>.
    expect(await caja(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await s.cerrar();
  }, 120_000);

  it("never chooses the last text's suggestions for the text typed now; the box follows Back and Forward", async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = s;
    await page.goto('/products');
    const box = caja(page);
    await box.focus();
    await page.keyboard.type('bic');
    const lista = page.getByRole('listbox', { name: 'Sugerencias' });
    await visible(lista.getByRole('option', { name: 'Bic' }));
    // The next text's suggestions are held: the last ones stay in sight, but are not options to choose.
    let soltar = () => {};
    const retenida = new Promise<void>((resolver) => (soltar = resolver));
    await page.route('**/api/producto/autocompletar?q=regla', async (ruta) => {
      await retenida;
      await ruta.continue();
    });
    await box.fill('');
    await page.keyboard.type('regla');
    await visible(page.getByText('Buscando sugerencias…'));
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'regla' && !url.searchParams.has('marca'));
    soltar();
    await expect.poll(() => nombres(page)).toContain('Regla flexible 30 cm');

    // A search is an entry of the history: Back and Forward bring it and the box shows it.
    await box.fill('');
    await page.keyboard.type('tijera');
    await page.waitForURL((url) => url.searchParams.get('q') === 'tijera');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === 'regla');
    await expect.poll(() => box.inputValue()).toBe('regla');
    await expect.poll(() => nombres(page)).toContain('Regla flexible 30 cm');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expect.poll(() => box.inputValue()).toBe('');
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('q') === 'regla');
    await expect.poll(() => box.inputValue()).toBe('regla');

    // A long list: the highlighted option scrolls into sight, and Tab leaves the box for the next field.
    await box.fill('');
    await box.focus();
    await page.keyboard.type('ma');
    await expect.poll(() => lista.getByRole('option').count()).toBe(8);
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
    const activa = page.locator(`[id="${await box.getAttribute('aria-activedescendant')}"]`);
    const [opcion, panel] = await Promise.all([activa.boundingBox(), lista.locator('xpath=..').boundingBox()]);
    expect(opcion!.y).toBeGreaterThanOrEqual(panel!.y);
    expect(opcion!.y + opcion!.height).toBeLessThanOrEqual(panel!.y + panel!.height + 1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Marca' }).evaluate((el) => el === document.activeElement)).toBe(true);

    // A page change puts the focus at the top of what now shows, not on the button left below.
    await page.goto('/products');
    await page.getByRole('button', { name: 'Página 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('pagina') === '2');
    expect(await page.getByRole('heading', { name: 'Nuestros Productos', level: 1 }).evaluate((el) => el === document.activeElement)).toBe(true);
    await s.cerrar();
  }, 180_000);

  for (const ancho of ANCHOS) {
    it(`suggests brands and products while typing, driven only by the keyboard (${ancho} px)`, async () => {
      const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho, alto: ancho === 390 ? 844 : 900 });
      const { page } = s;
      await page.goto('/products');
      const box = caja(page);
      await box.focus();
      await page.keyboard.type('rayuel');
      const lista = page.getByRole('listbox', { name: 'Sugerencias' });
      await visible(lista.getByRole('option', { name: /Rayuela - Julio Cortázar/ }));
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('ArrowDown');
      const activa = await box.getAttribute('aria-activedescendant');
      expect(activa).toBeTruthy();
      expect(await page.locator(`[id="${activa}"]`).getAttribute('aria-selected')).toBe('true');
      // The letters typed are also the page's search, debounced: its cards are dimmed (their contrast too)
      // from when it starts until it comes, so a check before it starts can still meet them dimmed.
      await page.waitForURL((url) => url.searchParams.get('q') === 'rayuel', { timeout: 30_000 });
      await expect.poll(() => nombres(page), { timeout: 30_000 }).toContain('Rayuela - Julio Cortázar');
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 30_000 });
      await esperarSinViolaciones(page, `sugerencias abiertas a ${ancho} px`);
      await capturaVisible(page, `busqueda-sugerencias-${ancho}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/producto\/\d+$/);
      await visible(page.getByRole('heading', { name: 'Rayuela - Julio Cortázar', level: 1 }));

      // A brand picks the brand filter; the letters typed to reach it are not left as a search.
      await page.goto('/products');
      await caja(page).focus();
      await page.keyboard.type('faber');
      await visible(page.getByRole('group', { name: 'Marcas' }).getByRole('option', { name: 'Faber-Castell' }));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('marca') === 'Faber-Castell' && !url.searchParams.has('q'));
      await expect.poll(() => page.getByRole('combobox', { name: 'Marca' }).inputValue()).toBe('Faber-Castell');
      await expect.poll(() => caja(page).inputValue()).toBe('');

      // Escape closes the list; Enter with nothing highlighted searches the text as typed.
      await caja(page).focus();
      await page.keyboard.type('acuarelas');
      await visible(page.getByRole('listbox', { name: 'Sugerencias' }));
      await page.keyboard.press('Escape');
      expect(await caja(page).getAttribute('aria-expanded')).toBe('false');
      expect(await caja(page).inputValue()).toBe('acuarelas');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === 'acuarelas');
      await expect.poll(() => nombres(page)).toContain('Acuarelas x 12 con pincel');
      await s.cerrar();
    }, 180_000);
  }

  it('keeps what a person typed into the box before the page became interactive (hydration)', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = s;
    // The page as the server drew it, its scripts held until the box is typed into.
    const soltar = await abrirConScriptsRetenidos(page, `${entorno.servidor.url}/products`);
    await caja(page).fill('cuaderno rayad');
    soltar();
    // Once the page's code runs, the text typed is its search: the URL, the cards and the suggestions say so.
    await page.waitForURL((url) => url.searchParams.get('q') === 'cuaderno rayad', { timeout: 30_000 });
    await expect.poll(() => nombres(page), { timeout: 10_000 }).toContain('Cuaderno tapa dura 50 hojas rayadas');
    expect(await caja(page).inputValue()).toBe('cuaderno rayad');
    await visible(page.getByRole('listbox', { name: 'Sugerencias' }).getByRole('option', { name: /Cuaderno tapa dura 50 hojas rayadas/ }));
    // Enter searches that text, not the empty one the page started with.
    await page.keyboard.press('Enter');
    await expect.poll(() => caja(page).inputValue()).toBe('cuaderno rayad');
    expect(new URL(page.url()).searchParams.get('q')).toBe('cuaderno rayad');
    await s.cerrar();
  }, 120_000);
});

describe("admin 'Sinónimos' (issue 17)", () => {
  for (const ancho of ANCHOS) {
    it(`creates, edits and deletes a synonym, and the catalogue finds by it (${ancho} px)`, async () => {
      const s = await sesionAdmin(entorno.navegador, entorno.servidor.url, { ancho, alto: ancho === 390 ? 844 : 900 });
      const { page } = s;
      const termino = `chirimbolo${ancho}`;
      // From the admin home, like the other screens.
      await page.goto('/Admin');
      await page.getByRole('link', { name: /Sinónimos/ }).click();
      await page.waitForURL('**/grillaSinonimos');
      await visible(page.getByRole('heading', { name: 'Sinónimos', level: 1 }));
      await expect.poll(() => filas(page, 'Sinónimos').count()).toBeGreaterThan(1);

      // The form says what is missing before asking the server.
      await page.getByRole('button', { name: 'Nuevo sinónimo' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Nuevo sinónimo' });
      await visible(dialogo);
      await dialogo.getByRole('button', { name: 'Guardar' }).click();
      await visible(dialogo.getByText(MENSAJES_SINONIMO.terminoObligatorio));
      expect(await dialogo.getByText(MENSAJES_SINONIMO.equivalenteObligatorio).isVisible()).toBe(true);
      await esperarSinViolaciones(page, `formulario de sinónimo a ${ancho} px`);
      await dialogo.getByLabel('Término').fill(termino);
      await dialogo.getByLabel('Equivalente').fill('sacapuntas');
      await captura(page, `sinonimos-form-${ancho}`);
      await dialogo.getByRole('button', { name: 'Guardar' }).click();
      await verTexto(page, MENSAJES_SINONIMO.creado);
      await dialogo.waitFor({ state: 'hidden' });

      await page.getByRole('textbox', { name: 'Buscar' }).fill(termino);
      await esperarFilas(page, 'Sinónimos', 1);
      expect(await filas(page, 'Sinónimos').first().innerText()).toContain('sacapuntas');
      await captura(page, `sinonimos-grilla-${ancho}`);

      // The same pair twice is refused with the server's message.
      await page.getByRole('button', { name: 'Nuevo sinónimo' }).click();
      await dialogo.getByLabel('Término').fill(termino);
      await dialogo.getByLabel('Equivalente').fill('sacapuntas');
      await dialogo.getByRole('button', { name: 'Guardar' }).click();
      await visible(dialogo.getByRole('alert').filter({ hasText: MENSAJES_SINONIMO.existente(termino, 'sacapuntas') }));
      // The focus stays in the dialog, on its first field ('Guardar' was disabled while saving).
      await expect.poll(() => dialogo.getByLabel('Término').evaluate((el) => el === document.activeElement)).toBe(true);
      s.errores.length = 0; // the browser logs the 409 itself
      await dialogo.getByRole('button', { name: 'Cancelar' }).click();
      await dialogo.waitFor({ state: 'hidden' });

      // The catalogue finds the product named by the other side.
      const tienda = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho });
      await buscarEnUrl(tienda.page, termino);
      await expect.poll(() => nombres(tienda.page)).toEqual(['Sacapuntas metálico doble']);

      // Edited: now it means a stapler.
      await page.getByRole('button', { name: `Editar ${termino} = sacapuntas` }).click();
      const edicion = page.getByRole('dialog', { name: 'Editar sinónimo' });
      await visible(edicion);
      expect(await edicion.getByLabel('Término').inputValue()).toBe(termino);
      await edicion.getByLabel('Equivalente').fill('abrochadora');
      await edicion.getByRole('button', { name: 'Guardar' }).click();
      await verTexto(page, MENSAJES_SINONIMO.actualizado);
      await expect.poll(() => filas(page, 'Sinónimos').first().innerText()).toContain('abrochadora');
      await buscarEnUrl(tienda.page, termino);
      await expect.poll(() => nombres(tienda.page)).toEqual(['Abrochadora metálica 21/6']);

      // Deleted after confirming: the word finds nothing again.
      await page.getByRole('button', { name: `Eliminar ${termino} = abrochadora` }).click();
      const confirmar = page.getByRole('dialog', { name: 'Confirmar eliminación' });
      await visible(confirmar.getByText(`¿Está seguro que desea eliminar el sinónimo ${termino} = abrochadora?`));
      await confirmar.getByRole('button', { name: 'Eliminar' }).click();
      await verTexto(page, MENSAJES_SINONIMO.eliminado);
      await esperarFilas(page, 'Sinónimos', 1);
      // Its row left with it: the focus is on the page's title, not on <body>.
      await expect.poll(() => page.getByRole('heading', { name: 'Sinónimos', level: 1 }).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await filas(page, 'Sinónimos').first().innerText()).toContain('No hay sinónimos que coincidan con la búsqueda.');
      await buscarEnUrl(tienda.page, termino);
      await expect.poll(() => tienda.page.getByRole('article').count()).toBe(0);
      await tienda.cerrar();

      // Reachable from the products grid too.
      await page.goto('/grillaProducts');
      await page.getByRole('link', { name: 'Sinónimos' }).click();
      await page.waitForURL('**/grillaSinonimos');
      await s.cerrar();
    }, 240_000);
  }

  it("says a failed load as an alert with 'Reintentar', and a synonym another admin deleted leaves the list", async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.route('**/api/sinonimo', (ruta) => ruta.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"falla"}' }));
    await page.goto('/grillaSinonimos');
    const alerta = page.getByRole('alert').filter({ hasText: 'Error al cargar datos' });
    await visible(alerta);
    await page.unroute('**/api/sinonimo');
    await alerta.getByRole('button', { name: 'Reintentar' }).click();
    await expect.poll(() => filas(page, 'Sinónimos').count()).toBeGreaterThan(1);
    s.errores.length = 0; // the browser logs the 500 itself

    // Created here, deleted behind this page's back: deleting it says so, and its row goes.
    const creado = await page.request.post('/api/sinonimo', { data: { termino: 'zzfantasma', equivalente: 'regla' } });
    expect(creado.status()).toBe(201);
    await page.reload();
    await page.getByRole('textbox', { name: 'Buscar' }).fill('zzfantasma');
    await esperarFilas(page, 'Sinónimos', 1);
    expect(await filas(page, 'Sinónimos').first().innerText()).toContain('regla');
    expect((await page.request.delete(`/api/sinonimo/${(await creado.json()).id}`)).status()).toBe(204);
    await page.getByRole('button', { name: 'Eliminar zzfantasma = regla' }).click();
    await page.getByRole('dialog', { name: 'Confirmar eliminación' }).getByRole('button', { name: 'Eliminar' }).click();
    await verTexto(page, MENSAJES_SINONIMO.noEncontrado);
    await expect.poll(() => filas(page, 'Sinónimos').first().innerText()).toContain('No hay sinónimos que coincidan con la búsqueda.');
    s.errores.length = 0; // and the 404
    await s.cerrar();
  }, 120_000);
});

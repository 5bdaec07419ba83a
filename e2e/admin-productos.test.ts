import { describe, expect, it } from 'vitest';
import { formatearPrecio } from '../domain/money';
import { esperarSinViolaciones } from './soporte/accesibilidad';
import { PNG_1X1, esperarFilas, filas, sesionAdmin, verTexto, visible } from './soporte/admin';
import { captura } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

describe('products grid (spec screen 14)', () => {
  it('shows the columns, prices as $ with 2 decimals, filters by denominación, marca and código, and pages', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaProducts');
    await visible(page.getByRole('heading', { name: 'Productos' }));
    await esperarFilas(page, 'Productos', 20);
    for (const columna of ['Producto', 'Marca', 'Stock', 'Vendidos', 'Precio', 'Acciones']) {
      expect(await page.getByRole('columnheader', { name: columna, exact: true }).isVisible()).toBe(true);
    }
    await esperarFilas(page, 'Productos', 20);
    expect(await page.getByText(/resultados ·/).textContent()).toBe('50 resultados · Página 1 de 3');
    expect(await filas(page, 'Productos').first().textContent()).toMatch(/\$\s?[\d.]+,\d{2}/);
    await captura(page, 'admin-productos-1280');

    await page.getByRole('button', { name: 'Página 2' }).click();
    await verTexto(page, /Página 2 de 3/);

    await page.getByLabel('Código').fill('ESC-001');
    await esperarFilas(page, 'Productos', 1);
    const fila = filas(page, 'Productos').first();
    expect(await fila.textContent()).toContain('Lápiz negro HB Ecolápiz x 12');
    expect(await fila.textContent()).toContain(formatearPrecio(4640));
    // The code as a label prints it, or as typed in a hurry: letters and digits are what count.
    await page.getByLabel('Código').fill('esc 003');
    await expect.poll(() => filas(page, 'Productos').allTextContents()).toEqual([expect.stringContaining('Cuaderno tapa dura 50 hojas rayadas')]);
    await page.getByLabel('Código').fill('');

    await page.getByLabel('Marca').fill('maped');
    await expect.poll(async () => (await filas(page, 'Productos').allTextContents()).every((t) => t.includes('Maped'))).toBe(true);
    await page.getByLabel('Denominación').fill('regla');
    await esperarFilas(page, 'Productos', 1);

    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing matches: the message stands outside the list (a <ul> holds only <li>, axe 'list').
    await page.getByLabel('Denominación').fill('nada-coincide-con-esto');
    await expect.poll(() => page.getByText('No hay productos que coincidan con la búsqueda.').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Productos' }).count()).toBe(0);
    await esperarSinViolaciones(page, 'productos sin coincidencias (390 px)');
    await page.getByLabel('Marca').fill('');
    await page.getByLabel('Denominación').fill('');
    // On a phone the grid becomes a list of cards.
    await expect.poll(() => page.getByRole('list', { name: 'Productos' }).getByRole('listitem').count()).toBe(20);
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'admin-productos-390');
    await s.cerrar();
  });

  it('adds a product to the cart from the grid', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/grillaProducts');
    await s.page.getByRole('button', { name: 'Agregar Lápiz negro HB Ecolápiz x 12 al carrito' }).click();
    await verTexto(s.page, 'Producto agregado al carrito');
    await s.cerrar();
  });
});

describe('product form (spec screen 17)', () => {
  it('validates on submit with the spec messages joined by ". " in a dismissible banner', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/formProducto/0');
    await visible(page.getByRole('heading', { name: 'Nuevo producto' }));
    // A new product starts in the first category.
    await expect.poll(() => page.getByLabel('Categoría').inputValue()).not.toBe('');
    await page.getByLabel('Stock').fill('-1');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const banner = page.getByRole('alert');
    await expect
      .poll(() => banner.textContent())
      .toBe(
        'La denominación es obligatoria. El código es obligatorio. El costo debe ser mayor a cero. El porcentaje debe ser mayor a cero. El stock no puede ser negativo',
      );
    await captura(page, 'admin-producto-validacion');
    await page.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    await s.cerrar();
  });

  it("computes the read-only price live, reading es-AR numbers: '1.000' is a thousand", async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/formProducto/0');
    await page.getByLabel('Costo').fill('1000,50');
    await page.getByLabel('Porcentaje').fill('50');
    await expect.poll(() => page.getByLabel('Precio', { exact: true }).inputValue()).toBe(formatearPrecio(1500.75));
    await page.getByLabel('Costo').fill('200.5');
    await page.getByLabel('Porcentaje').fill('12,5');
    await expect.poll(() => page.getByLabel('Precio', { exact: true }).inputValue()).toBe(formatearPrecio(225.56));
    expect(await page.getByLabel('Precio', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Costo').fill('1.000');
    await page.getByLabel('Porcentaje').fill('36');
    await expect.poll(() => page.getByLabel('Precio', { exact: true }).inputValue()).toBe('$\u00a01.360,00');
    // A cost that cannot be read says so under the field, and no price is shown.
    await page.getByLabel('Costo').fill('1.2.3');
    await verTexto(page, 'El costo no es un número válido: escribí los miles con punto y los decimales con coma (por ejemplo 1.234,56).');
    await expect.poll(() => page.getByLabel('Precio', { exact: true }).inputValue()).toBe('');
    await s.cerrar();
  });

  it('refuses a file that is not an image and one above 5 MB, clearing the input; previews a good one', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/formProducto/0');
    const input = page.getByLabel('Imagen');
    await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Solo se permiten imágenes');
    expect(await input.inputValue()).toBe('');
    await input.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(5_242_881) });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('La imagen no debe superar 5MB');
    expect(await input.inputValue()).toBe('');
    await input.setInputFiles({ name: 'punto.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await visible(page.getByRole('img', { name: 'Vista previa de la imagen' }));
    expect(await page.getByRole('alert').count()).toBe(0);
    await s.cerrar();
  });

  it('creates a product with an image, edits it, refuses a duplicate code and deletes with confirmation', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/formProducto/0');
    await page.getByLabel('Denominación').fill('Agenda 2027 semanal');
    await page.getByLabel('Marca').fill('Mooving');
    await page.getByLabel('Código').fill('E2E-AGE-1');
    await page.getByLabel('Costo').fill('8000');
    await page.getByLabel('Porcentaje').fill('40');
    await page.getByLabel('Stock').fill('12');
    await page.getByLabel('Descripción').fill('Agenda semanal tapa dura.');
    await page.getByLabel('Imagen').setInputFiles({ name: 'agenda.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await captura(page, 'admin-producto-form-1280');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Producto creado correctamente: Agenda 2027 semanal');
    await page.waitForURL('**/grillaProducts');
    await esperarFilas(page, 'Productos', 20);

    await page.getByLabel('Código').fill('E2E-AGE-1');
    await esperarFilas(page, 'Productos', 1);
    expect(await filas(page, 'Productos').first().textContent()).toContain(formatearPrecio(11200));
    await page.getByRole('link', { name: 'Editar Agenda 2027 semanal' }).click();
    await visible(page.getByRole('heading', { name: 'Editar producto' }));
    await expect.poll(() => page.getByLabel('Denominación').inputValue()).toBe('Agenda 2027 semanal');
    await visible(page.getByRole('img', { name: 'Imagen actual del producto' }));
    await page.getByLabel('Denominación').fill('Agenda 2027 semanal azul');
    // Three units loaded while the form is open (it still shows 12): saving the new name keeps them.
    const idProducto = Number(/formProducto\/(\d+)/.exec(page.url())?.[1]);
    const carga = await page.request.patch(`/api/producto/${idProducto}/stock?cantidad=3`, { headers: { Origin: entorno.servidor.url } });
    expect(carga.status()).toBe(200);
    expect(await page.getByLabel('Stock').inputValue()).toBe('12');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Producto actualizado correctamente: Agenda 2027 semanal azul');
    await verTexto(page, 'Agenda 2027 semanal azul: el stock cambió mientras editabas (ventas o cargas); se aplicó tu cambio y ahora hay 15.');
    await page.waitForURL('**/grillaProducts');

    // A second product with the same code: the server's message in the banner, brought into sight on a phone
    // (the form is sent from its foot, the banner is above it).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/formProducto/0');
    await page.getByLabel('Denominación').fill('Otra agenda');
    await page.getByLabel('Código').fill('E2E-AGE-1');
    await page.getByLabel('Costo').fill('100');
    await page.getByLabel('Porcentaje').fill('10');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/código/i);
    s.errores.length = 0; // the browser logs the 409 itself
    await expect
      .poll(() => page.getByRole('alert').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 64 && r.bottom <= window.innerHeight;
      }))
      .toBe(true);
    // The busy button was disabled while saving: the focus comes back to it, not to <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Guardar');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/grillaProducts');
    await esperarFilas(page, 'Productos', 20);
    await page.getByLabel('Código').fill('E2E-AGE-1');
    await esperarFilas(page, 'Productos', 1);
    await page.getByRole('button', { name: 'Eliminar Agenda 2027 semanal azul' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Confirmar eliminación' });
    await visible(dialogo);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => dialogo.count()).toBe(0);
    await page.getByRole('button', { name: 'Eliminar Agenda 2027 semanal azul' }).click();
    await page.getByRole('dialog', { name: 'Confirmar eliminación' }).getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => filas(page, 'Productos').first().textContent()).toContain('No hay productos');
    await s.cerrar();
  });
  it("'Quitar imagen' asks for confirmation first, then removes it and says so", async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/formProducto/0');
    await page.getByLabel('Denominación').fill('Agenda 2028 con foto');
    await page.getByLabel('Código').fill('E2E-AGE-IMG');
    await page.getByLabel('Costo').fill('8000');
    await page.getByLabel('Porcentaje').fill('40');
    await page.getByLabel('Imagen').setInputFiles({ name: 'agenda.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Producto creado correctamente: Agenda 2028 con foto');
    await page.waitForURL('**/grillaProducts');
    await esperarFilas(page, 'Productos', 20);
    await page.getByLabel('Código').fill('E2E-AGE-IMG');
    await esperarFilas(page, 'Productos', 1);
    await page.getByRole('link', { name: 'Editar Agenda 2028 con foto' }).click();
    await visible(page.getByRole('img', { name: 'Imagen actual del producto' }));
    // 'Quitar imagen' asks first; cancelled, the image stays.
    await page.getByRole('button', { name: 'Quitar imagen' }).click();
    const quitar = page.getByRole('dialog', { name: 'Quitar imagen' });
    await visible(quitar);
    expect(await quitar.textContent()).toContain('¿Quitar la imagen de Agenda 2028 con foto? El producto se mostrará sin foto.');
    await esperarSinViolaciones(page, 'confirmación de quitar imagen (1280 px)');
    await quitar.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => quitar.count()).toBe(0);
    expect(await page.getByRole('img', { name: 'Imagen actual del producto' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Quitar imagen' }).click();
    await visible(quitar);
    await esperarSinViolaciones(page, 'confirmación de quitar imagen (390 px)');
    await quitar.getByRole('button', { name: 'Quitar imagen' }).click();
    await verTexto(page, 'Imagen quitada: Agenda 2028 con foto');
    await expect.poll(() => page.getByRole('img', { name: 'Imagen actual del producto' }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await s.cerrar();
    // Creating the product first makes it long on a busy machine.
  }, 120_000);
});

describe('a product with sales', () => {
  it('is not deleted: the server says why', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaProducts');
    await page.getByLabel('Código').fill('ESC-007');
    await esperarFilas(page, 'Productos', 1);
    await page.getByRole('button', { name: 'Eliminar Sacapuntas metálico doble' }).click();
    await page.getByRole('dialog', { name: 'Confirmar eliminación' }).getByRole('button', { name: 'Eliminar' }).click();
    await verTexto(page, 'No se puede eliminar el producto porque tiene ventas registradas.');
    expect(await filas(page, 'Productos').count()).toBe(1);
    s.errores.length = 0; // the browser logs the 409 itself
    await s.cerrar();
  });
});

describe('stock load (spec screen 21)', () => {
  it('finds by code and by name with at most 5 suggestions, and adds units', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/stock');
    await visible(page.getByRole('heading', { name: 'Carga de stock' }));
    await page.getByRole('button', { name: 'Guardar Stock' }).click();
    await verTexto(page, 'Debe seleccionar un producto válido');

    await page.getByLabel('Buscar por código').fill('esc-0');
    await visible(page.getByRole('option').first());
    expect(await page.getByRole('option').count()).toBe(5);
    // An outside click closes the list.
    await page.getByRole('heading', { name: 'Carga de stock' }).click();
    await expect.poll(() => page.getByRole('option').count()).toBe(0);

    // Keyboard: arrows and Enter choose a suggestion.
    await page.getByLabel('Buscar por nombre').fill('tijera');
    await page.getByRole('option', { name: /Tijera escolar punta roma/ }).waitFor();
    await page.getByLabel('Buscar por nombre').press('ArrowDown');
    await page.getByLabel('Buscar por nombre').press('Enter');
    await verTexto(page, 'Producto seleccionado');
    await verTexto(page, /Código ESC-009 · Maped · Stock actual: 3/);
    await captura(page, 'admin-stock-1280');
    await page.getByLabel('Cantidad').fill('10');
    await page.getByRole('button', { name: 'Guardar Stock' }).click();
    await verTexto(page, 'Stock actualizado correctamente');
    await verTexto(page, /Stock actual: 13/);

    // Enter in the box, with a suggestion showing and none highlighted, or before any shows, never saves
    // the product chosen before while another name is typed (it added the units to the scissors).
    await page.getByLabel('Cantidad').fill('10');
    let soltar = () => {};
    const retenida = new Promise<void>((resolver) => (soltar = resolver));
    await page.route('**/api/producto/sugerencias?*', async (ruta) => {
      await retenida;
      await ruta.continue();
    });
    await page.getByLabel('Buscar por nombre').fill('regla');
    await page.getByLabel('Buscar por nombre').press('Enter');
    await verTexto(page, 'Buscando...');
    await esperarSinViolaciones(page, 'carga de stock buscando sugerencias');
    soltar();
    await page.getByRole('option', { name: /Regla flexible 30 cm/ }).waitFor();
    await page.getByLabel('Buscar por nombre').press('Enter');
    await esperarSinViolaciones(page, 'carga de stock con sugerencias');
    await page.unroute('**/api/producto/sugerencias?*');
    await verTexto(page, /Código ESC-009 · Maped · Stock actual: 13/);

    await page.getByRole('link', { name: 'Volver' }).click();
    await page.waitForURL('**/grillaProducts');
    await page.getByLabel('Código', { exact: true }).fill('ESC-009');
    await esperarFilas(page, 'Productos', 1);
    await expect.poll(() => filas(page, 'Productos').first().locator('td').nth(2).textContent()).toBe('13');
    await s.cerrar();
  });
});

import { describe, expect, it } from 'vitest';
import { formatearPrecio } from '../domain/money';
import { AVISO_PROMOCION_SIN_PRODUCTOS } from '../domain/promocion';
import { esperarFilas, filas, hoyMendoza, sesionAdmin, verTexto, visible } from './soporte/admin';
import { captura } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

describe('promotions grid (spec screen 15)', () => {
  it('pages and searches the promotions, highlights the expired one and deletes with confirmation', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaPromociones');
    await visible(page.getByRole('heading', { name: 'Promociones' }));
    await visible(page.getByRole('cell', { name: /Vuelta al cole/ }));
    for (const columna of ['Denominación', 'Productos', 'Descripción', 'Fecha Inicio', 'Fecha Fin', 'Precio Promocional']) {
      expect(await page.getByRole('columnheader', { name: columna, exact: true }).isVisible()).toBe(true);
    }
    const vuelta = page.locator('tbody tr', { hasText: 'Vuelta al cole' });
    expect(await vuelta.textContent()).toContain('Cuaderno tapa dura 50 hojas rayadas x2, Lápices de colores x 24 largos, Birome Cristal azul x 10');
    expect(await vuelta.textContent()).toContain(formatearPrecio(19990));
    expect(await vuelta.getAttribute('data-vencida')).toBeNull();
    const vencida = page.locator('tbody tr', { hasText: 'Día del lector' });
    expect(await vencida.getAttribute('data-vencida')).toBe('true');
    expect(await vencida.textContent()).toContain('Vencida');
    await verTexto(page, '4 resultados · Página 1 de 1');
    await captura(page, 'admin-promociones-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    const tarjetas = page.getByRole('list', { name: 'Promociones' }).getByRole('listitem');
    await expect.poll(() => tarjetas.count()).toBe(4);
    expect(await tarjetas.filter({ hasText: 'Día del lector' }).getAttribute('data-vencida')).toBe('true');
    await captura(page, 'admin-promociones-390-vencida');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Eliminar Día del lector' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Confirmar eliminación' });
    await visible(dialogo);
    await dialogo.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.locator('tbody tr', { hasText: 'Día del lector' }).count()).toBe(0);
    await verTexto(page, '3 resultados · Página 1 de 1');

    // 21 more: 24 promotions, 20 a page, the newest first.
    for (let i = 1; i <= 21; i++) {
      const r = await page.request.post('/api/promocion', {
        data: { denominacion: `Liquidación ${String(i).padStart(2, '0')}`, descripcion: 'Saldos de temporada', precioPromocional: 1000 + i, fechaInicio: hoyMendoza(), fechaFin: '2099-12-31' },
      });
      expect(r.status()).toBe(201);
    }
    await page.reload();
    await esperarFilas(page, 'Promociones', 20);
    await verTexto(page, '24 resultados · Página 1 de 2');
    expect(await filas(page, 'Promociones').first().textContent()).toContain('Liquidación 21');
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await esperarFilas(page, 'Promociones', 4);
    expect(await filas(page, 'Promociones').allTextContents()).toEqual([
      expect.stringContaining('Liquidación 01'),
      expect.stringContaining('Pequeños artistas'),
      expect.stringContaining('Combo oficina'),
      expect.stringContaining('Vuelta al cole'),
    ]);

    // The search (no accents needed) starts again at page 1.
    const buscar = page.getByRole('textbox', { name: 'Buscar', exact: true });
    await buscar.fill('liquidacion');
    await verTexto(page, '21 resultados · Página 1 de 2');
    await esperarFilas(page, 'Promociones', 20);
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await esperarFilas(page, 'Promociones', 1);
    // Deleting the only row of the last page shows the page before it.
    await page.getByRole('button', { name: 'Eliminar Liquidación 01' }).click();
    await visible(dialogo);
    await dialogo.getByRole('button', { name: 'Eliminar' }).click();
    await verTexto(page, '20 resultados · Página 1 de 1');
    await esperarFilas(page, 'Promociones', 20);

    await buscar.fill('saldos de temporada  ');
    await verTexto(page, '20 resultados · Página 1 de 1');
    await buscar.fill('VUELTA');
    await esperarFilas(page, 'Promociones', 1);
    await buscar.fill('no existe ninguna así');
    await verTexto(page, 'No hay promociones que coincidan con la búsqueda.');
    await buscar.fill('');
    await verTexto(page, '23 resultados · Página 1 de 2');
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'admin-promociones-paginada-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await expect.poll(() => tarjetas.count()).toBe(3);
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'admin-promociones-390');
    await s.cerrar();
  });
});

describe('new promotion and its products (spec screens 22 and 23)', () => {
  it('requires every field, creates it, adds products and finishes on /promociones', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaPromociones');
    await page.getByRole('link', { name: 'Nueva Promoción' }).click();
    await visible(page.getByRole('heading', { name: 'Nueva Promoción' }));
    await page.getByRole('button', { name: 'Crear Promoción' }).click();
    for (const mensaje of [
      'La denominación es obligatoria',
      'La descripción es obligatoria',
      'El precio promocional es obligatorio',
      'La fecha de fin es obligatoria',
    ]) {
      await verTexto(page, mensaje);
    }
    await captura(page, 'admin-promocion-validacion');
    await page.getByLabel('Denominación').fill('Kit de dibujo');
    await page.getByLabel('Descripción').fill('Block y crayones.');
    await page.getByLabel('Precio promocional').fill('5,000.00');
    await page.getByRole('button', { name: 'Crear Promoción' }).click();
    await verTexto(page, 'El precio promocional no es un número válido: escribí los miles con punto y los decimales con coma (por ejemplo 1.234,56).');
    // '5.000' is five thousand, as written in Argentina.
    await page.getByLabel('Precio promocional').fill('5.000');
    await page.getByLabel('Fecha de inicio').fill(hoyMendoza());
    await page.getByLabel('Fecha de fin').fill('2099-12-31');
    await captura(page, 'admin-promocion-nueva');
    await page.getByRole('button', { name: 'Crear Promoción' }).click();
    await page.waitForURL(/\/detallePromocion\/\d+$/);
    await visible(page.getByRole('heading', { name: 'Kit de dibujo' }));
    expect(await page.getByLabel('Cantidad').inputValue()).toBe('1');
    // Not in the shop until it has a product: the page says so, and the public list agrees.
    await visible(page.getByRole('status').filter({ hasText: 'Sin productos' }).filter({ hasText: AVISO_PROMOCION_SIN_PRODUCTOS }));
    const publicas = await page.evaluate(async () => ((await (await fetch('/api/promocion/activas')).json()) as Array<{ denominacion: string }>).map((p) => p.denominacion));
    expect(publicas).not.toContain('Kit de dibujo');

    await page.getByRole('button', { name: 'Agregar Detalle' }).click();
    await verTexto(page, 'Seleccioná un producto válido y una cantidad mayor a 0.');
    await page.getByLabel('Buscar producto por nombre').fill('crayones');
    await page.getByRole('option', { name: /Crayones x 12/ }).click();
    await page.getByLabel('Cantidad').fill('2');
    await page.getByRole('button', { name: 'Agregar Detalle' }).click();
    await verTexto(page, 'Crayones x 12 - Cantidad: 2');
    expect(await page.getByText('Sin productos', { exact: true }).count()).toBe(0);
    await page.getByLabel('Buscar producto por nombre').fill('block de dibujo');
    await page.getByRole('option', { name: /Block de dibujo/ }).click();
    await page.getByRole('button', { name: 'Agregar Detalle' }).click();
    await verTexto(page, /Block de dibujo N° 5 blanco - Cantidad: 1/);
    await captura(page, 'admin-promocion-detalle');

    await page.getByRole('link', { name: 'Finalizar' }).click();
    await page.waitForURL('**/promociones');
    await page.goto('/grillaPromociones');
    const fila = page.locator('tbody tr', { hasText: 'Kit de dibujo' });
    await visible(fila);
    expect(await fila.textContent()).toContain('Crayones x 12 x2, Block de dibujo N° 5 blanco');
    expect(await fila.textContent()).toContain(formatearPrecio(5000));
    expect(await filas(page, 'Promociones').count()).toBeGreaterThan(1);
    await s.cerrar();
  });
});

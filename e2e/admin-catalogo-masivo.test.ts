import { describe, expect, it } from 'vitest';
import { formatearPrecio } from '../domain/money';
import { esperarFilas, filas, sesionAdmin, verTexto, visible } from './soporte/admin';
import { captura } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

describe('catálogo en bloque (docs/decisions/030-catalogo-masivo.md)', () => {
  it('importa una planilla: vista previa (crear, actualizar, errores) y confirmación', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaProducts');
    await page.getByRole('link', { name: 'Importar productos' }).click();
    await visible(page.getByRole('heading', { name: 'Importar productos' }));
    const csv = [
      'Código;Denominación;Marca;Categoría;Costo;Porcentaje;Stock',
      'E2E-NUEVO;Resaltador flúo amarillo;Stabilo;Escolar;1.250,50;40;15',
      'ESC-001;Lápiz negro HB Ecolápiz x 12;Faber-Castell;Escolar;3000;60;80',
      'E2E-MAL;Sin categoría;;Inexistente;10;10;1',
    ].join('\n');
    await page.locator('input[type=file]').setInputFiles({ name: 'lista.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    await verTexto(page, 'A crear: 1');
    await verTexto(page, 'A actualizar: 1');
    await verTexto(page, 'Con errores: 1');
    expect(await filas(page, 'Productos a crear').first().textContent()).toContain(formatearPrecio(1750.7));
    expect(await filas(page, 'Productos a actualizar').first().textContent()).toContain(`Costo: ${formatearPrecio(2900)} → ${formatearPrecio(3000)}`);
    expect(await filas(page, 'Filas con errores').first().textContent()).toContain("No existe la categoría 'Inexistente'");
    await captura(page, 'admin-importar-vista-previa');

    await page.getByRole('button', { name: 'Confirmar importación (2 productos)' }).click();
    await verTexto(page, 'Importación aplicada: 1 producto creado y 1 actualizado.');
    await page.goto('/grillaProducts');
    await page.getByLabel('Código').fill('E2E-NUEVO');
    await esperarFilas(page, 'Productos', 1);
    expect(await filas(page, 'Productos').first().textContent()).toContain('Resaltador flúo amarillo');
    await s.cerrar();
  });

  it('sube los precios de una marca un 10 % al costo, redondeados a $10', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaProducts');
    await page.getByRole('button', { name: 'Cambiar precios' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Cambiar precios' });
    await visible(dialogo);
    await dialogo.getByRole('textbox', { name: 'Marca' }).click();
    await page.getByRole('option', { name: 'Bic', exact: true }).click();
    await dialogo.getByLabel('Porcentaje').fill('10');
    await dialogo.getByRole('textbox', { name: 'Redondeo del precio' }).click();
    await page.getByRole('option', { name: 'Hacia arriba, a $10' }).click();
    await dialogo.getByRole('button', { name: 'Ver vista previa' }).click();
    await verTexto(page, 'Cambian los precios de 2 productos.');
    // 3100 x 1,10 = 3410, x 1,60 = 5456 -> 5460; 2100 -> 2310 x 1,60 = 3696 -> 3700.
    const vista = await filas(page, 'Vista previa de precios').allTextContents();
    expect(vista.join(' ')).toContain(formatearPrecio(5460));
    expect(vista.join(' ')).toContain(formatearPrecio(3700));
    await captura(page, 'admin-cambiar-precios');
    await dialogo.getByRole('button', { name: 'Aplicar a 2 productos' }).click();
    await verTexto(page, 'Se actualizaron los precios de 2 productos.');
    await page.getByLabel('Código').fill('ESC-005');
    await esperarFilas(page, 'Productos', 1);
    await expect.poll(() => filas(page, 'Productos').first().textContent()).toContain(formatearPrecio(5460));
    await s.cerrar();
  });
});

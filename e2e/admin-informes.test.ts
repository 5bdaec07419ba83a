import { describe, expect, it } from 'vitest';
import { hoyMendoza, sesionAdmin, verTexto, visible } from './soporte/admin';
import { captura } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

describe("'Informes de Cierre de Caja' (spec screen 24) and the sales dashboard", () => {
  it('downloads the day and the range with the spec file names; asks for both dates', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaInformes');
    await visible(page.getByRole('heading', { name: 'Informes de Cierre de Caja' }));

    const [hoy] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Cierre del día' }).click()]);
    expect(hoy.suggestedFilename()).toBe('cierre_caja_hoy.xlsx');
    expect((await hoy.createReadStream()).readable).toBe(true);

    await page.getByLabel('Desde').fill('2026-01-01');
    await page.getByLabel('Hasta').fill(hoyMendoza());
    const [rango] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Cierre entre fechas' }).click()]);
    expect(rango.suggestedFilename()).toBe(`cierre_caja_2026-01-01_a_${hoyMendoza()}.xlsx`);

    await page.getByLabel('Desde').fill('');
    await page.getByRole('button', { name: 'Cierre entre fechas' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Debes seleccionar ambas fechas');
    await s.cerrar();
  });

  it('shows the month in charts and in numbers', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaInformes');
    const hace40 = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Mendoza' }).format(new Date(Date.now() - 40 * 86_400_000));
    await page.getByLabel('Desde').fill(hace40);
    await visible(page.getByRole('heading', { name: 'Ventas por día' }));
    await visible(page.getByRole('table', { name: 'Totales por forma de pago' }));
    await visible(page.getByRole('table', { name: 'Productos más vendidos' }));
    await verTexto(page, 'Cantidad de ventas');
    // The figures of the new range replace the month's when its answer arrives.
    const cantidad = page.getByText('Cantidad de ventas').locator('xpath=following-sibling::*[1]');
    await expect.poll(async () => Number(await cantidad.textContent())).toBe(20);
    for (const cifra of ['Total vendido', 'Cobrado', 'Pendiente de cobro', 'No cobradas (pago rechazado o vencido)']) await visible(page.getByText(cifra, { exact: true }));
    await verTexto(page, '0 ventas, fuera de los totales');
    expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await captura(page, 'admin-informes-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'admin-informes-390');
    await s.cerrar();
  });
});

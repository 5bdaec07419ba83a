import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { captura, capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_CLIENTE } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

/** Money is formatted with a non-breaking space after the sign. */
const texto = async (l: { textContent: () => Promise<string | null> }) => ((await l.textContent()) ?? '').replace(/\u00a0/g, ' ');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Tu carrito' });
const abrirCarrito = async (page: Page) => {
  await page.getByRole('button', { name: /^Abrir carrito/ }).click();
  await expect.poll(() => panel(page).isVisible()).toBe(true);
};
async function agregarDesdeCatalogo(page: Page, busqueda: string, nombre: string) {
  await page.goto(`/products?q=${encodeURIComponent(busqueda)}`);
  const boton = page.getByRole('article', { name: nombre }).getByRole('button', { name: /^Agregar al carrito/ });
  await expect.poll(() => boton.isVisible()).toBe(true);
  await boton.click();
}

describe('promotions (spec screen 7)', () => {
  it('shows the active promotions with end date, products, prices and notes', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/');
    await s.page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Promociones' }).click();
    await expect.poll(() => s.page.getByRole('heading', { name: 'Promociones Activas' }).isVisible()).toBe(true);
    await expect.poll(() => s.page.getByRole('article').count()).toBe(3);
    expect(await s.page.getByRole('article', { name: 'Día del lector' }).count()).toBe(0);
    const combo = s.page.getByRole('article', { name: 'Vuelta al cole' });
    expect(await combo.getByText(/^Finaliza: \d{2}\/\d{2}\/\d{4}$/).isVisible()).toBe(true);
    expect(await combo.getByRole('listitem').count()).toBe(3);
    expect(await combo.getByRole('listitem').filter({ hasText: 'Cuaderno tapa dura 50 hojas rayadas' }).getByText('x2').isVisible()).toBe(true);
    expect(await combo.getByText('$ 19.990,00').isVisible()).toBe(true);
    expect(await combo.getByLabel(/^Precio original/).evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('line-through');
    expect(await combo.getByText('*Hasta Agotar Stock').isVisible()).toBe(true);
    expect(await combo.getByText('¡IMPERDIBLE!').isVisible()).toBe(true);
    await captura(s.page, 'promociones-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await capturaVisible(s.page, 'promociones-390');
    await s.cerrar();
  });
});

describe('cart panel (spec screen 8)', () => {
  it('is empty at first, with the spec message', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/');
    await abrirCarrito(s.page);
    expect(await panel(s.page).getByText('Sin productos en el carrito.').isVisible()).toBe(true);
    expect(await panel(s.page).getByRole('button', { name: 'Efectivo' }).isDisabled()).toBe(true);
    await s.page.getByRole('button', { name: 'Cerrar carrito' }).click();
    await s.cerrar();
  });

  it('shows product and promotion lines, limits + by stock with a message that vanishes, and totals like the server', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await agregarDesdeCatalogo(s.page, 'notas adhesivas', 'Notas adhesivas 76x76 x 100');
    await s.page.goto('/promociones');
    await s.page.getByRole('button', { name: 'Agregar al carrito: Combo oficina' }).click();
    await expect.poll(() => s.page.getByText('Producto agregado al carrito').first().isVisible()).toBe(true);
    await abrirCarrito(s.page);
    const p = panel(s.page);

    const notas = p.getByRole('listitem', { name: 'Notas adhesivas 76x76 x 100' });
    expect(await notas.getByText('1 unidad', { exact: false }).isVisible()).toBe(true);
    await p.getByRole('button', { name: 'Agregar una unidad de Notas adhesivas 76x76 x 100' }).click();
    await expect.poll(() => notas.getByText(/^2 unidades/).isVisible()).toBe(true);
    await p.getByRole('button', { name: 'Agregar una unidad de Notas adhesivas 76x76 x 100' }).click();
    await expect.poll(() => p.getByText('Solo hay 2 unidades disponibles.').isVisible()).toBe(true);
    expect(await notas.getByText(/^2 unidades/).isVisible()).toBe(true);

    const promo = p.getByRole('listitem', { name: 'Promoción Combo oficina' });
    expect(await promo.getByText('(Promoción)').first().isVisible()).toBe(true);
    expect(await promo.getByText(/suman o quitan un combo completo \(4 unidades\)/).isVisible()).toBe(true);
    expect(await promo.getByText('2 unidades', { exact: true }).isVisible()).toBe(true); // 2 x Broches per combo
    await captura(s.page, 'carrito-1280');

    // The stock message goes away after 4 seconds.
    await expect.poll(() => p.getByText('Solo hay 2 unidades disponibles.').isVisible(), { timeout: 6000 }).toBe(false);

    // Plus and minus on a promotion line add or remove a whole bundle.
    await p.getByRole('button', { name: 'Agregar un combo de Combo oficina' }).click();
    await expect.poll(() => promo.getByText(/^2 combos/).isVisible()).toBe(true);
    expect(await promo.getByText('4 unidades', { exact: true }).isVisible()).toBe(true);
    await p.getByRole('button', { name: 'Quitar un combo de Combo oficina' }).click();
    await expect.poll(() => promo.getByText(/^1 combo/).isVisible()).toBe(true);

    // The total is the server's sum: 2 x 2.805 + 15.500 (the combo).
    expect(await texto(p.getByTestId('total-carrito'))).toBe('$ 21.110,00');
    expect(await s.page.getByRole('button', { name: 'Abrir carrito (6 productos)' }).count()).toBe(1);

    // The cart survives a reload.
    await s.page.reload();
    await abrirCarrito(s.page);
    expect(await texto(panel(s.page).getByTestId('total-carrito'))).toBe('$ 21.110,00');

    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.waitForTimeout(400);
    if (!(await panel(s.page).isVisible())) await abrirCarrito(s.page);
    await capturaVisible(s.page, 'carrito-390');

    // 'Vaciar carrito' asks first.
    await panel(s.page).getByRole('button', { name: 'Vaciar carrito' }).click();
    const confirmar = s.page.getByRole('dialog', { name: 'Vaciar carrito' });
    await expect.poll(() => confirmar.isVisible()).toBe(true);
    // Escape closes the dialog on top only, and the focus goes back into the panel, to what opened it.
    await s.page.keyboard.press('Escape');
    await expect.poll(() => confirmar.count()).toBe(0);
    expect(await panel(s.page).isVisible()).toBe(true);
    const foco = () => s.page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(foco).toBe('Vaciar carrito');
    await panel(s.page).getByRole('button', { name: 'Vaciar carrito' }).click();
    await expect.poll(() => confirmar.isVisible()).toBe(true);
    await confirmar.getByRole('button', { name: 'Cancelar' }).click();
    expect(await texto(panel(s.page).getByTestId('total-carrito'))).toBe('$ 21.110,00');
    await panel(s.page).getByRole('button', { name: 'Vaciar carrito' }).click();
    await s.page.getByRole('dialog', { name: 'Vaciar carrito' }).getByRole('button', { name: 'Vaciar' }).click();
    await expect.poll(() => panel(s.page).getByText('Sin productos en el carrito.').isVisible()).toBe(true);
    // Emptied, 'Vaciar carrito' is disabled: the focus goes to adding products, still inside the panel.
    await expect.poll(foco).toBe('Agregar producto +');

    await panel(s.page).getByRole('link', { name: 'Agregar producto +' }).click();
    await s.page.waitForURL('**/products');
    await s.cerrar();
  });

  it('an anonymous order attempt says "Usuario no autenticado", leads to login and keeps the cart', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await agregarDesdeCatalogo(s.page, 'regla', 'Regla flexible 30 cm');
    await abrirCarrito(s.page);
    await panel(s.page).getByRole('button', { name: 'Efectivo' }).click();
    await expect.poll(() => panel(s.page).getByText('Usuario no autenticado').isVisible()).toBe(true);
    await capturaVisible(s.page, 'carrito-no-autenticado');
    await panel(s.page).getByRole('button', { name: 'Iniciar sesión' }).click();
    await s.page.waitForURL('**/login');
    await s.page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('cliente');
    await s.page.getByLabel('Contraseña', { exact: true }).fill(CLAVE_CLIENTE);
    await s.page.getByRole('button', { name: 'Ingresar' }).click();
    await s.page.waitForURL('**/products?q=regla');
    await abrirCarrito(s.page);
    expect(await panel(s.page).getByRole('listitem', { name: 'Regla flexible 30 cm' }).isVisible()).toBe(true);
    await s.cerrar();
  });

  it('before ordering, the cart is checked against current prices and stock', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    // A cart saved earlier, with a price and a quantity the shop no longer has.
    const usuarioId = await s.page.evaluate(() => (JSON.parse(localStorage.getItem('usuario') ?? '{}') as { id: number }).id);
    const r = await s.page.request.get('/api/producto?q=tijera');
    const tijera = ((await r.json()) as { items: Array<{ id: number; denominacion: string; marca: string; precio: number; stock: number; imagen: string | null }> }).items[0]!;
    await s.page.evaluate(
      ([clave, producto]) => localStorage.setItem(clave as string, JSON.stringify({ productos: [{ producto, cantidad: 5 }], promociones: [] })),
      [`carrito:${usuarioId}`, { ...tijera, precio: 1, stock: 99 }] as const,
    );
    await s.page.reload();
    await abrirCarrito(s.page);
    await panel(s.page).getByRole('button', { name: 'Efectivo' }).click();
    const aviso = panel(s.page).getByRole('alert');
    await expect.poll(() => texto(aviso)).toContain('Actualizamos tu carrito');
    expect(await texto(aviso)).toContain(`El precio de ${tijera.denominacion} cambió de $ 1,00 a`);
    expect(await texto(aviso)).toContain(`Solo quedan 3 unidades de ${tijera.denominacion}: ajustamos la cantidad.`);
    expect(await panel(s.page).getByRole('listitem', { name: tijera.denominacion }).getByText(/^3 unidades/).isVisible()).toBe(true);
    await capturaVisible(s.page, 'carrito-revisado');
    await s.cerrar();
  });
});

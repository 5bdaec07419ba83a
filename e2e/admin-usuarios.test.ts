import { describe, expect, it } from 'vitest';
import { esperarFilas, filas, sesionAdmin, verTexto, visible } from './soporte/admin';
import { captura, login, nuevaSesion } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

describe('users grid (spec screen 16)', () => {
  it('lists people with the spec columns and filters by name and role', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaUsuarios');
    await visible(page.getByRole('heading', { name: 'Usuarios' }));
    await esperarFilas(page, 'Usuarios', 4);
    for (const columna of ['Nombre', 'Apellido', 'Email', 'Teléfono', 'Rol', 'Acciones']) {
      expect(await page.getByRole('columnheader', { name: columna, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByLabel('Rol', { exact: true }).locator('option').allTextContents()).toEqual(['Todos los roles', 'ADMIN', 'USER']);
    await captura(page, 'admin-usuarios-1280');
    await page.getByLabel('Rol', { exact: true }).selectOption('ADMIN');
    await esperarFilas(page, 'Usuarios', 1);
    expect(await filas(page, 'Usuarios').first().textContent()).toContain('Marta');
    await page.getByLabel('Rol', { exact: true }).selectOption('');
    await page.getByLabel('Nombre', { exact: true }).fill('luc');
    await esperarFilas(page, 'Usuarios', 1);
    expect(await filas(page, 'Usuarios').first().textContent()).toContain('Fernández');
    await page.getByLabel('Nombre', { exact: true }).fill('');
    await esperarFilas(page, 'Usuarios', 4);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'admin-usuarios-390');
    await s.cerrar();
  });
});

describe('user form (spec screen 18)', () => {
  it('creates a person with address, login and role; edits it; deletes it after confirmation', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await page.goto('/grillaUsuarios');
    await page.getByRole('link', { name: 'Nuevo usuario' }).click();
    await visible(page.getByRole('heading', { name: 'Formulario de Usuarios' }));
    expect(await page.getByLabel('Localidad').inputValue()).toBe('CAPITAL');
    expect(await page.getByLabel('Provincia').inputValue()).toBe('MENDOZA');
    expect(await page.getByLabel('Rol', { exact: true }).inputValue()).toBe('USER');
    await page.getByLabel('Nombre', { exact: true }).fill('Carla');
    await page.getByLabel('Apellido').fill('Quiroga');
    await page.getByLabel('Email').fill('carla.quiroga@example.com');
    await page.getByLabel('Teléfono').fill('2614001122');
    await page.getByLabel('Calle').fill('Colón');
    await page.getByLabel('Número').fill('350');
    await page.getByLabel('Localidad').selectOption('MAIPU');
    await page.getByLabel('Usuario', { exact: true }).fill('cquiroga');
    await page.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
    await captura(page, 'admin-usuario-form');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Persona creada correctamente.');
    await page.waitForURL('**/grillaUsuarios');
    await esperarFilas(page, 'Usuarios', 5);

    // The new user can log in.
    const otra = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(otra.page, 'cquiroga', 'clave-segura-1');
    await otra.cerrar();

    // A repeated login name is refused.
    await page.getByRole('link', { name: 'Nuevo usuario' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'El nombre es obligatorio');
    await verTexto(page, 'La calle es obligatoria');
    await page.getByLabel('Nombre', { exact: true }).fill('Otra');
    await page.getByLabel('Apellido').fill('Persona');
    await page.getByLabel('Calle').fill('Belgrano');
    await page.getByLabel('Número').fill('10');
    await page.getByLabel('Usuario', { exact: true }).fill('cquiroga');
    await page.getByLabel('Contraseña', { exact: true }).fill('otra-clave-123');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Ocurrió un error al guardar la persona.');
    await verTexto(page, /El nombre de usuario ya existe/);
    s.errores.length = 0; // the browser logs the 409 itself
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL('**/grillaUsuarios');

    await page.getByRole('link', { name: 'Editar cquiroga' }).click();
    await expect.poll(() => page.getByLabel('Apellido').inputValue()).toBe('Quiroga');
    expect(await page.getByLabel('Localidad').inputValue()).toBe('MAIPU');
    await page.getByLabel('Teléfono').fill('2614009999');
    await page.getByLabel('Rol', { exact: true }).selectOption('ADMIN');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Persona actualizada correctamente.');
    await page.waitForURL('**/grillaUsuarios');
    const fila = page.locator('tbody tr', { hasText: 'cquiroga' });
    await visible(fila);
    // The grid may show its previous copy for a moment while it refetches.
    await expect.poll(() => fila.textContent()).toContain('2614009999');
    expect(await fila.textContent()).toContain('ADMIN');

    await page.getByRole('button', { name: 'Eliminar cquiroga' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Confirmar eliminación' });
    await visible(dialogo);
    await dialogo.getByRole('button', { name: 'Eliminar' }).click();
    await esperarFilas(page, 'Usuarios', 4);
    await s.cerrar();
  });
});

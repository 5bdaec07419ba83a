import { describe, expect, it } from 'vitest';
import { MENSAJES_USUARIO } from '../domain/usuario';
import { sesionAdmin, verTexto, visible } from './soporte/admin';
import { login, nuevaSesion } from './soporte/navegador';
import { CLAVE_ADMIN } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

// Its own server: the admin's password changes here.

const entorno = entornoDePrueba();

describe('user form: the admin changing their own password', () => {
  it('asks for the current password, refuses a missing or wrong one, and saves with the right one', async () => {
    const s = await sesionAdmin(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    const actual = page.getByLabel('Contraseña actual', { exact: true });

    // Someone else's password: no current password asked.
    await page.goto('/grillaUsuarios');
    await page.getByRole('link', { name: 'Editar cliente' }).click();
    await expect.poll(() => page.getByLabel('Apellido').inputValue()).toBe('Fernández');
    await page.getByLabel('Contraseña', { exact: true }).fill('tinta-azul-2024');
    expect(await actual.count()).toBe(0);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL('**/grillaUsuarios');

    await page.getByRole('link', { name: 'Editar admin' }).click();
    await expect.poll(() => page.getByLabel('Apellido').inputValue()).toBe('Giménez');
    expect(await actual.count()).toBe(0);
    await page.getByLabel('Contraseña', { exact: true }).fill('tinta-azul-2024');
    await visible(actual);

    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, MENSAJES_USUARIO.claveActualObligatoria);

    await actual.fill('no-es-la-actual');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Ocurrió un error al guardar la persona.');
    await expect.poll(() => page.getByText(MENSAJES_USUARIO.claveActualIncorrecta).count()).toBeGreaterThan(0);
    s.errores.length = 0; // the browser logs the 400 itself

    await actual.fill(CLAVE_ADMIN);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await verTexto(page, 'Persona actualizada correctamente.');
    await page.waitForURL('**/grillaUsuarios');
    await s.cerrar();

    const otra = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(otra.page, 'admin', 'tinta-azul-2024');
    await otra.cerrar();
  });
});

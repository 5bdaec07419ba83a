import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MENSAJES_CUENTA } from '../domain/cuenta';
import { MENSAJES_PERSONA } from '../domain/persona';
import { MENSAJES_USUARIO } from '../domain/usuario';

import { esperarSinViolaciones } from './soporte/accesibilidad';
import { verTexto, visible } from './soporte/admin';
import { captura, capturaVisible, login, nuevaSesion } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';
import { CLAVE_CLIENTE } from './soporte/servidor';

// 'Mi cuenta': a customer's data and address, password and sessions. Its own server: passwords and
// addresses of the demo customers change here.

const entorno = entornoDePrueba();

/** What a screen reader reads as an input's description: its error message, when it has one. */
async function descripcion(page: Page, campo: Locator): Promise<string> {
  const ids = ((await campo.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const textos = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return textos.join(' ');
}

describe('Mi cuenta', () => {
  it('a customer finds it in the navbar, edits data and moves the address outside Mendoza (1280 px)', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await login(page, 'jperez', CLAVE_CLIENTE);
    await page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Mi cuenta' }).click();
    await page.waitForURL('**/miCuenta');
    await expect.poll(() => page.getByRole('textbox', { name: 'Nombre' }).inputValue()).toBe('Juan');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mi cuenta');
    expect(await page.getByRole('combobox', { name: 'Provincia' }).inputValue()).toBe('MENDOZA');
    expect(await page.getByRole('combobox', { name: 'Localidad' }).inputValue()).toBe('GODOY_CRUZ');
    expect(await page.getByRole('textbox', { name: 'Código postal' }).count()).toBe(0);
    await visible(page.getByText(MENSAJES_CUENTA.estaSesion));
    await esperarSinViolaciones(page, 'Mi cuenta a 1280 px');
    await captura(page, 'mi-cuenta-1280');

    // Outside Mendoza the locality is written and a postal code asked; each message on its field.
    await page.getByRole('combobox', { name: 'Provincia' }).selectOption('CORDOBA');
    const localidad = page.getByRole('textbox', { name: 'Localidad' });
    await visible(localidad);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await verTexto(page, MENSAJES_PERSONA.localidadTextoObligatoria);
    await verTexto(page, MENSAJES_PERSONA.codigoPostalObligatorio);
    await localidad.fill('Villa Carlos Paz');
    await page.getByRole('textbox', { name: 'Código postal' }).fill('M5500ABC');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await verTexto(page, MENSAJES_PERSONA.codigoPostalDeOtraProvincia);
    await esperarSinViolaciones(page, 'Mi cuenta con errores del domicilio');
    await captura(page, 'mi-cuenta-errores-1280');

    await page.getByRole('textbox', { name: 'Código postal' }).fill('x5152abc');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('261 444-1234');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await verTexto(page, MENSAJES_CUENTA.datosGuardados);

    // Stored: read again from the server.
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Localidad' }).inputValue()).toBe('Villa Carlos Paz');
    expect(await page.getByRole('textbox', { name: 'Código postal' }).inputValue()).toBe('X5152ABC');
    expect(await page.getByRole('textbox', { name: 'Teléfono' }).inputValue()).toBe('261 444-1234');

    // Back to Mendoza: the list again, Ciudad de Mendoza chosen.
    await page.getByRole('combobox', { name: 'Provincia' }).selectOption('MENDOZA');
    await expect.poll(() => page.getByRole('combobox', { name: 'Localidad' }).inputValue()).toBe('CAPITAL');
    expect(await page.getByRole('textbox', { name: 'Código postal' }).count()).toBe(0);
    await s.cerrar();
  });

  it('changes the password with the current one, with the rules\' errors in Spanish on each input', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await login(page, 'cliente', CLAVE_CLIENTE);
    await page.goto('/miCuenta');
    const actual = page.getByLabel(/^Contraseña actual/);
    const nueva = page.getByLabel(/^Contraseña nueva/);
    const repetida = page.getByLabel(/^Repetir contraseña nueva/);
    const cambiar = page.getByRole('button', { name: 'Cambiar contraseña' });
    await visible(actual);

    await nueva.fill('corta');
    await repetida.fill('otra');
    await cambiar.click();
    await verTexto(page, MENSAJES_USUARIO.claveActualObligatoria);
    await verTexto(page, MENSAJES_USUARIO.claveMinima);
    await verTexto(page, MENSAJES_CUENTA.clavesDistintas);

    // The server's refusals go on their inputs.
    await actual.fill('no-es-la-actual');
    await nueva.fill('tinta-azul-2024');
    await repetida.fill('tinta-azul-2024');
    await cambiar.click();
    await verTexto(page, MENSAJES_USUARIO.claveActualIncorrecta);
    await captura(page, 'mi-cuenta-clave-actual-incorrecta');
    expect(await descripcion(page, actual)).toContain(MENSAJES_USUARIO.claveActualIncorrecta);
    s.errores.length = 0; // the browser logs the 400 itself

    await actual.fill(CLAVE_CLIENTE);
    await nueva.fill('password123');
    await repetida.fill('password123');
    await cambiar.click();
    await verTexto(page, MENSAJES_USUARIO.claveComun);
    expect(await descripcion(page, nueva)).toContain(MENSAJES_USUARIO.claveComun);
    s.errores.length = 0;
    await esperarSinViolaciones(page, 'Mi cuenta con errores de la contraseña');

    await nueva.fill('tinta-azul-2024');
    await repetida.fill('tinta-azul-2024');
    await cambiar.click();
    await verTexto(page, MENSAJES_CUENTA.claveCambiada);
    await expect.poll(() => actual.inputValue()).toBe('');
    await s.cerrar();

    const otra = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(otra.page, 'cliente', 'tinta-azul-2024');
    await otra.cerrar();
  });

  it('closes the other sessions after confirming: the other browser loses its session (390 px)', async () => {
    const otro = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(otro.page, 'sofia.m', CLAVE_CLIENTE);
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = s;
    await login(page, 'sofia.m', CLAVE_CLIENTE);

    // On the phone, Mi cuenta is in the menu.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('navigation', { name: 'Principal (móvil)' }).getByRole('link', { name: 'Mi cuenta' }).click();
    await page.waitForURL('**/miCuenta');
    const sesiones = page.getByRole('list', { name: 'Sesiones abiertas' }).getByRole('listitem');
    await expect.poll(() => sesiones.count()).toBe(2);
    expect(await sesiones.first().textContent()).toContain(MENSAJES_CUENTA.estaSesion);
    expect(await sesiones.first().textContent()).toMatch(/Chrome en Linux/);
    await esperarSinViolaciones(page, 'Mi cuenta a 390 px');
    await capturaVisible(page, 'mi-cuenta-390');
    await captura(page, 'mi-cuenta-390-entera');

    // Cancel changes nothing.
    await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Cerrar las demás sesiones' });
    await visible(dialogo);
    expect(await dialogo.textContent()).toContain(MENSAJES_CUENTA.confirmarCerrarOtras);
    await esperarSinViolaciones(page, 'Mi cuenta, confirmación de cerrar las demás sesiones');
    await capturaVisible(page, 'mi-cuenta-390-confirmar');
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await dialogo.waitFor({ state: 'hidden' });
    expect(await sesiones.count()).toBe(2);

    await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await dialogo.getByRole('button', { name: 'Cerrar sesiones' }).click();
    await verTexto(page, MENSAJES_CUENTA.sesionesCerradas(1));
    await expect.poll(() => sesiones.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).isDisabled()).toBe(true);

    // The other browser: its session is gone; a protected page sends it to sign in.
    await otro.page.goto('/miCuenta');
    await otro.page.waitForURL('**/login');
    await expect.poll(() => otro.page.getByRole('link', { name: 'Mi cuenta' }).count()).toBe(0);
    otro.errores.length = 0; // its stale session answered 401 once
    await otro.cerrar();

    // This one goes on.
    await page.reload();
    await expect.poll(() => sesiones.count()).toBe(1);
    await s.cerrar();
  });

  it('is only for signed-in customers: a visitor goes to sign in, and the navbar does not offer it', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/');
    expect(await s.page.getByRole('link', { name: 'Mi cuenta' }).count()).toBe(0);
    await s.page.goto('/miCuenta');
    await s.page.waitForURL('**/login');
    await s.cerrar();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LARGOS_PERSONA, MENSAJES_PERSONA, mensajeDemasiadoLargo } from '../domain/persona';
import { MENSAJES_USUARIO } from '../domain/usuario';
import { esperarSinViolaciones } from './soporte/accesibilidad';
import { verTexto } from './soporte/admin';
import { captura, capturaVisible, nuevaSesion } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

describe('location (spec screen 2)', () => {
  it('invites to the shop, embeds the map, draws the truck and links e-mail, WhatsApp and Instagram', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/');
    await s.page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Ubicación' }).click();
    await s.page.waitForURL('**/DondeEstamos');
    await expect.poll(() => s.page.getByRole('heading', { level: 1 }).textContent()).toBe('Vení a visitarnos o recibí tu pedido en casa');
    const mapa = s.page.locator('iframe');
    expect(await mapa.getAttribute('title')).toMatch(/^Mapa: Librería Mendoza/);
    expect(await mapa.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
    expect(await s.page.getByRole('img', { name: 'Camión de envíos de la librería' }).isVisible()).toBe(true);
    const main = s.page.getByRole('main');
    expect(await main.getByRole('link', { name: /@libreriamendoza\.com\.ar/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await main.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(await main.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toMatch(/^https:\/\/www\.instagram\.com\//);
    await captura(s.page, 'ubicacion-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await captura(s.page, 'ubicacion-390');
    await s.cerrar();
  });
});

describe('registration (spec screen 25)', () => {
  it('asks for every field, checks the e-mail and the password length', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/login');
    await s.page.getByRole('link', { name: 'Registrate' }).click();
    await s.page.waitForURL('**/registro');
    await s.page.getByRole('button', { name: 'Registrarme' }).click();
    for (const m of ['El nombre es obligatorio', 'El apellido es obligatorio', 'El email es obligatorio', 'El teléfono es obligatorio', 'La calle es obligatoria', 'El número es obligatorio']) {
      await expect.poll(() => s.page.getByText(m, { exact: true }).isVisible()).toBe(true);
    }
    await s.page.getByRole('textbox', { name: 'Email' }).fill('no-es-un-email');
    await s.page.getByLabel(/^Contraseña/).fill('corta');
    await s.page.getByRole('button', { name: 'Registrarme' }).click();
    await expect.poll(() => s.page.getByText('El email no es válido').isVisible()).toBe(true);
    expect(await s.page.getByText('La contraseña debe tener al menos 8 caracteres').isVisible()).toBe(true);
    // Province and locality come from the enumerations, with their labels; Mendoza and Capital by default.
    expect(await s.page.getByRole('combobox', { name: 'Provincia' }).inputValue()).toBe('MENDOZA');
    expect(await s.page.getByRole('combobox', { name: 'Localidad' }).inputValue()).toBe('CAPITAL');
    expect(await s.page.getByRole('combobox', { name: 'Localidad' }).locator('option:checked').textContent()).toBe('Ciudad de Mendoza');
    await captura(s.page, 'registro-errores-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await capturaVisible(s.page, 'registro-390');
    await s.cerrar();
  });

  // Rough edge 1: a 300-character name, a 500-character street and a 23-character number said 'es obligatorio'.
  it.each([1280, 390])('too-long inputs stop at the server\'s limits and, past them, say so on their field (%i px)', async (ancho) => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho, alto: 900 });
    const { page } = s;
    await page.goto('/registro');
    const nombre = page.getByRole('textbox', { name: 'Nombre' });
    const calle = page.getByRole('textbox', { name: 'Calle' });
    const numero = page.getByRole('textbox', { name: 'Número' });
    await nombre.fill('n'.repeat(300));
    await calle.fill('c'.repeat(500));
    await numero.fill('9'.repeat(23));
    // The inputs take as much as the server does (the same constants).
    expect((await nombre.inputValue()).length).toBe(LARGOS_PERSONA.nombre);
    expect((await calle.inputValue()).length).toBe(LARGOS_PERSONA.calle);
    expect((await numero.inputValue()).length).toBe(LARGOS_PERSONA.numero);

    // A browser that lets more through (an extension, an old one): the length message, on the field.
    await page.evaluate(() => document.querySelectorAll('input[maxlength]').forEach((i) => i.removeAttribute('maxlength')));
    await nombre.fill('n'.repeat(300));
    await calle.fill('c'.repeat(500));
    await numero.fill('9'.repeat(23));
    await page.getByRole('button', { name: 'Registrarme' }).click();
    for (const campo of ['nombre', 'calle', 'numero'] as const) await verTexto(page, mensajeDemasiadoLargo(campo));
    expect(await page.getByText(/El nombre es obligatorio|La calle es obligatoria|El número es obligatorio/).count()).toBe(0);
    await esperarSinViolaciones(page, `registro con textos demasiado largos a ${ancho} px`);
    await captura(page, `registro-demasiado-largo-${ancho}`);
    await s.cerrar();
  });

  it('outside Mendoza asks for the written locality and a postal code; the server\'s field errors land on their input', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const { page } = s;
    await completar(page, 'mario.cba', { enviar: false });
    await page.getByRole('combobox', { name: 'Provincia' }).selectOption('CORDOBA');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await verTexto(page, MENSAJES_PERSONA.localidadTextoObligatoria);
    await verTexto(page, MENSAJES_PERSONA.codigoPostalObligatorio);
    await page.getByRole('textbox', { name: 'Localidad' }).fill('Río Cuarto');
    await page.getByRole('textbox', { name: 'Código postal' }).fill('5800');
    // A common password: only the server knows the list; its answer goes under the password.
    await page.getByLabel(/^Contraseña/).fill('password123');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    const clave = page.getByLabel(/^Contraseña/);
    await expect.poll(async () => {
      const ids = ((await clave.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
      return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ');
    }).toContain(MENSAJES_USUARIO.claveComun);
    s.errores.length = 0; // the browser logs the 400 itself
    await esperarSinViolaciones(page, 'registro fuera de Mendoza con el error del servidor');
    await page.getByLabel(/^Contraseña/).fill('una-clave-larga');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await s.cerrar();
  });

  async function completar(page: Page, usuario: string, { enviar = true } = {}) {
    await page.goto('/registro');
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Ana');
    await page.getByRole('textbox', { name: 'Apellido' }).fill('Pérez');
    await page.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('261 555-1234');
    await page.getByRole('textbox', { name: 'Calle' }).fill('Av. Colón');
    await page.getByRole('textbox', { name: 'Número' }).fill('123');
    await page.getByRole('combobox', { name: 'Localidad' }).selectOption({ label: 'Godoy Cruz' });
    await page.getByRole('textbox', { name: 'Usuario' }).fill(usuario);
    await page.getByLabel(/^Contraseña/).fill('una-clave-larga');
    if (enviar) await page.getByRole('button', { name: 'Registrarme' }).click();
  }

  it('a taken user name says so clearly', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await completar(s.page, 'cliente');
    await expect.poll(() => s.page.getByRole('alert').first().textContent()).toBe('El nombre de usuario ya existe');
    s.errores.length = 0; // the browser logs the 409 itself
    await captura(s.page, 'registro-usuario-existente');
    await s.cerrar();
  });

  it('a new customer is registered, logged in and taken home', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await completar(s.page, 'ana.perez');
    await s.page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => s.page.getByText('Hola, ana.perez').isVisible()).toBe(true);
    expect(await s.page.getByRole('navigation', { name: 'Principal', exact: true }).getByRole('link', { name: 'Mis compras' }).isVisible()).toBe(true);
    await s.cerrar();
  });
});

describe('login (spec screen 4)', () => {
  it('a wrong password shows the spec message', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/login');
    await s.page.getByLabel('Usuario').fill('cliente');
    await s.page.getByLabel('Contraseña', { exact: true }).fill('equivocada');
    await s.page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => s.page.getByRole('alert').textContent()).toBe('Usuario o contraseña incorrectos');
    s.errores.length = 0;
    await s.page.setViewportSize({ width: 390, height: 844 });
    await captura(s.page, 'login-390');
    await s.cerrar();
  });
});

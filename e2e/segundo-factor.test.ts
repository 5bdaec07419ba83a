import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_SEGUNDO_FACTOR as M } from '../domain/segundo-factor';
import { verTexto, visible } from './soporte/admin';
import { esperarSinViolaciones } from './soporte/accesibilidad';
import { entornoDePrueba } from './soporte/entorno';
import { captura, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_ADMIN, iniciarServidor, type ServidorDePrueba } from './soporte/servidor';

// Its own servers: the demo admin enrols a second factor here. Codes are computed from the key the page
// shows, with the real clock the server uses too.

const entorno = entornoDePrueba();

/** The app's code at `ms` (the library, not the server's code, computes it). */
const codigoEn = (secreto: string, ms = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secreto), timestamp: ms });
const PASO = 30_000;
/** The demo admin's recovery codes, once the first test has enrolled them (it spent the first one). */
let codigosDelAdmin: string[] = [];

async function primerPaso(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill(CLAVE_ADMIN);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** From the Seguridad page: generates the QR, confirms with a code, answers the key and the recovery codes. */
async function activar(page: Page, nombreCaptura: string) {
  await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  const qr = page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' });
  await visible(qr);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const secreto = (await page.locator('[data-clave]').textContent())!.replaceAll(' ', '');
  expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
  await captura(page, `${nombreCaptura}-qr`);
  await esperarSinViolaciones(page, 'Seguridad: el código QR para activar');
  await page.getByLabel('Código de verificación').fill(codigoEn(secreto));
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  const lista = page.getByRole('list', { name: 'Códigos de recuperación' });
  await visible(lista);
  const codigos = (await lista.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await esperarSinViolaciones(page, 'Seguridad: los códigos de recuperación');
  expect(codigos).toHaveLength(10);
  return { secreto, codigos };
}

describe('second factor (ADMIN_MFA=opcional): enrolment, then sign-in in two steps', () => {
  it('enrols from the Seguridad page with the QR and a computed code, downloads the recovery codes, and signs in with a code and with a recovery code', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const { page, contexto } = s;
    // Without a second factor the demo admin signs in with the password alone.
    await login(page, 'admin', CLAVE_ADMIN);
    await page.goto('/Admin');
    await page.getByRole('link', { name: /Seguridad/ }).click();
    await page.waitForURL('**/Admin/seguridad');
    await visible(page.getByRole('heading', { name: 'Verificación en dos pasos' }));
    await verTexto(page, 'Desactivada');

    // A wrong first code is refused on its input.
    await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
    await visible(page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' }));
    const secretoMal = (await page.locator('[data-clave]').textContent())!.replaceAll(' ', '');
    await page.getByLabel('Código de verificación').fill(codigoEn(secretoMal, Date.now() + 10 * PASO));
    await page.getByRole('button', { name: 'Confirmar y activar' }).click();
    await verTexto(page, M.codigoIncorrecto);
    s.errores.length = 0; // the browser logs the 400 itself
    await page.reload();

    const { secreto, codigos } = await activar(page, 'seguridad');
    expect(secreto).not.toBe(secretoMal);
    await captura(page, 'seguridad-codigos');
    const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar' }).click()]);
    expect(descarga.suggestedFilename()).toBe('codigos-de-recuperacion-admin.txt');
    const texto = fs.readFileSync((await descarga.path())!, 'utf8');
    for (const c of codigos) expect(texto).toContain(c);
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await verTexto(page, 'Activada');
    await verTexto(page, 'Te quedan 10 códigos de recuperación sin usar.');
    expect(await page.getByRole('list', { name: 'Códigos de recuperación' }).count()).toBe(0);

    // Sign out, and in again: password, then the code.
    await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
    await page.waitForURL('**/login');
    await primerPaso(page);
    await visible(page.getByRole('heading', { name: 'Verificación en dos pasos' }));
    const cookies = await contexto.cookies();
    expect(cookies.find((c) => c.name === 'sesion')).toBeUndefined();
    const pendiente = cookies.find((c) => c.name === 'inicio_pendiente');
    expect(pendiente?.httpOnly).toBe(true);
    // Five minutes, give or take the clocks: HTTP dates have whole seconds, and Chromium counts the expiry from the
    // answer's Date header, which Node refreshes about once a second (a CI run saw 300,980 ms).
    expect(pendiente!.expires * 1000 - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 2_000);
    expect(await page.evaluate(() => localStorage.getItem('usuario'))).toBeNull();
    await captura(page, 'login-codigo');
    // The login's second step, at both widths.
    await esperarSinViolaciones(page, 'el segundo paso del inicio de sesión a 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await esperarSinViolaciones(page, 'el segundo paso del inicio de sesión a 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Código', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await verTexto(page, M.codigoIncorrecto);
    s.errores.length = 0; // the 401, logged by the browser
    // The enrolment used this step's code: the next one is within the server's window.
    await page.getByLabel('Código', { exact: true }).fill(codigoEn(secreto, Date.now() + PASO));
    await page.getByRole('button', { name: 'Verificar' }).click();
    // Back to the page the sign-out left (the Seguridad page).
    await page.waitForURL('**/Admin/seguridad');
    expect((await contexto.cookies()).find((c) => c.name === 'sesion')).toBeDefined();
    await verTexto(page, 'Activada');

    // With a recovery code instead of the phone.
    await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
    await page.waitForURL('**/login');
    await primerPaso(page);
    await page.getByLabel('Código', { exact: true }).fill(codigos[0]!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/Admin/seguridad');
    await verTexto(page, M.codigosRestantes(9));
    await verTexto(page, 'Te quedan 9 códigos de recuperación sin usar.');
    codigosDelAdmin = codigos;
    await s.cerrar();
  });

  // After the test above, which left the demo admin with a second factor.
  it("another admin removes the demo admin's second factor from the user form; the demo admin then signs in with the password alone", async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    const { page, contexto } = s;
    const otro = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    // A second admin, made through the API with the first admin's session (signed in with a recovery
    // code: the app's next code may already be spent by the test above).
    await primerPaso(page);
    await visible(page.getByRole('heading', { name: 'Verificación en dos pasos' }));
    expect(codigosDelAdmin).toHaveLength(10);
    await page.getByLabel('Código', { exact: true }).fill(codigosDelAdmin[1]!);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const creado = await contexto.request.post('/api/user', { data: { usuario: 'segunda', clave: 'tinta-verde-2031', rol: 'ADMIN' } });
    expect(creado.status()).toBe(201);
    await s.cerrar();

    await login(otro.page, 'segunda', 'tinta-verde-2031');
    await otro.page.goto('/grillaUsuarios');
    await otro.page.getByRole('link', { name: 'Editar admin' }).click();
    const seccion = otro.page.getByRole('group', { name: 'Verificación en dos pasos' });
    await visible(seccion.getByText('Activada'));
    await seccion.getByRole('button', { name: 'Quitar verificación en dos pasos' }).click();
    const dialogo = otro.page.getByRole('dialog', { name: 'Quitar verificación en dos pasos' });
    await visible(dialogo);
    await captura(otro.page, 'usuario-quitar-segundo-factor');
    await dialogo.getByRole('button', { name: 'Quitar' }).click();
    await verTexto(otro.page, M.restablecida('admin'));
    await visible(seccion.getByText('Desactivada'));
    expect(await seccion.getByRole('button', { name: 'Quitar verificación en dos pasos' }).count()).toBe(0);
    // One's own is not removed there: a link to Seguridad instead.
    await otro.page.goto('/grillaUsuarios');
    await otro.page.getByRole('link', { name: 'Editar segunda' }).click();
    await visible(otro.page.getByRole('group', { name: 'Verificación en dos pasos' }).getByRole('link', { name: 'Seguridad' }));
    await otro.cerrar();

    const despues = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(despues.page, 'admin', CLAVE_ADMIN);
    await despues.cerrar();
  });
});

describe('second factor (ADMIN_MFA=obligatorio)', () => {
  let obligatorio: ServidorDePrueba;
  beforeAll(async () => {
    obligatorio = await iniciarServidor({ ADMIN_MFA: 'obligatorio' });
  });
  afterAll(async () => {
    await obligatorio?.detener();
  });

  it('an admin without one is taken to the Seguridad page, and kept there until enrolling (on a phone)', async () => {
    const s = await nuevaSesion(entorno.navegador, obligatorio.url, { ancho: 390, alto: 844 });
    const { page } = s;
    await primerPaso(page);
    await page.waitForURL('**/Admin/seguridad');
    await visible(page.getByRole('alert').filter({ hasText: 'Verificación en dos pasos obligatoria' }));
    await captura(page, 'seguridad-obligatoria');
    await page.goto('/grillaPedidos');
    await page.waitForURL('**/Admin/seguridad');
    await activar(page, 'seguridad-obligatoria');
    await captura(page, 'seguridad-obligatoria-codigos');
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Verificación en dos pasos obligatoria' }).count()).toBe(0);
    await page.goto('/grillaPedidos');
    await visible(page.getByRole('heading', { name: 'Pedidos' }));
    expect(new URL(page.url()).pathname).toBe('/grillaPedidos');
    await s.cerrar();
  });
});

import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { MENSAJES_RECUPERACION } from '../domain/recuperar-clave';
import { MENSAJES_USUARIO } from '../domain/usuario';
import { iniciarSmtpDePrueba, type SmtpDePrueba } from '../server/test/smtp-de-prueba';
import { verTexto } from './soporte/admin';
import { captura, login, nuevaSesion } from './soporte/navegador';
import { entornoDePrueba } from './soporte/entorno';

// A forgotten password end to end: the link is read from a real SMTP server the server sends to.

let smtp: SmtpDePrueba;
const env: Record<string, string> = {};
beforeAll(async () => {
  smtp = await iniciarSmtpDePrueba();
  env.SMTP_URL = smtp.url;
});
afterAll(() => smtp?.detener());
const entorno = entornoDePrueba(env);

const EMAIL = 'lucia.fernandez@example.com';

describe('¿Olvidaste tu contraseña?', () => {
  it('e-mails a one-use link from the login page, sets a new password under the rules, and signs in with it', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url, { ancho: 390, alto: 844 });
    const { page } = s;
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL('**/olvideClave');
    await page.getByLabel('Usuario o correo electrónico').fill(EMAIL);
    await page.getByRole('button', { name: 'Enviar el enlace' }).click();
    await verTexto(page, MENSAJES_RECUPERACION.enlacePedido);
    await captura(page, 'recuperar-clave-pedido');

    const [correo] = await smtp.esperarPara(EMAIL);
    expect(correo!.asunto).toBe('Elegí una contraseña nueva');
    const enlace = /(http:\/\/127\.0\.0\.1:\d+\/restablecerClave#token=[\w-]+)/.exec(correo!.texto)?.[1];
    expect(enlace).toBeTruthy();

    await page.goto(enlace!);
    await page.getByLabel(/^Contraseña nueva/).fill('password123');
    await page.getByLabel(/^Repetir contraseña nueva/).fill('password123');
    await page.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
    await verTexto(page, MENSAJES_USUARIO.claveComun);
    s.errores.length = 0; // the browser logs the 400 itself
    await captura(page, 'recuperar-clave-nueva');

    await page.getByLabel(/^Contraseña nueva/).fill('acuarelas-de-otono-31');
    await page.getByLabel(/^Repetir contraseña nueva/).fill('acuarelas-de-otono-31');
    await page.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
    await page.waitForURL('**/login');
    await verTexto(page, MENSAJES_RECUPERACION.claveRestablecida);
    await login(page, 'cliente', 'acuarelas-de-otono-31');

    // The link worked once.
    await page.goto(enlace!);
    await page.getByLabel(/^Contraseña nueva/).fill('acuarelas-de-otono-32');
    await page.getByLabel(/^Repetir contraseña nueva/).fill('acuarelas-de-otono-32');
    await page.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
    await verTexto(page, MENSAJES_RECUPERACION.enlaceInvalido);
    s.errores.length = 0;
    await s.cerrar();
  });
});

import { describe, expect, it } from 'vitest';
import { captura, login, nuevaSesion } from './soporte/navegador';
import { CLAVE_ADMIN, CLAVE_CLIENTE } from './soporte/servidor';
import { entornoDePrueba } from './soporte/entorno';

const entorno = entornoDePrueba();

describe('home page', () => {
  it('shows every section of spec screen 1', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/');
    await expect.poll(() => s.page.getByRole('heading', { name: 'Todo para tu escritorio y tus ideas' }).isVisible()).toBe(true);
    for (const texto of ['Envíos a todo el país. Compra fácil y segura.', 'Envíos rápidos y seguros a todo el país']) {
      expect(await s.page.getByText(texto).isVisible()).toBe(true);
    }
    expect(await s.page.getByRole('heading', { name: 'Artículo destacado' }).isVisible()).toBe(true);
    expect(await s.page.getByRole('link', { name: /^Ver más/ }).count()).toBe(3);
    for (const servicio of ['Impresiones', 'Fotocopias', 'Anillados', 'Plastificados', 'Regalería', 'Oficina']) {
      // In the page itself: the navbar has an 'Impresiones' link too.
      expect(await s.page.locator('main').getByText(servicio, { exact: true }).isVisible()).toBe(true);
    }
    // Printing is sold online (issue 21): the service and a button lead to its page.
    expect(await s.page.locator('main').getByRole('link', { name: 'Impresiones', exact: true }).getAttribute('href')).toBe('/impresiones');
    expect(await s.page.getByRole('link', { name: 'Imprimí online: subí tu PDF' }).getAttribute('href')).toBe('/impresiones');
    for (const marca of ['Faber-Castell', 'Rivadavia', 'Maped', 'Bic', 'Filgo', 'Staedtler']) {
      expect(await s.page.getByRole('img', { name: marca }).isVisible()).toBe(true);
    }
    expect(await s.page.getByRole('link', { name: 'Escribinos por WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    await s.page.getByRole('link', { name: 'Ver productos' }).click();
    await s.page.waitForURL('**/products');
    await s.page.goto('/');
    await captura(s.page, 'inicio-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await captura(s.page, 'inicio-390');
    await s.cerrar();
  });
});

describe('login and guards', () => {
  it('blank fields show "Ambos campos son obligatorios"', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/login');
    await s.page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => s.page.getByRole('alert').textContent()).toBe('Ambos campos son obligatorios');
    await s.cerrar();
  });

  it('a wrong password shows "Usuario o contraseña incorrectos"', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/login');
    await s.page.getByLabel('Usuario').fill('admin');
    await s.page.getByLabel('Contraseña', { exact: true }).fill('equivocada');
    await s.page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => s.page.getByRole('alert').textContent()).toBe('Usuario o contraseña incorrectos');
    s.errores.length = 0; // the browser logs the 401 of the failed login itself
    await captura(s.page, 'login-error');
    await s.cerrar();
  });

  it('an admin sees "Administrador" and reaches /Admin; logout goes to /login', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'admin', CLAVE_ADMIN);
    const nav = s.page.getByRole('navigation', { name: 'Principal', exact: true });
    await expect.poll(() => nav.getByRole('link', { name: /Administrador/ }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Mis compras' }).count()).toBe(0);
    expect(await s.page.getByText('Hola, admin').isVisible()).toBe(true);
    await nav.getByRole('link', { name: /Administrador/ }).click();
    await expect.poll(() => s.page.getByRole('heading', { name: 'Bienvenido, Administrador' }).isVisible()).toBe(true);
    await captura(s.page, 'admin-inicio');
    await s.page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await s.page.waitForURL('**/login');
    await s.cerrar();
  });

  it('the bar fits the window with a customer logged in, the cart always in sight; the phone menu says whether it is open', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    const carrito = s.page.getByRole('button', { name: /^Abrir carrito/ });
    // Seven links, the greeting and the session were 1289 px wide at 1200 (the cart out of sight).
    for (const ancho of [1200, 1280, 1366, 1920, 390, 320]) {
      await s.page.setViewportSize({ width: ancho, height: 800 });
      await expect
        .poll(() => s.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: `barra a ${ancho} px` })
        .toBe(true);
      const caja = await carrito.boundingBox();
      expect(caja && caja.x + caja.width <= ancho, `carrito visible a ${ancho} px`).toBe(true);
    }
    await s.page.setViewportSize({ width: 1280, height: 800 });
    await captura(s.page, 'barra-cliente-1280');
    await s.page.setViewportSize({ width: 390, height: 844 });
    const menu = s.page.getByRole('button', { name: 'Abrir menú' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await expect.poll(() => s.page.getByRole('navigation', { name: 'Principal (móvil)' }).isVisible()).toBe(true);
    const abierto = s.page.getByRole('button', { name: 'Cerrar menú' });
    expect(await abierto.getAttribute('aria-expanded')).toBe('true');
    await s.page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await s.cerrar();
  });

  it('a customer sees "Mis compras", not "Administrador", and is sent from /Admin to /', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await login(s.page, 'cliente', CLAVE_CLIENTE);
    const nav = s.page.getByRole('navigation', { name: 'Principal', exact: true });
    await expect.poll(() => nav.getByRole('link', { name: 'Mis compras' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: /Administrador/ }).count()).toBe(0);
    await s.page.goto('/Admin');
    await s.page.waitForURL((url) => url.pathname === '/');
    await s.cerrar();
  });

  it('an anonymous visit to /Admin lands on /login', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/Admin');
    await s.page.waitForURL('**/login');
    await expect.poll(() => s.page.getByRole('heading', { name: 'Iniciar Sesión' }).isVisible()).toBe(true);
    await s.cerrar();
  });
});

describe('API documentation', () => {
  it('/api/docs shows the OpenAPI description in the browser', async () => {
    const s = await nuevaSesion(entorno.navegador, entorno.servidor.url);
    await s.page.goto('/api/docs');
    await expect.poll(() => s.page.getByText('API de la librería').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => s.page.getByText('/api/auth/login').first().isVisible()).toBe(true);
    await captura(s.page, 'api-docs');
    await s.cerrar();
  });
});

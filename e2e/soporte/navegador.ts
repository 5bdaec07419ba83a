import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page, type Response } from 'playwright-core';
import { expect } from 'vitest';
import { ATRIBUTO_APP_MONTADA, AVISO_PRERENDER_DISTINTO, ID_ESTADO_INICIAL } from '../../domain/prerender';
import { esperarSinViolaciones } from './accesibilidad';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function abrirNavegador(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface Sesion {
  contexto: BrowserContext;
  page: Page;
  /** console.error and page errors seen: a test fails if any is left unexpected. */
  errores: string[];
  cerrar: () => Promise<void>;
}

/** A fresh browser context (no cookies, empty storage) with the page's errors collected. */
export async function nuevaSesion(
  navegador: Browser,
  baseURL: string,
  opciones: { ancho?: number; alto?: number } = {},
): Promise<Sesion> {
  const contexto = await navegador.newContext({
    baseURL,
    viewport: { width: opciones.ancho ?? 1280, height: opciones.alto ?? 900 },
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Mendoza',
  });
  // Nothing outside the shop is reachable here: maps and chat links must not slow the tests.
  await contexto.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (ruta) => ruta.abort());
  const page = await contexto.newPage();
  const errores: string[] = [];
  // A page the server answers 404 on purpose (the not-found page) is logged by the browser as a failed
  // load of that very page: the answer asked for, not an error of the page.
  const paginasNoEncontradas = new Set<string>();
  page.on('response', (r) => {
    if (r.status() === 404 && r.request().resourceType() === 'document') paginasNoEncontradas.add(r.url());
  });
  const esPaginaNoEncontrada = (m: ConsoleMessage) => m.text().includes('status of 404') && paginasNoEncontradas.has(m.location().url);
  page.on('console', (m) => {
    if (m.type() === 'error' && !/net::ERR_FAILED|ERR_BLOCKED|openstreetmap/.test(m.text()) && !esPaginaNoEncontrada(m)) errores.push(m.text());
    // The prerendered page and the app's first render must agree (hydration, web/src/main.tsx).
    if (m.type() === 'warning' && m.text().includes(AVISO_PRERENDER_DISTINTO)) errores.push(m.text());
  });
  page.on('pageerror', (e) => errores.push(e.message));
  esperarAppTrasCargar(page, baseURL);
  return {
    contexto,
    page,
    errores,
    cerrar: async () => {
      await contexto.close();
      expect(errores.join('\n'), 'errores en la consola del navegador').toBe('');
    },
  };
}

/**
 * A storefront page arrives prerendered and the app takes over its markup a moment later: a test that
 * typed or clicked before that would act on markup about to be replaced. After every goto and reload,
 * wait for the app; then check the page with axe-core (WCAG 2.2 AA, e2e/soporte/accesibilidad.ts), so
 * that every browser test checks every screen it visits. A screen (its path, at this viewport width) is
 * checked once per session: the first visit, as it is when the app has taken over.
 */
function esperarAppTrasCargar(page: Page, baseURL: string) {
  const revisadas = new Set<string>();
  const alCargar = async (respuesta: Response | null) => {
    await page.waitForFunction(
      ([estado, montada]) => !document.getElementById(estado) || document.documentElement.hasAttribute(montada),
      [ID_ESTADO_INICIAL, ATRIBUTO_APP_MONTADA] as const,
    );
    const url = new URL(page.url());
    // Only the shop's own pages: not another origin (tests of foreign origins), not JSON or files,
    // not the API's documentation (Swagger UI, a developer's tool, not a screen of the shop).
    if (url.origin !== new URL(baseURL).origin || url.pathname.startsWith('/api/docs')) return;
    if (respuesta && !(respuesta.headers()['content-type'] ?? '').includes('text/html')) return;
    const clave = `${url.pathname} a ${page.viewportSize()?.width ?? 0} px`;
    if (revisadas.has(clave)) return;
    revisadas.add(clave);
    await esperarSinViolaciones(page, clave);
  };
  const irA = page.goto.bind(page);
  page.goto = async (...args) => {
    const respuesta = await irA(...args);
    await alCargar(respuesta);
    return respuesta;
  };
  const recargar = page.reload.bind(page);
  page.reload = async (...args) => {
    const respuesta = await recargar(...args);
    await alCargar(respuesta);
    return respuesta;
  };
}

/** Logs in through the login page, as a person would. */
export async function login(page: Page, usuario: string, clave: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña', { exact: true }).fill(clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Saves a screenshot in test-results/ to look at. */
export async function captura(page: Page, nombre: string): Promise<string> {
  const carpeta = path.resolve('test-results', 'capturas');
  fs.mkdirSync(carpeta, { recursive: true });
  const archivo = path.join(carpeta, `${nombre}.png`);
  await page.screenshot({ path: archivo, fullPage: true });
  return archivo;
}

/** Saves a screenshot of what the viewport shows (long phone pages would be unreadable whole). */
export async function capturaVisible(page: Page, nombre: string): Promise<string> {
  const carpeta = path.resolve('test-results', 'capturas');
  fs.mkdirSync(carpeta, { recursive: true });
  const archivo = path.join(carpeta, `${nombre}.png`);
  await page.screenshot({ path: archivo });
  return archivo;
}

/**
 * Opens `url` with every script held until the function it returns is called: the page as the server
 * drew it, before the app takes it over (hydration), as a slow phone shows it for a while. Uses the
 * frame's own goto: the session's waits for the app, which the held scripts keep from coming.
 */
export async function abrirConScriptsRetenidos(page: Page, url: string): Promise<() => void> {
  let soltar = () => {};
  const retenidos = new Promise<void>((r) => (soltar = r));
  await page.route(/\.js(\?|$)/, async (ruta) => {
    await retenidos;
    await ruta.continue();
  });
  await page.mainFrame().goto(url, { waitUntil: 'commit' });
  return soltar;
}

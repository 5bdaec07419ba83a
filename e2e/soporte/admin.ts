import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { login, nuevaSesion, type Sesion } from './navegador';
import { CLAVE_ADMIN } from './servidor';

/** A fresh browser session logged in as the demo administrator. */
export async function sesionAdmin(navegador: Browser, url: string, opciones: { ancho?: number; alto?: number } = {}): Promise<Sesion> {
  const s = await nuevaSesion(navegador, url, opciones);
  await login(s.page, 'admin', CLAVE_ADMIN);
  return s;
}

/** Waits until the locator is visible (the app loads lazily and fetches first). */
export async function visible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits for a text to appear anywhere on the page (toasts, alerts, cells). */
export async function verTexto(page: Page, texto: string | RegExp, timeout = 10_000): Promise<void> {
  await visible(page.getByText(texto), timeout);
}

/** The body rows of a table found by its accessible name. */
export const filas = (page: Page, tabla: string) => page.getByRole('table', { name: tabla }).locator('tbody tr');

export async function esperarFilas(page: Page, tabla: string, cantidad: number): Promise<void> {
  await expect.poll(() => filas(page, tabla).count(), { timeout: 10_000 }).toBe(cantidad);
}

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** 'yyyy-MM-dd' of today in Mendoza, as the screens use it. */
export const hoyMendoza = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Mendoza', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

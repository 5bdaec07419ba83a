import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rules of WCAG 2.2 at levels A and AA, as axe-core tags them. */
export const ETIQUETAS_WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface Violacion {
  regla: string;
  impacto: string;
  nodos: string[];
}

/** What axe-core finds wrong on the page as it is now (open dialogs and panels included). */
export async function violacionesDeAccesibilidad(page: Page): Promise<Violacion[]> {
  const resultado = await new AxeBuilder({ page }).withTags(ETIQUETAS_WCAG_22_AA).analyze();
  return resultado.violations.map((v) => ({
    regla: v.id,
    impacto: v.impact ?? '',
    nodos: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`.slice(0, 300)),
  }));
}

const DIALOGOS = '[role="dialog"]';
/** Dialogs and toasts: what fades in over the page and is judged once whole. */
export const CAPAS_QUE_APARECEN = `${DIALOGOS}, .mantine-Notification-root`;

/**
 * Waits (at most 5 s) until the page has settled: no transition running and every visible element of
 * `capas` whole (opacity 1 up its ancestors). A layer still fading in blends its colours with what is
 * under it, and Mantine sets a layer's first frame (opacity 0) before its transition starts, so on a busy
 * machine there was a moment with neither.
 */
export async function esperarCapasEnteras(page: Page, capas = DIALOGOS): Promise<void> {
  await page
    .waitForFunction(
      (selector) => {
        const opaco = (el: Element | null): boolean => !el || (Number(getComputedStyle(el).opacity) === 1 && opaco(el.parentElement));
        return document.getAnimations().every((a) => a.playState !== 'running') && [...document.querySelectorAll(selector)].filter((d) => d.getClientRects().length > 0).every(opaco);
      },
      capas,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Fails the test with a readable list when the page, as it is now, has any WCAG 2.2 AA violation. */
export async function esperarSinViolaciones(page: Page, donde = page.url()): Promise<void> {
  await esperarCapasEnteras(page);
  expect(await violacionesDeAccesibilidad(page), `violaciones de accesibilidad en ${donde}`).toEqual([]);
}

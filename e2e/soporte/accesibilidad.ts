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
 * Waits (at most 5 s) until the page has settled: no transition running, nothing marked `aria-busy`
 * (the catalogue's grid is dimmed while its next page loads, which took over 3 s on a loaded CI machine)
 * and every visible element of `capas` whole (opacity 1 up its ancestors). A layer still fading in blends
 * its colours with what is under it, and Mantine sets a layer's first frame (opacity 0) before its
 * transition starts, so on a busy machine there was a moment with neither.
 */
export async function esperarCapasEnteras(page: Page, capas = DIALOGOS): Promise<void> {
  await page
    .waitForFunction(
      (selector) => {
        const opaco = (el: Element | null): boolean => !el || (Number(getComputedStyle(el).opacity) === 1 && opaco(el.parentElement));
        if (document.querySelector('[aria-busy="true"]')) return false;
        return document.getAnimations().every((a) => a.playState !== 'running') && [...document.querySelectorAll(selector)].filter((d) => d.getClientRects().length > 0).every(opaco);
      },
      capas,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * What axe-core finds once the page has settled (`capas` whole), asked again for up to 3 s while it finds
 * something: a toast that slid in after the wait, or a list dimmed while its next page loads, has colours
 * it will not keep (a loaded machine had both at contrast 1.8-2.8). A real violation stays, and is returned.
 */
export async function violacionesEstables(page: Page, capas = DIALOGOS): Promise<Violacion[]> {
  const limite = Date.now() + 3_000;
  for (;;) {
    await esperarCapasEnteras(page, capas);
    const vs = await violacionesDeAccesibilidad(page);
    if (vs.length === 0 || Date.now() > limite) return vs;
    await page.waitForTimeout(300);
  }
}

/** Fails the test with a readable list when the page, once settled, has any WCAG 2.2 AA violation. */
export async function esperarSinViolaciones(page: Page, donde = page.url()): Promise<void> {
  expect(await violacionesEstables(page), `violaciones de accesibilidad en ${donde}`).toEqual([]);
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { abrirNavegador } from './navegador';
import { iniciarServidor, type ServidorDePrueba } from './servidor';

export interface EntornoDePrueba {
  readonly servidor: ServidorDePrueba;
  readonly navegador: Browser;
}

/**
 * One server (the built app on its own data folder, `iniciarServidor`) and one browser for a test file:
 * started before its tests, closed after them. Read them inside tests or hooks, once started.
 */
export function entornoDePrueba(env: Record<string, string> = {}): EntornoDePrueba {
  let servidor: ServidorDePrueba | undefined;
  let navegador: Browser | undefined;
  beforeAll(async () => {
    [servidor, navegador] = await Promise.all([iniciarServidor(env), abrirNavegador()]);
  });
  afterAll(async () => {
    await navegador?.close();
    await servidor?.detener();
  });
  return {
    get servidor() {
      if (!servidor) throw new Error('el servidor de prueba todavía no arrancó');
      return servidor;
    },
    get navegador() {
      if (!navegador) throw new Error('el navegador de prueba todavía no arrancó');
      return navegador;
    },
  };
}

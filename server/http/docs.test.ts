import { afterAll, beforeAll, expect, it } from 'vitest';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

it('the OpenAPI document builds and lists every API route', async () => {
  const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(r.statusCode).toBe(200);
  const paths = Object.keys(r.json().paths as Record<string, unknown>);
  for (const ruta of t.app.rutasApi) {
    expect(paths).toContain(ruta.url.replace(/:(\w+)/g, '{$1}'));
  }
});

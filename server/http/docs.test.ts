import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { documentoConAccesos, operacionesDocumentadas } from '../docs/accesos-en-docs';
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

it("docs/api.md shows each route's access as the routes declare it (npm run docs:api writes it)", async () => {
  const archivo = path.resolve(import.meta.dirname, '..', '..', 'docs', 'api.md');
  const texto = fs.readFileSync(archivo, 'utf8');
  const operaciones = await operacionesDocumentadas(t.app);
  expect(operaciones.length).toBe(t.app.rutasApi.length);
  expect(texto, 'docs/api.md no coincide con las rutas: corré `npm run docs:api`').toBe(documentoConAccesos(texto, operaciones));
});

// `npm run docs:api`: writes each route's access into docs/api.md from the routes' own declarations
// (server/docs/accesos-en-docs.ts). A test fails while the file differs from what this writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { leerConfig } from '../server/config';
import { abrirPglite } from '../server/db/client';
import { documentoConAccesos, operacionesDocumentadas } from '../server/docs/accesos-en-docs';

const archivo = path.resolve(import.meta.dirname, '..', 'docs', 'api.md');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-'));
const base = await abrirPglite();
await base.migrar();
// With the simulated checkout, so that its two routes are listed too (they exist only with MP_SIMULADO=1).
const app = await buildApp({ config: leerConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', MP_SIMULADO: '1' }), base });
try {
  await app.ready();
  const antes = fs.readFileSync(archivo, 'utf8');
  const despues = documentoConAccesos(antes, await operacionesDocumentadas(app));
  fs.writeFileSync(archivo, despues);
  console.log(antes === despues ? 'docs/api.md ya estaba al día' : 'docs/api.md actualizado');
} finally {
  await app.close();
  await base.cerrar();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

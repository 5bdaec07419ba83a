import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (where package.json is). Found by walking up because this code runs both from
 * server/*.ts (tsx, tests) and bundled in dist/server/main.mjs (`npm start`), at different depths.
 */
function buscarRaiz(desde: string): string {
  for (let carpeta = desde; ; carpeta = path.dirname(carpeta)) {
    if (fs.existsSync(path.join(carpeta, 'package.json'))) return carpeta;
    if (path.dirname(carpeta) === carpeta) throw new Error(`Sin package.json por encima de ${desde}`);
  }
}

export const RAIZ = buscarRaiz(path.dirname(fileURLToPath(import.meta.url)));

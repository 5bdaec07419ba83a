import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { abrirPglite, abrirPostgres, type BaseDeDatos } from './client';

/** PostgreSQL when DATABASE_URL is set; otherwise embedded PGlite persisted in DATA_DIR. */
export async function abrirBaseDeDatos(config: Config): Promise<BaseDeDatos> {
  if (config.DATABASE_URL) return abrirPostgres(config.DATABASE_URL);
  const dataDir = path.join(config.DATA_DIR, 'pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  return abrirPglite({ dataDir });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { leerConfig, type Config } from '../config';
import type { BaseDeDatos, Db } from '../db/client';
import { crearBaseDePrueba } from './base-de-prueba';

export interface AppDePrueba {
  app: FastifyInstance;
  db: Db;
  base: BaseDeDatos;
  config: Config;
  /** The PostgreSQL database's URL (postgres project only), for a second app instance on it. */
  urlPostgres?: string;
  /** Logs in through the API and answers the Cookie header of the session. */
  cookieDe: (usuario: string, clave: string) => Promise<string>;
  cerrar: () => Promise<void>;
}

export async function crearAppDePrueba(
  env: Record<string, string> = {},
  opciones: Pick<AppDeps, 'antesDeLasRutas' | 'logger' | 'cacheApiSegundos'> = {},
): Promise<AppDePrueba> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-prueba-'));
  const config = leerConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    // The simulated checkout, unless a test brings real credentials (it runs only when asked for).
    ...(env.MP_ACCESS_TOKEN ? {} : { MP_SIMULADO: '1' }),
    // Anti-automation limits out of the way of tests about other things; their own tests set them.
    REGISTROS_POR_DIRECCION_HORA: '100000',
    REGISTROS_POR_HORA: '1000000',
    PEDIDOS_PENDIENTES_MAX: '10000',
    UNIDADES_POR_PRODUCTO_MAX: '1000000',
    ...env,
  });
  const base = await crearBaseDePrueba();
  const app = await buildApp({ config, base, ...opciones });
  await app.ready();

  const cookieDe = async (usuario: string, clave: string) => {
    const respuesta = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario, clave } });
    if (respuesta.statusCode !== 200) throw new Error(`login de ${usuario} falló: ${respuesta.body}`);
    const cookie = respuesta.cookies.find((c) => c.name === 'sesion');
    if (!cookie) throw new Error('el login no dejó cookie de sesión');
    return `sesion=${cookie.value}`;
  };

  return {
    app,
    db: base.db,
    base,
    config,
    urlPostgres: base.url,
    cookieDe,
    cerrar: async () => {
      await app.close();
      await base.cerrar();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

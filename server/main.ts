import path from 'node:path';
import { buildApp } from './app';
import { borrarSesionesVencidas } from './auth/sesiones';
import { leerConfig, modoMercadoPago, type ModoMercadoPago } from './config';
import { abrirBaseDeDatos } from './db/abrir';
import { sembrarSiVacia } from './db/seed/sembrar';
import { flujoDeTexto } from './http/log-pedidos';
import { RAIZ } from './raiz';

const MERCADO_PAGO: Record<ModoMercadoPago, string> = {
  real: 'Mercado Pago: credenciales reales (MP_ACCESS_TOKEN)',
  simulado: 'Mercado Pago: checkout SIMULADO (MP_SIMULADO=1): ningún pago es real, solo para demostración',
  desactivado: 'Mercado Pago: desactivado (sin MP_ACCESS_TOKEN ni MP_SIMULADO=1): solo pedidos en efectivo',
};

async function main() {
  const config = leerConfig();
  const base = await abrirBaseDeDatos(config);
  await base.migrar();
  const app = await buildApp({
    config,
    base,
    logger: { level: config.LOG_LEVEL, ...(config.LOG_FORMATO === 'texto' ? { stream: flujoDeTexto(process.stdout) } : {}) },
    webDir: path.join(RAIZ, 'dist', 'web'),
    prerender: path.join(RAIZ, 'dist', 'ssr', 'entry-server.js'),
    cacheApiSegundos: config.CACHE_API_SEGUNDOS,
  });

  const credenciales = config.SEED === 'demo' ? await sembrarSiVacia(base.db, config, app.log) : undefined;
  await borrarSesionesVencidas(base.db, config);

  let cerrando = false;
  const cerrar = async (senal: string) => {
    if (cerrando) return;
    cerrando = true;
    app.log.info(`${senal}: cerrando`);
    await app.close();
    await base.cerrar();
    process.exit(0);
  };
  process.on('SIGINT', () => void cerrar('SIGINT'));
  process.on('SIGTERM', () => void cerrar('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const motor = base.motor === 'pglite' ? `PGlite en ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  const lineas = [
    '',
    `  Librería lista en ${config.PUBLIC_URL}  (base de datos: ${motor})`,
    `  Documentación de la API: ${config.PUBLIC_URL}/api/docs`,
    `  ${MERCADO_PAGO[modoMercadoPago(config)]}`,
    ...(credenciales ?? []),
    '',
  ];
  console.log(lineas.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

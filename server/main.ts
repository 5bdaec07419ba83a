import path from 'node:path';
import { buildApp } from './app';
import { borrarSesionesVencidas } from './auth/sesiones';
import { leerConfig, modoMercadoPago, type ModoMercadoPago } from './config';
import { abrirBaseDeDatos } from './db/abrir';
import { sembrarSiVacia } from './db/seed/sembrar';
import { flujoDeTexto } from './http/log-pedidos';
import { programarLimpieza } from './impresiones/limpieza';
import { abrirCanalLocal } from './operacion/canal-local';
import { programarMantenimientoPglite } from './operacion/mantenimiento-pglite';
import { respaldar } from './operacion/respaldo-del-servidor';
import { programarRespaldos } from './operacion/respaldo-programado';
import { RAIZ } from './raiz';

const MERCADO_PAGO: Record<ModoMercadoPago, string> = {
  real: 'Mercado Pago: credenciales reales (MP_ACCESS_TOKEN)',
  simulado: 'Mercado Pago: checkout SIMULADO (MP_SIMULADO=1): ningún pago es real, solo para demostración',
  desactivado: 'Mercado Pago: desactivado (sin MP_ACCESS_TOKEN ni MP_SIMULADO=1): solo pedidos en efectivo',
};

/** After APAGADO_MAXIMO_MS and the cut connections, what closing the database may still take. */
const ULTIMO_RECURSO_MS = 5_000;

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

  // PGlite is open here only: `npm run backup` asks this process for it (server/operacion/canal-local.ts).
  const cerrarCanal = base.motor === 'pglite' ? await abrirCanalLocal(config.DATA_DIR, (destino) => respaldar(base, config, destino)) : undefined;
  const detenerRespaldos =
    config.BACKUP_CADA_HORAS > 0
      ? programarRespaldos(
          base,
          config.BACKUP_CADA_HORAS,
          async () => {
            const r = await respaldar(base, config);
            app.log.info({ archivo: r.archivo, bytes: r.bytes, ms: Math.round(r.ms) }, 'respaldo programado hecho');
          },
          app.log,
        )
      : undefined;

  // Customers' print files deleted IMPRESION_BORRAR_DIAS after delivery (one instance at a time).
  const detenerLimpieza = programarLimpieza(base.db, { dir: config.IMPRESIONES_DIR, dias: config.IMPRESION_BORRAR_DIAS }, app.log);
  // PGlite has no autovacuum: the server does its work (server/operacion/mantenimiento-pglite.ts).
  const detenerMantenimiento = programarMantenimientoPglite(base, config.PGLITE_VACUUM_HORAS, app.log);

  let cerrando = false;
  const cerrar = async (senal: string) => {
    if (cerrando) return;
    cerrando = true;
    app.log.info(`${senal}: cerrando`);
    // Stops accepting at once and lets the requests in flight finish, but not forever: past
    // APAGADO_MAXIMO_MS their connections are cut (their transactions roll back, nothing half-written).
    const limite = setTimeout(() => {
      app.log.warn(`${senal}: pedidos en curso después de ${config.APAGADO_MAXIMO_MS} ms; se cortan sus conexiones`);
      app.server.closeAllConnections();
    }, config.APAGADO_MAXIMO_MS);
    // Last resort, should closing the database itself hang after the cut: leave anyway, saying so.
    setTimeout(() => {
      app.log.error(`${senal}: la base de datos no terminó de cerrar; se sale igual`);
      process.exit(1);
    }, config.APAGADO_MAXIMO_MS + ULTIMO_RECURSO_MS).unref();
    // server.close() closes the idle keep-alive connections once, when it starts; a connection whose
    // request was still running then stays open after its answer until its keep-alive time (72 s), and
    // close() waits for it. So the connections that become idle are closed as they do.
    const barrerOciosas = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      // No new backup (local channel, schedule) nor clean-up while the requests finish.
      detenerLimpieza();
      detenerMantenimiento();
      await Promise.all([app.close(), cerrarCanal?.(), detenerRespaldos?.()]);
      await base.cerrar();
    } catch (error) {
      app.log.error({ err: error }, 'error al cerrar');
    } finally {
      clearTimeout(limite);
      clearInterval(barrerOciosas);
    }
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

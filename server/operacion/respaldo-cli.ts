// `npm run backup [-- --destino DIR]` and `npm run restore -- ARCHIVO [--forzar]` (README, 'Operación').
// PGlite while the shop runs: the running server takes the backup (server/operacion/canal-local.ts);
// stopped, or on PostgreSQL: this process does.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { leerConfig } from '../config';
import { abrirBaseDeDatos } from '../db/abrir';
import { abrirPostgres } from '../db/client';
import { canalEnMarcha, pedirRespaldo } from './canal-local';
import { ErrorDeRespaldo, restaurarRespaldo, type Respaldo } from './respaldo';
import { carpetaDeRespaldos, respaldar } from './respaldo-del-servidor';

/** Only what backups need: Mercado Pago's start-up guard (server/config.ts) is not this command's business. */
const config = leerConfig({
  DATA_DIR: process.env.DATA_DIR,
  UPLOADS_DIR: process.env.UPLOADS_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  BACKUP_CONSERVAR: process.env.BACKUP_CONSERVAR,
  MP_SIMULADO: '0',
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backup(argumentos: string[]) {
  const { values } = parseArgs({ args: argumentos, options: { destino: { type: 'string' } } });
  const destino = values.destino ? path.resolve(values.destino) : undefined;
  let r: Respaldo;
  const canal = config.DATABASE_URL ? undefined : canalEnMarcha(config.DATA_DIR);
  if (canal) {
    console.log(`La tienda está en marcha (proceso ${canal.pid}): ella hace el respaldo de PGlite.`);
    r = await pedirRespaldo<Respaldo>(canal, destino);
  } else {
    if (!config.DATABASE_URL && !fs.existsSync(path.join(config.DATA_DIR, 'pglite'))) throw new ErrorDeRespaldo(`No hay base de datos en ${config.DATA_DIR}/pglite`);
    const base = await abrirBaseDeDatos(config);
    try {
      r = await respaldar(base, config, destino);
    } finally {
      await base.cerrar();
    }
  }
  console.log(`Respaldo: ${r.archivo} (${mb(r.bytes)}, ${r.imagenes} imágenes, ${(r.ms / 1000).toFixed(1)} s)`);
  console.log(`Se conservan los últimos ${config.BACKUP_CONSERVAR} en ${carpetaDeRespaldos(config, destino)} (BACKUP_CONSERVAR).`);
}

async function restore(argumentos: string[]) {
  const { values, positionals } = parseArgs({ args: argumentos, allowPositionals: true, options: { forzar: { type: 'boolean', default: false } } });
  const archivo = positionals[0];
  if (!archivo || positionals.length > 1) throw new ErrorDeRespaldo('Uso: npm run restore -- ARCHIVO [--forzar]');
  if (!fs.existsSync(archivo)) throw new ErrorDeRespaldo(`No existe ${archivo}`);
  if (config.DATABASE_URL) {
    const base = await abrirPostgres(config.DATABASE_URL, 2);
    try {
      await restaurarRespaldo({ archivo, uploadsDir: config.UPLOADS_DIR, postgres: base, forzar: values.forzar });
    } finally {
      await base.cerrar();
    }
  } else {
    const canal = canalEnMarcha(config.DATA_DIR);
    if (canal) throw new ErrorDeRespaldo(`La tienda está en marcha sobre ${config.DATA_DIR} (proceso ${canal.pid}): detenela antes de restaurar.`);
    await restaurarRespaldo({ archivo, uploadsDir: config.UPLOADS_DIR, dirPglite: path.join(config.DATA_DIR, 'pglite'), forzar: values.forzar });
  }
  console.log(`Restaurado ${archivo} en ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.DATA_DIR} (imágenes en ${config.UPLOADS_DIR}).`);
}

const [comando, ...resto] = process.argv.slice(2);
try {
  if (comando === 'backup') await backup(resto);
  else if (comando === 'restore') await restore(resto);
  else throw new ErrorDeRespaldo('Uso: respaldo-cli.ts backup [--destino DIR] | restore ARCHIVO [--forzar]');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

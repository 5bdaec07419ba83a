import path from 'node:path';
import type { Config } from '../config';
import type { BaseDeDatos } from '../db/client';
import { crearRespaldo, type Respaldo } from './respaldo';

/** The backup folder: the one asked for, or DATA_DIR/backups. */
export const carpetaDeRespaldos = (config: Config, destino?: string) => path.resolve(destino ?? path.join(config.DATA_DIR, 'backups'));

/** A backup of this configuration's database and images, keeping the last BACKUP_CONSERVAR. */
export const respaldar = (base: BaseDeDatos, config: Config, destino?: string): Promise<Respaldo> =>
  crearRespaldo({ base, uploadsDir: config.UPLOADS_DIR, destino: carpetaDeRespaldos(config, destino), conservar: config.BACKUP_CONSERVAR });

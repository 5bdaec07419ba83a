import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { abrirPglite, abrirPostgres, type BaseDeDatos } from '../db/client';
import { urlConBase } from './global-setup';

/** A fresh, migrated database for one test file: PGlite in memory, or a copy on PostgreSQL. */
export async function crearBaseDePrueba(): Promise<BaseDeDatos & { url?: string }> {
  if (process.env.TEST_MOTOR === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const nombre = `prueba_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Copying a template needs it idle: retry while another file is still copying it.
    for (let intento = 0; ; intento++) {
      try {
        await admin.query(`create database ${nombre} template ${inject('plantillaPostgres')}`);
        break;
      } catch (error) {
        if (intento > 50) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const urlBase = urlConBase(url, nombre);
    const base = await abrirPostgres(urlBase, 20);
    return {
      ...base,
      url: urlBase,
      cerrar: async () => {
        await base.cerrar();
        await admin.query(`drop database if exists ${nombre} with (force)`);
        await admin.end();
      },
    };
  }
  const volcado = await fs.readFile(inject('plantillaPglite'));
  return abrirPglite({ loadDataDir: new Blob([volcado]) });
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { abrirPglite, abrirPostgres } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    plantillaPglite: string;
    plantillaPostgres: string;
  }
}

/**
 * Migrates one template database per run; every test file then copies it (a PGlite data dump, or
 * PostgreSQL's CREATE DATABASE ... TEMPLATE), so files stay isolated without migrating each time.
 */
export default async function setup(project: TestProject) {
  // The project's `env` does not reach this process: read it from the project's config.
  const motor = project.config.env?.TEST_MOTOR ?? 'pglite';
  if (motor === 'pglite') {
    const base = await abrirPglite();
    await base.migrar();
    const cliente = (base.db as unknown as { $client: { dumpDataDir: (c: 'gzip') => Promise<Blob> } }).$client;
    const volcado = await cliente.dumpDataDir('gzip');
    const archivo = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'plantilla-')), 'pglite.tar.gz');
    await fs.writeFile(archivo, Buffer.from(await volcado.arrayBuffer()));
    await base.cerrar();
    project.provide('plantillaPglite', archivo);
    project.provide('plantillaPostgres', '');
    return async () => fs.rm(path.dirname(archivo), { recursive: true, force: true });
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL no está definida');
  const nombre = `plantilla_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  const base = await abrirPostgres(urlConBase(url, nombre), 2);
  await base.migrar();
  await base.cerrar();
  project.provide('plantillaPglite', '');
  project.provide('plantillaPostgres', nombre);
  return async () => {
    await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  };
}

export function urlConBase(url: string, base: string): string {
  const u = new URL(url);
  u.pathname = `/${base}`;
  return u.toString();
}

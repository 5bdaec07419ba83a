// The shop as a real child process (the entry `npm start` runs, server/main.ts) on a database prepared by
// the test: a PGlite folder or a PostgreSQL database. For what only a real process shows: signals,
// sockets, the local backup channel.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { RAIZ } from '../raiz';

export interface ProcesoDeTienda {
  url: string;
  proceso: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything it wrote to stdout and stderr so far. */
  salida: () => string;
  /** Resolves with the exit code (and the signal, if one killed it). */
  termino: Promise<{ codigo: number | null; senal: NodeJS.Signals | null }>;
}

/** A port free at this moment (the process binds it right after). */
export async function puertoLibre(): Promise<number> {
  const servidor = net.createServer();
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const { port } = servidor.address() as net.AddressInfo;
  await new Promise((resolve) => servidor.close(resolve));
  return port;
}

/** Runs a TypeScript entry of the repository with Node and tsx, as `npm run <script>` would. */
export function correrTs(entrada: string, argumentos: string[], env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(RAIZ, entrada), ...argumentos], {
    cwd: RAIZ,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts server/main.ts with `env` on DATA_DIR and waits until it says it answers. */
export async function iniciarTienda(dataDir: string, env: Record<string, string> = {}): Promise<ProcesoDeTienda> {
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await puertoLibre();
  const url = `http://127.0.0.1:${port}`;
  const proceso = correrTs('server/main.ts', [], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    SEED: 'none',
    MP_SIMULADO: '1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  let salida = '';
  proceso.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  proceso.stderr.on('data', (d: Buffer) => (salida += d.toString()));
  const termino = new Promise<{ codigo: number | null; senal: NodeJS.Signals | null }>((resolve) => proceso.on('exit', (codigo, senal) => resolve({ codigo, senal })));
  await new Promise<void>((resolve, reject) => {
    const limite = setTimeout(() => {
      proceso.kill('SIGKILL');
      reject(new Error(`la tienda no arrancó en 120 s:\n${salida}`));
    }, 120_000);
    const mirar = () => {
      if (/Librería lista/.test(salida)) {
        clearTimeout(limite);
        resolve();
      }
    };
    proceso.stdout.on('data', mirar);
    void termino.then(({ codigo }) => {
      clearTimeout(limite);
      reject(new Error(`la tienda terminó al arrancar (${codigo}):\n${salida}`));
    });
  });
  return { url, proceso, salida: () => salida, termino };
}

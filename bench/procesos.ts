// Child processes of the benchmark: the real server (as `npm start` runs it) and the static baseline.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const RAIZ = path.resolve(import.meta.dirname, '..');

export interface Proceso {
  url: string;
  pid: number;
  salida: () => string;
  detener: () => Promise<void>;
}

export const puertoLibre = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function esperar(proceso: ChildProcess, url: string, salida: () => string): Promise<void> {
  const limite = Date.now() + 120_000;
  for (;;) {
    if (proceso.exitCode !== null) throw new Error(`El proceso terminó al iniciar:\n${salida()}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > limite) throw new Error(`No respondió a tiempo:\n${salida()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function lanzar(args: string[], env: NodeJS.ProcessEnv, cwd = RAIZ): { proceso: ChildProcess; salida: () => string } {
  const proceso = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let texto = '';
  const guardar = (d: Buffer) => {
    texto = (texto + d.toString()).slice(-20_000);
  };
  proceso.stdout?.on('data', guardar);
  proceso.stderr?.on('data', guardar);
  return { proceso, salida: () => texto };
}

function detenerProceso(proceso: ChildProcess): () => Promise<void> {
  return async () => {
    if (proceso.exitCode !== null || proceso.signalCode !== null) return;
    const fin = new Promise((r) => proceso.once('exit', r));
    proceso.kill('SIGTERM');
    await Promise.race([fin, new Promise((r) => setTimeout(r, 8000))]);
    if (proceso.exitCode === null && proceso.signalCode === null) proceso.kill('SIGKILL');
  };
}

interface ModuloServidor {
  construirServidorSiHaceFalta: () => Promise<boolean>;
  ENTRADA_COMPILADA: string;
  OPCIONES_NODE: string[];
}

/** Node's arguments as that checkout's `npm start` runs its server: compiled (scripts/servidor.mjs) or through tsx (older code). */
async function comandoDelServidor(raiz: string): Promise<string[]> {
  const modulo = path.join(raiz, 'scripts', 'servidor.mjs');
  if (!fs.existsSync(modulo)) return ['--import', 'tsx', path.join(raiz, 'server', 'main.ts')];
  const servidor = (await import(pathToFileURL(modulo).href)) as ModuloServidor;
  await servidor.construirServidorSiHaceFalta();
  return [...servidor.OPCIONES_NODE, servidor.ENTRADA_COMPILADA];
}

/**
 * The built app with SEED=none on an already loaded database (DATA_DIR for PGlite, or DATABASE_URL).
 * `raiz`: another checkout of the project (BENCH_ANTES), to measure the code before a change.
 */
export async function iniciarTienda(opciones: { dataDir: string; databaseUrl?: string; env?: Record<string, string>; raiz?: string }): Promise<Proceso> {
  const raiz = opciones.raiz ?? RAIZ;
  const puerto = await puertoLibre();
  const url = `http://127.0.0.1:${puerto}`;
  const { proceso, salida } = lanzar(await comandoDelServidor(raiz), {
    // As npm start runs it (entornoDelServidor in scripts/servidor.mjs), also for an older checkout.
    NODE_ENV: 'production',
    // The cart order is measured on the demo's simulated checkout, which runs only when asked for.
    MP_SIMULADO: '1',
    // One customer places every measured order: the anti-automation limits would stop it at the fourth.
    PEDIDOS_PENDIENTES_MAX: '1000000',
    UNIDADES_POR_PRODUCTO_MAX: '1000000',
    ...process.env,
    PORT: String(puerto),
    HOST: '127.0.0.1',
    DATA_DIR: opciones.dataDir,
    PUBLIC_URL: url,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    DATABASE_URL: opciones.databaseUrl ?? '',
    ...opciones.env,
  }, raiz);
  await esperar(proceso, `${url}/api/config`, salida);
  return { url, pid: proceso.pid!, salida, detener: detenerProceso(proceso) };
}

/** The baseline: a bare Fastify answering `archivo` at /static.json. */
export async function iniciarBase(archivo: string): Promise<Proceso> {
  const puerto = await puertoLibre();
  const url = `http://127.0.0.1:${puerto}`;
  const { proceso, salida } = lanzar([path.join(RAIZ, 'bench', 'base-estatica.mjs'), archivo, String(puerto)], process.env);
  await esperar(proceso, `${url}/static.json`, salida);
  return { url, pid: proceso.pid!, salida, detener: detenerProceso(proceso) };
}

/**
 * Pins a process and all its threads to the given CPUs (`taskset`, util-linux), so that an A/B's two
 * servers share one CPU and the load generator has the other: unpinned, where the scheduler puts each
 * server beside autocannon made two processes of the same code differ by 50 % (docs/decisions/029).
 * False where it cannot (no taskset, or fewer than 2 CPUs): the measurement runs unpinned.
 */
export function fijarCpu(pid: number, cpus: string): boolean {
  // The machine's CPUs, not this process's share (`availableParallelism` shrinks once it is pinned).
  if (os.cpus().length < 2) return false;
  const r = spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  return r.status === 0;
}

/** Every CPU of the machine, in taskset's list form (to undo `fijarCpu`). */
export const TODAS_LAS_CPU = `0-${os.cpus().length - 1}`;

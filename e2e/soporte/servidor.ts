import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const CLAVE_ADMIN = 'admin-e2e-clave';
export const CLAVE_CLIENTE = 'cliente123';

export interface ServidorDePrueba {
  url: string;
  dataDir: string;
  detener: () => Promise<void>;
}

const puertoLibre = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * The built app on a random port with a fresh data directory and the demo data, as `npm start` runs it.
 * Needs `npm run build` first (npm test builds before running the suites).
 */
export async function iniciarServidor(env: Record<string, string> = {}): Promise<ServidorDePrueba> {
  const raiz = path.resolve(import.meta.dirname, '..', '..');
  if (!['web/index.html', 'ssr/entry-server.js'].every((f) => fs.existsSync(path.join(raiz, 'dist', f)))) throw new Error('Falta el build: corré `npm run build`.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tienda-e2e-'));
  const puerto = await puertoLibre();
  const url = `http://127.0.0.1:${puerto}`;
  const proceso: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(raiz, 'server', 'main.ts')], {
    cwd: raiz,
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ADMIN_PASSWORD: CLAVE_ADMIN,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The browser tests pay in the simulated checkout, which runs only when asked for.
      MP_SIMULADO: '1',
      // Browser tests place many orders as the demo's customer; the limits have API tests of their own.
      PEDIDOS_PENDIENTES_MAX: '1000',
      UNIDADES_POR_PRODUCTO_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  proceso.stdout?.on('data', (d: Buffer) => (salida += d.toString()));
  proceso.stderr?.on('data', (d: Buffer) => (salida += d.toString()));

  const limite = Date.now() + 90_000;
  for (;;) {
    if (proceso.exitCode !== null) throw new Error(`El servidor terminó al iniciar:\n${salida}`);
    try {
      const r = await fetch(`${url}/api/config`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > limite) throw new Error(`El servidor no respondió a tiempo:\n${salida}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    detener: async () => {
      if (proceso.exitCode === null) {
        const fin = new Promise((r) => proceso.once('exit', r));
        proceso.kill('SIGTERM');
        await Promise.race([fin, new Promise((r) => setTimeout(r, 5000))]);
        if (proceso.exitCode === null) proceso.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

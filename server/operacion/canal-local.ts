// The running server's local channel (PGlite only): PGlite cannot be opened by two processes at once, so
// `npm run backup` asks the server that has it open. An HTTP server on a Unix socket, reachable only from
// this machine by the folder's owner (socket and its description file 0600), with a random token on top.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const ARCHIVO_CANAL = 'servidor-local.json';

export interface DescripcionCanal {
  pid: number;
  socket: string;
  token: string;
}

/** Unix sockets have a short path limit (about 100 bytes): a long DATA_DIR gets one in the temp folder. */
function rutaDelSocket(dataDir: string): string {
  const propia = path.join(dataDir, 'servidor.sock');
  if (Buffer.byteLength(propia) < 100) return propia;
  return path.join(os.tmpdir(), `tienda-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

const iguales = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** Serves POST /respaldo {destino?} with `respaldar`; answers its JSON. Returns how to close it. */
export async function abrirCanalLocal(dataDir: string, respaldar: (destino: string | undefined) => Promise<unknown>): Promise<() => Promise<void>> {
  const socket = rutaDelSocket(dataDir);
  const token = randomBytes(32).toString('hex');
  fs.rmSync(socket, { force: true });
  const servidor = http.createServer((pedido, respuesta) => {
    const responder = (status: number, cuerpo: unknown) => respuesta.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(cuerpo));
    if (pedido.method !== 'POST' || pedido.url !== '/respaldo' || !iguales(pedido.headers.authorization ?? '', `Bearer ${token}`)) return responder(404, { message: 'No encontrado' });
    let texto = '';
    pedido.on('data', (d: Buffer) => (texto += d.toString()));
    pedido.on('end', () => {
      let destino: string | undefined;
      try {
        destino = (JSON.parse(texto || '{}') as { destino?: string }).destino;
      } catch {
        return responder(400, { message: 'Cuerpo inválido' });
      }
      respaldar(destino).then(
        (r) => responder(200, r),
        (error: unknown) => responder(500, { message: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  const descripcion = path.join(dataDir, ARCHIVO_CANAL);
  fs.writeFileSync(descripcion, JSON.stringify({ pid: process.pid, socket, token } satisfies DescripcionCanal), { mode: 0o600 });
  return async () => {
    // Shutting down: a backup under way is given up, not waited for (its command reports the cut
    // connection); APAGADO_MAXIMO_MS bounds the shop's requests, not this.
    const cerrado = new Promise<void>((resolve) => servidor.close(() => resolve()));
    servidor.closeAllConnections();
    await cerrado;
    fs.rmSync(descripcion, { force: true });
    fs.rmSync(socket, { force: true });
  };
}

const vive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The channel of a server running on this DATA_DIR, or undefined when none runs. */
export function canalEnMarcha(dataDir: string): DescripcionCanal | undefined {
  const archivo = path.join(dataDir, ARCHIVO_CANAL);
  if (!fs.existsSync(archivo)) return undefined;
  const d = JSON.parse(fs.readFileSync(archivo, 'utf8')) as DescripcionCanal;
  return vive(d.pid) ? d : undefined;
}

/** Asks the running server for a backup. */
export function pedirRespaldo<T>(canal: DescripcionCanal, destino: string | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const pedido = http.request(
      { socketPath: canal.socket, path: '/respaldo', method: 'POST', headers: { authorization: `Bearer ${canal.token}`, 'content-type': 'application/json' } },
      (respuesta) => {
        let texto = '';
        respuesta.on('data', (d: Buffer) => (texto += d.toString()));
        respuesta.on('end', () => {
          const cuerpo = JSON.parse(texto || '{}') as T & { message?: string };
          if (respuesta.statusCode === 200) resolve(cuerpo);
          else reject(new Error(cuerpo.message ?? `El servidor respondió ${respuesta.statusCode}`));
        });
      },
    );
    pedido.on('error', reject);
    pedido.end(JSON.stringify({ destino }));
  });
}

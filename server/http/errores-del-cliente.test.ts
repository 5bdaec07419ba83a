// What Node's HTTP parser refuses never reaches Fastify, nor `inject`: over a real socket, each refusal
// is answered in the shop's shape ({ message }) and in Spanish, with its status and the security headers.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';

let t: AppDePrueba;
let puerto: number;

beforeAll(async () => {
  t = await crearAppDePrueba({ HTTP_REQUEST_TIMEOUT_MS: '800', HTTP_HEADERS_TIMEOUT_MS: '400' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  puerto = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.cerrar());

/** Writes `envio` on a fresh socket and answers the response the server wrote before closing it. */
function enviar(envio: string): Promise<{ status: number; cabeceras: Record<string, string>; cuerpo: Buffer; crudo: string }> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    const socket = net.connect(puerto, '127.0.0.1', () => socket.write(envio));
    socket.on('data', (d: Buffer) => partes.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(limite);
      const todo = Buffer.concat(partes);
      const fin = todo.indexOf('\r\n\r\n');
      const [linea, ...resto] = todo.subarray(0, fin).toString('latin1').split('\r\n');
      const cabeceras = Object.fromEntries(resto.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(linea!.split(' ')[1]), cabeceras, cuerpo: todo.subarray(fin + 4), crudo: todo.toString('utf8') });
    });
    const limite = setTimeout(() => {
      socket.destroy();
      reject(new Error('la conexión sigue abierta'));
    }, 5000);
  });
}

const enEspaniol = async (envio: string, status: number, message: string) => {
  const r = await enviar(envio);
  expect(r.status).toBe(status);
  expect(r.cabeceras['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(r.cabeceras['content-length'])).toBe(r.cuerpo.length);
  expect(JSON.parse(r.cuerpo.toString('utf8'))).toEqual({ message });
  // The same security headers as every other answer; nothing of Node's error.
  expect(r.cabeceras['x-content-type-options']).toBe('nosniff');
  expect(r.cabeceras['content-security-policy']).toBeDefined();
  expect(r.cabeceras.connection).toBe('close');
  expect(r.crudo).not.toMatch(/Client Error|Exceeded|statusCode|HPE_|ERR_/);
};

describe("requests Node's parser refuses", () => {
  it('a lowercase method: 400 in Spanish', async () => {
    await enEspaniol('get /api/user HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400, MENSAJES.solicitudMalFormada);
  });

  it('a broken header line: 400 in Spanish', async () => {
    await enEspaniol('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nsin dos puntos\r\n\r\n', 400, MENSAJES.solicitudMalFormada);
  });

  it('headers past 16 KB: 431 in Spanish', async () => {
    await enEspaniol(`GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=${'x'.repeat(17 * 1024)}\r\n\r\n`, 431, MENSAJES.cabecerasDemasiadoGrandes);
  });

  it('headers that never finish: 408 in Spanish', async () => {
    await enEspaniol('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: a', 408, MENSAJES.solicitudDemoradaDemasiado);
  });

  it('a well-formed request on the same server is answered as usual', async () => {
    const r = await enviar('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(r.status).toBe(200);
  });
});

// A request that never finishes is not held open: over a real socket, a body that stops arriving is
// answered 408 and closed after HTTP_REQUEST_TIMEOUT_MS, unfinished headers after
// HTTP_HEADERS_TIMEOUT_MS, an idle kept-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_MS.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leerConfig } from '../config';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';

let t: AppDePrueba;
let puerto: number;

beforeAll(async () => {
  t = await crearAppDePrueba({ HTTP_REQUEST_TIMEOUT_MS: '800', HTTP_HEADERS_TIMEOUT_MS: '400', HTTP_KEEP_ALIVE_TIMEOUT_MS: '300', HTTP_CONNECTION_TIMEOUT_MS: '5000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  puerto = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.cerrar());

/** Opens a socket, writes `envio`, and answers what came back and after how long the server closed it. */
function conexion(envio: string, espera = 5000): Promise<{ respuesta: string; cerradaEnMs: number }> {
  return new Promise((resolve, reject) => {
    const inicio = Date.now();
    let respuesta = '';
    const socket = net.connect(puerto, '127.0.0.1', () => socket.write(envio));
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (respuesta += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(limite);
      resolve({ respuesta, cerradaEnMs: Date.now() - inicio });
    });
    const limite = setTimeout(() => {
      socket.destroy();
      reject(new Error(`la conexión sigue abierta después de ${espera} ms; llegó: ${respuesta}`));
    }, espera);
  });
}

describe('time limits of a connection', () => {
  it('the server has the configured limits', () => {
    expect(t.app.server.requestTimeout).toBe(800);
    expect(t.app.server.headersTimeout).toBe(400);
    expect(t.app.server.keepAliveTimeout).toBe(300);
    expect(t.app.server.timeout).toBe(5000);
  });

  it('a body that never finishes gets a 408 and the connection closed, within the request limit and a quarter', async () => {
    const { respuesta, cerradaEnMs } = await conexion(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"usuario":',
    );
    expect(respuesta).toMatch(/^HTTP\/1\.1 408/);
    expect(cerradaEnMs).toBeGreaterThanOrEqual(700);
    expect(cerradaEnMs).toBeLessThan(2500);
  });

  it('headers that never finish are cut after the headers limit', async () => {
    const { respuesta, cerradaEnMs } = await conexion('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: a');
    expect(respuesta).toMatch(/^HTTP\/1\.1 408/);
    expect(cerradaEnMs).toBeLessThan(2000);
  });

  it('an idle kept-alive connection is closed after its limit; a request before then is answered', async () => {
    const { respuesta, cerradaEnMs } = await conexion('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(respuesta).toMatch(/^HTTP\/1\.1 200/);
    expect(respuesta).toMatch(/keep-alive/i);
    expect(cerradaEnMs).toBeLessThan(3000);
  });
});

describe('the settings', () => {
  it('have documented defaults and refuse a headers limit above the request limit', () => {
    const c = leerConfig({});
    expect([c.HTTP_REQUEST_TIMEOUT_MS, c.HTTP_HEADERS_TIMEOUT_MS, c.HTTP_KEEP_ALIVE_TIMEOUT_MS, c.HTTP_CONNECTION_TIMEOUT_MS]).toEqual([60_000, 15_000, 72_000, 120_000]);
    expect(() => leerConfig({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '2000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS: no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => leerConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });
});

// What Fastify refuses before any route or hook (a path it cannot decode, a parameter longer than its router
// takes) is answered like every other refusal: the shop's JSON shape, in Spanish, with the security headers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';

let t: AppDePrueba;
let puerto: number;

beforeAll(async () => {
  t = await crearAppDePrueba();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  puerto = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.cerrar());

/** A request with its target written exactly as given: no client would send these. */
function enviar(method: string, objetivo: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; cuerpo: string }> {
  return new Promise((resolve, reject) => {
    const pedido = http.request({ host: '127.0.0.1', port: puerto, method, path: objetivo }, (r) => {
      let cuerpo = '';
      r.setEncoding('utf8');
      r.on('data', (x: string) => (cuerpo += x));
      r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers, cuerpo }));
    });
    pedido.on('error', reject);
    pedido.end();
  });
}

describe("Fastify's own refusals", () => {
  const casos: Array<[string, string, number, string]> = [
    ['GET', '/%E0%A4%A', 400, MENSAJES.rutaNoCanonica],
    ['GET', '/api/producto/%E0%A4%A', 400, MENSAJES.rutaNoCanonica],
    ['POST', '/api/%zz', 400, MENSAJES.rutaNoCanonica],
    ['HEAD', '/api/producto/%C0%AF', 400, MENSAJES.rutaNoCanonica],
    ['GET', `/api/producto/${'1'.repeat(101)}`, 414, MENSAJES.rutaDemasiadoLarga],
  ];
  for (const [method, objetivo, status, mensaje] of casos) {
    it(`${method} ${objetivo.slice(0, 40)}: ${status} with the shop's message and headers`, async () => {
      const r = await enviar(method, objetivo);
      expect(r.status).toBe(status);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      if (method !== 'HEAD') expect(JSON.parse(r.cuerpo)).toEqual({ message: mensaje });
      expect(r.headers['content-security-policy']).toContain("default-src 'self'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['strict-transport-security']).toContain('max-age=');
    });
  }

  it('leaves the queries Fastify decodes to the route, and keeps serving after the refusals', async () => {
    const r = await enviar('GET', '/api/producto?q=%E0%A4%A');
    expect(r.status).toBe(200);
    expect((await enviar('GET', '/api/config')).status).toBe(200);
  });
});

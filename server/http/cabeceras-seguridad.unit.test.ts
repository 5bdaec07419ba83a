import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { cabecerasDeHelmet } from './cabeceras-seguridad';

const respuesta = () => {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('X-Powered-By', 'algo');
  return res;
};

const OPCIONES: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'frame-src': ['https://www.openstreetmap.org'],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

describe('security headers worked out once', () => {
  it('leave a response exactly as helmet itself does, in the same order', () => {
    for (const opciones of [OPCIONES, {}]) {
      const deHelmet = respuesta();
      helmet(opciones)(deHelmet.req, deHelmet, (error?: unknown) => {
        if (error) throw error;
      });
      const nuestra = respuesta();
      const { poner, quitar } = cabecerasDeHelmet(opciones);
      for (const [nombre, valor] of poner) nuestra.setHeader(nombre, valor);
      for (const nombre of quitar) nuestra.removeHeader(nombre);
      expect(nuestra.getHeaderNames()).toEqual(deHelmet.getHeaderNames());
      expect(nuestra.getHeaders()).toEqual(deHelmet.getHeaders());
      expect(nuestra.getHeader('x-powered-by')).toBeUndefined();
    }
  });

  it('refuses a CSP directive computed per request (it cannot be fixed at start)', () => {
    expect(() =>
      cabecerasDeHelmet({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/por pedido/);
  });
});

// `npm start`'s demo logged every request as two JSON lines (7,000 lines in a short session): now one
// line per request at LOG_PEDIDOS's level, and a short text format the demo asks for (LOG_FORMATO).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RAIZ } from '../raiz';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { lineaDeTexto } from './log-pedidos';

interface Linea {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

let t: AppDePrueba | undefined;
afterEach(async () => {
  await t?.cerrar();
  t = undefined;
});

/** An app whose log (at `nivel`) goes to `lineas`, as `npm start` would write it. */
async function appConLog(env: Record<string, string>, nivel: 'info' | 'debug') {
  const lineas: string[] = [];
  t = await crearAppDePrueba(
    { LOG_LEVEL: nivel, ...env },
    {
      logger: { level: nivel, stream: { write: (l: string) => void lineas.push(l) } },
      antesDeLasRutas: (app) => {
        app.get('/api/prueba-falla', { config: { acceso: 'publico' } }, async () => {
          throw new Error('falla de prueba');
        });
      },
    },
  );
  return { app: t.app, lineas: () => lineas.map((l) => JSON.parse(l) as Linea) };
}

describe('request lines (LOG_PEDIDOS)', () => {
  it('by default (production): one JSON line per request, with method, path, status and time', async () => {
    const { app, lineas } = await appConLog({}, 'info');
    await app.inject({ method: 'GET', url: '/api/categoria' });
    await app.inject({ method: 'GET', url: '/api/no-existe' });
    const pedidos = lineas().filter((l) => l.req || l.res);
    expect(pedidos.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    expect(pedidos[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/categoria' }, res: { statusCode: 200 } });
    expect(pedidos[0]!.responseTime).toBeTypeOf('number');
    expect(pedidos[1]).toMatchObject({ req: { url: '/api/no-existe' }, res: { statusCode: 404 } });
    expect(lineas().some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('LOG_PEDIDOS=debug: no request in a log at info, but errors and warnings still are', async () => {
    const { app, lineas } = await appConLog({ LOG_PEDIDOS: 'debug' }, 'info');
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/api/categoria' });
    expect(lineas().filter((l) => l.req || l.res)).toEqual([]);
    const r = await app.inject({ method: 'GET', url: '/api/prueba-falla' });
    expect(r.statusCode).toBe(500);
    expect(lineas().filter((l) => l.level >= 50).length).toBeGreaterThan(0);
    app.log.warn('aviso de prueba');
    expect(lineas().map((l) => l.msg)).toContain('aviso de prueba');
  });

  it('LOG_PEDIDOS=debug with LOG_LEVEL=debug: each request once, at debug', async () => {
    const { app, lineas } = await appConLog({ LOG_PEDIDOS: 'debug' }, 'debug');
    await app.inject({ method: 'GET', url: '/api/categoria' });
    expect(lineas().filter((l) => l.req || l.res)).toMatchObject([{ level: 20, msg: 'request completed', req: { url: '/api/categoria' } }]);
  });
});

describe('the text format (LOG_FORMATO=texto)', () => {
  const hora = new Date(2026, 10, 25, 9, 5, 7).getTime();

  it('a request in one short line; a message with its fields; an error with its message', () => {
    expect(lineaDeTexto(JSON.stringify({ level: 30, time: hora, pid: 1, hostname: 'h', reqId: 'req-1', req: { method: 'GET', url: '/products' }, res: { statusCode: 200 }, responseTime: 4.2, msg: 'request completed' }))).toBe(
      '09:05:07 INFO GET /products 200 4 ms\n',
    );
    expect(lineaDeTexto(JSON.stringify({ level: 40, time: hora, msg: 'prerender fallido', url: '/' }))).toBe('09:05:07 WARN prerender fallido url=/\n');
    expect(lineaDeTexto(JSON.stringify({ level: 50, time: hora, msg: 'error inesperado', err: { message: 'sin conexión' } }))).toBe('09:05:07 ERROR error inesperado error: sin conexión\n');
    expect(lineaDeTexto('no es JSON')).toBe('no es JSON\n');
  });
});

describe("npm start's demo (scripts/servidor.mjs)", () => {
  it('asks for the text format and requests at debug, unless the person set them', async () => {
    const { logDeDemostracion } = (await import(pathToFileURL(path.join(RAIZ, 'scripts', 'servidor.mjs')).href)) as {
      logDeDemostracion: (env: Record<string, string>) => Record<string, string>;
    };
    expect(logDeDemostracion({ PORT: '3000' })).toEqual({ PORT: '3000', LOG_FORMATO: 'texto', LOG_PEDIDOS: 'debug' });
    expect(logDeDemostracion({ LOG_FORMATO: 'json', LOG_PEDIDOS: 'info' })).toMatchObject({ LOG_FORMATO: 'json', LOG_PEDIDOS: 'info' });
  });
});

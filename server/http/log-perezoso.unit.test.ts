import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hijoPerezoso, opcionesDeLog } from './log';

/** A parent logger that records the children it makes and the lines they log. */
function padreDePrueba(level: string) {
  const hijos: Array<{ bindings: object; level: string | undefined }> = [];
  const lineas: Array<[string, unknown[]]> = [];
  const hijo = (nivel: string): FastifyBaseLogger =>
    ({
      level: nivel,
      child: () => hijo(nivel),
      silent: () => undefined,
      ...Object.fromEntries(['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((m) => [m, (...args: unknown[]) => lineas.push([m, args])])),
    }) as unknown as FastifyBaseLogger;
  const padre = {
    ...hijo(level),
    child: (bindings: object, opciones?: { level?: string }) => {
      hijos.push({ bindings, level: opciones?.level });
      return hijo(opciones?.level ?? level);
    },
  } as unknown as FastifyBaseLogger;
  return { padre, hijos, lineas };
}

const fabricar = (padre: FastifyBaseLogger, opciones: { level?: string } = {}) =>
  (hijoPerezoso as unknown as (p: FastifyBaseLogger, b: object, o: object) => FastifyBaseLogger)(padre, { reqId: 'req-1' }, opciones);

describe('hijoPerezoso', () => {
  it('makes no child for lines below the level, and one for the first line that passes', () => {
    const { padre, hijos, lineas } = padreDePrueba('warn');
    const log = fabricar(padre);
    log.info('nada');
    log.debug('nada');
    log.trace('nada');
    expect(hijos).toHaveLength(0);
    expect(log.level).toBe('warn');
    log.warn({ a: 1 }, 'uno');
    log.error('dos');
    expect(hijos).toEqual([{ bindings: { reqId: 'req-1' }, level: undefined }]);
    expect(lineas).toEqual([
      ['warn', [{ a: 1 }, 'uno']],
      ['error', ['dos']],
    ]);
  });

  it("follows the route's own level and a level set later", () => {
    const { padre, hijos, lineas } = padreDePrueba('info');
    const log = fabricar(padre, { level: 'error' });
    log.warn('no');
    expect(hijos).toHaveLength(0);
    log.level = 'debug';
    log.debug('sí');
    expect(hijos).toEqual([{ bindings: { reqId: 'req-1' }, level: 'error' }]);
    expect(lineas).toEqual([['debug', ['sí']]]);
  });

  it("logs through Fastify with the request's id and the redaction", async () => {
    let salida = '';
    const stream = new Writable({
      write(chunk: Buffer, _enc, listo) {
        salida += chunk.toString();
        listo();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream, ...opcionesDeLog }, childLoggerFactory: hijoPerezoso, disableRequestLogging: true });
    app.get('/x', async (request) => {
      request.log.info('no se escribe');
      request.log.warn({ usuario: { clave: 'secreta' } }, 'aviso');
      return { ok: true };
    });
    const r = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    expect(r.statusCode).toBe(200);
    const lineas = salida.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lineas).toHaveLength(1);
    expect(lineas[0]).toMatchObject({ level: 40, msg: 'aviso', reqId: 'req-1', usuario: { clave: '[oculto]' } });
  });
});

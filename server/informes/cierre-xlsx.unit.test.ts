import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { registrarManejoDeErrores } from '../http/manejar-errores';
import { escribirCierreXlsx, flujoCierreXlsx } from './cierre-xlsx';
import type { DatosDelCierre, LineaDelCierre } from './cierre';

const LINEA: LineaDelCierre = {
  ventaId: 1,
  fecha: new Date('2026-04-01T15:00:00Z'),
  productoId: 1,
  denominacion: 'Cuaderno',
  codigo: 'C-1',
  cantidad: 2,
  precioAplicado: 1500,
  promocionId: null,
};

/** Up to `maximo` lines, made as they are read; reading one after `fallar()` says so throws. */
function lineasQueFallan(maximo: number, fallar: () => boolean): LineaDelCierre[] {
  return new Proxy([] as LineaDelCierre[], {
    get(objetivo, clave, receptor) {
      if (clave === 'length') return maximo;
      if (typeof clave === 'string' && /^\d+$/.test(clave)) {
        if (fallar()) throw new Error('la base se cayó a mitad del archivo');
        return LINEA;
      }
      return Reflect.get(objetivo, clave, receptor) as unknown;
    },
  });
}

const datosCon = (lineas: LineaDelCierre[]): DatosDelCierre => ({ desde: '2026-04-01', hasta: '2026-04-01', ventas: [], lineas });

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A real HTTP server (inject has no socket to destroy) answering the workbook of `datos()`. */
async function servir(datos: () => DatosDelCierre): Promise<string> {
  app = Fastify();
  registrarManejoDeErrores(app);
  app.get('/cierre', (_request, reply) => reply.type('application/octet-stream').send(flujoCierreXlsx(datos())));
  return `${await app.listen({ host: '127.0.0.1', port: 0 })}/cierre`;
}

describe('flujoCierreXlsx', () => {
  it('a failure after the first bytes breaks the download instead of ending a short file', async () => {
    let cabecerasRecibidas = false;
    const url = await servir(() => datosCon(lineasQueFallan(1_000_000, () => cabecerasRecibidas)));
    const respuesta = await fetch(url);
    cabecerasRecibidas = true;
    expect(respuesta.status).toBe(200);
    await expect(respuesta.arrayBuffer()).rejects.toThrow();
  });

  it('a failure at the very start is an error or a broken download, never a file', async () => {
    const url = await servir(() => datosCon(lineasQueFallan(10, () => true)));
    const respuesta = await fetch(url);
    // The zip's first bytes leave as soon as the workbook starts, so this is usually the broken
    // download; a 500 is right too, if Fastify had sent nothing yet.
    if (respuesta.status === 200) await expect(respuesta.arrayBuffer()).rejects.toThrow();
    else expect(await respuesta.json()).toEqual({ message: MENSAJES.errorInesperado });
  });
});

describe('escribirCierreXlsx', () => {
  it('stops writing when the reply is closed (the client went away)', async () => {
    const destino = new PassThrough();
    const escritura = escribirCierreXlsx(datosCon(lineasQueFallan(1_000_000, () => false)), destino);
    await new Promise((resolve) => destino.once('data', resolve));
    destino.destroy();
    await expect(escritura).rejects.toThrow('la respuesta se cerró antes de terminar el archivo');
  });
});

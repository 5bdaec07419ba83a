import { get, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as esperar } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { NoDisponible } from '../errors';
import { registrarManejoDeErrores } from '../http/manejar-errores';
import type { DatosDelCierre, VentaDelCierre } from './cierre';
import { filasDeColumnas, type CierreCompacto } from './cierre-compacto';
import { cierreDeMuestra as datosDe } from './cierre-de-muestra';
import { escribirCierreXlsx } from './cierre-xlsx';
import { PoolXlsx } from './cierre-xlsx-pool';

/** The columns of `datos`, as service.ts reads them from the database. */
function compactar(datos: DatosDelCierre): CierreCompacto {
  const v = datos.ventas;
  const l = datos.lineas;
  return {
    desde: datos.desde,
    hasta: datos.hasta,
    ventas: {
      id: Float64Array.from(v, (x) => x.id),
      fecha: Float64Array.from(v, (x) => x.fecha.getTime()),
      envio: Float64Array.from(v, (x) => x.envio),
      total: Float64Array.from(v, (x) => x.total),
      cliente: v.map((x) => x.cliente),
      formaPago: v.map((x) => x.formaPago),
      estadoVenta: v.map((x) => x.estadoVenta),
      estadoPago: v.map((x) => x.estadoPago),
    },
    lineas: {
      ventaId: Float64Array.from(l, (x) => x.ventaId),
      fecha: Float64Array.from(l, (x) => x.fecha.getTime()),
      productoId: Float64Array.from(l, (x) => x.productoId),
      cantidad: Float64Array.from(l, (x) => x.cantidad),
      precioAplicado: Float64Array.from(l, (x) => x.precioAplicado),
      promocionId: Float64Array.from(l, (x) => x.promocionId ?? Number.NaN),
      denominacion: l.map((x) => x.denominacion),
      codigo: l.map((x) => x.codigo),
    },
  };
}

const aBuffer = async (flujo: NodeJS.ReadableStream) => {
  const partes: Buffer[] = [];
  for await (const parte of flujo) partes.push(parte as Buffer);
  return Buffer.concat(partes);
};

async function enProceso(datos: DatosDelCierre): Promise<Buffer> {
  const partes: Buffer[] = [];
  await escribirCierreXlsx(datos, new Writable({ write: (parte: Buffer, _e, listo) => (partes.push(parte), listo()) }));
  return Buffer.concat(partes);
}

/** Every cell of every sheet: value, number format, bold; and the column widths. */
async function celdas(archivo: Buffer) {
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(archivo as unknown as ArrayBuffer);
  return libro.worksheets.map((hoja) => {
    const filas: unknown[] = [];
    hoja.eachRow({ includeEmpty: true }, (row, n) => {
      const fila: unknown[] = [n];
      row.eachCell({ includeEmpty: true }, (celda, c) => fila.push([c, celda.value, celda.numFmt, celda.font?.bold ?? false]));
      filas.push(fila);
    });
    return { nombre: hoja.name, anchos: hoja.columns.map((c) => c.width), filas };
  });
}

let pool: PoolXlsx | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  await pool?.cerrar();
  app = undefined;
  pool = undefined;
});

/** A real HTTP server (inject has no socket to destroy) answering the pool's workbook of `datos()`. */
async function servir(p: PoolXlsx, datos: () => DatosDelCierre): Promise<string> {
  app = Fastify();
  registrarManejoDeErrores(app);
  app.get('/cierre', async (_request, reply) => reply.type('application/octet-stream').send(await p.libro(compactar(datos()))));
  return `${await app.listen({ host: '127.0.0.1', port: 0 })}/cierre`;
}

describe('compactar', () => {
  it('the columns give back the same sales and lines', () => {
    const datos = datosDe(50);
    const filas = filasDeColumnas(structuredClone(compactar(datos)));
    expect(Array.from({ length: filas.cantidadVentas }, (_, i) => filas.venta(i))).toEqual(datos.ventas);
    expect(Array.from({ length: filas.cantidadLineas }, (_, i) => filas.linea(i))).toEqual(datos.lineas);
  });
});

// Workers start through tsx here (cierre-xlsx-worker-tsx.mjs): a cold start takes seconds on a busy machine.
describe('PoolXlsx', { timeout: 60_000 }, () => {
  it('two downloads at once use two workers and give the same cells as the writer in-process', async () => {
    pool = new PoolXlsx();
    const datos = datosDe(1500);
    const esperado = await celdas(await enProceso(datos));
    const libros = Promise.all([pool.libro(compactar(datos)), pool.libro(compactar(datosDe(1500)))]);
    // The second download found the first worker busy and started another.
    expect(pool.workers).toHaveLength(2);
    const [a, b] = await libros;
    const [archivoA, archivoB] = await Promise.all([aBuffer(a), aBuffer(b)]);
    expect(await celdas(archivoA)).toEqual(esperado);
    expect(await celdas(archivoB)).toEqual(esperado);
    expect(pool.enCurso).toBe(0);
    // A third download reuses a warm worker.
    expect(await celdas(await aBuffer(await pool.libro(compactar(datos))))).toEqual(esperado);
    expect(pool.workers).toHaveLength(2);
  });

  it('a worker that cannot start is a 503 in Spanish, as JSON', async () => {
    pool = new PoolXlsx({ archivo: path.join(import.meta.dirname, 'no-existe.mjs') });
    await expect(pool.libro(compactar(datosDe(1)))).rejects.toBeInstanceOf(NoDisponible);
    const respuesta = await fetch(await servir(pool, () => datosDe(1)));
    expect(respuesta.status).toBe(503);
    expect(await respuesta.json()).toEqual({ message: MENSAJES.cierreXlsxNoDisponible });
  });

  it('an error in the worker before the first byte is a JSON error, and the worker lives on', async () => {
    pool = new PoolXlsx();
    const url = await servir(pool, () => {
      const datos = datosDe(3);
      // The Resumen's totals fail on an unknown payment method, before any byte of the file.
      datos.ventas[1]!.formaPago = 'CHEQUE' as VentaDelCierre['formaPago'];
      return datos;
    });
    const respuesta = await fetch(url);
    expect(respuesta.status).toBe(503);
    expect(await respuesta.json()).toEqual({ message: MENSAJES.cierreXlsxNoDisponible });
    const [worker] = pool.workers;
    expect(await celdas(await aBuffer(await pool.libro(compactar(datosDe(3)))))).toEqual(await celdas(await enProceso(datosDe(3))));
    expect(pool.workers).toEqual([worker]);
  });

  it('a worker that dies before the first byte is a JSON error; the next download gets a new worker', async () => {
    pool = new PoolXlsx();
    const libro = pool.libro(compactar(datosDe(2000)));
    const [worker] = pool.workers;
    await worker!.terminate();
    await expect(libro).rejects.toThrow(MENSAJES.cierreXlsxNoDisponible);
    expect(pool.workers).toEqual([]);
    expect((await aBuffer(await pool.libro(compactar(datosDe(10))))).length).toBeGreaterThan(0);
    expect(pool.workers).toHaveLength(1);
    expect(pool.workers[0]).not.toBe(worker);
  });

  it('a worker that dies half-way breaks the download instead of ending a short file', async () => {
    pool = new PoolXlsx();
    const url = await servir(pool, () => datosDe(60_000));
    const respuesta = await fetch(url);
    expect(respuesta.status).toBe(200);
    // The body is not read yet: the worker waits for the reply to take its chunks.
    await pool.workers[0]!.terminate();
    await expect(respuesta.arrayBuffer()).rejects.toThrow();
    expect(pool.enCurso).toBe(0);
  });

  it('a client that goes away stops its workbook in the worker', async () => {
    pool = new PoolXlsx();
    const url = await servir(pool, () => datosDe(60_000));
    // node:http, not fetch: an aborted fetch leaves the server a connection that app.close() waits for.
    const respuesta = await new Promise<IncomingMessage>((resolve) => get(url, resolve));
    expect(respuesta.statusCode).toBe(200);
    expect(pool.enCurso).toBe(1);
    respuesta.destroy();
    await expect.poll(() => pool!.enCurso).toBe(0);
    expect(pool.workers).toHaveLength(1);
  });

  it('preparar starts one warmed worker, which the next download uses', async () => {
    pool = new PoolXlsx();
    pool.preparar();
    expect(pool.workers).toHaveLength(1);
    const [preparado] = pool.workers;
    // Another call finds it idle: no second worker.
    pool.preparar();
    expect(pool.workers).toEqual([preparado]);
    const datos = datosDe(20);
    expect(await celdas(await aBuffer(await pool.libro(compactar(datos))))).toEqual(await celdas(await enProceso(datos)));
    expect(pool.workers).toEqual([preparado]);
  });

  it('a second download at the same moment shares the warm worker while another warms up', async () => {
    pool = new PoolXlsx();
    pool.preparar();
    await expect.poll(() => pool!.listos, { timeout: 30_000 }).toBe(1);
    const grande = datosDe(1500);
    const chico = datosDe(20);
    const libros = Promise.all([pool.libro(compactar(grande)), pool.libro(compactar(chico))]);
    // Both in the warm worker, none in the new one, which warms up meanwhile.
    expect(pool.ocupacion).toEqual([2, 0]);
    const [a, b] = await libros;
    expect(await celdas(await aBuffer(a))).toEqual(await celdas(await enProceso(grande)));
    expect(await celdas(await aBuffer(b))).toEqual(await celdas(await enProceso(chico)));
    await expect.poll(() => pool!.listos, { timeout: 30_000 }).toBe(2);
    // The next two go one to each.
    const siguientes = Promise.all([pool.libro(compactar(datosDe(20))), pool.libro(compactar(datosDe(20)))]);
    expect(pool.ocupacion).toEqual([1, 1]);
    await Promise.all((await siguientes).map(aBuffer));
  });

  it('a prepared worker that gets no download ends when idle', async () => {
    pool = new PoolXlsx({ ociosoMs: 50 });
    pool.preparar();
    expect(pool.workers).toHaveLength(1);
    await esperar(200);
    expect(pool.workers).toEqual([]);
  });

  it('preparar does nothing once the pool is closed', async () => {
    pool = new PoolXlsx();
    await pool.cerrar();
    pool.preparar();
    expect(pool.workers).toEqual([]);
  });

  it('of two idle workers, the second ends first: one warm worker stays', async () => {
    pool = new PoolXlsx({ ociosoMs: 60_000, ociosoSegundoMs: 100 });
    const libros = await Promise.all([pool.libro(compactar(datosDe(200))), pool.libro(compactar(datosDe(200)))]);
    expect(pool.workers).toHaveLength(2);
    await Promise.all(libros.map(aBuffer));
    await expect.poll(() => pool!.workers.length).toBe(1);
    await esperar(300);
    expect(pool.workers).toHaveLength(1);
  });

  it('workers end when idle, and start again on the next download', async () => {
    pool = new PoolXlsx({ ociosoMs: 50 });
    await aBuffer(await pool.libro(compactar(datosDe(10))));
    expect(pool.workers).toHaveLength(1);
    await esperar(200);
    expect(pool.workers).toEqual([]);
    expect((await aBuffer(await pool.libro(compactar(datosDe(10))))).length).toBeGreaterThan(0);
  });
});

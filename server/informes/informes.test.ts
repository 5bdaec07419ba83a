import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { detalleVenta, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVentaDirecta } from '../test/fabricas';
import { FORMATO_ARS } from './cierre-xlsx';

let t: AppDePrueba;
let cookieAdmin: string;
let cookieCliente: string;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let a: Awaited<ReturnType<typeof crearProducto>>;
let b: Awaited<ReturnType<typeof crearProducto>>;

beforeAll(async () => {
  t = await crearAppDePrueba();
  const admin = await crearUsuario(t.db, { usuario: 'admin-informes', rol: 'ADMIN' });
  cliente = await crearUsuario(t.db, { usuario: 'cliente-informes' });
  cookieAdmin = await t.cookieDe(admin.usuario, admin.clave);
  cookieCliente = await t.cookieDe(cliente.usuario, cliente.clave);
  a = await crearProducto(t.db, { denominacion: 'Cuaderno', costo: 1000, porcentaje: 50, stock: 100 }); // 1500
  b = await crearProducto(t.db, { denominacion: 'Birome', costo: 100, porcentaje: 50, stock: 100 }); // 150
  // 2026-04-01 and 2026-04-02 in Mendoza, plus one sale just outside on each side.
  await crearVentaDirecta(t.db, { userId: cliente.id, fecha: new Date('2026-04-01T02:59:00Z'), lineas: [{ productoId: a.id, cantidad: 9, precio: 1500 }] });
  await crearVentaDirecta(t.db, { userId: cliente.id, fecha: new Date('2026-04-01T03:00:00Z'), estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', lineas: [{ productoId: a.id, cantidad: 2, precio: 1500 }, { productoId: b.id, cantidad: 3, precio: 150 }] }); // 3450
  await crearVentaDirecta(t.db, { userId: cliente.id, fecha: new Date('2026-04-01T20:00:00Z'), estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: 500, lineas: [{ productoId: b.id, cantidad: 10, precio: 150 }] }); // 2000
  await crearVentaDirecta(t.db, { userId: null, fecha: new Date('2026-04-03T02:59:59Z'), estadoVenta: 'CONCLUIDO', formaPago: 'MERCADOPAGO', lineas: [{ productoId: a.id, cantidad: 1, precio: 1200.5 }] }); // 1200.50
  await crearVentaDirecta(t.db, { userId: cliente.id, fecha: new Date('2026-04-03T03:00:00Z'), lineas: [{ productoId: b.id, cantidad: 50, precio: 150 }] });
});
afterAll(() => t.cerrar());

const pedir = (url: string, cookie = cookieAdmin) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function abrir(cuerpo: Buffer) {
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(cuerpo as unknown as ArrayBuffer);
  return libro;
}

/** The row of the Resumen sheet whose first cell is `etiqueta`. */
function fila(hoja: ExcelJS.Worksheet, etiqueta: string): ExcelJS.CellValue[] {
  let encontrada: ExcelJS.CellValue[] | undefined;
  hoja.eachRow((row) => {
    if (row.getCell(1).value === etiqueta) encontrada = [1, 2, 3, 4, 5].map((c) => row.getCell(c).value);
  });
  if (!encontrada) throw new Error(`no está la fila ${etiqueta}`);
  return encontrada;
}

describe('GET /api/cierre-caja/exportar', () => {
  it('answers the xlsx named cierre_caja_{desde}_a_{hasta}.xlsx whose totals match the sales', async () => {
    const r = await pedir('/api/cierre-caja/exportar?desde=2026-04-01&hasta=2026-04-02');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toBe('attachment; filename="cierre_caja_2026-04-01_a_2026-04-02.xlsx"');
    const libro = await abrir(r.rawPayload);
    expect(libro.worksheets.map((h) => h.name)).toEqual(['Resumen', 'Ventas', 'Detalle']);

    const resumen = libro.getWorksheet('Resumen')!;
    expect(fila(resumen, 'Desde')[1]).toBe('01/04/2026');
    expect(fila(resumen, 'Hasta')[1]).toBe('02/04/2026');
    expect(fila(resumen, 'Cantidad de ventas')[1]).toBe(3);
    expect(fila(resumen, 'Efectivo')).toEqual(['Efectivo', 2, 3450, 2000, 5450]);
    expect(fila(resumen, 'Mercado Pago')).toEqual(['Mercado Pago', 1, 1200.5, 0, 1200.5]);
    expect(fila(resumen, 'QR')).toEqual(['QR', 0, 0, 0, 0]);
    expect(fila(resumen, 'Total')).toEqual(['Total', 3, 4650.5, 2000, 6650.5]);
    expect(resumen.getColumn(5).numFmt).toBe(FORMATO_ARS);

    const ventas = libro.getWorksheet('Ventas')!;
    expect(ventas.rowCount).toBe(4);
    const filaVenta = ventas.getRow(3);
    expect(filaVenta.getCell(3).value).toBe('cliente-informes');
    expect(filaVenta.getCell(7).value).toBe(500);
    expect(filaVenta.getCell(8).value).toBe(2000);
    expect(filaVenta.getCell(8).numFmt).toBe(FORMATO_ARS);
    // Mendoza wall-clock time: 20:00Z is 17:00 in Mendoza.
    expect((filaVenta.getCell(2).value as Date).toISOString()).toBe('2026-04-01T17:00:00.000Z');
    let sumaTotales = 0;
    ventas.eachRow((row, n) => {
      if (n > 1) sumaTotales += row.getCell(8).value as number;
    });
    expect(sumaTotales).toBeCloseTo(6650.5, 2);

    const detalle = libro.getWorksheet('Detalle')!;
    expect(detalle.rowCount).toBe(5);
    const subtotales: number[] = [];
    detalle.eachRow((row, n) => {
      if (n > 1) subtotales.push(row.getCell(7).value as number);
    });
    expect(subtotales).toEqual([3000, 450, 1500, 1200.5]);
    expect(detalle.getRow(2).getCell(3).value).toBe('Cuaderno');
  });

  it('streams a big range whole: every sale and line, in order, with the right totals', async () => {
    // January 2025, away from the other tests' days: 1,300 sales with 2 lines each, set-based.
    const N = 1300;
    const inicio = Date.parse('2025-01-01T03:00:00Z');
    const filas = await t.db
      .insert(venta)
      .values(
        Array.from({ length: N }, (_, i) => ({
          fecha: new Date(inicio + i * 30 * 60_000),
          formaPago: i % 2 === 0 ? ('EFECTIVO' as const) : ('QR' as const),
          estadoVenta: 'CONCLUIDO' as const,
          total: 1650 + (i % 7),
          userId: cliente.id,
        })),
      )
      .returning({ id: venta.id });
    await t.db.insert(detalleVenta).values(
      filas.flatMap(({ id }, i) => [
        { ventaId: id, productoId: a.id, cantidad: 1, precioAplicado: 1500 + (i % 7) },
        { ventaId: id, productoId: b.id, cantidad: 1, precioAplicado: 150 },
      ]),
    );
    const esperado = Array.from({ length: N }, (_, i) => 1650 + (i % 7)).reduce((x, y) => x + y, 0);

    const r = await pedir('/api/cierre-caja/exportar?desde=2025-01-01&hasta=2025-01-31');
    expect(r.statusCode).toBe(200);
    const libro = await abrir(r.rawPayload);
    expect(fila(libro.getWorksheet('Resumen')!, 'Cantidad de ventas')[1]).toBe(N);
    expect(fila(libro.getWorksheet('Resumen')!, 'Total')).toEqual(['Total', N, esperado, 0, esperado]);

    const ventas = libro.getWorksheet('Ventas')!;
    expect(ventas.rowCount).toBe(N + 1);
    let suma = 0;
    const ids: number[] = [];
    ventas.eachRow((row, n) => {
      if (n === 1) return;
      ids.push(row.getCell(1).value as number);
      suma += row.getCell(8).value as number;
    });
    expect(ids).toEqual(filas.map((f) => f.id));
    expect(suma).toBeCloseTo(esperado, 2);
    expect(ventas.getRow(N + 1).getCell(8).numFmt).toBe(FORMATO_ARS);

    const detalle = libro.getWorksheet('Detalle')!;
    expect(detalle.rowCount).toBe(2 * N + 1);
    let subtotales = 0;
    detalle.eachRow((row, n) => {
      if (n > 1) subtotales += row.getCell(7).value as number;
    });
    expect(subtotales).toBeCloseTo(esperado, 2);
    expect(detalle.getRow(2 * N + 1).getCell(3).value).toBe('Birome');
  });

  it('answers two downloads at once, each whole (one worker thread each)', async () => {
    const [uno, otro] = await Promise.all([
      pedir('/api/cierre-caja/exportar?desde=2026-04-01&hasta=2026-04-02'),
      pedir('/api/cierre-caja/exportar?desde=2026-04-01&hasta=2026-04-01'),
    ]);
    expect([uno.statusCode, otro.statusCode]).toEqual([200, 200]);
    expect(fila((await abrir(uno.rawPayload)).getWorksheet('Resumen')!, 'Total')).toEqual(['Total', 3, 4650.5, 2000, 6650.5]);
    expect(fila((await abrir(otro.rawPayload)).getWorksheet('Resumen')!, 'Total')).toEqual(['Total', 2, 3450, 2000, 5450]);
  });

  it('needs both dates: "Debes seleccionar ambas fechas"', async () => {
    const r = await pedir('/api/cierre-caja/exportar?desde=2026-04-01');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.seleccionaAmbasFechas);
    const invertido = await pedir('/api/cierre-caja/exportar?desde=2026-04-02&hasta=2026-04-01');
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().message).toBe(MENSAJES.rangoFechasInvertido);
  });

  it('is for admins only', async () => {
    expect((await pedir('/api/cierre-caja/exportar?desde=2026-04-01&hasta=2026-04-02', cookieCliente)).statusCode).toBe(403);
  });
});

describe('GET /api/cierre-caja/exportar-hoy', () => {
  it('answers cierre_caja_hoy.xlsx with today\'s Mendoza sales only', async () => {
    await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: b.id, cantidad: 2, precio: 150 }] });
    await crearVentaDirecta(t.db, { userId: cliente.id, fecha: new Date(Date.now() - 2 * 86_400_000), lineas: [{ productoId: b.id, cantidad: 1, precio: 150 }] });
    const r = await pedir('/api/cierre-caja/exportar-hoy');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="cierre_caja_hoy.xlsx"');
    const resumen = (await abrir(r.rawPayload)).getWorksheet('Resumen')!;
    expect(fila(resumen, 'Cantidad de ventas')[1]).toBe(1);
    expect(fila(resumen, 'Total')).toEqual(['Total', 1, 0, 300, 300]);
  });
});

describe('GET /api/informes/resumen', () => {
  it('answers per day, per payment method and the top products', async () => {
    const r = await pedir('/api/informes/resumen?desde=2026-04-01&hasta=2026-04-03');
    expect(r.statusCode).toBe(200);
    const resumen = r.json();
    expect(resumen).toMatchObject({ desde: '2026-04-01', hasta: '2026-04-03', cantidadVentas: 4, total: 14150.5, cobrado: 4650.5, pendiente: 9500 });
    expect(resumen.porDia).toEqual([
      { fecha: '2026-04-01', cantidad: 2, total: 5450 },
      { fecha: '2026-04-02', cantidad: 1, total: 1200.5 },
      { fecha: '2026-04-03', cantidad: 1, total: 7500 },
    ]);
    expect(resumen.porFormaPago.find((f: { formaPago: string }) => f.formaPago === 'EFECTIVO')).toEqual({
      formaPago: 'EFECTIVO',
      cantidad: 3,
      total: 12950,
      cobrado: 3450,
      pendiente: 9500,
    });
    expect(resumen.topPorUnidades[0]).toEqual({ productoId: b.id, denominacion: 'Birome', unidades: 63, importe: 9450 });
    expect(resumen.topPorImporte[0]).toEqual({ productoId: b.id, denominacion: 'Birome', unidades: 63, importe: 9450 });
    expect(resumen.topPorUnidades[1]).toEqual({ productoId: a.id, denominacion: 'Cuaderno', unidades: 3, importe: 4200.5 });
  });
});

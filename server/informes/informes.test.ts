import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTADO_COBRO_LABEL, estadoDeCobro, type EstadoCobro } from '../../domain/cierre';
import { MENSAJES } from '../../domain/mensajes';
import { aCentavos, aPesos } from '../../domain/money';
import type { VentaResumen } from '../../domain/venta';
import { detalleVenta, venta } from '../db/schema';
import { registrarPago } from '../pagos/service';
import { vencerPagosPendientes } from '../pagos/vencimiento';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVenta, crearVentaDirecta } from '../test/fabricas';
import { FORMATO_ARS, ROTULO_NO_COBRADAS } from './cierre-xlsx';

let t: AppDePrueba;
let cookieAdmin: string;
let cookieCliente: string;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let a: Awaited<ReturnType<typeof crearProducto>>;
let b: Awaited<ReturnType<typeof crearProducto>>;

beforeAll(async () => {
  // The app's own expiry sweep (every minute) must not expire the Mercado Pago orders made here in
  // the past: the tests expire them when they mean to, with vencerPagosPendientes.
  t = await crearAppDePrueba({ MP_PAGO_VENCE_MINUTOS: String(100 * 365 * 24 * 60) });
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
    expect(filaVenta.getCell(5).value).toBe('Pendiente de cobro');
    expect(filaVenta.getCell(6).value).toBe('Pendiente');
    expect(filaVenta.getCell(8).value).toBe(500);
    expect(filaVenta.getCell(9).value).toBe(2000);
    expect(filaVenta.getCell(9).numFmt).toBe(FORMATO_ARS);
    // Mendoza wall-clock time: 20:00Z is 17:00 in Mendoza.
    expect((filaVenta.getCell(2).value as Date).toISOString()).toBe('2026-04-01T17:00:00.000Z');
    let sumaTotales = 0;
    ventas.eachRow((row, n) => {
      if (n > 1) sumaTotales += row.getCell(9).value as number;
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
      suma += row.getCell(9).value as number;
    });
    expect(ids).toEqual(filas.map((f) => f.id));
    expect(suma).toBeCloseTo(esperado, 2);
    expect(ventas.getRow(N + 1).getCell(9).numFmt).toBe(FORMATO_ARS);

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
    expect(resumen).toMatchObject({ desde: '2026-04-01', hasta: '2026-04-03', cantidadVentas: 4, total: 14150.5, cobrado: 4650.5, pendiente: 9500, noCobradas: { cantidad: 0, total: 0 } });
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

describe('what counts as collected: the summary, the xlsx and the sales grid agree', () => {
  // 2026-05-12 in Mendoza (UTC-3), away from the other tests' days.
  const DIA = '2026-05-12';
  const a12 = (hora: number) => new Date(`${DIA}T${String(hora).padStart(2, '0')}:00:00-03:00`);
  const pagoDe = (v: { id: number; total: number }, id: string, status: string) =>
    registrarPago(t.db, { id, status, external_reference: String(v.id), transaction_amount: v.total, currency_id: 'ARS', date_last_updated: null });

  let ids: Record<'efectivoPendiente' | 'efectivoConcluido' | 'aprobado' | 'rechazado' | 'vencido' | 'mpPendiente', number>;

  beforeAll(async () => {
    const efectivoPendiente = await crearVentaDirecta(t.db, { userId: cliente.id, fecha: a12(9), estadoVenta: 'PENDIENTE', lineas: [{ productoId: a.id, cantidad: 1, precio: 1500 }] }); // 1500
    const efectivoConcluido = await crearVentaDirecta(t.db, { userId: null, fecha: a12(9), estadoVenta: 'CONCLUIDO', lineas: [{ productoId: b.id, cantidad: 2, precio: 150 }] }); // 300
    // Mercado Pago orders as the cart makes them: PENDIENTE, with their payment PENDIENTE.
    const vencido = await crearVenta(t.db, { userId: cliente.id, fecha: a12(10), lineas: [{ productoId: b.id, cantidad: 4 }] }); // 600
    const aprobado = await crearVenta(t.db, { userId: cliente.id, fecha: a12(11), lineas: [{ productoId: a.id, cantidad: 1 }] }); // 1500
    const rechazado = await crearVenta(t.db, { userId: cliente.id, fecha: a12(12), lineas: [{ productoId: a.id, cantidad: 1 }, { productoId: b.id, cantidad: 1 }] }); // 1650
    const mpPendiente = await crearVenta(t.db, { userId: cliente.id, fecha: a12(18), lineas: [{ productoId: b.id, cantidad: 3 }] }); // 450
    expect(await pagoDe(aprobado, 'pago-aprobado', 'approved')).toMatchObject({ tipo: 'registrado', estadoPago: 'APROBADO' });
    expect(await pagoDe(rechazado, 'pago-rechazado', 'rejected')).toMatchObject({ tipo: 'registrado', estadoPago: 'RECHAZADO', stockLiberado: true });
    // At 11:30 only the 10:00 order is older than 60 minutes and still unpaid.
    expect((await vencerPagosPendientes(t.db, undefined, { minutos: 60, ahora: new Date(a12(11).getTime() + 30 * 60_000) })).vencidas).toEqual([vencido.id]);
    ids = { efectivoPendiente: efectivoPendiente.id, efectivoConcluido: efectivoConcluido.id, aprobado: aprobado.id, rechazado: rechazado.id, vencido: vencido.id, mpPendiente: mpPendiente.id };
  });

  it('collected = approved or concluded; pending = the rest still unpaid; rejected and expired apart, in no total', async () => {
    // The approved order is still PENDIENTE for delivery, and the rejected one's units went back.
    const [aprobada] = await t.db.select().from(venta).where(eq(venta.id, ids.aprobado));
    expect(aprobada).toMatchObject({ estadoVenta: 'PENDIENTE', estadoPago: 'APROBADO' });

    const r = await pedir(`/api/informes/resumen?desde=${DIA}&hasta=${DIA}`);
    expect(r.statusCode).toBe(200);
    const resumen = r.json();
    expect(resumen).toMatchObject({ cantidadVentas: 4, total: 3750, cobrado: 1800, pendiente: 1950, noCobradas: { cantidad: 2, total: 2250 } });
    expect(resumen.porDia).toEqual([{ fecha: DIA, cantidad: 4, total: 3750 }]);
    const forma = (f: string) => resumen.porFormaPago.find((x: { formaPago: string }) => x.formaPago === f);
    expect(forma('EFECTIVO')).toEqual({ formaPago: 'EFECTIVO', cantidad: 2, total: 1800, cobrado: 300, pendiente: 1500 });
    expect(forma('MERCADOPAGO')).toEqual({ formaPago: 'MERCADOPAGO', cantidad: 2, total: 1950, cobrado: 1500, pendiente: 450 });
    // Products: the lines of the rejected and the expired orders were not sold.
    expect(resumen.topPorUnidades).toEqual([
      { productoId: b.id, denominacion: 'Birome', unidades: 5, importe: 750 },
      { productoId: a.id, denominacion: 'Cuaderno', unidades: 2, importe: 3000 },
    ]);

    // The xlsx says the same.
    const x = await pedir(`/api/cierre-caja/exportar?desde=${DIA}&hasta=${DIA}`);
    expect(x.statusCode).toBe(200);
    const libro = await abrir(x.rawPayload);
    const hojaResumen = libro.getWorksheet('Resumen')!;
    expect(fila(hojaResumen, 'Cantidad de ventas')[1]).toBe(resumen.cantidadVentas);
    expect(fila(hojaResumen, 'Forma de pago')).toEqual(['Forma de pago', 'Ventas', 'Cobrado', 'Pendiente de cobro', 'Total']);
    expect(fila(hojaResumen, 'Efectivo')).toEqual(['Efectivo', 2, 300, 1500, 1800]);
    expect(fila(hojaResumen, 'Mercado Pago')).toEqual(['Mercado Pago', 2, 1500, 450, 1950]);
    expect(fila(hojaResumen, 'Total')).toEqual(['Total', resumen.cantidadVentas, resumen.cobrado, resumen.pendiente, resumen.total]);
    expect(fila(hojaResumen, ROTULO_NO_COBRADAS).slice(0, 3)).toEqual([ROTULO_NO_COBRADAS, resumen.noCobradas.cantidad, resumen.noCobradas.total]);

    // Every sale is in the Ventas sheet, its 'Estado' saying how it counts; the sums by 'Estado' are the summary's.
    const hojaVentas = libro.getWorksheet('Ventas')!;
    expect(hojaVentas.getRow(1).values).toEqual([undefined, 'Nro venta', 'Fecha', 'Cliente', 'Forma de pago', 'Estado', 'Estado de la venta', 'Estado del pago', 'Envío', 'Total']);
    const enXlsx = new Map<number, { estado: string; estadoVenta: string; total: number }>();
    hojaVentas.eachRow((row, n) => {
      if (n > 1) enXlsx.set(row.getCell(1).value as number, { estado: row.getCell(5).value as string, estadoVenta: row.getCell(6).value as string, total: row.getCell(9).value as number });
    });
    expect(enXlsx.get(ids.aprobado)).toMatchObject({ estado: 'Cobrado', estadoVenta: 'Pendiente' });
    expect(enXlsx.get(ids.efectivoConcluido)).toMatchObject({ estado: 'Cobrado', estadoVenta: 'Concluido' });
    expect(enXlsx.get(ids.rechazado)?.estado).toBe('No cobrado');
    expect(enXlsx.get(ids.vencido)?.estado).toBe('No cobrado');
    expect(enXlsx.get(ids.efectivoPendiente)?.estado).toBe('Pendiente de cobro');
    expect(enXlsx.get(ids.mpPendiente)?.estado).toBe('Pendiente de cobro');
    const sumaXlsx = (estado: EstadoCobro) =>
      aPesos([...enXlsx.values()].filter((v) => v.estado === ESTADO_COBRO_LABEL[estado]).reduce((suma, v) => suma + aCentavos(v.total), 0));
    expect([sumaXlsx('COBRADO'), sumaXlsx('PENDIENTE'), sumaXlsx('NO_COBRADO')]).toEqual([resumen.cobrado, resumen.pendiente, resumen.noCobradas.total]);

    // The sales grid lists the same sales, and the same rule (domain/cierre.ts) on its rows gives the same figures.
    const g = await pedir(`/api/venta?desde=${DIA}&hasta=${DIA}&porPagina=200`);
    expect(g.statusCode).toBe(200);
    const items: VentaResumen[] = g.json().items;
    expect(items.map((v) => v.id).sort((p, q) => p - q)).toEqual([...enXlsx.keys()].sort((p, q) => p - q));
    for (const v of items) expect(enXlsx.get(v.id)?.estado).toBe(ESTADO_COBRO_LABEL[estadoDeCobro(v)]);
    const sumaGrilla = (estado: EstadoCobro) => aPesos(items.filter((v) => estadoDeCobro(v) === estado).reduce((suma, v) => suma + aCentavos(v.total), 0));
    expect([sumaGrilla('COBRADO'), sumaGrilla('PENDIENTE'), sumaGrilla('NO_COBRADO')]).toEqual([resumen.cobrado, resumen.pendiente, resumen.noCobradas.total]);
    expect(items.filter((v) => estadoDeCobro(v) !== 'NO_COBRADO')).toHaveLength(resumen.cantidadVentas);
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mensajeDemasiadosPedidosPendientes } from '../../domain/mensajes';
import { MENSAJES_PAGO } from '../../domain/pago';
import { auditoria } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVenta } from '../test/fabricas';
import { iniciarMercadoPagoFalso, type MercadoPagoFalso } from '../test/mercado-pago-falso';
import { leerVenta, movimientosDeVenta, notificarPago, stockYMovimientos } from '../test/pagos';
import { fechaMP } from './service';
import { vencerPagosPendientes } from './vencimiento';

// 'Pagar' on an unpaid Mercado Pago order (docs/decisions/026-pagar-de-nuevo.md): the real SDK
// against the fake Mercado Pago on 127.0.0.1, on PGlite and on PostgreSQL.

const SECRETO = 'secreto-de-prueba';
const TIENDA = 'https://tienda.example.com';
let mp: MercadoPagoFalso;
let t: AppDePrueba;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let otro: Awaited<ReturnType<typeof crearUsuario>>;
let cookieCliente: string;
let cookieOtro: string;
let pagos = 50_000;
const hace = (minutos: number) => new Date(Date.now() - minutos * 60_000);

beforeAll(async () => {
  mp = await iniciarMercadoPagoFalso();
  t = await crearAppDePrueba({ MP_ACCESS_TOKEN: 'TEST-123-abc', MP_WEBHOOK_SECRET: SECRETO, MP_API_BASE_URL: mp.url, MP_TIMEOUT_MS: '2000', PUBLIC_URL: TIENDA });
  cliente = await crearUsuario(t.db);
  otro = await crearUsuario(t.db);
  cookieCliente = await t.cookieDe(cliente.usuario, cliente.clave);
  cookieOtro = await t.cookieDe(otro.usuario, otro.clave);
});
afterAll(async () => {
  await t.cerrar();
  await mp.cerrar();
});
beforeEach(() => {
  mp.pedidos.length = 0;
  mp.modoPreferencia = 'ok';
  mp.pagosCaidos = false;
});

/** A cart order of 3 pencils (stock 10) and 1 notebook, placed `minutos` ago. */
async function pedido(opciones: { minutos?: number; stock?: number; formaPago?: 'EFECTIVO' | 'MERCADOPAGO' } = {}) {
  const lapiz = await crearProducto(t.db, { denominacion: 'Lápiz negro HB', costo: 100, porcentaje: 50, stock: opciones.stock ?? 10 });
  const cuaderno = await crearProducto(t.db, { denominacion: 'Cuaderno A4', costo: 1000, porcentaje: 50, stock: 10 });
  const venta = await crearVenta(t.db, {
    userId: cliente.id,
    carrito: true,
    formaPago: opciones.formaPago,
    fecha: hace(opciones.minutos ?? 5),
    lineas: [
      { productoId: lapiz.id, cantidad: 3 },
      { productoId: cuaderno.id, cantidad: 1 },
    ],
  });
  return { venta, lapiz, cuaderno };
}

const pagar = (ventaId: number, cookie: string | null = cookieCliente) =>
  t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: cookie ? { cookie } : {}, payload: { id: ventaId } });

const nuevoPago = (ventaId: number, status: string, monto: number) => {
  const id = String(++pagos);
  mp.pagos.set(id, { id: Number(id), status, external_reference: String(ventaId), transaction_amount: monto, date_last_updated: new Date(Date.now() + pagos).toISOString() });
  return id;
};

const preferencias = () => mp.pedidos.filter((p) => p.method === 'POST' && p.path === '/checkout/preferences/').map((p) => p.body as Record<string, unknown>);

const eventos = (ventaId: number, accion: string) =>
  t.db
    .select({ usuarioId: auditoria.usuarioId, antes: auditoria.antes, despues: auditoria.despues, detalle: auditoria.detalle })
    .from(auditoria)
    .where(and(eq(auditoria.entidad, 'venta'), eq(auditoria.entidadId, ventaId), eq(auditoria.accion, accion)))
    .orderBy(asc(auditoria.id));

const motivos = async (ventaId: number) => (await movimientosDeVenta(t.db, ventaId)).map((m) => `${m.motivo} ${m.delta}`);

describe('Pagar an abandoned or pending order', () => {
  it('makes a fresh preference of the same order, from its own lines, expiring when the order does, without touching stock', async () => {
    const { venta, lapiz } = await pedido({ minutos: 20 });
    const primera = await pagar(venta.id);
    expect(primera.statusCode).toBe(200);
    // The customer went Back from the checkout and presses 'Pagar' twice more.
    const segunda = await pagar(venta.id);
    const tercera = await pagar(venta.id);
    expect([segunda.statusCode, tercera.statusCode]).toEqual([200, 200]);
    expect(new Set([primera.json().id, segunda.json().id, tercera.json().id]).size).toBe(3);

    const [a, b, c] = preferencias();
    expect(b!.items).toEqual(a!.items);
    expect(c!.items).toEqual(a!.items);
    expect(b!.external_reference).toBe(String(venta.id));
    // The hold is not extended: every preference expires at the order's own deadline.
    const vence = fechaMP(new Date(venta.fecha.getTime() + 60 * 60_000));
    for (const p of [a, b, c]) expect([p!.expiration_date_to, p!.date_of_expiration]).toEqual([vence, vence]);

    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
    expect(await motivos(venta.id)).toEqual([`PEDIDO -3`, `PEDIDO -1`]);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'PENDIENTE', stockLiberado: false });
    expect(await eventos(venta.id, 'venta.pagar-de-nuevo')).toEqual([]);
    // The return pages learn until when 'Pagar' is offered.
    const estado = await t.app.inject({ method: 'GET', url: `/api/mercadoPago/estado/${venta.id}`, headers: { cookie: cookieCliente } });
    expect(estado.json()).toMatchObject({ estadoPago: 'PENDIENTE', pagarHasta: new Date(venta.fecha.getTime() + 60 * 60_000).toISOString() });
  });

  it('works while a payment is pending (a ticket not paid yet), holding nothing twice', async () => {
    const { venta, lapiz } = await pedido();
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'in_process', venta.total), SECRETO)).statusCode).toBe(200);
    expect((await leerVenta(t.db, venta.id)).estadoPago).toBe('PENDIENTE');
    expect((await pagar(venta.id)).statusCode).toBe(200);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
    expect(await motivos(venta.id)).toEqual([`PEDIDO -3`, `PEDIDO -1`]);
  });

  it('an approval on an older preference, whose notification was lost, counts once and the order is not charged again', async () => {
    const { venta, lapiz } = await pedido();
    expect((await pagar(venta.id)).statusCode).toBe(200);
    const aprobado = nuevoPago(venta.id, 'approved', venta.total);
    const r = await pagar(venta.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PAGO.ventaYaPagada);
    expect(preferencias()).toHaveLength(1);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', pagoId: aprobado, stockLiberado: false });
    // The late notification of the same payment changes nothing more.
    expect((await notificarPago(t.app, aprobado, SECRETO)).statusCode).toBe(200);
    expect(await eventos(venta.id, 'venta.registrar-pago')).toHaveLength(1);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
  });
});

describe('Pagar a rejected order', () => {
  it('takes its units again once, records who did it, and a later approval on the new preference takes nothing more', async () => {
    const { venta, lapiz, cuaderno } = await pedido();
    const rechazado = nuevoPago(venta.id, 'rejected', venta.total);
    expect((await notificarPago(t.app, rechazado, SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'RECHAZADO', stockLiberado: true });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 10, movimientos: 10 });

    expect((await pagar(venta.id)).statusCode).toBe(200);
    expect((await pagar(venta.id)).statusCode).toBe(200);
    expect(preferencias()).toHaveLength(2);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'RECHAZADO', pagoId: rechazado, stockLiberado: false });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
    expect(await stockYMovimientos(t.db, cuaderno.id)).toEqual({ stock: 9, movimientos: 9 });
    expect(await eventos(venta.id, 'venta.pagar-de-nuevo')).toEqual([
      { usuarioId: cliente.id, antes: { estadoPago: 'RECHAZADO', stockLiberado: true }, despues: { estadoPago: 'RECHAZADO', stockLiberado: false }, detalle: { unidades: 4 } },
    ]);

    // The old rejection delivered again is old news: the units stay held.
    expect((await notificarPago(t.app, rechazado, SECRETO)).statusCode).toBe(200);
    expect((await leerVenta(t.db, venta.id)).stockLiberado).toBe(false);

    const aprobado = nuevoPago(venta.id, 'approved', venta.total);
    expect((await notificarPago(t.app, aprobado, SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', pagoId: aprobado, stockLiberado: false });
    expect(await motivos(venta.id)).toEqual(['PEDIDO -3', 'PEDIDO -1', 'PAGO_RECHAZADO 3', 'PAGO_RECHAZADO 1', 'PEDIDO -3', 'PEDIDO -1']);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
  });

  it('after Pagar, a pending attempt is recorded; a new rejection gives the units back once more', async () => {
    const { venta, lapiz } = await pedido();
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    expect((await pagar(venta.id)).statusCode).toBe(200);
    const pendiente = nuevoPago(venta.id, 'pending', venta.total);
    expect((await notificarPago(t.app, pendiente, SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'PENDIENTE', pagoId: pendiente, stockLiberado: false });
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'RECHAZADO', stockLiberado: true });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 10, movimientos: 10 });
  });

  it('refuses when some units were sold meanwhile, and changes nothing', async () => {
    const { venta, lapiz } = await pedido({ stock: 3 });
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    await crearVenta(t.db, { userId: otro.id, formaPago: 'EFECTIVO', lineas: [{ productoId: lapiz.id, cantidad: 1 }] });
    const r = await pagar(venta.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PAGO.sinStockParaPagar);
    expect(preferencias()).toHaveLength(0);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'RECHAZADO', stockLiberado: true });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 2, movimientos: 2 });
    expect(await eventos(venta.id, 'venta.pagar-de-nuevo')).toEqual([]);
  });

  it('held again and abandoned, it expires with the order: units back once, audited as an expiry', async () => {
    const { venta, lapiz } = await pedido({ minutos: 50 });
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    expect((await pagar(venta.id)).statusCode).toBe(200);
    const enHora = await vencerPagosPendientes(t.db, t.app.mercadoPago.pasarela, { minutos: 60 });
    expect(enHora.vencidas).not.toContain(venta.id);
    const tarde = await vencerPagosPendientes(t.db, t.app.mercadoPago.pasarela, { minutos: 60, ahora: new Date(venta.fecha.getTime() + 61 * 60_000) });
    expect(tarde.vencidas).toContain(venta.id);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'VENCIDO', stockLiberado: true });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 10, movimientos: 10 });
    expect((await eventos(venta.id, 'venta.vencer-pago')).map((e) => e.antes)).toEqual([{ estadoPago: 'RECHAZADO' }]);
    const r = await pagar(venta.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PAGO.pagoVencido);
    const estado = await t.app.inject({ method: 'GET', url: `/api/mercadoPago/estado/${venta.id}`, headers: { cookie: cookieCliente } });
    expect(estado.json()).toMatchObject({ estadoPago: 'VENCIDO', pagarHasta: null });
  });
});

describe('Pagar refused', () => {
  it("another customer's order: 403; no session: 401; nothing asked to Mercado Pago, nothing changed", async () => {
    const { venta, lapiz } = await pedido();
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    mp.pedidos.length = 0;
    const ajena = await pagar(venta.id, cookieOtro);
    expect(ajena.statusCode).toBe(403);
    expect((await pagar(venta.id, null)).statusCode).toBe(401);
    expect(mp.pedidos).toEqual([]);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ stockLiberado: true });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 10, movimientos: 10 });
  });

  it('a paid order, an expired one (by the sweep, or only by the clock), a cash one, a concluded one', async () => {
    const pagada = await pedido();
    expect((await notificarPago(t.app, nuevoPago(pagada.venta.id, 'approved', pagada.venta.total), SECRETO)).statusCode).toBe(200);
    const vencida = await pedido({ minutos: 61 });
    await vencerPagosPendientes(t.db, t.app.mercadoPago.pasarela, { minutos: 60 });
    expect((await leerVenta(t.db, vencida.venta.id)).estadoPago).toBe('VENCIDO');
    const sinBarrer = await pedido({ minutos: 61 });
    const efectivo = await pedido({ formaPago: 'EFECTIVO' });
    const p = await crearProducto(t.db);
    const concluida = await crearVenta(t.db, { userId: cliente.id, estadoVenta: 'CONCLUIDO', lineas: [{ productoId: p.id, cantidad: 1 }] });
    mp.pedidos.length = 0;

    for (const [id, mensaje] of [
      [pagada.venta.id, MENSAJES_PAGO.ventaYaPagada],
      [vencida.venta.id, MENSAJES_PAGO.pagoVencido],
      [sinBarrer.venta.id, MENSAJES_PAGO.pagoVencido],
      [efectivo.venta.id, MENSAJES_PAGO.ventaNoEsMercadoPago],
      [concluida.id, MENSAJES_PAGO.ventaNoPendiente],
    ] as const) {
      const r = await pagar(id);
      expect([id, r.statusCode, r.json().message]).toEqual([id, 409, mensaje]);
    }
    expect(preferencias()).toEqual([]);
    expect(await stockYMovimientos(t.db, vencida.lapiz.id)).toEqual({ stock: 10, movimientos: 10 });
    expect(await stockYMovimientos(t.db, efectivo.lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
  });

  it('an order whose payment was refunded is not paid again', async () => {
    const { venta, lapiz } = await pedido();
    const devuelto = nuevoPago(venta.id, 'approved', venta.total);
    expect((await notificarPago(t.app, devuelto, SECRETO)).statusCode).toBe(200);
    mp.pagos.get(devuelto)!.status = 'refunded';
    expect((await notificarPago(t.app, devuelto, SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'RECHAZADO', stockLiberado: true });
    const r = await pagar(venta.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PAGO.pagoDevuelto);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 10, movimientos: 10 });
  });

  it('Mercado Pago down: 502, and the units of a rejected order are not taken', async () => {
    const { venta, lapiz } = await pedido();
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    mp.pagosCaidos = true;
    const r = await pagar(venta.id);
    expect(r.statusCode).toBe(502);
    expect(r.json().message).toBe(MENSAJES_PAGO.preferenciaFallida);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 10, movimientos: 10 });
  });

  it('the preference fails after the units were taken again: the next Pagar does not take them twice', async () => {
    const { venta, lapiz } = await pedido();
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    mp.modoPreferencia = 'error';
    expect((await pagar(venta.id)).statusCode).toBe(502);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
    mp.modoPreferencia = 'ok';
    expect((await pagar(venta.id)).statusCode).toBe(200);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
    expect(await eventos(venta.id, 'venta.pagar-de-nuevo')).toHaveLength(1);
  });
});

describe('at the same time', () => {
  it('a retry and a late approval of a rejected order take its units once', async () => {
    for (let vuelta = 0; vuelta < 3; vuelta++) {
      const { venta, lapiz } = await pedido();
      expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
      const aprobado = nuevoPago(venta.id, 'approved', venta.total);
      const [reintento, notificacion] = await Promise.all([pagar(venta.id), notificarPago(t.app, aprobado, SECRETO)]);
      expect(notificacion.statusCode).toBe(200);
      // Either the retry came first (a preference, then the approval takes nothing) or it saw the approval.
      expect([200, 409]).toContain(reintento.statusCode);
      if (reintento.statusCode === 409) expect(reintento.json().message).toBe(MENSAJES_PAGO.ventaYaPagada);
      expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', pagoId: aprobado, stockLiberado: false });
      expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
      expect((await motivos(venta.id)).filter((m) => m.startsWith('PEDIDO'))).toEqual(['PEDIDO -3', 'PEDIDO -1', 'PEDIDO -3', 'PEDIDO -1']);
    }
  });

  it('three retries of a rejected order at once take its units once', async () => {
    const { venta, lapiz } = await pedido();
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    const respuestas = await Promise.all([pagar(venta.id), pagar(venta.id), pagar(venta.id)]);
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 7, movimientos: 7 });
    expect(await eventos(venta.id, 'venta.pagar-de-nuevo')).toHaveLength(1);
  });
});

describe("the customer's limits", () => {
  it('taking the units again counts like a new order: refused past PEDIDOS_PENDIENTES_MAX', async () => {
    // Its own database and its own Mercado Pago: sale ids start again at 1.
    const suMp = await iniciarMercadoPagoFalso();
    const otraApp = await crearAppDePrueba({
      MP_ACCESS_TOKEN: 'TEST-123-abc',
      MP_WEBHOOK_SECRET: SECRETO,
      MP_API_BASE_URL: suMp.url,
      PUBLIC_URL: TIENDA,
      PEDIDOS_PENDIENTES_MAX: '1',
    });
    try {
      const c = await crearUsuario(otraApp.db);
      const cookie = await otraApp.cookieDe(c.usuario, c.clave);
      const p = await crearProducto(otraApp.db, { stock: 10 });
      const rechazada = await crearVenta(otraApp.db, { userId: c.id, carrito: true, lineas: [{ productoId: p.id, cantidad: 2 }] });
      const rechazo = String(++pagos);
      suMp.pagos.set(rechazo, { id: Number(rechazo), status: 'rejected', external_reference: String(rechazada.id), transaction_amount: rechazada.total });
      expect((await notificarPago(otraApp.app, rechazo, SECRETO)).statusCode).toBe(200);
      // Meanwhile the customer placed another order, which holds units unpaid.
      await crearVenta(otraApp.db, { userId: c.id, carrito: true, lineas: [{ productoId: p.id, cantidad: 1 }] });
      const r = await otraApp.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: { cookie }, payload: { id: rechazada.id } });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(mensajeDemasiadosPedidosPendientes(1));
      expect(await stockYMovimientos(otraApp.db, p.id)).toEqual({ stock: 9, movimientos: 9 });
      expect(await leerVenta(otraApp.db, rechazada.id)).toMatchObject({ stockLiberado: true });
    } finally {
      await otraApp.cerrar();
      await suMp.cerrar();
    }
  });
});

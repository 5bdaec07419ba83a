import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAJES_PAGO } from '../../domain/pago';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVenta } from '../test/fabricas';
import { iniciarMercadoPagoFalso, type MercadoPagoFalso } from '../test/mercado-pago-falso';
import { leerVenta, movimientosDeVenta, notificarPago, stockYMovimientos } from '../test/pagos';
import { firmar } from './firma';
import { fechaMP } from './service';

// The real SDK against a fake Mercado Pago API on 127.0.0.1.

const SECRETO = 'secreto-de-prueba';
const TIENDA = 'https://tienda.example.com';
let mp: MercadoPagoFalso;
let t: AppDePrueba;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let otro: Awaited<ReturnType<typeof crearUsuario>>;
let admin: Awaited<ReturnType<typeof crearUsuario>>;
let cookieCliente: string;
let cookieOtro: string;
let cookieAdmin: string;
let pagos = 9000;

beforeAll(async () => {
  mp = await iniciarMercadoPagoFalso();
  t = await crearAppDePrueba({
    MP_ACCESS_TOKEN: 'TEST-123-abc',
    MP_WEBHOOK_SECRET: SECRETO,
    MP_API_BASE_URL: mp.url,
    MP_TIMEOUT_MS: '400',
    PUBLIC_URL: TIENDA,
  });
  cliente = await crearUsuario(t.db);
  otro = await crearUsuario(t.db);
  admin = await crearUsuario(t.db, { rol: 'ADMIN' });
  cookieCliente = await t.cookieDe(cliente.usuario, cliente.clave);
  cookieOtro = await t.cookieDe(otro.usuario, otro.clave);
  cookieAdmin = await t.cookieDe(admin.usuario, admin.clave);
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

async function ventaDeCliente(opciones: { cantidad?: number; stock?: number } = {}) {
  const lapiz = await crearProducto(t.db, { denominacion: 'Lápiz negro HB', costo: 100, porcentaje: 50, stock: opciones.stock ?? 10 });
  const cuaderno = await crearProducto(t.db, { denominacion: 'Cuaderno A4 rayado', costo: 1000, porcentaje: 33.33, stock: opciones.stock ?? 10 });
  const v = await crearVenta(t.db, {
    userId: cliente.id,
    lineas: [
      { productoId: lapiz.id, cantidad: opciones.cantidad ?? 3 },
      { productoId: cuaderno.id, cantidad: 1, precioAplicado: 1200.5 },
    ],
  });
  return { venta: v, lapiz, cuaderno };
}

const crearPreferencia = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: cookie ? { cookie } : {}, payload });

const preferenciasPedidas = () => mp.pedidos.filter((p) => p.method === 'POST' && p.path === '/checkout/preferences/');

const nuevoPago = (ventaId: number, status: string, monto: number) => {
  const id = String(++pagos);
  mp.pagos.set(id, { id: Number(id), status, external_reference: String(ventaId), transaction_amount: monto });
  return id;
};

describe('POST /api/mercadoPago/createPreference', () => {
  it('sends the sale to Checkout Pro through the SDK, field by field, and ignores a total sent', async () => {
    const { venta, lapiz } = await ventaDeCliente();
    const r = await crearPreferencia(cookieCliente, { id: venta.id, total: 1 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id: '123456-pref-1', init_point: 'https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=123456-pref-1' });

    // Mercado Pago is asked first whether the order was paid already (on an older preference).
    // (A read is retried once if it is slow to answer: the first call of the test file may be.)
    const busquedas = mp.pedidos.slice(0, -1);
    expect(busquedas.length).toBeGreaterThan(0);
    for (const b of busquedas) expect([b.method, b.path, b.query.get('external_reference')]).toEqual(['GET', '/v1/payments/search', String(venta.id)]);
    expect(preferenciasPedidas()).toHaveLength(1);
    const pedido = mp.pedidos.at(-1)!;
    expect(pedido.method).toBe('POST');
    expect(pedido.path).toBe('/checkout/preferences/');
    expect(pedido.headers.authorization).toBe('Bearer TEST-123-abc');
    expect(pedido.headers['x-idempotency-key']).toBeTruthy();
    const body = pedido.body as Record<string, unknown>;
    expect(body.items).toEqual([
      { id: String(lapiz.id), title: 'Lápiz negro HB', quantity: 3, unit_price: 150, currency_id: 'ARS' },
      { id: String(venta.lineas[1]!.productoId), title: 'Cuaderno A4 rayado', quantity: 1, unit_price: 1200.5, currency_id: 'ARS' },
    ]);
    expect(body.external_reference).toBe(String(venta.id));
    expect(body.back_urls).toEqual({ success: `${TIENDA}/mpsuccess`, pending: `${TIENDA}/mppending`, failure: `${TIENDA}/mpfailure` });
    expect(body.auto_return).toBe('approved');
    expect(body.notification_url).toBe(`${TIENDA}/api/mercadoPago/webhook`);
    expect(body.expires).toBe(true);
    const vence = fechaMP(new Date(venta.fecha.getTime() + 60 * 60_000));
    expect(body.expiration_date_to).toBe(vence);
    expect(body.date_of_expiration).toBe(vence);
    expect(body.expiration_date_from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/);
    expect(Object.keys(body).sort()).toEqual(
      ['auto_return', 'back_urls', 'date_of_expiration', 'expiration_date_from', 'expiration_date_to', 'expires', 'external_reference', 'items', 'notification_url'].sort(),
    );
    expect(venta.total).toBe(1650.5);
  });

  it('charges the shipping the admin entered as one more item, so the preference adds up to the total', async () => {
    const p = await crearProducto(t.db, { denominacion: 'Agenda 2027', costo: 4000, porcentaje: 50 });
    const venta = await crearVenta(t.db, { userId: cliente.id, envio: 1500, lineas: [{ productoId: p.id, cantidad: 1 }] });
    expect((await crearPreferencia(cookieCliente, { id: venta.id })).statusCode).toBe(200);
    expect((preferenciasPedidas()[0]!.body as { items: unknown }).items).toEqual([
      { id: String(p.id), title: 'Agenda 2027', quantity: 1, unit_price: 6000, currency_id: 'ARS' },
      { id: 'envio', title: 'Envío', quantity: 1, unit_price: 1500, currency_id: 'ARS' },
    ]);
    expect(venta.total).toBe(7500);
  });

  it('answers 502 "No se pudo crear la preferencia" when Mercado Pago fails, without retrying', async () => {
    const { venta } = await ventaDeCliente();
    mp.modoPreferencia = 'error';
    const r = await crearPreferencia(cookieCliente, { id: venta.id });
    expect(r.statusCode).toBe(502);
    expect(r.json()).toEqual({ message: MENSAJES_PAGO.preferenciaFallida });
    expect(preferenciasPedidas()).toHaveLength(1);
  });

  it('answers 502 "No se pudo crear la preferencia" when Mercado Pago does not answer in time', async () => {
    const { venta } = await ventaDeCliente();
    mp.modoPreferencia = 'lento';
    const inicio = Date.now();
    const r = await crearPreferencia(cookieCliente, { id: venta.id });
    expect(r.statusCode).toBe(502);
    expect(r.json()).toEqual({ message: MENSAJES_PAGO.preferenciaFallida });
    expect(Date.now() - inicio).toBeLessThan(1900);
  });

  it('answers 502 "No se pudo obtener el link de pago de Mercado Pago" without init_point', async () => {
    const { venta } = await ventaDeCliente();
    mp.modoPreferencia = 'sin-init-point';
    const r = await crearPreferencia(cookieCliente, { id: venta.id });
    expect(r.statusCode).toBe(502);
    expect(r.json()).toEqual({ message: MENSAJES_PAGO.sinLinkDePago });
  });

  it('refuses other people, strangers, unknown, cash, paid and expired sales, and unknown fields', async () => {
    const { venta } = await ventaDeCliente();
    expect((await crearPreferencia(cookieOtro, { id: venta.id })).statusCode).toBe(403);
    expect((await crearPreferencia(undefined, { id: venta.id })).statusCode).toBe(401);
    const desconocida = await crearPreferencia(cookieCliente, { id: 999_999 });
    expect(desconocida.statusCode).toBe(404);
    expect(desconocida.json().message).toBe(MENSAJES_PAGO.ventaNoEncontrada);
    expect((await crearPreferencia(cookieCliente, { id: venta.id, otro: 1 })).statusCode).toBe(400);
    expect((await crearPreferencia(cookieCliente, { id: 'x' })).statusCode).toBe(400);

    const p = await crearProducto(t.db);
    const efectivo = await crearVenta(t.db, { userId: cliente.id, formaPago: 'EFECTIVO', lineas: [{ productoId: p.id, cantidad: 1 }] });
    expect((await crearPreferencia(cookieCliente, { id: efectivo.id })).json().message).toBe(MENSAJES_PAGO.ventaNoEsMercadoPago);
    const pagada = await crearVenta(t.db, { userId: cliente.id, estadoPago: 'APROBADO', lineas: [{ productoId: p.id, cantidad: 1 }] });
    const r = await crearPreferencia(cookieCliente, { id: pagada.id });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PAGO.ventaYaPagada);
    const vieja = await crearVenta(t.db, { userId: cliente.id, fecha: new Date(Date.now() - 61 * 60_000), lineas: [{ productoId: p.id, cantidad: 1 }] });
    expect((await crearPreferencia(cookieCliente, { id: vieja.id })).json().message).toBe(MENSAJES_PAGO.pagoVencido);
    expect(mp.pedidos).toHaveLength(0);
    // An admin may create it for a customer (e.g. on the phone).
    expect((await crearPreferencia(cookieAdmin, { id: venta.id })).statusCode).toBe(200);
  });
});

describe('POST /api/mercadoPago/webhook', () => {
  it('records an approved payment once; the same notification again changes nothing', async () => {
    const { venta } = await ventaDeCliente();
    const pagoId = nuevoPago(venta.id, 'approved', venta.total);
    const r = await notificarPago(t.app, pagoId, SECRETO);
    expect(r.statusCode).toBe(200);
    expect(mp.pedidos.map((p) => `${p.method} ${p.path}`)).toEqual([`GET /v1/payments/${pagoId}`]);
    expect(mp.pedidos[0]!.headers.authorization).toBe('Bearer TEST-123-abc');
    const despues = await leerVenta(t.db, venta.id);
    expect(despues).toMatchObject({ estadoPago: 'APROBADO', pagoId, estadoVenta: 'PENDIENTE', stockLiberado: false });
    expect(despues.pagoActualizado).toBeInstanceOf(Date);

    const repetida = await notificarPago(t.app, pagoId, SECRETO);
    expect(repetida.statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toEqual(despues);
  });

  it('refuses a bad, a missing or a borrowed signature with 401 and changes nothing', async () => {
    const { venta } = await ventaDeCliente();
    const pagoId = nuevoPago(venta.id, 'approved', venta.total);
    const antes = await leerVenta(t.db, venta.id);
    for (const r of [
      await notificarPago(t.app, pagoId, 'otro-secreto'),
      await notificarPago(t.app, pagoId, undefined),
      await notificarPago(t.app, pagoId, SECRETO, { firmarId: '1' }),
      await t.app.inject({
        method: 'POST',
        url: `/api/mercadoPago/webhook?data.id=${pagoId}&type=payment`,
        headers: { 'x-signature': 'ts=abc,v1=zz', 'x-request-id': 'r' },
        payload: { type: 'payment', data: { id: pagoId } },
      }),
    ]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ message: MENSAJES_PAGO.firmaInvalida });
    }
    expect(mp.pedidos).toHaveLength(0);
    expect(await leerVenta(t.db, venta.id)).toEqual(antes);
  });

  it('refuses a validly signed notification whose signed time is more than MP_WEBHOOK_TOLERANCIA_SEGUNDOS away', async () => {
    const { venta } = await ventaDeCliente();
    const pagoId = nuevoPago(venta.id, 'approved', venta.total);
    const antes = await leerVenta(t.db, venta.id);
    const segundos = (desplazamiento: number) => String(Math.floor(Date.now() / 1000) + desplazamiento);
    // 2001, six minutes ago, six minutes ahead, and 2001 written in milliseconds.
    for (const ts of ['1000000000', segundos(-360), segundos(360), '1000000000000']) {
      const r = await notificarPago(t.app, pagoId, SECRETO, { ts });
      expect([ts, r.statusCode]).toEqual([ts, 401]);
      expect(r.json()).toEqual({ message: MENSAJES_PAGO.notificacionVencida });
    }
    expect(mp.pedidos).toHaveLength(0);
    expect(await leerVenta(t.db, venta.id)).toEqual(antes);
    // Four minutes ago is within the default five.
    expect((await notificarPago(t.app, pagoId, SECRETO, { ts: segundos(-240) })).statusCode).toBe(200);
    expect((await leerVenta(t.db, venta.id)).estadoPago).toBe('APROBADO');
  });

  it('does not mark paid a payment whose amount differs from the sale', async () => {
    const { venta } = await ventaDeCliente();
    const pagoId = nuevoPago(venta.id, 'approved', venta.total - 0.01);
    expect((await notificarPago(t.app, pagoId, SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'PENDIENTE', pagoId: null });
  });

  it('acknowledges a payment of an unknown sale, and a payment Mercado Pago does not know', async () => {
    mp.pagos.set('777', { id: 777, status: 'approved', external_reference: '987654', transaction_amount: 10 });
    expect((await notificarPago(t.app, '777', SECRETO)).statusCode).toBe(200);
    expect((await notificarPago(t.app, '404404', SECRETO)).statusCode).toBe(200);
  });

  it('gives a rejected order its units back exactly once, with movements', async () => {
    const { venta, lapiz, cuaderno } = await ventaDeCliente({ cantidad: 4 });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 6, movimientos: 6 });
    const rechazado = nuevoPago(venta.id, 'rejected', venta.total);
    expect((await notificarPago(t.app, rechazado, SECRETO)).statusCode).toBe(200);
    expect((await notificarPago(t.app, rechazado, SECRETO)).statusCode).toBe(200);
    const otroRechazo = nuevoPago(venta.id, 'cancelled', venta.total);
    expect((await notificarPago(t.app, otroRechazo, SECRETO)).statusCode).toBe(200);

    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'RECHAZADO', pagoId: otroRechazo, stockLiberado: true, estadoVenta: 'PENDIENTE' });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 10, movimientos: 10 });
    expect(await stockYMovimientos(t.db, cuaderno.id)).toEqual({ stock: 10, movimientos: 10 });
    expect(await movimientosDeVenta(t.db, venta.id)).toEqual([
      { productoId: lapiz.id, delta: -4, motivo: 'PEDIDO' },
      { productoId: cuaderno.id, delta: -1, motivo: 'PEDIDO' },
      { productoId: lapiz.id, delta: 4, motivo: 'PAGO_RECHAZADO' },
      { productoId: cuaderno.id, delta: 1, motivo: 'PAGO_RECHAZADO' },
    ]);

    // A pending attempt afterwards does not hold the units again; an approval takes them back.
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'pending', venta.total), SECRETO)).statusCode).toBe(200);
    expect((await leerVenta(t.db, venta.id)).estadoPago).toBe('RECHAZADO');
    const aprobado = nuevoPago(venta.id, 'approved', venta.total);
    expect((await notificarPago(t.app, aprobado, SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', pagoId: aprobado, stockLiberado: false });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 6, movimientos: 6 });
    // Older attempts cannot undo the approval.
    expect((await notificarPago(t.app, rechazado, SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', pagoId: aprobado });
  });

  it('two deliveries of the same rejection at once release the units once', async () => {
    const { venta, lapiz } = await ventaDeCliente({ cantidad: 5 });
    const rechazado = nuevoPago(venta.id, 'rejected', venta.total);
    const respuestas = await Promise.all([1, 2, 3].map(() => notificarPago(t.app, rechazado, SECRETO)));
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 10, movimientos: 10 });
    expect((await movimientosDeVenta(t.db, venta.id)).filter((m) => m.motivo === 'PAGO_RECHAZADO')).toHaveLength(2);
  });

  it('keeps a late approval paid even when the units are gone, and flags it', async () => {
    const { venta, lapiz } = await ventaDeCliente({ cantidad: 2, stock: 2 });
    expect((await notificarPago(t.app, nuevoPago(venta.id, 'rejected', venta.total), SECRETO)).statusCode).toBe(200);
    await crearVenta(t.db, { userId: otro.id, lineas: [{ productoId: lapiz.id, cantidad: 2 }] });
    const aprobado = nuevoPago(venta.id, 'approved', venta.total);
    expect((await notificarPago(t.app, aprobado, SECRETO)).statusCode).toBe(200);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', stockLiberado: true });
    expect(await stockYMovimientos(t.db, lapiz.id)).toEqual({ stock: 0, movimientos: 0 });
  });

  it('answers 502 when Mercado Pago cannot be asked, so that it retries, and changes nothing', async () => {
    const { venta } = await ventaDeCliente();
    const pagoId = nuevoPago(venta.id, 'approved', venta.total);
    mp.pagosCaidos = true;
    const r = await notificarPago(t.app, pagoId, SECRETO);
    expect(r.statusCode).toBe(502);
    expect((await leerVenta(t.db, venta.id)).estadoPago).toBe('PENDIENTE');
  });

  it('acknowledges notifications of other topics without acting; an unsigned payment one is refused', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/mercadoPago/webhook?data.id=55&type=merchant_order',
      headers: { 'x-request-id': 'r1', 'x-signature': firmar(SECRETO, '55', 'r1', '1700000000') },
      payload: { type: 'merchant_order', data: { id: '55' } },
    });
    expect(r.statusCode).toBe(200);
    const ipn = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/webhook?id=56&topic=merchant_order', payload: {} });
    expect(ipn.statusCode).toBe(200);
    const ipnPago = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/webhook?id=57&topic=payment', payload: {} });
    expect(ipnPago.statusCode).toBe(401);
    expect(mp.pedidos).toHaveLength(0);
  });
});

describe('with real credentials', () => {
  it('does not serve the simulator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/mercadoPago/simulador/sim-x' })).statusCode).toBe(404);
  });
});

describe('GET /api/mercadoPago/estado/:ventaId', () => {
  it('finds a payment whose notification was lost, for the owner and for an admin only', async () => {
    const { venta } = await ventaDeCliente();
    const pagoId = nuevoPago(venta.id, 'approved', venta.total);
    expect((await t.app.inject({ method: 'GET', url: `/api/mercadoPago/estado/${venta.id}`, headers: { cookie: cookieOtro } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/mercadoPago/estado/${venta.id}` })).statusCode).toBe(401);
    const r = await t.app.inject({ method: 'GET', url: `/api/mercadoPago/estado/${venta.id}`, headers: { cookie: cookieCliente } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ventaId: venta.id, estadoPago: 'APROBADO', estadoVenta: 'PENDIENTE', total: venta.total, pagarHasta: null });
    const pedido = mp.pedidos.find((p) => p.path === '/v1/payments/search')!;
    expect(pedido.query.get('external_reference')).toBe(String(venta.id));
    expect((await leerVenta(t.db, venta.id)).pagoId).toBe(pagoId);
    const deAdmin = await t.app.inject({ method: 'GET', url: `/api/mercadoPago/estado/${venta.id}`, headers: { cookie: cookieAdmin } });
    expect(deAdmin.json().estadoPago).toBe('APROBADO');
  });

  it('answers the known state when Mercado Pago is down, and 404 / 400 for unknown or bad ids', async () => {
    const { venta } = await ventaDeCliente();
    mp.pagosCaidos = true;
    const r = await t.app.inject({ method: 'GET', url: `/api/mercadoPago/estado/${venta.id}`, headers: { cookie: cookieCliente } });
    expect(r.statusCode).toBe(200);
    expect(r.json().estadoPago).toBe('PENDIENTE');
    expect((await t.app.inject({ method: 'GET', url: '/api/mercadoPago/estado/999999', headers: { cookie: cookieCliente } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/mercadoPago/estado/abc', headers: { cookie: cookieCliente } })).statusCode).toBe(400);
  });
});

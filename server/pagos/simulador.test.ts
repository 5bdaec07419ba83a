import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_PAGO } from '../../domain/pago';
import { preferenciaSimulada } from '../db/schema';
import { buildApp } from '../app';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVenta } from '../test/fabricas';
import { leerVenta, movimientosDeVenta, notificarPago, stockYMovimientos, vendidos } from '../test/pagos';

// The default mode (no MP_ACCESS_TOKEN): the built-in simulated checkout, end to end through inject.

let t: AppDePrueba;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let cookie: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  cliente = await crearUsuario(t.db);
  cookie = await t.cookieDe(cliente.usuario, cliente.clave);
});
afterAll(() => t.cerrar());

async function pedidoConPreferencia(cantidad = 2) {
  const producto = await crearProducto(t.db, { denominacion: 'Resaltador <amarillo> & verde', costo: 800, porcentaje: 25, stock: 5 });
  const venta = await crearVenta(t.db, { userId: cliente.id, lineas: [{ productoId: producto.id, cantidad }] });
  const r = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: { cookie }, payload: { id: venta.id, total: venta.total } });
  expect(r.statusCode).toBe(200);
  const preferencia = r.json() as { id: string; init_point: string };
  return { producto, venta, preferencia, ruta: new URL(preferencia.init_point).pathname };
}

const elegir = (ruta: string, accion: string) =>
  t.app.inject({ method: 'POST', url: ruta, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `accion=${accion}` });

describe('simulated checkout', () => {
  it('points the preference at the simulator page, which shows the order under the app CSP', async () => {
    const { venta, preferencia, ruta } = await pedidoConPreferencia();
    expect(preferencia.id).toMatch(/^sim-[0-9a-f-]{36}$/);
    expect(preferencia.init_point).toBe(`http://localhost:3000/api/mercadoPago/simulador/${preferencia.id}`);

    const pagina = await t.app.inject({ method: 'GET', url: ruta });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['content-type']).toContain('text/html');
    expect(pagina.headers['content-security-policy']).toContain("script-src 'self'");
    const html = pagina.body;
    expect(html).toContain(`Pedido nro ${venta.id}`);
    expect(html).toContain('Resaltador &lt;amarillo&gt; &amp; verde');
    expect(html).toContain('$\u00a02.000,00');
    for (const boton of ['Aprobar pago', 'Dejar pendiente', 'Rechazar pago']) expect(html).toContain(`>${boton}</button>`);
    expect(html).toContain(`action="${ruta}"`);
    // Nothing to load but the shop's own icon (no /favicon.ico 404 in the console): no script, no
    // stylesheet, nothing from another host.
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(html.replace('<link rel="icon" type="image/svg+xml" href="/favicon.svg">', '')).not.toMatch(/<script|<link|https?:\/\/(?!localhost)/);
  });

  it('approve: signed notification to the webhook, sale APROBADO, redirect to /mpsuccess with MP query string', async () => {
    const { venta, preferencia, ruta, producto } = await pedidoConPreferencia();
    const r = await elegir(ruta, 'aprobar');
    expect(r.statusCode).toBe(303);
    const destino = new URL(r.headers.location as string);
    expect(`${destino.origin}${destino.pathname}`).toBe('http://localhost:3000/mpsuccess');
    const q = Object.fromEntries(destino.searchParams);
    expect(q).toMatchObject({
      collection_status: 'approved',
      status: 'approved',
      external_reference: String(venta.id),
      preference_id: preferencia.id,
      payment_type: 'credit_card',
    });
    expect(q.payment_id).toMatch(/^\d+$/);
    expect(q.collection_id).toBe(q.payment_id);
    expect(q.merchant_order_id).toBeTruthy();

    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', pagoId: q.payment_id, stockLiberado: false });
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 3, movimientos: 3 });
    const estado = await t.app.inject({ method: 'GET', url: `/api/mercadoPago/estado/${venta.id}`, headers: { cookie } });
    expect(estado.json()).toEqual({ ventaId: venta.id, estadoPago: 'APROBADO', estadoVenta: 'PENDIENTE', total: venta.total, pagarHasta: null });

    // Paid: the page says so and takes no second payment.
    expect((await t.app.inject({ method: 'GET', url: ruta })).body).toContain('Este pago ya fue aprobado.');
    const otra = await elegir(ruta, 'rechazar');
    expect(otra.statusCode).toBe(409);
    expect(otra.body).toContain('Este pago ya fue aprobado.');
    expect((await leerVenta(t.db, venta.id)).estadoPago).toBe('APROBADO');
    const preferenciaDeNuevo = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: { cookie }, payload: { id: venta.id } });
    expect(preferenciaDeNuevo.json()).toEqual({ message: MENSAJES_PAGO.ventaYaPagada });
  });

  it('reject: sale RECHAZADO, stock back once with movements, redirect to /mpfailure', async () => {
    const { venta, ruta, producto } = await pedidoConPreferencia(3);
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 2, movimientos: 2 });
    expect(await vendidos(t.db, producto.id)).toBe(3);
    const r = await elegir(ruta, 'rechazar');
    expect(r.statusCode).toBe(303);
    const destino = new URL(r.headers.location as string);
    expect(destino.pathname).toBe('/mpfailure');
    expect(destino.searchParams.get('status')).toBe('rejected');
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'RECHAZADO', stockLiberado: true });
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 5, movimientos: 5 });
    expect(await vendidos(t.db, producto.id)).toBe(0);

    // A second rejected attempt releases nothing more.
    expect((await elegir(ruta, 'rechazar')).statusCode).toBe(303);
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 5, movimientos: 5 });
    expect((await movimientosDeVenta(t.db, venta.id)).map((m) => `${m.motivo} ${m.delta}`)).toEqual(['PEDIDO -3', 'PAGO_RECHAZADO 3']);
  });

  it('pending: /mppending; approving it later resolves the same payment', async () => {
    const { venta, ruta } = await pedidoConPreferencia();
    const r = await elegir(ruta, 'pendiente');
    const destino = new URL(r.headers.location as string);
    expect(destino.pathname).toBe('/mppending');
    expect(destino.searchParams.get('status')).toBe('pending');
    const pagoId = destino.searchParams.get('payment_id');
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'PENDIENTE', pagoId });
    expect((await t.app.inject({ method: 'GET', url: ruta })).body).toContain('Hay un pago pendiente');

    const aprobado = await elegir(ruta, 'aprobar');
    expect(new URL(aprobado.headers.location as string).searchParams.get('payment_id')).toBe(pagoId);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', pagoId });
  });

  it('the webhook checks signatures in simulated mode too', async () => {
    const { venta, ruta } = await pedidoConPreferencia();
    const r = await elegir(ruta, 'pendiente');
    const pagoId = new URL(r.headers.location as string).searchParams.get('payment_id')!;
    expect((await notificarPago(t.app, pagoId, 'adivinado')).statusCode).toBe(401);
    expect((await notificarPago(t.app, pagoId, undefined)).statusCode).toBe(401);
    expect((await notificarPago(t.app, pagoId, t.app.mercadoPago.secretoWebhook)).statusCode).toBe(200);
    expect((await leerVenta(t.db, venta.id)).estadoPago).toBe('PENDIENTE');
  });

  it('an expired link shows it and takes no payment; bad actions and unknown links are refused', async () => {
    const { venta, preferencia, ruta } = await pedidoConPreferencia();
    await t.db
      .update(preferenciaSimulada)
      .set({ datos: sql`jsonb_set(${preferenciaSimulada.datos}, '{expiration_date_to}', '"2020-01-01T00:00:00.000-03:00"')` })
      .where(eq(preferenciaSimulada.id, preferencia.id));
    expect((await t.app.inject({ method: 'GET', url: ruta })).body).toContain('Este link de pago venció.');
    const r = await elegir(ruta, 'aprobar');
    expect(r.statusCode).toBe(409);
    expect(r.headers['content-type']).toContain('text/html');
    expect((await leerVenta(t.db, venta.id)).estadoPago).toBe('PENDIENTE');

    const { ruta: otra } = await pedidoConPreferencia();
    expect((await elegir(otra, 'regalar')).statusCode).toBe(400);
    const desconocida = await t.app.inject({ method: 'GET', url: '/api/mercadoPago/simulador/sim-no-existe' });
    expect(desconocida.statusCode).toBe(404);
    expect(desconocida.body).toContain('No encontramos este link de pago.');
    expect((await elegir('/api/mercadoPago/simulador/sim-no-existe', 'aprobar')).statusCode).toBe(404);
  });
});

describe('several instances on one database', () => {
  it('a preference made by one instance is paid on another, each with its own generated secret', async () => {
    const otra = await buildApp({ config: t.config, base: t.base });
    await otra.ready();
    try {
      expect(otra.mercadoPago.secretoWebhook).not.toBe(t.app.mercadoPago.secretoWebhook);
      const { venta, ruta } = await pedidoConPreferencia();
      expect((await otra.inject({ method: 'GET', url: ruta })).body).toContain(`Pedido nro ${venta.id}`);
      const r = await otra.inject({ method: 'POST', url: ruta, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'accion=aprobar' });
      expect(new URL(r.headers.location as string).pathname).toBe('/mpsuccess');
      expect((await leerVenta(t.db, venta.id)).estadoPago).toBe('APROBADO');
    } finally {
      await otra.close();
    }
  });
});

describe('from the cart order', () => {
  it('POST /api/pedido (MERCADOPAGO) -> createPreference -> simulator approve -> paid; reject -> stock back', async () => {
    const producto = await crearProducto(t.db, { costo: 1000, porcentaje: 20, stock: 4 });
    const pedir = () =>
      t.app.inject({ method: 'POST', url: '/api/pedido', headers: { cookie }, payload: { lineas: [{ productoId: producto.id, cantidad: 2 }], formaPago: 'MERCADOPAGO', envio: 0 } });
    const pagar = async (accion: string) => {
      const pedido = await pedir();
      expect(pedido.statusCode).toBe(201);
      const { id } = pedido.json() as { id: number };
      expect(await leerVenta(t.db, id)).toMatchObject({ estadoPago: 'PENDIENTE', formaPago: 'MERCADOPAGO', total: 2400 });
      const preferencia = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: { cookie }, payload: { id, total: 2400 } });
      expect(preferencia.statusCode).toBe(200);
      const r = await elegir(new URL(preferencia.json().init_point).pathname, accion);
      expect(r.statusCode).toBe(303);
      return { id, destino: new URL(r.headers.location as string) };
    };

    const aprobado = await pagar('aprobar');
    expect(aprobado.destino.pathname).toBe('/mpsuccess');
    expect(aprobado.destino.searchParams.get('external_reference')).toBe(String(aprobado.id));
    expect((await leerVenta(t.db, aprobado.id)).estadoPago).toBe('APROBADO');
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 2, movimientos: 2 });

    const rechazado = await pagar('rechazar');
    expect(rechazado.destino.pathname).toBe('/mpfailure');
    expect(await leerVenta(t.db, rechazado.id)).toMatchObject({ estadoPago: 'RECHAZADO', stockLiberado: true });
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 2, movimientos: 2 });
    expect(await vendidos(t.db, producto.id)).toBe(2);
  });
});

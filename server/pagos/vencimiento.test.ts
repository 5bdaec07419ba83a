import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_PAGO } from '../../domain/pago';
import { venta as ventaTabla } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVenta } from '../test/fabricas';
import { leerVenta, movimientosDeVenta, stockYMovimientos, vendidos } from '../test/pagos';
import { pagarEnSimulador } from './pasarela-simulada';
import { registrarPago } from './service';
import { vencerPagosPendientes } from './vencimiento';

let t: AppDePrueba;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let cookie: string;
const hace = (minutos: number) => new Date(Date.now() - minutos * 60_000);

beforeAll(async () => {
  t = await crearAppDePrueba();
  cliente = await crearUsuario(t.db);
  cookie = await t.cookieDe(cliente.usuario, cliente.clave);
});
afterAll(() => t.cerrar());

const vencer = () => vencerPagosPendientes(t.db, t.app.mercadoPago.pasarela, { minutos: 60 });

async function pedido(opciones: { minutos: number; cantidad?: number; formaPago?: 'EFECTIVO' | 'MERCADOPAGO' }) {
  const producto = await crearProducto(t.db, { stock: 4 });
  const venta = await crearVenta(t.db, {
    userId: cliente.id,
    formaPago: opciones.formaPago,
    fecha: hace(opciones.minutos),
    lineas: [{ productoId: producto.id, cantidad: opciones.cantidad ?? 3 }],
  });
  return { producto, venta };
}

describe('expiry of unpaid Mercado Pago orders', () => {
  it('expires an order older than MP_PAGO_VENCE_MINUTOS and gives its units back exactly once', async () => {
    const viejo = await pedido({ minutos: 61 });
    const nuevo = await pedido({ minutos: 30 });
    const efectivo = await pedido({ minutos: 500, formaPago: 'EFECTIVO' });

    const [a, b] = await Promise.all([vencer(), vencer()]);
    expect([...a.vencidas, ...b.vencidas].filter((id) => id === viejo.venta.id)).toEqual([viejo.venta.id]);
    expect((await vencer()).vencidas).not.toContain(viejo.venta.id);

    expect(await leerVenta(t.db, viejo.venta.id)).toMatchObject({ estadoPago: 'VENCIDO', estadoVenta: 'PENDIENTE', stockLiberado: true });
    expect(await stockYMovimientos(t.db, viejo.producto.id)).toEqual({ stock: 4, movimientos: 4 });
    expect((await movimientosDeVenta(t.db, viejo.venta.id)).map((m) => `${m.motivo} ${m.delta}`)).toEqual(['PEDIDO -3', 'PAGO_VENCIDO 3']);

    expect(await leerVenta(t.db, nuevo.venta.id)).toMatchObject({ estadoPago: 'PENDIENTE', stockLiberado: false });
    expect(await leerVenta(t.db, efectivo.venta.id)).toMatchObject({ estadoPago: null, stockLiberado: false });
    expect(await stockYMovimientos(t.db, efectivo.producto.id)).toEqual({ stock: 1, movimientos: 1 });

    const r = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: { cookie }, payload: { id: viejo.venta.id } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PAGO.pagoVencido);
  });

  it('never expires a concluded sale', async () => {
    const { venta, producto } = await pedido({ minutos: 90 });
    await t.db.update(ventaTabla).set({ estadoVenta: 'CONCLUIDO' }).where(eq(ventaTabla.id, venta.id));
    expect((await vencer()).vencidas).not.toContain(venta.id);
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 1, movimientos: 1 });
  });

  it('asks Mercado Pago one last time: a payment whose notification was lost is recorded, not expired', async () => {
    const { venta, producto } = await pedido({ minutos: 10 });
    const preferencia = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: { cookie }, payload: { id: venta.id } });
    await pagarEnSimulador(t.db, preferencia.json().id, 'aprobar');
    await t.db.update(ventaTabla).set({ fecha: hace(61) }).where(eq(ventaTabla.id, venta.id));
    const r = await vencer();
    expect(r.resueltasPorMercadoPago).toContain(venta.id);
    expect(r.vencidas).not.toContain(venta.id);
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', stockLiberado: false });
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 1, movimientos: 1 });
  });

  it('a late approval of an expired order records the payment and takes the units again', async () => {
    const { venta, producto } = await pedido({ minutos: 61, cantidad: 2 });
    expect((await vencer()).vencidas).toContain(venta.id);
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 4, movimientos: 4 });
    const resultado = await registrarPago(t.db, {
      id: '5555',
      status: 'approved',
      external_reference: String(venta.id),
      transaction_amount: venta.total,
      currency_id: 'ARS',
      date_last_updated: null,
    });
    expect(resultado).toMatchObject({ tipo: 'registrado', estadoPago: 'APROBADO', stockLiberado: false });
    expect(await leerVenta(t.db, venta.id)).toMatchObject({ estadoPago: 'APROBADO', pagoId: '5555', stockLiberado: false });
    expect(await stockYMovimientos(t.db, producto.id)).toEqual({ stock: 2, movimientos: 2 });
    expect(await vendidos(t.db, producto.id)).toBe(2);
    expect((await movimientosDeVenta(t.db, venta.id)).map((m) => `${m.motivo} ${m.delta}`)).toEqual(['PEDIDO -2', 'PAGO_VENCIDO 2', 'PEDIDO -2']);
  });
});

// A customer may hold at most PEDIDOS_PENDIENTES_MAX orders not yet paid and UNIDADES_POR_PRODUCTO_MAX
// units of one product among them: one new account used to hold 600 of 1,000 units with 60 cash
// orders in 0.7 s. A refused order writes nothing; paid, concluded, expired and admin-entered sales do
// not count; concurrent orders of one customer cannot slip past.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajeDemasiadasUnidades, mensajeDemasiadosPedidosPendientes } from '../../domain/mensajes';
import { venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearPromocion, crearUsuario, crearVenta } from '../test/fabricas';
import { contarMovimientos, contarVentas, descuadresDeStock, estadoProducto } from '../test/stock-de-prueba';

let t: AppDePrueba;
let admin: string;

beforeAll(async () => {
  t = await crearAppDePrueba({ PEDIDOS_PENDIENTES_MAX: '3', UNIDADES_POR_PRODUCTO_MAX: '20' });
  const a = await crearUsuario(t.db, { rol: 'ADMIN' });
  admin = await t.cookieDe(a.usuario, a.clave);
});
afterAll(() => t.cerrar());

async function cliente() {
  const c = await crearUsuario(t.db);
  return { ...c, cookie: await t.cookieDe(c.usuario, c.clave) };
}

const pedir = (
  cookie: string,
  lineas: Array<{ productoId: number; cantidad: number }>,
  extra: { formaPago?: 'EFECTIVO' | 'MERCADOPAGO'; promociones?: Array<{ promocionId: number; cantidad: number }>; clave?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pedido',
    headers: { cookie, ...(extra.clave ? { 'idempotency-key': extra.clave } : {}) },
    payload: { lineas, promociones: extra.promociones ?? [], formaPago: extra.formaPago ?? 'EFECTIVO', envio: 0 },
  });

describe('pending orders per customer', () => {
  it('the fourth order not yet paid is a 409 that writes nothing; another customer is not affected', async () => {
    const c = await cliente();
    const p = await crearProducto(t.db, { stock: 100 });
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(201);
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }], { formaPago: 'MERCADOPAGO' })).statusCode).toBe(201);
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(201);

    const ventas = await contarVentas(t.db);
    const movimientos = await contarMovimientos(t.db);
    const r = await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }]);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ message: mensajeDemasiadosPedidosPendientes(3) });
    expect(r.json().message).toBe('Ya tenés 3 pedidos pendientes de pago, el máximo permitido: pagá o retirá alguno antes de hacer otro.');
    expect(await contarVentas(t.db)).toBe(ventas);
    expect(await contarMovimientos(t.db)).toBe(movimientos);
    expect(await estadoProducto(t.db, p.id)).toMatchObject({ stock: 97, sumaMovimientos: 97 });

    const otro = await cliente();
    expect((await pedir(otro.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(201);
  });

  it('paid, concluded, expired and admin-entered sales do not count', async () => {
    const c = await cliente();
    const p = await crearProducto(t.db, { stock: 100 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).json().id);
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(409);

    // The shop concludes one (the customer came and paid): a new order fits.
    const concluir = await t.app.inject({ method: 'PUT', url: `/api/venta/${ids[0]}`, headers: { cookie: admin }, payload: { estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', envio: 0 } });
    expect(concluir.statusCode).toBe(200);
    const mp = await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }], { formaPago: 'MERCADOPAGO' });
    expect(mp.statusCode).toBe(201);
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(409);

    // Its Mercado Pago payment approved (waiting to be handed over): paid, so it does not count.
    await t.db.update(venta).set({ estadoPago: 'APROBADO' }).where(eq(venta.id, mp.json().id));
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(201);
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(409);

    // An expired one gave its units back: it does not count either.
    await t.db.update(venta).set({ estadoPago: 'VENCIDO', stockLiberado: true }).where(eq(venta.id, ids[1]!));
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(201);

    // Sales an admin entered for this customer are the shop's own business.
    const c2 = await cliente();
    for (let i = 0; i < 5; i++) await crearVenta(t.db, { userId: c2.id, formaPago: 'EFECTIVO', lineas: [{ productoId: p.id, cantidad: 1 }] });
    expect((await pedir(c2.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(201);
  });

  it('an idempotent retry of an order already placed still gets its first answer at the limit', async () => {
    const c = await cliente();
    const p = await crearProducto(t.db, { stock: 100 });
    const primero = await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }], { clave: 'una-vez' });
    for (let i = 0; i < 2; i++) expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }])).statusCode).toBe(201);
    const repetido = await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }], { clave: 'una-vez' });
    expect(repetido.statusCode).toBe(201);
    expect(repetido.headers['idempotent-replayed']).toBe('true');
    expect(repetido.json()).toEqual(primero.json());
  });

  it('twenty orders of one customer at once: exactly three go through', async () => {
    const c = await cliente();
    const p = await crearProducto(t.db, { stock: 100 });
    const respuestas = await Promise.all(Array.from({ length: 20 }, () => pedir(c.cookie, [{ productoId: p.id, cantidad: 2 }])));
    const estados = respuestas.map((r) => r.statusCode);
    expect(estados.filter((s) => s === 201)).toHaveLength(3);
    expect(estados.filter((s) => s === 409)).toHaveLength(17);
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 94, cantidadVendida: 6, sumaMovimientos: 94 });
    expect(await descuadresDeStock(t.db)).toEqual([]);
  });
});

describe('units of one product per customer', () => {
  it('counts the units among the orders not yet paid, and names the product', async () => {
    const c = await cliente();
    const p = await crearProducto(t.db, { denominacion: 'Resma A4 75 g', stock: 100 });
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 15 }])).statusCode).toBe(201);
    const r = await pedir(c.cookie, [{ productoId: p.id, cantidad: 6 }]);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ message: mensajeDemasiadasUnidades('Resma A4 75 g', 20, 15) });
    expect(r.json().message).toBe('Podés tener hasta 20 unidades de Resma A4 75 g en pedidos pendientes de pago y ya tenés 15.');
    expect((await pedir(c.cookie, [{ productoId: p.id, cantidad: 5 }])).statusCode).toBe(201);
    expect(await estadoProducto(t.db, p.id)).toMatchObject({ stock: 80 });
  });

  it('one order over the limit, lines of the same product added up, and promotion units counted', async () => {
    const c = await cliente();
    const p = await crearProducto(t.db, { denominacion: 'Lápiz HB', stock: 500 });
    const una = await pedir(c.cookie, [{ productoId: p.id, cantidad: 21 }]);
    expect(una.json()).toEqual({ message: 'Podés tener hasta 20 unidades de Lápiz HB en pedidos pendientes de pago.' });
    expect(
      (
        await pedir(c.cookie, [
          { productoId: p.id, cantidad: 12 },
          { productoId: p.id, cantidad: 9 },
        ])
      ).statusCode,
    ).toBe(409);
    const promo = await crearPromocion(t.db, { precioPromocional: 100, detalles: [{ productoId: p.id, cantidad: 2 }] });
    const combos = await pedir(c.cookie, [{ productoId: p.id, cantidad: 1 }], { promociones: [{ promocionId: promo.id, cantidad: 10 }] });
    expect(combos.statusCode).toBe(409);
    expect(combos.json().message).toMatch(/^Podés tener hasta 20 unidades de Lápiz HB/);
    expect(await estadoProducto(t.db, p.id)).toMatchObject({ stock: 500, sumaMovimientos: 500 });
    expect((await pedir(c.cookie, [], { promociones: [{ promocionId: promo.id, cantidad: 10 }] })).statusCode).toBe(201);
  });

  it('two orders of 15 units at once: one goes through', async () => {
    const c = await cliente();
    const p = await crearProducto(t.db, { stock: 100 });
    const respuestas = await Promise.all([pedir(c.cookie, [{ productoId: p.id, cantidad: 15 }]), pedir(c.cookie, [{ productoId: p.id, cantidad: 15 }])]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await estadoProducto(t.db, p.id)).toMatchObject({ stock: 85, sumaMovimientos: 85 });
  });
});

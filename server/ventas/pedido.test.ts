import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES, mensajePromocionFinalizada, mensajePromocionNoEmpezo, mensajeStockInsuficiente } from '../../domain/mensajes';
import { detalleVenta, pedidoIdempotente, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearPromocion, crearUsuario } from '../test/fabricas';
import { contarMovimientos, contarVentas, estadoProducto, movimientosDe } from '../test/stock-de-prueba';

let t: AppDePrueba;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let cookieCliente: string;
let cookieOtro: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  cliente = await crearUsuario(t.db, { usuario: 'cliente-pedido' });
  const otro = await crearUsuario(t.db, { usuario: 'otro-pedido' });
  [cookieCliente, cookieOtro] = await Promise.all([t.cookieDe(cliente.usuario, cliente.clave), t.cookieDe(otro.usuario, otro.clave)]);
});
afterAll(() => t.cerrar());

const pedido = (payload: unknown, cookie: string | undefined = cookieCliente, clave?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pedido',
    headers: { ...(cookie ? { cookie } : {}), ...(clave ? { 'idempotency-key': clave } : {}) },
    payload: payload as object,
  });

describe('POST /api/pedido', () => {
  it("charges each promotion exactly its advertised price: the cents left over go on one unit", async () => {
    const regla = await crearProducto(t.db, { stock: 20 });
    const lapiz = await crearProducto(t.db, { stock: 20 });
    const tres = await crearPromocion(t.db, { precioPromocional: 10, detalles: [{ productoId: regla.id, cantidad: 3 }] });
    const centavo = await crearPromocion(t.db, { precioPromocional: 0.01, detalles: [{ productoId: lapiz.id, cantidad: 1 }, { productoId: regla.id, cantidad: 2 }] });
    const r = await pedido({ lineas: [], promociones: [{ promocionId: tres.id, cantidad: 2 }, { promocionId: centavo.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 });
    expect(r.statusCode).toBe(201);
    // 2 x $10 + 1 x $0,01, never 2 x 3 x $3,33 + 3 x $0,00.
    expect(r.json().total).toBe(20.01);
    const lineas = await t.db.select().from(detalleVenta).where(eq(detalleVenta.ventaId, r.json().id)).orderBy(detalleVenta.id);
    expect(lineas.map((l) => [l.productoId, l.cantidad, l.precioAplicado, l.promocionId])).toEqual([
      [regla.id, 4, 3.33, tres.id],
      [regla.id, 2, 3.34, tres.id],
      [lapiz.id, 1, 0.01, centavo.id],
      [regla.id, 2, 0, centavo.id],
    ]);
  });

  it('refuses a promotion that has not started yet, and takes nothing', async () => {
    const a = await crearProducto(t.db, { stock: 5 });
    const futura = await crearPromocion(t.db, {
      denominacion: 'Útiles de marzo',
      fechaInicio: new Date(Date.now() + 3_600_000),
      fechaFin: new Date(Date.now() + 9 * 86_400_000),
      detalles: [{ productoId: a.id, cantidad: 1 }],
    });
    const r = await pedido({ lineas: [], promociones: [{ promocionId: futura.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(mensajePromocionNoEmpezo('Útiles de marzo'));
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 5, cantidadVendida: 0, sumaMovimientos: 5 });
  });

  it('prices product and promotion lines on the server, takes stock and creates the PENDIENTE sale', async () => {
    const a = await crearProducto(t.db, { costo: 100, porcentaje: 50, stock: 10 }); // 150
    const b = await crearProducto(t.db, { costo: 200, porcentaje: 50, stock: 10 }); // 300
    const promo = await crearPromocion(t.db, { precioPromocional: 500, detalles: [{ productoId: a.id, cantidad: 1 }, { productoId: b.id, cantidad: 3 }] }); // 125 c/u
    const r = await pedido({
      lineas: [
        { productoId: a.id, cantidad: 1 },
        { productoId: a.id, cantidad: 1 },
        { productoId: b.id, cantidad: 1 },
      ],
      promociones: [{ promocionId: promo.id, cantidad: 2 }],
      formaPago: 'EFECTIVO',
      envio: 1,
    });
    expect(r.statusCode).toBe(201);
    const { id, total } = r.json();
    expect(typeof id).toBe('number');
    // 2 x 150 + 1 x 300 + (2 x 1 + 2 x 3) x 125
    expect(total).toBe(1600);

    const [v] = await t.db.select().from(venta).where(eq(venta.id, id));
    expect(v).toMatchObject({ estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', conEnvio: true, envio: 0, total: 1600, userId: cliente.id, estadoPago: null });
    const lineas = await t.db.select().from(detalleVenta).where(eq(detalleVenta.ventaId, id)).orderBy(detalleVenta.id);
    expect(lineas.map((l) => [l.productoId, l.cantidad, l.precioAplicado, l.promocionId])).toEqual([
      [a.id, 2, 150, null],
      [b.id, 1, 300, null],
      [a.id, 2, 125, promo.id],
      [b.id, 6, 125, promo.id],
    ]);
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 6, cantidadVendida: 4, sumaMovimientos: 6 });
    expect(await estadoProducto(t.db, b.id)).toEqual({ stock: 3, cantidadVendida: 7, sumaMovimientos: 3 });
    expect(await movimientosDe(t.db, b.id, id)).toEqual([{ delta: -7, motivo: 'PEDIDO', ventaId: id, userId: cliente.id }]);

    // The owner sees it; the API answers the same total.
    const leida = await t.app.inject({ method: 'GET', url: `/api/venta/${id}`, headers: { cookie: cookieCliente } });
    expect(leida.json()).toMatchObject({ id, total: 1600, conEnvio: true, envio: 0 });
  });

  it('MERCADOPAGO orders start with payment state PENDIENTE; no delivery flag means conEnvio false', async () => {
    const a = await crearProducto(t.db, { stock: 5 });
    const r = await pedido({ lineas: [{ productoId: a.id, cantidad: 1 }], formaPago: 'MERCADOPAGO', envio: 0 });
    expect(r.statusCode).toBe(201);
    const [v] = await t.db.select().from(venta).where(eq(venta.id, r.json().id));
    expect(v).toMatchObject({ formaPago: 'MERCADOPAGO', estadoPago: 'PENDIENTE', conEnvio: false });
  });

  it('anonymous: 401 "Usuario no autenticado"', async () => {
    const r = await pedido({ lineas: [{ productoId: 1, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 }, '');
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe(MENSAJES.usuarioNoAutenticado);
  });

  it.each([
    [{ lineas: [], promociones: [], formaPago: 'EFECTIVO', envio: 0 }, MENSAJES.pedidoVacio],
    [{ formaPago: 'EFECTIVO', envio: 0 }, MENSAJES.pedidoVacio],
    [{ lineas: [{ productoId: 1, cantidad: 0 }], formaPago: 'EFECTIVO', envio: 0 }, MENSAJES.cantidadInvalida],
    [{ lineas: [{ productoId: 1, cantidad: 1.5 }], formaPago: 'EFECTIVO', envio: 0 }, MENSAJES.cantidadInvalida],
    // A line's field of the wrong kind, named with its path.
    [{ lineas: [{ productoId: 1, cantidad: 'dos' }], formaPago: 'EFECTIVO', envio: 0 }, MENSAJES.tipoInvalido('lineas.0.cantidad', 'number', 'string')],
    [{ lineas: [{ productoId: 1, cantidad: 1, precioAplicado: 1 }], formaPago: 'EFECTIVO', envio: 0 }, undefined],
    [{ lineas: [{ productoId: 1, cantidad: 1 }], total: 1, formaPago: 'EFECTIVO', envio: 0 }, undefined],
    [{ lineas: [{ productoId: 1, cantidad: 1 }], formaPago: 'QR', envio: 0 }, undefined],
    [{ lineas: [{ productoId: 1, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 2 }, undefined],
    [{ lineas: [{ productoId: 1, cantidad: 1 }], formaPago: 'EFECTIVO' }, undefined],
  ])('refuses %j with 400, writing nothing', async (cuerpo, mensaje) => {
    const ventas = await contarVentas(t.db);
    const r = await pedido(cuerpo);
    expect(r.statusCode).toBe(400);
    if (mensaje) expect(r.json().message).toBe(mensaje);
    expect(await contarVentas(t.db)).toBe(ventas);
  });

  it('not enough stock: 409 naming the product and the units left, and nothing written', async () => {
    const a = await crearProducto(t.db, { denominacion: 'Cuaderno A4', stock: 5 });
    const b = await crearProducto(t.db, { denominacion: 'Lápiz HB', stock: 2 });
    const [ventas, movimientos] = [await contarVentas(t.db), await contarMovimientos(t.db)];
    // The second line is short: the first one's stock must come back too.
    const r = await pedido({ lineas: [{ productoId: a.id, cantidad: 3 }, { productoId: b.id, cantidad: 2 }, { productoId: b.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(mensajeStockInsuficiente('Lápiz HB', 2));
    expect(r.json().message).toBe('No hay stock suficiente de Lápiz HB: quedan 2 unidades.');
    expect(await contarVentas(t.db)).toBe(ventas);
    expect(await contarMovimientos(t.db)).toBe(movimientos);
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 5, cantidadVendida: 0, sumaMovimientos: 5 });
    expect(await estadoProducto(t.db, b.id)).toEqual({ stock: 2, cantidadVendida: 0, sumaMovimientos: 2 });
  });

  it('unknown product or promotion: 404; expired promotion: 409; nothing written', async () => {
    const a = await crearProducto(t.db, { stock: 5 });
    const vencida = await crearPromocion(t.db, { denominacion: 'Verano', finDias: -1, detalles: [{ productoId: a.id, cantidad: 1 }] });
    const ventas = await contarVentas(t.db);
    const sinProducto = await pedido({ lineas: [{ productoId: 999999, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 });
    expect(sinProducto.statusCode).toBe(404);
    expect(sinProducto.json().message).toBe(MENSAJES.productoNoEncontrado);
    const sinPromo = await pedido({ promociones: [{ promocionId: 999999, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 });
    expect(sinPromo.statusCode).toBe(404);
    expect(sinPromo.json().message).toBe(MENSAJES.promocionNoEncontrada);
    const finalizada = await pedido({ lineas: [{ productoId: a.id, cantidad: 1 }], promociones: [{ promocionId: vencida.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 });
    expect(finalizada.statusCode).toBe(409);
    expect(finalizada.json().message).toBe(mensajePromocionFinalizada('Verano'));
    expect(await contarVentas(t.db)).toBe(ventas);
    expect((await estadoProducto(t.db, a.id)).stock).toBe(5);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key gets the first answer and creates nothing more', async () => {
    const a = await crearProducto(t.db, { stock: 10 });
    const cuerpo = { lineas: [{ productoId: a.id, cantidad: 2 }], formaPago: 'EFECTIVO', envio: 0 };
    const primera = await pedido(cuerpo, cookieCliente, 'carrito-123');
    const segunda = await pedido(cuerpo, cookieCliente, 'carrito-123');
    expect(primera.statusCode).toBe(201);
    expect(segunda.statusCode).toBe(201);
    expect(segunda.json()).toEqual(primera.json());
    expect(segunda.headers['idempotent-replayed']).toBe('true');
    expect((await estadoProducto(t.db, a.id)).stock).toBe(8);
    // Another user's key is another key.
    const ajena = await pedido(cuerpo, cookieOtro, 'carrito-123');
    expect(ajena.json().id).not.toBe(primera.json().id);
    expect((await estadoProducto(t.db, a.id)).stock).toBe(6);
  });

  it('a double click (both at once) creates one sale', async () => {
    const a = await crearProducto(t.db, { stock: 10 });
    const cuerpo = { lineas: [{ productoId: a.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 };
    const respuestas = await Promise.all([1, 2, 3].map(() => pedido(cuerpo, cookieCliente, 'doble-click')));
    expect(respuestas.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(respuestas.map((r) => r.json().id)).size).toBe(1);
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 9, cantidadVendida: 1, sumaMovimientos: 9 });
  });

  it('a failed order keeps no key: the retry is tried again', async () => {
    const a = await crearProducto(t.db, { stock: 1 });
    const cuerpo = { lineas: [{ productoId: a.id, cantidad: 2 }], formaPago: 'EFECTIVO', envio: 0 };
    expect((await pedido(cuerpo, cookieCliente, 'fallido')).statusCode).toBe(409);
    expect(await t.db.$count(pedidoIdempotente, eq(pedidoIdempotente.clave, 'fallido'))).toBe(0);
    expect((await pedido(cuerpo, cookieCliente, 'fallido')).statusCode).toBe(409);
  });

  it('a key longer than 100 characters is refused', async () => {
    const r = await pedido({ lineas: [{ productoId: 1, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 }, cookieCliente, 'x'.repeat(101));
    expect(r.statusCode).toBe(400);
  });
});

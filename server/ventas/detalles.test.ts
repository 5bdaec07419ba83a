import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES, mensajeCantidadMayorAlStock, mensajeErrorAgregarPromocion, mensajePromocionFinalizada, mensajePromocionNoEmpezo, mensajeStockInsuficiente } from '../../domain/mensajes';
import { detalleVenta, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearPromocion, crearUsuario, crearVentaDirecta } from '../test/fabricas';
import { contarMovimientos, estadoProducto, movimientosDe } from '../test/stock-de-prueba';

let t: AppDePrueba;
let admin: Awaited<ReturnType<typeof crearUsuario>>;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let cookieAdmin: string;
let cookieCliente: string;
let cookieOtro: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await crearUsuario(t.db, { usuario: 'admin-detalles', rol: 'ADMIN' });
  cliente = await crearUsuario(t.db, { usuario: 'cliente-detalles' });
  const otro = await crearUsuario(t.db, { usuario: 'otro-detalles' });
  [cookieAdmin, cookieCliente, cookieOtro] = await Promise.all([
    t.cookieDe(admin.usuario, admin.clave),
    t.cookieDe(cliente.usuario, cliente.clave),
    t.cookieDe(otro.usuario, otro.clave),
  ]);
});
afterAll(() => t.cerrar());

const pedir = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A new empty sale with a shipping charge, through the API. */
async function ventaVacia(envio = 0): Promise<number> {
  const r = await pedir('POST', '/api/venta', cookieAdmin, { envio, user: { id: cliente.id } });
  expect(r.statusCode).toBe(201);
  return r.json().id;
}

const totalDe = async (ventaId: number) => (await t.db.select({ total: venta.total }).from(venta).where(eq(venta.id, ventaId)))[0]!.total;

describe('POST /api/detalleVenta and /api/detalleVenta/dto', () => {
  it('adds a line at the product price, takes stock with a DETALLE_ALTA movement and recomputes the total', async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 50, stock: 10 });
    const ventaId = await ventaVacia(300);
    const r = await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 3, producto: { id: p.id }, venta: { id: ventaId } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ cantidad: 3, precioAplicado: 150, ventaId, promocionId: null, producto: { id: p.id, precio: 150 } });
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 7, cantidadVendida: 3, sumaMovimientos: 7 });
    expect(await movimientosDe(t.db, p.id, ventaId)).toEqual([{ delta: -3, motivo: 'DETALLE_ALTA', ventaId, userId: admin.id }]);
    expect(await totalDe(ventaId)).toBe(750);
  });

  it('dto: a precioAplicado from the browser is not trusted', async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 50, stock: 10 });
    const ventaId = await ventaVacia();
    const r = await pedir('POST', '/api/detalleVenta/dto', cookieAdmin, { cantidad: 2, precioAplicado: 1, productoId: p.id, ventaId });
    expect(r.statusCode).toBe(201);
    expect(r.json().precioAplicado).toBe(150);
    expect(await totalDe(ventaId)).toBe(300);
  });

  it.each([
    [{ cantidad: 0 }, MENSAJES.cantidadInvalida],
    [{ cantidad: 1.5 }, MENSAJES.cantidadInvalida],
    [{ cantidad: undefined }, MENSAJES.cantidadInvalida],
    [{ producto: undefined }, MENSAJES.productoInvalido],
    [{ producto: {} }, MENSAJES.productoInvalido],
    [{ producto: { id: 999999 } }, MENSAJES.productoInvalido],
  ])('refuses %j with 400 and its message, changing nothing', async (cambio, mensaje) => {
    const p = await crearProducto(t.db, { stock: 5 });
    const ventaId = await ventaVacia();
    const movimientos = await contarMovimientos(t.db);
    const r = await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 1, producto: { id: p.id }, venta: { id: ventaId }, ...cambio });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(mensaje);
    expect(await contarMovimientos(t.db)).toBe(movimientos);
    expect(await t.db.$count(detalleVenta, eq(detalleVenta.ventaId, ventaId))).toBe(0);
  });

  it('409 "El producto seleccionado no tiene stock disponible." at stock 0', async () => {
    const p = await crearProducto(t.db, { stock: 0 });
    const ventaId = await ventaVacia();
    const r = await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 1, producto: { id: p.id }, venta: { id: ventaId } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES.productoSinStock);
  });

  it('409 "La cantidad no puede ser mayor al stock disponible (3)." above stock, nothing written', async () => {
    const p = await crearProducto(t.db, { stock: 3 });
    const ventaId = await ventaVacia(100);
    const r = await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 4, producto: { id: p.id }, venta: { id: ventaId } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('La cantidad no puede ser mayor al stock disponible (3).');
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 3, cantidadVendida: 0, sumaMovimientos: 3 });
    expect(await t.db.$count(detalleVenta, eq(detalleVenta.ventaId, ventaId))).toBe(0);
    expect(await totalDe(ventaId)).toBe(100);
  });

  it('404 for an unknown sale', async () => {
    const p = await crearProducto(t.db, { stock: 3 });
    const r = await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 1, producto: { id: p.id }, venta: { id: 999999 } });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(MENSAJES.ventaNoEncontrada);
  });

  it('a sale whose units already went back cannot take lines', async () => {
    const p = await crearProducto(t.db, { stock: 3 });
    const ventaId = await ventaVacia();
    await t.db.update(venta).set({ stockLiberado: true }).where(eq(venta.id, ventaId));
    const r = await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 1, producto: { id: p.id }, venta: { id: ventaId } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES.ventaStockYaDevuelto);
  });
});

describe('GET /api/detalleVenta', () => {
  it('lines of a sale for the admin and the owner; 403 for another customer; one line for the admin', async () => {
    const p = await crearProducto(t.db, { stock: 10 });
    const v = await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 1, precio: p.precio }] });
    for (const cookie of [cookieAdmin, cookieCliente]) {
      const r = await pedir('GET', `/api/detalleVenta/venta/${v.id}`, cookie);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toHaveLength(1);
    }
    expect((await pedir('GET', `/api/detalleVenta/venta/${v.id}`, cookieOtro)).statusCode).toBe(403);
    const notFound = await pedir('GET', '/api/detalleVenta/venta/999999', cookieAdmin);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(MENSAJES.ventaNoEncontrada);

    const lineaId = (await pedir('GET', `/api/detalleVenta/venta/${v.id}`, cookieAdmin)).json()[0].id;
    const una = await pedir('GET', `/api/detalleVenta/${lineaId}`, cookieAdmin);
    expect(una.json()).toMatchObject({ id: lineaId, cantidad: 1, ventaId: v.id });
    expect((await pedir('GET', `/api/detalleVenta/${lineaId}`, cookieCliente)).statusCode).toBe(403);
    const falta = await pedir('GET', '/api/detalleVenta/999999', cookieAdmin);
    expect(falta.statusCode).toBe(404);
    expect(falta.json().message).toBe(MENSAJES.detalleNoEncontrado);
  });
});

describe('PUT /api/detalleVenta/:id', () => {
  it('raising and lowering the quantity moves only the difference (DETALLE_CAMBIO) and recomputes the total', async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 100, stock: 10 });
    const ventaId = await ventaVacia(50);
    const linea = (await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 2, producto: { id: p.id }, venta: { id: ventaId } })).json();
    const subir = await pedir('PUT', `/api/detalleVenta/${linea.id}`, cookieAdmin, { cantidad: 5 });
    expect(subir.statusCode).toBe(200);
    expect(subir.json().cantidad).toBe(5);
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 5, cantidadVendida: 5, sumaMovimientos: 5 });
    expect(await totalDe(ventaId)).toBe(1050);
    const bajar = await pedir('PUT', `/api/detalleVenta/${linea.id}`, cookieAdmin, { cantidad: 1, producto: { id: p.id }, venta: { id: ventaId } });
    expect(bajar.statusCode).toBe(200);
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 9, cantidadVendida: 1, sumaMovimientos: 9 });
    expect(await totalDe(ventaId)).toBe(250);
    expect((await movimientosDe(t.db, p.id, ventaId)).map((m) => [m.motivo, m.delta])).toEqual([
      ['DETALLE_ALTA', -2],
      ['DETALLE_CAMBIO', -3],
      ['DETALLE_CAMBIO', 4],
    ]);
  });

  it('above stock: the message counts the units the line already holds', async () => {
    const p = await crearProducto(t.db, { stock: 5 });
    const ventaId = await ventaVacia();
    const linea = (await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 2, producto: { id: p.id }, venta: { id: ventaId } })).json();
    const r = await pedir('PUT', `/api/detalleVenta/${linea.id}`, cookieAdmin, { cantidad: 6 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(mensajeCantidadMayorAlStock(5));
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 3, cantidadVendida: 2, sumaMovimientos: 3 });
  });

  it('another product: old units back, new ones taken at the new price', async () => {
    const a = await crearProducto(t.db, { costo: 100, porcentaje: 50, stock: 10 });
    const b = await crearProducto(t.db, { costo: 200, porcentaje: 50, stock: 10 });
    const ventaId = await ventaVacia();
    const linea = (await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 2, producto: { id: a.id }, venta: { id: ventaId } })).json();
    const r = await pedir('PUT', `/api/detalleVenta/${linea.id}`, cookieAdmin, { cantidad: 3, producto: { id: b.id } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ cantidad: 3, precioAplicado: 300, producto: { id: b.id } });
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
    expect(await estadoProducto(t.db, b.id)).toEqual({ stock: 7, cantidadVendida: 3, sumaMovimientos: 7 });
    expect(await totalDe(ventaId)).toBe(900);
    // And back to the first product (the lower id).
    const vuelta = await pedir('PUT', `/api/detalleVenta/${linea.id}`, cookieAdmin, { cantidad: 1, producto: { id: a.id } });
    expect(vuelta.statusCode).toBe(200);
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 9, cantidadVendida: 1, sumaMovimientos: 9 });
    expect(await estadoProducto(t.db, b.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
    expect(await totalDe(ventaId)).toBe(150);
  });

  it('404 "No se encontró el detalle con el ID proporcionado."; 400 for a bad quantity', async () => {
    const r = await pedir('PUT', '/api/detalleVenta/999999', cookieAdmin, { cantidad: 1 });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(MENSAJES.detalleNoEncontrado);
    const mala = await pedir('PUT', '/api/detalleVenta/1', cookieAdmin, { cantidad: -2 });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toBe(MENSAJES.cantidadInvalida);
  });
});

describe('DELETE /api/detalleVenta/:id', () => {
  it('returns the units (DETALLE_BAJA) and recomputes the total', async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 100, stock: 10 });
    const ventaId = await ventaVacia(10);
    const linea = (await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 4, producto: { id: p.id }, venta: { id: ventaId } })).json();
    const r = await pedir('DELETE', `/api/detalleVenta/${linea.id}`, cookieAdmin);
    expect(r.statusCode).toBe(204);
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
    expect((await movimientosDe(t.db, p.id, ventaId)).at(-1)).toMatchObject({ motivo: 'DETALLE_BAJA', delta: 4 });
    expect(await totalDe(ventaId)).toBe(10);
    const otra = await pedir('DELETE', `/api/detalleVenta/${linea.id}`, cookieAdmin);
    expect(otra.statusCode).toBe(404);
    expect(otra.json().message).toBe(MENSAJES.detalleNoEncontrado);
  });
});

describe('PUT /api/promocion/venta/agregar-promocion/:ventaId/:promocionId', () => {
  it("puts the promotion's units on lines of their own that add up to its price; the sale's other lines keep theirs", async () => {
    const a = await crearProducto(t.db, { costo: 1000, porcentaje: 50, stock: 10 });
    const b = await crearProducto(t.db, { costo: 1000, porcentaje: 50, stock: 10 });
    // 2 x a + 1 x b for 1000: 333,33 + 333,33 + 333,34.
    const promo = await crearPromocion(t.db, { precioPromocional: 1000, detalles: [{ productoId: a.id, cantidad: 2 }, { productoId: b.id, cantidad: 1 }] });
    const ventaId = await ventaVacia(100);
    await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 1, producto: { id: a.id }, venta: { id: ventaId } });
    const r = await pedir('PUT', `/api/promocion/venta/agregar-promocion/${ventaId}/${promo.id}`, cookieAdmin);
    expect(r.statusCode).toBe(200);
    const lineas = r.json().detalleVentas;
    expect(lineas).toEqual([
      expect.objectContaining({ cantidad: 1, precioAplicado: 1500, promocionId: null, producto: expect.objectContaining({ id: a.id }) }),
      expect.objectContaining({ cantidad: 1, precioAplicado: 333.33, promocionId: promo.id, producto: expect.objectContaining({ id: a.id }) }),
      expect.objectContaining({ cantidad: 1, precioAplicado: 333.34, promocionId: promo.id, producto: expect.objectContaining({ id: a.id }) }),
      expect.objectContaining({ cantidad: 1, precioAplicado: 333.33, promocionId: promo.id, producto: expect.objectContaining({ id: b.id }) }),
    ]);
    expect(r.json().total).toBe(1500 + 1000 + 100);
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 7, cantidadVendida: 3, sumaMovimientos: 7 });
    expect(await estadoProducto(t.db, b.id)).toEqual({ stock: 9, cantidadVendida: 1, sumaMovimientos: 9 });
  });

  it('never reprices units already sold: 2 erasers at $1.170 plus "2 erasers + 1 sharpener for $300" is $2.640', async () => {
    const goma = await crearProducto(t.db, { denominacion: 'Goma', costo: 900, porcentaje: 30, stock: 10 }); // 1170
    const sacapuntas = await crearProducto(t.db, { denominacion: 'Sacapuntas', stock: 10 });
    const promo = await crearPromocion(t.db, { precioPromocional: 300, detalles: [{ productoId: goma.id, cantidad: 2 }, { productoId: sacapuntas.id, cantidad: 1 }] });
    const ventaId = await ventaVacia();
    await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 2, producto: { id: goma.id }, venta: { id: ventaId } });
    expect(await totalDe(ventaId)).toBe(2340);
    const r = await pedir('PUT', `/api/promocion/venta/agregar-promocion/${ventaId}/${promo.id}`, cookieAdmin);
    expect(r.statusCode).toBe(200);
    expect(r.json().total).toBe(2640);
    const propias = (r.json().detalleVentas as Array<{ id: number; cantidad: number; precioAplicado: number; promocionId: number | null }>).filter((l) => l.promocionId === promo.id);
    expect(propias.map((l) => [l.cantidad, l.precioAplicado])).toEqual([
      [2, 100],
      [1, 100],
    ]);

    // Deleting a promotion line returns exactly its own units, and the other lines keep their price.
    const borrar = await pedir('DELETE', `/api/detalleVenta/${propias[0]!.id}`, cookieAdmin);
    expect(borrar.statusCode).toBe(204);
    expect(await estadoProducto(t.db, goma.id)).toEqual({ stock: 8, cantidadVendida: 2, sumaMovimientos: 8 });
    expect(await totalDe(ventaId)).toBe(2340 + 100);
  });

  it('a promotion that has not started yet cannot be added', async () => {
    const a = await crearProducto(t.db, { denominacion: 'Regla', stock: 5 });
    const futura = await crearPromocion(t.db, {
      denominacion: 'Vuelta a clases',
      fechaInicio: new Date(Date.now() + 86_400_000),
      fechaFin: new Date(Date.now() + 5 * 86_400_000),
      detalles: [{ productoId: a.id, cantidad: 1 }],
    });
    const ventaId = await ventaVacia();
    const r = await pedir('PUT', `/api/promocion/venta/agregar-promocion/${ventaId}/${futura.id}`, cookieAdmin);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(mensajeErrorAgregarPromocion(mensajePromocionNoEmpezo('Vuelta a clases')));
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 5, cantidadVendida: 0, sumaMovimientos: 5 });
  });

  it('failures answer "Error al agregar la promoción a la venta: {reason}" and change nothing', async () => {
    const a = await crearProducto(t.db, { denominacion: 'Resaltador', stock: 1 });
    const corta = await crearPromocion(t.db, { detalles: [{ productoId: a.id, cantidad: 2 }] });
    const vencida = await crearPromocion(t.db, { denominacion: 'Vuelta al cole', finDias: -1, detalles: [{ productoId: a.id, cantidad: 1 }] });
    const ventaId = await ventaVacia();

    const sinStock = await pedir('PUT', `/api/promocion/venta/agregar-promocion/${ventaId}/${corta.id}`, cookieAdmin);
    expect(sinStock.statusCode).toBe(409);
    expect(sinStock.json().message).toBe(mensajeErrorAgregarPromocion(mensajeStockInsuficiente('Resaltador', 1)));

    const finalizada = await pedir('PUT', `/api/promocion/venta/agregar-promocion/${ventaId}/${vencida.id}`, cookieAdmin);
    expect(finalizada.statusCode).toBe(409);
    expect(finalizada.json().message).toBe(mensajeErrorAgregarPromocion(mensajePromocionFinalizada('Vuelta al cole')));

    const sinPromo = await pedir('PUT', `/api/promocion/venta/agregar-promocion/${ventaId}/999999`, cookieAdmin);
    expect(sinPromo.statusCode).toBe(404);
    expect(sinPromo.json().message).toBe(mensajeErrorAgregarPromocion(MENSAJES.promocionNoEncontrada));

    const sinVenta = await pedir('PUT', `/api/promocion/venta/agregar-promocion/999999/${corta.id}`, cookieAdmin);
    expect(sinVenta.statusCode).toBe(404);
    expect(sinVenta.json().message).toBe(mensajeErrorAgregarPromocion(MENSAJES.ventaNoEncontrada));

    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 1, cantidadVendida: 0, sumaMovimientos: 1 });
    expect(await t.db.$count(detalleVenta, eq(detalleVenta.ventaId, ventaId))).toBe(0);
  });
});

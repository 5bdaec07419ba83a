import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVenta, crearVentaDirecta } from '../test/fabricas';
import { devolverStockDeVenta } from '../stock/stock';
import { estadoProducto, movimientosDe } from '../test/stock-de-prueba';

let t: AppDePrueba;
let admin: Awaited<ReturnType<typeof crearUsuario>>;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let otro: Awaited<ReturnType<typeof crearUsuario>>;
let cookieAdmin: string;
let cookieCliente: string;
let cookieOtro: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await crearUsuario(t.db, { usuario: 'admin-ventas', rol: 'ADMIN' });
  cliente = await crearUsuario(t.db, { usuario: 'cliente-ventas' });
  otro = await crearUsuario(t.db, { usuario: 'otro-ventas' });
  [cookieAdmin, cookieCliente, cookieOtro] = await Promise.all([
    t.cookieDe(admin.usuario, admin.clave),
    t.cookieDe(cliente.usuario, cliente.clave),
    t.cookieDe(otro.usuario, otro.clave),
  ]);
});
afterAll(() => t.cerrar());

const pedir = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET /api/venta (grid)', () => {
  // 2026-03-10 in Mendoza runs from 03:00Z of the 10th to 02:59:59.999Z of the 11th.
  let ids: Record<string, number>;
  beforeAll(async () => {
    const p = await crearProducto(t.db, { stock: 100 });
    const crear = async (iso: string, estadoVenta: 'PENDIENTE' | 'CONCLUIDO' = 'PENDIENTE') =>
      (await crearVentaDirecta(t.db, { userId: cliente.id, fecha: new Date(iso), estadoVenta, lineas: [{ productoId: p.id, cantidad: 1, precio: p.precio }] })).id;
    ids = {
      antes: await crear('2026-03-10T02:59:59.000Z'),
      inicio: await crear('2026-03-10T03:00:00.000Z', 'CONCLUIDO'),
      fin: await crear('2026-03-11T02:59:59.000Z'),
      despues: await crear('2026-03-11T03:00:00.000Z'),
    };
  });

  it('filters whole Mendoza days, inclusive, newest first, with the user name', async () => {
    const r = await pedir('GET', '/api/venta?desde=2026-03-10&hasta=2026-03-10', cookieAdmin);
    expect(r.statusCode).toBe(200);
    const cuerpo = r.json();
    expect(cuerpo.items.map((v: { id: number }) => v.id)).toEqual([ids.fin, ids.inicio]);
    expect(cuerpo).toMatchObject({ total: 2, pagina: 1, porPagina: 50 });
    expect(cuerpo.items[0]).toMatchObject({
      id: ids.fin,
      fecha: '2026-03-11T02:59:59.000Z',
      formaPago: 'EFECTIVO',
      envio: 0,
      conEnvio: false,
      estadoVenta: 'PENDIENTE',
      estadoPago: null,
      pagoId: null,
      user: { id: cliente.id, usuario: 'cliente-ventas' },
    });
  });

  it('filters by state and pages', async () => {
    const r = await pedir('GET', '/api/venta?desde=2026-03-09&hasta=2026-03-11&estado=CONCLUIDO', cookieAdmin);
    expect(r.json().items.map((v: { id: number }) => v.id)).toEqual([ids.inicio]);
    const p2 = await pedir('GET', '/api/venta?desde=2026-03-09&hasta=2026-03-11&porPagina=1&pagina=2', cookieAdmin);
    expect(p2.json()).toMatchObject({ total: 4, pagina: 2, porPagina: 1 });
    expect(p2.json().items[0].id).toBe(ids.fin);
  });

  it('refuses bad dates, an inverted range and pages above 200', async () => {
    const mala = await pedir('GET', '/api/venta?desde=2026-02-30', cookieAdmin);
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toBe(MENSAJES.fechaInvalida);
    const invertido = await pedir('GET', '/api/venta?desde=2026-03-11&hasta=2026-03-10', cookieAdmin);
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().message).toBe(MENSAJES.rangoFechasInvertido);
    expect((await pedir('GET', '/api/venta?porPagina=201', cookieAdmin)).statusCode).toBe(400);
  });

  it('counts the pending sales for the navbar alert', async () => {
    const r = await pedir('GET', '/api/venta/pendientes', cookieAdmin);
    expect(r.statusCode).toBe(200);
    const pendientes = await t.db.$count(venta, eq(venta.estadoVenta, 'PENDIENTE'));
    expect(r.json()).toEqual({ pendientes });
    expect(pendientes).toBeGreaterThanOrEqual(3);
  });

  it('an unpaid online order whose units went back to stock no longer needs attention', async () => {
    const antes = (await pedir('GET', '/api/venta/pendientes', cookieAdmin)).json().pendientes as number;
    const p = await crearProducto(t.db, { stock: 5 });
    const v = await crearVenta(t.db, { userId: cliente.id, formaPago: 'MERCADOPAGO', lineas: [{ productoId: p.id, cantidad: 1 }] });
    expect((await pedir('GET', '/api/venta/pendientes', cookieAdmin)).json()).toEqual({ pendientes: antes + 1 });
    await t.db.transaction((tx) => devolverStockDeVenta(tx, v.id, 'PAGO_VENCIDO', null));
    expect((await pedir('GET', '/api/venta/pendientes', cookieAdmin)).json()).toEqual({ pendientes: antes });
  });

  it('a sale without lines never raises the pending alert: an abandoned one is not an order', async () => {
    const antes = (await pedir('GET', '/api/venta/pendientes', cookieAdmin)).json().pendientes as number;
    const vacia = await pedir('POST', '/api/venta', cookieAdmin, { estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: 0 });
    expect(vacia.statusCode).toBe(201);
    expect((await pedir('GET', '/api/venta/pendientes', cookieAdmin)).json()).toEqual({ pendientes: antes });

    const p = await crearProducto(t.db, { stock: 5 });
    const linea = await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: 1, producto: { id: p.id }, venta: { id: vacia.json().id } });
    expect(linea.statusCode).toBe(201);
    expect((await pedir('GET', '/api/venta/pendientes', cookieAdmin)).json()).toEqual({ pendientes: antes + 1 });
    // Its last line deleted, it stops counting again.
    expect((await pedir('DELETE', `/api/detalleVenta/${linea.json().id}`, cookieAdmin)).statusCode).toBe(204);
    expect((await pedir('GET', '/api/venta/pendientes', cookieAdmin)).json()).toEqual({ pendientes: antes });
  });

  it('is for admins only', async () => {
    expect((await pedir('GET', '/api/venta', cookieCliente)).statusCode).toBe(403);
    expect((await pedir('GET', '/api/venta')).statusCode).toBe(401);
  });
});

describe('GET /api/venta/:id and /api/venta/user/:userId', () => {
  it('answers the sale with its lines to the admin and to its owner, 403 to another customer', async () => {
    const p = await crearProducto(t.db, { stock: 10 });
    const v = await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 2, precio: p.precio }] });
    for (const cookie of [cookieAdmin, cookieCliente]) {
      const r = await pedir('GET', `/api/venta/${v.id}`, cookie);
      expect(r.statusCode).toBe(200);
      expect(r.json().detalleVentas).toEqual([
        {
          id: expect.any(Number),
          cantidad: 2,
          precioAplicado: p.precio,
          promocionId: null,
          ventaId: v.id,
          venta: { id: v.id },
          producto: { id: p.id, denominacion: p.denominacion, codigo: p.codigo, precio: p.precio, imagen: null },
        },
      ]);
      expect(r.json().total).toBe(p.precio * 2);
    }
    expect((await pedir('GET', `/api/venta/${v.id}`, cookieOtro)).statusCode).toBe(403);
  });

  it('404 with the spec message for an unknown sale; 400 for a bad id', async () => {
    const r = await pedir('GET', '/api/venta/999999', cookieAdmin);
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(MENSAJES.ventaNoEncontrada);
    expect((await pedir('GET', '/api/venta/abc', cookieAdmin)).statusCode).toBe(400);
  });

  it('lists a user\'s own sales newest first; another customer gets 403, the admin gets them', async () => {
    const comprador = await crearUsuario(t.db);
    const cookie = await t.cookieDe(comprador.usuario, comprador.clave);
    const p = await crearProducto(t.db, { stock: 10 });
    const vieja = await crearVentaDirecta(t.db, { userId: comprador.id, fecha: new Date('2026-01-01T15:00:00Z'), lineas: [{ productoId: p.id, cantidad: 1, precio: p.precio }] });
    const nueva = await crearVentaDirecta(t.db, { userId: comprador.id, fecha: new Date('2026-02-01T15:00:00Z'), lineas: [{ productoId: p.id, cantidad: 1, precio: p.precio }] });
    const r = await pedir('GET', `/api/venta/user/${comprador.id}`, cookie);
    expect(r.statusCode).toBe(200);
    expect(r.json().map((v: { id: number }) => v.id)).toEqual([nueva.id, vieja.id]);
    expect((await pedir('GET', `/api/venta/user/${comprador.id}`, cookieOtro)).statusCode).toBe(403);
    expect((await pedir('GET', `/api/venta/user/${comprador.id}`, cookieAdmin)).json()).toHaveLength(2);
  });
});

describe('POST /api/venta', () => {
  it('creates an empty sale for the admin by default; the total comes from the server, not the body', async () => {
    const r = await pedir('POST', '/api/venta', cookieAdmin, { estadoVenta: 'PENDIENTE', formaPago: 'QR', envio: 1500, total: 999999 });
    expect(r.statusCode).toBe(201);
    const v = r.json();
    expect(typeof v.id).toBe('number');
    expect(v).toMatchObject({ total: 1500, envio: 1500, formaPago: 'QR', estadoVenta: 'PENDIENTE', detalleVentas: [], user: { id: admin.id, usuario: 'admin-ventas' } });
    expect(Math.abs(new Date(v.fecha).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('takes a given user and a past day of the form (12:00 in Mendoza)', async () => {
    const r = await pedir('POST', '/api/venta', cookieAdmin, { fecha: '2026-01-15', estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', envio: 0, user: { id: cliente.id } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ fecha: '2026-01-15T15:00:00.000Z', user: { id: cliente.id }, estadoVenta: 'CONCLUIDO', total: 0 });
  });

  it('reads a date-time without offset as Mendoza time', async () => {
    const r = await pedir('POST', '/api/venta', cookieAdmin, { fecha: '2026-01-20T10:30' });
    expect(r.statusCode).toBe(201);
    expect(r.json().fecha).toBe('2026-01-20T13:30:00.000Z');
  });

  it.each([
    [{ envio: -1 }, MENSAJES.envioNoNegativo],
    [{ user: { id: 999999 } }, MENSAJES.usuarioDeVentaNoExiste],
    [{ fecha: 'ayer' }, MENSAJES.fechaInvalida],
    [{ estadoVenta: 'CANCELADO' }, undefined],
    [{ detalleVentas: [{ cantidad: 0, producto: { id: 1 } }] }, MENSAJES.cantidadInvalida],
    [{ detalleVentas: [{ cantidad: 1, producto: { id: 999999 } }] }, MENSAJES.productoInvalido],
    [{ detalleVentas: [{ cantidad: 1, producto: { id: 1 }, descuento: 3 }] }, 'Campo desconocido: detalleVentas.0.descuento'],
    [{ observaciones: 'x' }, 'Campo desconocido: observaciones'],
  ])('refuses %j with 400 and changes nothing', async (cuerpo, mensaje) => {
    const antes = await t.db.$count(venta);
    const r = await pedir('POST', '/api/venta', cookieAdmin, cuerpo);
    expect(r.statusCode).toBe(400);
    if (mensaje) expect(r.json().message).toBe(mensaje);
    expect(await t.db.$count(venta)).toBe(antes);
  });

  it('creates the sale with its first lines in one go: the products\' prices, their stock taken, the total computed', async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 50, stock: 10 }); // 150
    const q = await crearProducto(t.db, { costo: 1000, porcentaje: 10, stock: 3 }); // 1100
    const r = await pedir('POST', '/api/venta', cookieAdmin, {
      fecha: '2026-01-16',
      formaPago: 'EFECTIVO',
      envio: 500,
      detalleVentas: [
        { id: null, cantidad: 2, producto: { id: p.id }, precioAplicado: 1 },
        { cantidad: 3, producto: { id: q.id } },
      ],
    });
    expect(r.statusCode).toBe(201);
    const v = r.json();
    expect(v).toMatchObject({ estadoVenta: 'PENDIENTE', envio: 500, total: 2 * 150 + 3 * 1100 + 500 });
    expect(v.detalleVentas.map((d: { cantidad: number; precioAplicado: number; producto: { id: number } }) => [d.producto.id, d.cantidad, d.precioAplicado])).toEqual([
      [p.id, 2, 150],
      [q.id, 3, 1100],
    ]);
    expect(await estadoProducto(t.db, p.id)).toMatchObject({ stock: 8, cantidadVendida: 2 });
    expect(await estadoProducto(t.db, q.id)).toMatchObject({ stock: 0, cantidadVendida: 3 });
    expect(await movimientosDe(t.db, q.id, v.id)).toEqual([{ delta: -3, motivo: 'DETALLE_ALTA', ventaId: v.id, userId: admin.id }]);
  });

  it('a line without enough stock answers 409 and leaves no sale behind', async () => {
    const p = await crearProducto(t.db, { stock: 5 });
    const q = await crearProducto(t.db, { stock: 1 });
    const antes = await t.db.$count(venta);
    const r = await pedir('POST', '/api/venta', cookieAdmin, {
      detalleVentas: [
        { cantidad: 2, producto: { id: p.id } },
        { cantidad: 2, producto: { id: q.id } },
      ],
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('La cantidad no puede ser mayor al stock disponible (1).');
    expect(await t.db.$count(venta)).toBe(antes);
    expect(await estadoProducto(t.db, p.id)).toMatchObject({ stock: 5, cantidadVendida: 0 });
  });

  it('anonymous: 401 "No hay usuario autenticado."; customer: 403', async () => {
    const r = await pedir('POST', '/api/venta', undefined, {});
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe(MENSAJES.noHayUsuarioAutenticado);
    expect((await pedir('POST', '/api/venta', cookieCliente, {})).statusCode).toBe(403);
  });
});

describe('PUT /api/venta/:id', () => {
  it('saves state, payment and shipping, keeps the date and recomputes the total', async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 50, stock: 10 });
    const v = await crearVentaDirecta(t.db, { userId: cliente.id, fecha: new Date('2026-02-02T12:00:00Z'), lineas: [{ productoId: p.id, cantidad: 3, precio: 150 }] });
    const r = await pedir('PUT', `/api/venta/${v.id}`, cookieAdmin, { estadoVenta: 'CONCLUIDO', formaPago: 'TRANSFERENCIA', envio: 200.5, fecha: '2020-01-01', total: 1 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ estadoVenta: 'CONCLUIDO', formaPago: 'TRANSFERENCIA', envio: 200.5, total: 650.5, fecha: '2026-02-02T12:00:00.000Z' });
  });

  it("reads the shipping as an es-AR number ('1.500' is fifteen hundred) and refuses one it cannot read", async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 50, stock: 10 });
    const v = await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 1, precio: 150 }] });
    const r = await pedir('PUT', `/api/venta/${v.id}`, cookieAdmin, { estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: '1.500' });
    expect(r.json()).toMatchObject({ envio: 1500, total: 1650 });
    const decimales = await pedir('PUT', `/api/venta/${v.id}`, cookieAdmin, { estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: '1.234,50' });
    expect(decimales.json()).toMatchObject({ envio: 1234.5, total: 1384.5 });
    const mal = await pedir('PUT', `/api/venta/${v.id}`, cookieAdmin, { estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: '1,500,5' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toBe(MENSAJES.numeroInvalido('El envío'));
    const creada = await pedir('POST', '/api/venta', cookieAdmin, { envio: '2.000' });
    expect(creada.json()).toMatchObject({ envio: 2000, total: 2000 });
  });

  it('refuses to save a sale without lines: "La venta debe tener al menos un detalle."', async () => {
    const creada = (await pedir('POST', '/api/venta', cookieAdmin, {})).json();
    const r = await pedir('PUT', `/api/venta/${creada.id}`, cookieAdmin, { estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', envio: 100 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.ventaSinDetalles);
    const [guardada] = await t.db.select().from(venta).where(eq(venta.id, creada.id));
    expect(guardada).toMatchObject({ estadoVenta: 'PENDIENTE', envio: 0 });
  });

  it('refuses a total of zero: "El total de la venta debe ser mayor que cero."', async () => {
    const p = await crearProducto(t.db, { stock: 10 });
    const v = await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 1, precio: 0 }] });
    const r = await pedir('PUT', `/api/venta/${v.id}`, cookieAdmin, { estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', envio: 0 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.totalVentaMayorACero);
    const [guardada] = await t.db.select().from(venta).where(eq(venta.id, v.id));
    expect(guardada!.estadoVenta).toBe('PENDIENTE');
  });

  it('404 for an unknown sale; 400 for a missing field', async () => {
    const r = await pedir('PUT', '/api/venta/999999', cookieAdmin, { estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', envio: 0 });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(MENSAJES.ventaNoEncontrada);
    expect((await pedir('PUT', '/api/venta/1', cookieAdmin, { estadoVenta: 'CONCLUIDO' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/venta/:id', () => {
  it('a PENDIENTE sale returns its units with VENTA_ELIMINADA movements and lowers the sold count', async () => {
    const p = await crearProducto(t.db, { stock: 10 });
    const v = await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 4, precio: p.precio }] });
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 6, cantidadVendida: 4, sumaMovimientos: 6 });
    const r = await pedir('DELETE', `/api/venta/${v.id}`, cookieAdmin);
    expect(r.statusCode).toBe(204);
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
    expect(await movimientosDe(t.db, p.id, v.id)).toEqual([
      { delta: -4, motivo: 'PEDIDO', ventaId: v.id, userId: cliente.id },
      { delta: 4, motivo: 'VENTA_ELIMINADA', ventaId: v.id, userId: admin.id },
    ]);
    expect(await t.db.$count(venta, eq(venta.id, v.id))).toBe(0);
  });

  it('a CONCLUIDO sale is deleted but its goods left the shop: stock and sold count stay', async () => {
    const p = await crearProducto(t.db, { stock: 10 });
    const v = await crearVentaDirecta(t.db, { userId: cliente.id, estadoVenta: 'CONCLUIDO', lineas: [{ productoId: p.id, cantidad: 4, precio: p.precio }] });
    expect((await pedir('DELETE', `/api/venta/${v.id}`, cookieAdmin)).statusCode).toBe(204);
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 6, cantidadVendida: 4, sumaMovimientos: 6 });
    expect(await t.db.$count(venta, eq(venta.id, v.id))).toBe(0);
  });

  it('a sale whose units already went back (unpaid online order) does not return them twice', async () => {
    const p = await crearProducto(t.db, { stock: 10 });
    const v = await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 2, precio: p.precio }] });
    const { devolverStockDeVenta } = await import('../stock/stock');
    expect(await t.db.transaction((tx) => devolverStockDeVenta(tx, v.id, 'PAGO_RECHAZADO', null))).toBe(true);
    expect(await t.db.transaction((tx) => devolverStockDeVenta(tx, v.id, 'PAGO_RECHAZADO', null))).toBe(false);
    expect((await pedir('DELETE', `/api/venta/${v.id}`, cookieAdmin)).statusCode).toBe(204);
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
  });

  it('404 with the spec message', async () => {
    const r = await pedir('DELETE', '/api/venta/999999', cookieAdmin);
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(MENSAJES.ventaNoEncontrada);
  });
});

describe('DELETE /api/venta/eliminar-entre-fechas', () => {
  it('deletes whole Mendoza days (00:00:00 to 23:59:59) with the same stock rule, answering true', async () => {
    const p = await crearProducto(t.db, { stock: 20 });
    const linea = [{ productoId: p.id, cantidad: 1, precio: p.precio }];
    const fuera1 = await crearVentaDirecta(t.db, { userId: null, fecha: new Date('2025-05-01T02:59:59Z'), lineas: linea });
    const dentro1 = await crearVentaDirecta(t.db, { userId: null, fecha: new Date('2025-05-01T03:00:00Z'), lineas: linea });
    const dentro2 = await crearVentaDirecta(t.db, { userId: null, fecha: new Date('2025-05-03T02:59:59Z'), estadoVenta: 'CONCLUIDO', lineas: linea });
    const fuera2 = await crearVentaDirecta(t.db, { userId: null, fecha: new Date('2025-05-03T03:00:00Z'), lineas: linea });
    expect((await estadoProducto(t.db, p.id)).stock).toBe(16);

    const r = await pedir('DELETE', '/api/venta/eliminar-entre-fechas?desde=2025-05-01&hasta=2025-05-02', cookieAdmin);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toBe(true);
    const quedan = (await t.db.select({ id: venta.id }).from(venta)).map((v) => v.id);
    expect(quedan).toEqual(expect.arrayContaining([fuera1.id, fuera2.id]));
    expect(quedan).not.toContain(dentro1.id);
    expect(quedan).not.toContain(dentro2.id);
    // Only the PENDIENTE one returned its unit.
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 17, cantidadVendida: 3, sumaMovimientos: 17 });

    const otraVez = await pedir('DELETE', '/api/venta/eliminar-entre-fechas?desde=2025-05-01&hasta=2025-05-02', cookieAdmin);
    expect(otraVez.json()).toBe(false);
  });

  it('both dates are required: "⚠️ Por favor completá ambas fechas."', async () => {
    const r = await pedir('DELETE', '/api/venta/eliminar-entre-fechas?desde=2025-05-01', cookieAdmin);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.completaAmbasFechas);
    const invertido = await pedir('DELETE', '/api/venta/eliminar-entre-fechas?desde=2025-05-02&hasta=2025-05-01', cookieAdmin);
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().message).toBe(MENSAJES.rangoFechasInvertido);
  });
});

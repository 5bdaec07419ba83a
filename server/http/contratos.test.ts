// Round trips: what the API answers for a resource is accepted back by its writes (domain/contratos.ts).
// GET → PUT of the same object succeeds and changes nothing; POST with `id: null` creates; a field the
// API neither takes nor answers is refused with a message that names it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalVenta } from '../../domain/money';
import { movimientoStock, producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto, crearPromocion, crearUsuario, crearVentaDirecta } from '../test/fabricas';

let t: AppDePrueba;
let admin: Awaited<ReturnType<typeof crearUsuario>>;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let cAdmin: string;
let cCliente: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await crearUsuario(t.db, { usuario: 'admin-contratos', rol: 'ADMIN' });
  cliente = await crearUsuario(t.db, { usuario: 'cliente-contratos' });
  cAdmin = await t.cookieDe(admin.usuario, admin.clave);
  cCliente = await t.cookieDe(cliente.usuario, cliente.clave);
});
afterAll(() => t.cerrar());

const pedir = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie = cAdmin) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: { cookie } });

/** GET the resource, as JSON. */
async function leer(url: string, cookie = cAdmin): Promise<Record<string, unknown>> {
  const r = await pedir('GET', url, undefined, cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** A write that must succeed; its answer. */
async function escribir(method: 'POST' | 'PUT', url: string, cuerpo: unknown, status: number, cookie = cAdmin) {
  const r = await pedir(method, url, cuerpo, cookie);
  expect(r.statusCode, r.body).toBe(status);
  return r.json();
}

/** A write with a field nobody knows: 400, and the message names it. */
async function rechazaDesconocido(method: 'POST' | 'PUT', url: string, cuerpo: unknown, mensaje: string, cookie = cAdmin) {
  const r = await pedir(method, url, cuerpo, cookie);
  expect(r.statusCode, r.body).toBe(400);
  expect(r.json().message).toBe(mensaje);
}

/** GET → PUT the same object → the same answer, and GET after it answers what GET answered before. */
async function idaYVuelta(urlGet: string, urlPut: string, cookie = cAdmin) {
  const antes = await leer(urlGet, cookie);
  const respuesta = await escribir('PUT', urlPut, antes, 200, cookie);
  expect(respuesta).toEqual(antes);
  expect(await leer(urlGet, cookie)).toEqual(antes);
  return antes;
}

describe('productos', () => {
  it('GET → PUT with-image changes nothing (the price stays computed) and writes no stock movement', async () => {
    const p = await crearProducto(t.db, { costo: 1234.5, porcentaje: 12.5 });
    const movimientos = await t.db.$count(movimientoStock, eq(movimientoStock.productoId, p.id));
    const antes = await idaYVuelta(`/api/producto/${p.id}`, '/api/producto/with-image');
    expect(antes).toMatchObject({ costo: 1234.5, porcentaje: 12.5, precio: 1388.81, imagen: null, categoria: { id: p.categoriaId } });
    expect(await t.db.$count(movimientoStock, eq(movimientoStock.productoId, p.id))).toBe(movimientos);
    // Read-only fields are ignored, not stored: a price sent back is recomputed.
    expect(await escribir('PUT', '/api/producto/with-image', { ...antes, precio: 1, cantidadVendida: 50 }, 200)).toEqual(antes);
  });

  it('POST with id null creates another product; an unknown field names itself', async () => {
    const p = await crearProducto(t.db);
    const leido = await leer(`/api/producto/${p.id}`);
    const creado = await escribir('POST', '/api/producto/with-image', { ...leido, id: null, codigo: 'CONTRATO-NUEVO' }, 201);
    expect(creado).toEqual({ ...leido, id: expect.any(Number), codigo: 'CONTRATO-NUEVO', cantidadVendida: 0 });
    expect(creado.id).not.toBe(p.id);
    await rechazaDesconocido('PUT', '/api/producto/with-image', { ...leido, observaciones: 'x' }, 'Campo desconocido: observaciones');
    await rechazaDesconocido(
      'PUT',
      '/api/producto/with-image',
      { ...leido, categoria: { ...(leido.categoria as object), orden: 1 } },
      'Campo desconocido: categoria.orden',
    );
  });
});

describe('categorías', () => {
  it('POST takes a category as GET answers it, with id null; an unknown field names itself', async () => {
    await crearCategoria(t.db, 'Contratos');
    const lista = (await pedir('GET', '/api/categoria')).json() as Array<{ id: number; denominacion: string }>;
    const una = lista.find((c) => c.denominacion === 'Contratos')!;
    const creada = await escribir('POST', '/api/categoria', { ...una, id: null, denominacion: 'Contratos 2' }, 201);
    expect(creada).toEqual({ id: expect.any(Number), denominacion: 'Contratos 2' });
    await rechazaDesconocido('POST', '/api/categoria', { ...una, id: null, denominacion: 'Otra', orden: 2 }, 'Campo desconocido: orden');
  });
});

describe('promociones y sus detalles', () => {
  let promoId: number;
  let productoId: number;
  beforeAll(async () => {
    productoId = (await crearProducto(t.db, { stock: 50 })).id;
    promoId = (await crearPromocion(t.db, { precioPromocional: 3000, detalles: [{ productoId, cantidad: 2 }] })).id; // 2 x $1.500: not dearer than its products (decision 045)
  });

  it('POST takes a promotion as GET (and the public list) answer it, with id null; its lines are not copied', async () => {
    const leida = await leer(`/api/promocion/${promoId}`);
    expect(leida.detallePromociones).toHaveLength(1);
    const creada = await escribir('POST', '/api/promocion', { ...leida, id: null }, 201);
    expect(creada).toEqual({ ...leida, id: expect.any(Number), detallePromociones: [] });
    const activa = ((await pedir('GET', '/api/promocion/activas')).json() as Array<Record<string, unknown>>).find((p) => p.id === promoId)!;
    expect(activa).toHaveProperty('precioUnitario');
    expect((await escribir('POST', '/api/promocion', { ...activa, id: null }, 201)).precioPromocional).toBe(3000);
    await rechazaDesconocido('POST', '/api/promocion', { ...leida, id: null, detalles: [] }, 'Campo desconocido: detalles');
  });

  it('POST detallePromocion takes a line as GET answers it (the same product adds its quantity)', async () => {
    const [linea] = (await pedir('GET', `/api/detallePromocion/promocion/${promoId}`)).json() as Array<Record<string, unknown>>;
    const sumada = await escribir('POST', '/api/detallePromocion', { ...linea, id: null }, 201);
    expect(sumada).toEqual({ ...linea, cantidad: 4 });
    await rechazaDesconocido(
      'POST',
      '/api/detallePromocion',
      { ...linea, id: null, producto: { ...(linea!.producto as object), costo: 1 }, descuento: 5 },
      'Campo desconocido: producto.costo. Campo desconocido: descuento',
    );
  });
});

describe('ventas y sus detalles', () => {
  let ventaId: number;
  let productoId: number;
  beforeAll(async () => {
    productoId = (await crearProducto(t.db, { stock: 40 })).id;
    ventaId = (await crearVentaDirecta(t.db, { userId: cliente.id, envio: 150, lineas: [{ productoId, cantidad: 2, precio: 1200 }] })).id;
  });

  it('GET → PUT venta changes nothing: date, customer, lines and total stay', async () => {
    const antes = await idaYVuelta(`/api/venta/${ventaId}`, `/api/venta/${ventaId}`);
    expect(antes).toMatchObject({ total: 2550, envio: 150, user: { id: cliente.id }, conEnvio: false, estadoPago: null, pagoId: null });
    // A total or lines sent back are not stored: the total is the lines' plus shipping.
    const otro = await escribir('PUT', `/api/venta/${ventaId}`, { ...antes, total: 1, detalleVentas: [] }, 200);
    expect(otro).toEqual(antes);
  });

  it('POST venta with id null creates a copy for the same customer, its lines at current prices; an unknown field names itself', async () => {
    const leida = await leer(`/api/venta/${ventaId}`);
    const creada = await escribir('POST', '/api/venta', { ...leida, id: null }, 201);
    expect(creada).toMatchObject({ fecha: leida.fecha, envio: 150, user: { id: cliente.id }, estadoPago: null });
    const lineas = creada.detalleVentas as Array<{ cantidad: number; precioAplicado: number; producto: { id: number } }>;
    expect(lineas.map((l) => [l.cantidad, l.producto.id])).toEqual([[2, productoId]]);
    expect(creada.total).toBe(totalVenta(lineas.map((l) => ({ cantidad: l.cantidad, precio: l.precioAplicado })), 150));
    await rechazaDesconocido('PUT', `/api/venta/${ventaId}`, { ...leida, observaciones: 'Sin bolsa' }, 'Campo desconocido: observaciones');
    await rechazaDesconocido('PUT', `/api/venta/${ventaId}`, { ...leida, a: 1, b: 2 }, 'Campos desconocidos: a, b');
  });

  it('GET → PUT detalleVenta changes nothing, stock included', async () => {
    const [linea] = (await pedir('GET', `/api/detalleVenta/venta/${ventaId}`)).json() as Array<{ id: number }>;
    const stock = async () => (await t.db.select({ stock: producto.stock }).from(producto).where(eq(producto.id, productoId)))[0]!.stock;
    const antes = await stock();
    const leido = await idaYVuelta(`/api/detalleVenta/${linea!.id}`, `/api/detalleVenta/${linea!.id}`);
    expect(leido).toMatchObject({ cantidad: 2, precioAplicado: 1200, ventaId, venta: { id: ventaId }, producto: { id: productoId } });
    expect(await stock()).toBe(antes);
  });

  it('POST detalleVenta and detalleVenta/dto take a line with id null; an unknown field names itself', async () => {
    const [linea] = (await pedir('GET', `/api/detalleVenta/venta/${ventaId}`)).json() as Array<Record<string, unknown>>;
    const nueva = await escribir('POST', '/api/detalleVenta', { ...linea, id: null, cantidad: 1 }, 201);
    expect(nueva).toMatchObject({ cantidad: 1, ventaId, producto: { id: productoId } });
    // The price is the product's current one, never the one sent.
    expect(nueva.precioAplicado).not.toBe(1200);
    const dto = await escribir('POST', '/api/detalleVenta/dto', { ...linea, id: null, cantidad: 1, productoId, precioAplicado: 1 }, 201);
    expect(dto).toMatchObject({ cantidad: 1, ventaId, precioAplicado: nueva.precioAplicado });
    await rechazaDesconocido('PUT', `/api/detalleVenta/${linea!.id}`, { ...linea, descuento: 10 }, 'Campo desconocido: descuento');
    await rechazaDesconocido('POST', '/api/detalleVenta/dto', { ...linea, id: null, productoId, observaciones: '' }, 'Campo desconocido: observaciones');
  });
});

describe('personas y domicilios', () => {
  it('GET → PUT persona changes nothing, for an admin and for the customer who owns it', async () => {
    const suya = await leer(`/api/persona/user/${cliente.id}`, cCliente);
    await idaYVuelta(`/api/persona/${suya.id}`, `/api/persona/${suya.id}`);
    await idaYVuelta(`/api/persona/${suya.id}`, `/api/persona/${suya.id}`, cCliente);
  });

  it('POST persona with id null (and its address without id) creates another one; an unknown field names itself', async () => {
    const leida = await leer(`/api/persona/user/${cliente.id}`);
    const domicilio = leida.domicilio as Record<string, unknown>;
    const creada = await escribir('POST', '/api/persona', { ...leida, id: null, user: null, domicilio: { ...domicilio, id: null } }, 201);
    expect(creada).toEqual({ ...leida, id: expect.any(Number), user: null, domicilio: { ...domicilio, id: expect.any(Number) } });
    expect((creada.domicilio as { id: number }).id).not.toBe(domicilio.id);
    await rechazaDesconocido(
      'PUT',
      `/api/persona/${leida.id}`,
      { ...leida, domicilio: { ...domicilio, piso: '3' } },
      'Campo desconocido: domicilio.piso',
    );
  });

  it('an address answered by POST goes back to PUT unchanged and to POST with id null', async () => {
    const creado = await escribir('POST', '/api/domicilio', { calle: 'San Martín', numero: '1500' }, 201);
    expect(await escribir('PUT', `/api/domicilio/${creado.id}`, creado, 200)).toEqual(creado);
    const otro = await escribir('POST', '/api/domicilio', { ...creado, id: null }, 201);
    expect(otro).toEqual({ ...creado, id: expect.any(Number) });
    await rechazaDesconocido('PUT', `/api/domicilio/${creado.id}`, { ...creado, piso: '3' }, 'Campo desconocido: piso');
  });
});

describe('usuarios', () => {
  it('GET → PUT user changes nothing, for an admin and for the customer (their name and role sent back)', async () => {
    await idaYVuelta(`/api/user/${cliente.id}`, `/api/user/${cliente.id}`);
    await idaYVuelta(`/api/user/${cliente.id}`, `/api/user/${cliente.id}`, cCliente);
  });

  it('POST user with id null creates a login (its person is not copied); an unknown field names itself', async () => {
    const leido = await leer(`/api/user/${cliente.id}`);
    const creado = await escribir('POST', '/api/user', { ...leido, id: null, usuario: 'copia-contratos', clave: 'Tintero-Azul-2931' }, 201);
    expect(creado).toEqual({ ...leido, id: expect.any(Number), usuario: 'copia-contratos', persona: null });
    await rechazaDesconocido('PUT', `/api/user/${cliente.id}`, { ...leido, email: 'x@example.com' }, 'Campo desconocido: email');
  });

  it('GET → PUT usuario-completo changes nothing, also for a user without person or address', async () => {
    const antes = await idaYVuelta(`/api/usuario-completo/${cliente.id}`, `/api/usuario-completo/${cliente.id}`);
    expect(antes.persona).not.toBeNull();
    const solo = await crearUsuario(t.db, { usuario: 'sin-persona-contratos', conPersona: false });
    const vacio = await idaYVuelta(`/api/usuario-completo/${solo.id}`, `/api/usuario-completo/${solo.id}`);
    expect(vacio).toMatchObject({ persona: null, domicilio: null });
  });

  it('POST usuario-completo takes what GET answers (ids ignored); an unknown field names itself', async () => {
    const leido = await leer(`/api/usuario-completo/${cliente.id}`);
    const usuario = leido.usuario as Record<string, unknown>;
    const nuevo = { ...usuario, usuario: 'completo-contratos', clave: 'Tintero-Azul-2931' };
    const creado = await escribir('POST', '/api/usuario-completo', { ...leido, usuario: nuevo }, 201);
    expect(creado).toMatchObject({ usuario: { usuario: 'completo-contratos' }, persona: { nombre: (leido.persona as { nombre: string }).nombre } });
    expect((creado.usuario as { id: number }).id).not.toBe(cliente.id);
    expect((creado.persona as { id: number }).id).not.toBe((leido.persona as { id: number }).id);
    await rechazaDesconocido(
      'PUT',
      `/api/usuario-completo/${cliente.id}`,
      { ...leido, usuario: { ...usuario, rol: 'ADMIN' } },
      'Campo desconocido: usuario.rol',
    );
  });
});

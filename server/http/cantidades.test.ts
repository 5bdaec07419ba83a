// Admin quantities are integers, sent as JSON numbers or plain decimal digits: `true` used to add 1,
// '0x10' 16 and '1e3' 1,000 (z.coerce). Each refusal changes nothing.
import { count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_STOCK } from '../../domain/producto';
import { MENSAJES_PROMOCION } from '../../domain/promocion';
import { detallePromocion, detalleVenta, movimientoStock, producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto, crearPromocion, crearUsuario, crearVenta } from '../test/fabricas';

let t: AppDePrueba;
let admin: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  const a = await crearUsuario(t.db, { usuario: 'admincantidades', rol: 'ADMIN' });
  admin = await t.cookieDe(a.usuario, a.clave);
});
afterAll(() => t.cerrar());

const COERCIBLES_JSON: unknown[] = [true, '0x10', '1e3', '1.0', '1,0', ' 5', '+5', '', [], [3], {}, 1.5, null];
const COERCIBLES_QUERY = ['true', '0x10', '1e3', '1.0', '%2B5', '%205', '', '1&cantidad=2'];

/** Stock, movements, sale lines and promotion lines of a product: what a refused request must not change. */
async function huella(productoId: number) {
  const [p] = await t.db.select({ stock: producto.stock, vendidos: producto.cantidadVendida }).from(producto).where(eq(producto.id, productoId));
  const [m] = await t.db.select({ n: count(), suma: sum(movimientoStock.delta) }).from(movimientoStock).where(eq(movimientoStock.productoId, productoId));
  const [dv] = await t.db.select({ n: count() }).from(detalleVenta).where(eq(detalleVenta.productoId, productoId));
  const [dp] = await t.db.select({ n: count() }).from(detallePromocion).where(eq(detallePromocion.productoId, productoId));
  return { ...p!, movimientos: m!.n, suma: m!.suma, lineasVenta: dv!.n, lineasPromocion: dp!.n };
}

describe('stock loads', () => {
  it.each(COERCIBLES_QUERY)('PATCH /api/producto/{id}/stock?cantidad=%s is a 400 that loads nothing', async (cantidad) => {
    const p = await crearProducto(t.db, { stock: 5 });
    const antes = await huella(p.id);
    const r = await t.app.inject({ method: 'PATCH', url: `/api/producto/${p.id}/stock?cantidad=${cantidad}`, headers: { cookie: admin } });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_STOCK.cantidadInvalida);
    expect(await huella(p.id)).toEqual(antes);
  });

  it.each(COERCIBLES_JSON)('POST /api/producto/stock with cantidad %j is a 400 that loads nothing', async (cantidad) => {
    const p = await crearProducto(t.db, { stock: 5 });
    const antes = await huella(p.id);
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/stock', headers: { cookie: admin }, payload: { codigo: p.codigo, cantidad } });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_STOCK.cantidadInvalida);
    expect(await huella(p.id)).toEqual(antes);
  });

  it('plain digits are still a quantity, in the query string and in a body', async () => {
    const p = await crearProducto(t.db, { stock: 5 });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/producto/${p.id}/stock?cantidad=16`, headers: { cookie: admin } })).json().stock).toBe(21);
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/stock', headers: { cookie: admin }, payload: { codigo: p.codigo, cantidad: '10' } });
    expect(r.json().producto.stock).toBe(31);
  });
});

describe('sale and promotion lines', () => {
  it.each(COERCIBLES_JSON)('POST /api/detalleVenta and /api/detalleVenta/dto with cantidad %j are 400s that take nothing', async (cantidad) => {
    const p = await crearProducto(t.db, { stock: 50 });
    const otro = await crearProducto(t.db, { stock: 50 });
    const v = await crearVenta(t.db, { userId: null, formaPago: 'EFECTIVO', lineas: [{ productoId: otro.id, cantidad: 1 }] });
    const antes = await huella(p.id);
    for (const [url, payload] of [
      ['/api/detalleVenta', { cantidad, producto: { id: p.id }, venta: { id: v.id } }],
      ['/api/detalleVenta/dto', { cantidad, productoId: p.id, ventaId: v.id }],
      ['/api/venta', { detalleVentas: [{ cantidad, producto: { id: p.id } }] }],
    ] as const) {
      const r = await t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
      expect([url, r.statusCode, r.json().message]).toEqual([url, 400, MENSAJES.cantidadInvalida]);
    }
    const [linea] = await t.db.select({ id: detalleVenta.id }).from(detalleVenta).where(eq(detalleVenta.ventaId, v.id));
    const cambio = await t.app.inject({ method: 'PUT', url: `/api/detalleVenta/${linea!.id}`, headers: { cookie: admin }, payload: { cantidad } });
    expect([cambio.statusCode, cambio.json().message]).toEqual([400, MENSAJES.cantidadInvalida]);
    expect(await huella(p.id)).toEqual(antes);
    expect((await huella(otro.id)).stock).toBe(49);
  });

  it.each(COERCIBLES_JSON)('POST /api/detallePromocion with cantidad %j is a 400 that adds no line', async (cantidad) => {
    const p = await crearProducto(t.db);
    const promo = await crearPromocion(t.db);
    const antes = await huella(p.id);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/detallePromocion',
      headers: { cookie: admin },
      payload: { producto: { id: p.id }, cantidad, promocion: { id: promo.id } },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_PROMOCION.detalleInvalido);
    expect(await huella(p.id)).toEqual(antes);
  });
});

describe("the product form's stock", () => {
  it.each([true, '0x10', '1e3', '1.5', [], {}])('stock %j is a 400 naming the field, and no product is stored', async (stock) => {
    const cat = await crearCategoria(t.db);
    const codigo = `CANT-${Math.random().toString(36).slice(2)}`;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/producto/with-image',
      headers: { cookie: admin },
      payload: { denominacion: 'Goma', marca: 'M', codigo, costo: 100, porcentaje: 10, stock, descripcion: '', categoria: { id: cat.id } },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.stockEntero);
    expect(await t.db.select().from(producto).where(eq(producto.codigo, codigo))).toEqual([]);
  });
});

// Cash orders from the cart not concluded within EFECTIVO_VENCE_HORAS expire like unpaid Mercado Pago
// orders: payment VENCIDO, units back with PAGO_VENCIDO movements, exactly once, also with two
// instances sweeping the same PostgreSQL at once. The sales grid, the pending alert and the cash
// closing count them as not collected.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estadoDeCobro } from '../../domain/cierre';
import { diaMendoza } from '../../domain/fechas';
import { MENSAJES } from '../../domain/mensajes';
import type { VentaResumen } from '../../domain/venta';
import { buildApp } from '../app';
import { abrirPostgres, type BaseDeDatos } from '../db/client';
import { movimientoStock, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVenta } from '../test/fabricas';
import { leerVenta, movimientosDeVenta } from '../test/pagos';
import { descuadresDeStock, estadoProducto } from '../test/stock-de-prueba';
import { vencerPedidosEnEfectivo } from './vencimiento';

const enPostgres = process.env.TEST_MOTOR === 'postgres';
const HORAS = 72;
const hace = (horas: number) => new Date(Date.now() - horas * 3_600_000);

let t: AppDePrueba;
let admin: string;

beforeAll(async () => {
  t = await crearAppDePrueba({ EFECTIVO_VENCE_HORAS: String(HORAS) });
  const a = await crearUsuario(t.db, { rol: 'ADMIN' });
  admin = await t.cookieDe(a.usuario, a.clave);
});
afterAll(() => t.cerrar());

/** A customer's cart order through the API, placed `horas` ago. */
async function pedidoDelCarrito(opciones: { horas: number; formaPago?: 'EFECTIVO' | 'MERCADOPAGO'; cantidad?: number }) {
  const c = await crearUsuario(t.db);
  const cookie = await t.cookieDe(c.usuario, c.clave);
  const lapiz = await crearProducto(t.db, { stock: 10 });
  const goma = await crearProducto(t.db, { stock: 10 });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/pedido',
    headers: { cookie },
    payload: {
      lineas: [
        { productoId: lapiz.id, cantidad: opciones.cantidad ?? 3 },
        { productoId: goma.id, cantidad: 1 },
      ],
      formaPago: opciones.formaPago ?? 'EFECTIVO',
      envio: 0,
    },
  });
  expect(r.statusCode).toBe(201);
  const id = r.json().id as number;
  await t.db.update(venta).set({ fecha: hace(opciones.horas) }).where(eq(venta.id, id));
  return { id, lapiz, goma, cookie, userId: c.id };
}

const vencer = (db = t.db) => vencerPedidosEnEfectivo(db, { horas: HORAS });

describe('expiry of cash orders from the cart', () => {
  it('expires one older than EFECTIVO_VENCE_HORAS and gives its units back exactly once; a younger one waits', async () => {
    const viejo = await pedidoDelCarrito({ horas: HORAS + 1 });
    const joven = await pedidoDelCarrito({ horas: HORAS - 1 });
    expect(await leerVenta(t.db, viejo.id)).toMatchObject({ carrito: true, estadoPago: null, stockLiberado: false });

    expect(await vencer()).toContain(viejo.id);
    expect(await vencer()).not.toContain(viejo.id);

    expect(await leerVenta(t.db, viejo.id)).toMatchObject({ estadoVenta: 'PENDIENTE', estadoPago: 'VENCIDO', stockLiberado: true });
    expect(await estadoProducto(t.db, viejo.lapiz.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
    expect((await movimientosDeVenta(t.db, viejo.id)).map((m) => `${m.productoId === viejo.lapiz.id ? 'lápiz' : 'goma'} ${m.motivo} ${m.delta}`).sort()).toEqual([
      'goma PAGO_VENCIDO 1',
      'goma PEDIDO -1',
      'lápiz PAGO_VENCIDO 3',
      'lápiz PEDIDO -3',
    ]);

    expect(await leerVenta(t.db, joven.id)).toMatchObject({ estadoPago: null, stockLiberado: false });
    expect(await estadoProducto(t.db, joven.lapiz.id)).toMatchObject({ stock: 7 });
    expect(await descuadresDeStock(t.db)).toEqual([]);
  });

  it('never touches a concluded order, a sale an admin entered, or a Mercado Pago order', async () => {
    const concluido = await pedidoDelCarrito({ horas: HORAS + 5 });
    await t.db.update(venta).set({ estadoVenta: 'CONCLUIDO' }).where(eq(venta.id, concluido.id));
    const mp = await pedidoDelCarrito({ horas: HORAS + 5, formaPago: 'MERCADOPAGO' });
    const p = await crearProducto(t.db, { stock: 5 });
    const delAdmin = await crearVenta(t.db, { userId: null, formaPago: 'EFECTIVO', fecha: hace(HORAS * 3), lineas: [{ productoId: p.id, cantidad: 2 }] });

    const vencidos = await vencer();
    for (const id of [concluido.id, mp.id, delAdmin.id]) expect(vencidos).not.toContain(id);
    expect(await leerVenta(t.db, concluido.id)).toMatchObject({ estadoVenta: 'CONCLUIDO', estadoPago: null, stockLiberado: false });
    expect(await leerVenta(t.db, mp.id)).toMatchObject({ estadoPago: 'PENDIENTE', stockLiberado: false });
    expect(await leerVenta(t.db, delAdmin.id)).toMatchObject({ estadoPago: null, stockLiberado: false });
    expect(await estadoProducto(t.db, p.id)).toMatchObject({ stock: 3 });
  });

  it('an expired one is not collected in the grid and the closing, leaves the pending alert, frees the customer, and cannot be concluded', async () => {
    const viejo = await pedidoDelCarrito({ horas: HORAS + 2 });
    const pendientesAntes = (await t.app.inject({ method: 'GET', url: '/api/venta/pendientes', headers: { cookie: admin } })).json().pendientes as number;
    const dia = diaMendoza(hace(HORAS + 2));
    const resumenAntes = (await t.app.inject({ method: 'GET', url: `/api/informes/resumen?desde=${dia}&hasta=${dia}`, headers: { cookie: admin } })).json();

    expect(await vencer()).toContain(viejo.id);

    const grilla = await t.app.inject({ method: 'GET', url: `/api/venta?desde=${dia}&hasta=${dia}&porPagina=200`, headers: { cookie: admin } });
    const enGrilla = (grilla.json().items as VentaResumen[]).find((v) => v.id === viejo.id)!;
    expect(enGrilla).toMatchObject({ formaPago: 'EFECTIVO', estadoVenta: 'PENDIENTE', estadoPago: 'VENCIDO' });
    expect(estadoDeCobro(enGrilla)).toBe('NO_COBRADO');

    expect((await t.app.inject({ method: 'GET', url: '/api/venta/pendientes', headers: { cookie: admin } })).json().pendientes).toBe(pendientesAntes - 1);
    const resumen = (await t.app.inject({ method: 'GET', url: `/api/informes/resumen?desde=${dia}&hasta=${dia}`, headers: { cookie: admin } })).json();
    expect(resumen.noCobradas.cantidad).toBe(resumenAntes.noCobradas.cantidad + 1);
    expect(resumen.cantidadVentas).toBe(resumenAntes.cantidadVentas - 1);
    expect(resumen.pendiente).toBe(resumenAntes.pendiente - enGrilla.total);

    // The customer sees it expired.
    const compras = await t.app.inject({ method: 'GET', url: `/api/venta/user/${viejo.userId}`, headers: { cookie: viejo.cookie } });
    expect(compras.json()[0]).toMatchObject({ id: viejo.id, estadoPago: 'VENCIDO' });

    // Concluding it would record goods handed over that are back on the shelf.
    const concluir = await t.app.inject({ method: 'PUT', url: `/api/venta/${viejo.id}`, headers: { cookie: admin }, payload: { estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', envio: 0 } });
    expect(concluir.statusCode).toBe(409);
    expect(concluir.json()).toEqual({ message: MENSAJES.ventaVencidaNoSeConcluye });
    // Deleting it returns nothing more.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/venta/${viejo.id}`, headers: { cookie: admin } })).statusCode).toBe(204);
    expect(await estadoProducto(t.db, viejo.lapiz.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
  });
});

describe('two instances sweeping one PostgreSQL', () => {
  let segunda: FastifyInstance | undefined;
  let base: BaseDeDatos | undefined;
  beforeAll(async () => {
    if (!enPostgres || !t.urlPostgres) return;
    base = await abrirPostgres(t.urlPostgres, 20);
    segunda = await buildApp({ config: t.config, base });
    await segunda.ready();
  });
  afterAll(async () => {
    await segunda?.close();
    await base?.cerrar();
  });

  // PGlite is one embedded database inside one process: a second instance cannot share it.
  it.skipIf(!enPostgres)(
    'each order expires once, and an admin deleting some at the same time never gets their units back twice (PostgreSQL only)',
    async () => {
      const pedidos = [];
      for (let i = 0; i < 12; i++) pedidos.push(await pedidoDelCarrito({ horas: HORAS + 1 + i, cantidad: 1 + (i % 3) }));
      const borrados = pedidos.filter((_, i) => i % 4 === 0);

      const [a, b, c, d, ...borrados_] = await Promise.all([
        vencer(t.db),
        vencer(segunda!.db),
        vencer(t.db),
        vencer(segunda!.db),
        ...borrados.map((p, i) => (i % 2 === 0 ? t.app : segunda!).inject({ method: 'DELETE', url: `/api/venta/${p.id}`, headers: { cookie: admin } })),
      ]);
      expect(borrados_.map((r) => r.statusCode)).toEqual(borrados.map(() => 204));

      // No order expired twice.
      const vencidos = [...a!, ...b!, ...c!, ...d!];
      expect(new Set(vencidos).size).toBe(vencidos.length);
      const ids = new Set(borrados.map((p) => p.id));
      for (const p of pedidos) {
        // Each one's units came back exactly once: by the sweep (PAGO_VENCIDO) or by the deletion
        // (VENTA_ELIMINADA), never both, and its products are whole again.
        const devueltos = await t.db
          .select({ motivo: movimientoStock.motivo, delta: movimientoStock.delta })
          .from(movimientoStock)
          .where(and(eq(movimientoStock.ventaId, p.id), eq(movimientoStock.productoId, p.lapiz.id)));
        const vueltas = devueltos.filter((m) => m.delta > 0);
        expect(vueltas).toHaveLength(1);
        expect(['PAGO_VENCIDO', 'VENTA_ELIMINADA']).toContain(vueltas[0]!.motivo);
        if (!ids.has(p.id)) {
          expect(vencidos).toContain(p.id);
          expect(await leerVenta(t.db, p.id)).toMatchObject({ estadoPago: 'VENCIDO', stockLiberado: true });
        }
        expect(await estadoProducto(t.db, p.lapiz.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
        expect(await estadoProducto(t.db, p.goma.id)).toEqual({ stock: 10, cantidadVendida: 0, sumaMovimientos: 10 });
      }
      expect(await descuadresDeStock(t.db)).toEqual([]);
      expect(await vencer(segunda!.db)).toEqual([]);
    },
  );
});

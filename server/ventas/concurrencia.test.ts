// Many buyers of the last units at once: the conditional stock update must let exactly as many
// orders through as there are units, on one instance and on two instances sharing PostgreSQL.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { abrirPostgres, type BaseDeDatos } from '../db/client';
import { producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { liberarStockDeVenta, reservarStockDeNuevo } from '../stock/stock';
import { crearProducto, crearUsuario, crearVenta } from '../test/fabricas';
import { contarMovimientos, contarVentas, descuadresDeStock, estadoProducto } from '../test/stock-de-prueba';

const enPostgres = process.env.TEST_MOTOR === 'postgres';

let t: AppDePrueba;
let cookies: string[];

beforeAll(async () => {
  t = await crearAppDePrueba();
  const clientes = await Promise.all([1, 2, 3, 4, 5].map((n) => crearUsuario(t.db, { usuario: `comprador${n}` })));
  cookies = await Promise.all(clientes.map((c) => t.cookieDe(c.usuario, c.clave)));
});
afterAll(() => t.cerrar());

/** 50 orders of 1 unit, sent at once, spread over the given app instances and the 5 customers. */
async function cincuentaPedidos(instancias: FastifyInstance[], productoId: number) {
  return Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      instancias[i % instancias.length]!.inject({
        method: 'POST',
        url: '/api/pedido',
        headers: { cookie: cookies[i % cookies.length]! },
        payload: { lineas: [{ productoId, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 },
      }),
    ),
  );
}

async function comprobar(respuestas: Awaited<ReturnType<typeof cincuentaPedidos>>, productoId: number, ventasAntes: number) {
  const estados = respuestas.map((r) => r.statusCode);
  expect(estados.filter((s) => s === 201)).toHaveLength(10);
  expect(estados.filter((s) => s === 409)).toHaveLength(40);
  for (const r of respuestas.filter((x) => x.statusCode === 409)) {
    expect(r.json().message).toMatch(/^No hay stock suficiente de .+: quedan 0 unidades\.$/);
  }
  // stock = start + sum of movements, and it ends at 0.
  expect(await estadoProducto(t.db, productoId)).toEqual({ stock: 0, cantidadVendida: 10, sumaMovimientos: 0 });
  expect(await contarVentas(t.db)).toBe(ventasAntes + 10);
}

describe('50 orders at once for 10 units', () => {
  it('one instance: exactly 10 succeed and 40 get 409', async () => {
    const p = await crearProducto(t.db, { stock: 10 });
    const ventas = await contarVentas(t.db);
    await comprobar(await cincuentaPedidos([t.app], p.id), p.id, ventas);
  });

  describe('two instances sharing one PostgreSQL', () => {
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
    it.skipIf(!enPostgres)('exactly 10 succeed and 40 get 409 across both instances (PostgreSQL only: PGlite cannot be shared by two instances)', async () => {
      const p = await crearProducto(t.db, { stock: 10 });
      const ventas = await contarVentas(t.db);
      const respuestas = await cincuentaPedidos([t.app, segunda!], p.id);
      await comprobar(respuestas, p.id, ventas);
    });
  });
});

describe('an order that fails half-way', () => {
  it('leaves nothing behind when its second line is short of stock', async () => {
    const a = await crearProducto(t.db, { stock: 5 });
    const b = await crearProducto(t.db, { stock: 1 });
    const [ventas, movimientos] = [await contarVentas(t.db), await contarMovimientos(t.db)];
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { cookie: cookies[0]! },
      payload: { lineas: [{ productoId: a.id, cantidad: 2 }, { productoId: b.id, cantidad: 2 }], formaPago: 'MERCADOPAGO', envio: 1 },
    });
    expect(r.statusCode).toBe(409);
    expect(await contarVentas(t.db)).toBe(ventas);
    expect(await contarMovimientos(t.db)).toBe(movimientos);
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 5, cantidadVendida: 0, sumaMovimientos: 5 });
    expect(await estadoProducto(t.db, b.id)).toEqual({ stock: 1, cantidadVendida: 0, sumaMovimientos: 1 });
  });
});

describe('a late payment approval and a cart order after the same two products, in opposite orders', () => {
  // The approved sale lists B before A; the order asks for A and B. Both lock the rows in id order, so
  // neither waits on the other forever: one gets the last units, the other is refused, never both.
  it('no deadlock, no oversold unit, the ledger holds (20 rounds at once)', async () => {
    const resultados: string[] = [];
    for (let ronda = 0; ronda < 20; ronda++) {
      const a = await crearProducto(t.db, { stock: 1 });
      const b = await crearProducto(t.db, { stock: 1 });
      const pagada = await crearVenta(t.db, { userId: null, formaPago: 'MERCADOPAGO', lineas: [{ productoId: b.id, cantidad: 1 }, { productoId: a.id, cantidad: 1 }] });
      await t.db.transaction((tx) => liberarStockDeVenta(tx, pagada.id, 'PAGO_VENCIDO'));
      // A third transaction holds B for a moment, so both callers line up on it at once: one taking B
      // before A would then wait on the other's A while the other waits on its B (a deadlock).
      let soltar = () => {};
      const bloqueo = t.db.transaction(async (tx) => {
        await tx.select({ id: producto.id }).from(producto).where(eq(producto.id, b.id)).for('update');
        await new Promise<void>((resolve) => (soltar = resolve));
      });
      const ambos = Promise.all([
        t.db.transaction((tx) => reservarStockDeNuevo(tx, pagada.id)),
        t.app.inject({
          method: 'POST',
          url: '/api/pedido',
          headers: { cookie: cookies[ronda % cookies.length]! },
          payload: { lineas: [{ productoId: a.id, cantidad: 1 }, { productoId: b.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 },
        }),
      ]);
      await new Promise((r) => setTimeout(r, enPostgres ? 60 : 0));
      soltar();
      await bloqueo;
      const [reservada, pedido] = await ambos;
      resultados.push(`${reservada ? 'reserva' : 'sin reserva'} / pedido ${pedido.statusCode}`);
      // Exactly one of them has the units.
      expect(reservada !== (pedido.statusCode === 201), `ronda ${ronda}: ${resultados.at(-1)} ${pedido.body}`).toBe(true);
      for (const p of [a, b]) expect(await estadoProducto(t.db, p.id)).toMatchObject({ stock: 0, sumaMovimientos: 0 });
    }
    expect(await descuadresDeStock(t.db)).toEqual([]);
  });
});

// Many buyers of the last units at once: the conditional stock update must let exactly as many
// orders through as there are units, on one instance and on two instances sharing PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { abrirPostgres, type BaseDeDatos } from '../db/client';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario } from '../test/fabricas';
import { contarMovimientos, contarVentas, estadoProducto } from '../test/stock-de-prueba';

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

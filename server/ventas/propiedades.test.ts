// Properties of money and stock over random cart orders and counter sales, through the API on the real
// database (fast-check): totals are the lines plus shipping to the cent, each promotion's lines add up
// to its price, attaching or removing a promotion never reprices other lines, and the stock ledger holds.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCentavos, sumarLineas } from '../../domain/money';
import { detalleVenta, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearPromocion, crearUsuario } from '../test/fabricas';
import { descuadresDeStock } from '../test/stock-de-prueba';

let t: AppDePrueba;
let cookieCliente: string;
let cookieAdmin: string;
let clienteId: number;
const productos: Array<{ id: number; precio: number }> = [];

beforeAll(async () => {
  t = await crearAppDePrueba();
  const cliente = await crearUsuario(t.db, { usuario: 'cliente-propiedades' });
  const admin = await crearUsuario(t.db, { usuario: 'admin-propiedades', rol: 'ADMIN' });
  clienteId = cliente.id;
  [cookieCliente, cookieAdmin] = await Promise.all([t.cookieDe(cliente.usuario, cliente.clave), t.cookieDe(admin.usuario, admin.clave)]);
  // Prices with odd cents (cost x margin rounded), plenty of stock.
  for (const [costo, porcentaje] of [
    [10.1, 33.3],
    [999.99, 17],
    [0.37, 210],
    [1234.56, 45.5],
    [3.33, 1],
    [77, 66.6],
  ] as const) {
    const p = await crearProducto(t.db, { costo, porcentaje, stock: 100_000 });
    productos.push({ id: p.id, precio: p.precio });
  }
});
afterAll(() => t.cerrar());

const pedir = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A promotion as fast-check makes it: a price in cents and some products with quantities. */
const promocionArb = fc.record({
  centavos: fc.integer({ min: 1, max: 2_000_000 }),
  suyos: fc.uniqueArray(fc.record({ i: fc.integer({ min: 0, max: 5 }), cantidad: fc.integer({ min: 1, max: 4 }) }), {
    minLength: 1,
    maxLength: 4,
    selector: (d) => d.i,
  }),
});
type PromocionArb = { centavos: number; suyos: Array<{ i: number; cantidad: number }> };

async function crearPromociones(specs: PromocionArb[]) {
  const creadas: Array<{ id: number; precio: number }> = [];
  for (const s of specs) {
    // Never dearer than its products one by one (decision 045): such a promotion is not sold.
    const regular = s.suyos.reduce((n, d) => n + d.cantidad * Math.round(productos[d.i]!.precio * 100), 0);
    const p = await crearPromocion(t.db, {
      precioPromocional: Math.min(s.centavos, regular) / 100,
      detalles: s.suyos.map((d) => ({ productoId: productos[d.i]!.id, cantidad: d.cantidad })),
    });
    creadas.push({ id: p.id, precio: p.precioPromocional });
  }
  return creadas;
}

const lineasDe = (ventaId: number) => t.db.select().from(detalleVenta).where(eq(detalleVenta.ventaId, ventaId)).orderBy(detalleVenta.id);
const ventaDe = async (ventaId: number) => (await t.db.select().from(venta).where(eq(venta.id, ventaId)))[0]!;

/** Each promotion's lines add up to its price x the bundles taken. */
function cuadranPromociones(lineas: Awaited<ReturnType<typeof lineasDe>>, promos: Array<{ id: number; precio: number }>, combos: Map<number, number>) {
  for (const [id, veces] of combos) {
    const suyas = lineas.filter((l) => l.promocionId === id);
    const precio = promos.find((p) => p.id === id)!.precio;
    expect(aCentavos(sumarLineas(suyas.map((l) => ({ cantidad: l.cantidad, precio: l.precioAplicado }))))).toBe(aCentavos(precio) * veces);
  }
}

describe('money and stock properties (fast-check)', () => {
  it('cart orders: the total is the sum of the lines, each promotion charges exactly its price, the ledger holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(promocionArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.record({ i: fc.integer({ min: 0, max: 5 }), cantidad: fc.integer({ min: 1, max: 5 }) }), { maxLength: 4 }),
        fc.array(fc.record({ k: fc.nat(), veces: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3 }),
        async (specs, sueltas, pedidas) => {
          const promos = await crearPromociones(specs);
          const promociones = pedidas.map((p) => ({ promocionId: promos[p.k % promos.length]!.id, cantidad: p.veces }));
          const r = await pedir('POST', '/api/pedido', cookieCliente, {
            lineas: sueltas.map((l) => ({ productoId: productos[l.i]!.id, cantidad: l.cantidad })),
            promociones,
            formaPago: 'EFECTIVO',
            envio: 0,
          });
          expect(r.statusCode, r.body).toBe(201);
          const lineas = await lineasDe(r.json().id);
          const total = sumarLineas(lineas.map((l) => ({ cantidad: l.cantidad, precio: l.precioAplicado })));
          expect(aCentavos(r.json().total)).toBe(aCentavos(total));
          expect(aCentavos((await ventaDe(r.json().id)).total)).toBe(aCentavos(total));
          for (const l of lineas.filter((x) => x.promocionId === null)) {
            expect(l.precioAplicado).toBe(productos.find((p) => p.id === l.productoId)!.precio);
          }
          const combos = new Map<number, number>();
          for (const p of promociones) combos.set(p.promocionId, (combos.get(p.promocionId) ?? 0) + p.cantidad);
          cuadranPromociones(lineas, promos, combos);
          expect(await descuadresDeStock(t.db)).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('counter sales: attaching and removing promotions never changes the other lines, totals are lines + shipping', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(promocionArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.record({ i: fc.integer({ min: 0, max: 5 }), cantidad: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        async (specs, sueltas, envioCentavos, agregadas, quitada) => {
          const promos = await crearPromociones(specs);
          const creada = await pedir('POST', '/api/venta', cookieAdmin, { envio: envioCentavos / 100, user: { id: clienteId } });
          expect(creada.statusCode, creada.body).toBe(201);
          const ventaId = creada.json().id as number;
          for (const l of sueltas) {
            const r = await pedir('POST', '/api/detalleVenta', cookieAdmin, { cantidad: l.cantidad, producto: { id: productos[l.i]!.id }, venta: { id: ventaId } });
            expect(r.statusCode, r.body).toBe(201);
          }
          const precioDe = async () => new Map((await lineasDe(ventaId)).map((l) => [l.id, [l.productoId, l.cantidad, l.precioAplicado]]));
          const cuadraTotal = async () => {
            const lineas = await lineasDe(ventaId);
            const v = await ventaDe(ventaId);
            const lineasMasEnvio = lineas.reduce((s, l) => s + l.cantidad * aCentavos(l.precioAplicado), 0) + envioCentavos;
            expect(aCentavos(v.total)).toBe(lineasMasEnvio);
          };

          const combos = new Map<number, number>();
          for (const k of agregadas) {
            const antes = await precioDe();
            const promo = promos[k % promos.length]!;
            const r = await pedir('PUT', `/api/promocion/venta/agregar-promocion/${ventaId}/${promo.id}`, cookieAdmin);
            expect(r.statusCode, r.body).toBe(200);
            combos.set(promo.id, (combos.get(promo.id) ?? 0) + 1);
            const despues = await precioDe();
            for (const [id, linea] of antes) expect(despues.get(id)).toEqual(linea);
            await cuadraTotal();
          }
          cuadranPromociones(await lineasDe(ventaId), promos, combos);

          // Removing one promotion's lines: the rest keep their units and prices, its units go back.
          const sacar = [...combos.keys()][quitada % combos.size]!;
          const antes = await precioDe();
          const suyas = (await lineasDe(ventaId)).filter((l) => l.promocionId === sacar);
          for (const l of suyas) expect((await pedir('DELETE', `/api/detalleVenta/${l.id}`, cookieAdmin)).statusCode).toBe(204);
          const despues = await precioDe();
          for (const [id, linea] of antes) if (!suyas.some((l) => l.id === id)) expect(despues.get(id)).toEqual(linea);
          expect([...despues.keys()].some((id) => suyas.some((l) => l.id === id))).toBe(false);
          await cuadraTotal();
          expect(await descuadresDeStock(t.db)).toEqual([]);
        },
      ),
      { numRuns: 15 },
    );
  });
});

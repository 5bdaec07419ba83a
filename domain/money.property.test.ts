// Properties of the money rules over random promotions and carts (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARRITO_VACIO, carritoReducer, totalCarrito, type Carrito, type PromocionCarrito } from './carrito';
import { aCentavos, calcularPrecio, lineasDePromocion, sumarLineas, totalVenta } from './money';

const centavos = fc.integer({ min: 1, max: 50_000_000 });
const detalles = fc.uniqueArray(fc.record({ productoId: fc.integer({ min: 1, max: 40 }), cantidad: fc.integer({ min: 1, max: 12 }) }), {
  minLength: 1,
  maxLength: 6,
  selector: (d) => d.productoId,
});

describe('lineasDePromocion', () => {
  it('the lines of n bundles add up to n x the promotional price, to the cent, with every unit there', () => {
    fc.assert(
      fc.property(centavos, detalles, fc.integer({ min: 1, max: 9 }), (precio, suyos, veces) => {
        const lineas = lineasDePromocion(precio / 100, suyos, veces);
        expect(aCentavos(sumarLineas(lineas))).toBe(precio * veces);
        for (const d of suyos) {
          const unidades = lineas.filter((l) => l.productoId === d.productoId).reduce((s, l) => s + l.cantidad, 0);
          expect(unidades).toBe(d.cantidad * veces);
        }
        expect(lineas.every((l) => l.precio >= 0 && l.cantidad > 0 && Number.isInteger(aCentavos(l.precio)))).toBe(true);
        // At most one price apart from the rest: the unit that carries the remainder.
        expect(new Set(lineas.map((l) => l.precio)).size).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('the cart', () => {
  const producto = (id: number, precioCentavos: number) => ({ id, denominacion: `P${id}`, marca: '', precio: precioCentavos / 100, stock: 1_000_000, imagen: null });
  const promocion = fc.record({ id: fc.integer({ min: 1, max: 5 }), precio: centavos, suyos: detalles }).map(
    ({ id, precio, suyos }): PromocionCarrito => ({
      id,
      denominacion: `Promo ${id}`,
      precioPromocional: precio / 100,
      detalles: suyos.map((d) => ({ cantidad: d.cantidad, producto: producto(d.productoId, 100 + d.productoId) })),
    }),
  );
  const accion = fc.oneof(
    fc.record({ id: fc.integer({ min: 1, max: 40 }), precio: centavos }).map(({ id, precio }) => ({ tipo: 'agregarProducto' as const, producto: producto(id, precio) })),
    promocion.map((p) => ({ tipo: 'agregarPromocion' as const, promocion: p })),
  );

  it('totals its products at their price and each bundle at exactly its promotional price', () => {
    fc.assert(
      fc.property(fc.array(accion, { minLength: 1, maxLength: 12 }), (acciones) => {
        const carrito: Carrito = acciones.reduce(carritoReducer, CARRITO_VACIO);
        const esperado =
          carrito.productos.reduce((s, l) => s + l.cantidad * aCentavos(l.producto.precio), 0) +
          carrito.promociones.reduce((s, p) => s + p.cantidad * aCentavos(p.promocion.precioPromocional), 0);
        expect(aCentavos(totalCarrito(carrito))).toBe(esperado);
      }),
    );
  });

  it("a sale's total is its lines plus the shipping, to the cent", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cantidad: fc.integer({ min: 1, max: 50 }), precio: fc.integer({ min: 0, max: 10_000_000 }) })),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lineas, envio) => {
          const total = totalVenta(
            lineas.map((l) => ({ cantidad: l.cantidad, precio: l.precio / 100 })),
            envio / 100,
          );
          expect(aCentavos(total)).toBe(lineas.reduce((s, l) => s + l.cantidad * l.precio, 0) + envio);
        },
      ),
    );
  });
});

// The exact price by hand: cost (cents) x (100 % + margin) (millionths) written out in decimal, its cents
// the digits before the last eight, rounded up when the first dropped digit is 5 or more.
const precioExacto = (centavosCosto: number, millonesimos: number): number => {
  const digitos = (BigInt(centavosCosto) * (100_000_000n + BigInt(millonesimos))).toString().padStart(9, '0');
  const centavos = Number(digitos.slice(0, -8)) + (digitos.charAt(digitos.length - 8) >= '5' ? 1 : 0);
  return centavos / 100;
};

describe('calcularPrecio', () => {
  it('is the exact decimal price rounded half up, for any cost in cents and margin in millionths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999 }), fc.integer({ min: -99_990_000, max: 1_000_000_000 }), (costo, margen) => {
        expect(calcularPrecio(costo / 100, margen / 1_000_000)).toBe(precioExacto(costo, margen));
      }),
      { numRuns: 5000 },
    );
  });

  it('is exact on every whole-peso cost to $300 with a one-decimal margin to 100 %, where the ties were a cent low', () => {
    let distintos = 0;
    for (let pesos = 1; pesos <= 300; pesos++)
      for (let decimas = 1; decimas <= 1000; decimas++) if (calcularPrecio(pesos, decimas / 10) !== precioExacto(pesos * 100, decimas * 100_000)) distintos++;
    expect(distintos).toBe(0);
  });
});

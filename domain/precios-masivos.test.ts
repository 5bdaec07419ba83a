import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calcularPrecio } from './money';
import { calcularNuevoPrecio, cambioDePreciosSchema, margenParaPrecio, MENSAJES_PRECIOS } from './precios-masivos';

describe('calcularNuevoPrecio (valores calculados a mano)', () => {
  it('al costo, sin redondeo: $1.000 + 8,5 % = $1.085; con 40 % de margen, $1.519', () => {
    expect(calcularNuevoPrecio({ costo: 1000, porcentaje: 40 }, { porcentaje: 8.5, aplicarA: 'costo', redondeo: 0 })).toEqual({
      ok: true,
      costo: 1085,
      porcentaje: 40,
      precio: 1519,
    });
  });

  it('al costo, redondeo a $50: $1.100 x 1,40 = $1.540 sube a $1.550; margen 1550/1100 - 1 = 40,909091 %', () => {
    expect(calcularNuevoPrecio({ costo: 1000, porcentaje: 40 }, { porcentaje: 10, aplicarA: 'costo', redondeo: 50 })).toEqual({
      ok: true,
      costo: 1100,
      porcentaje: 40.909091,
      precio: 1550,
    });
  });

  it('al costo, -5 %, redondeo a $10: $333,33 -> $316,66 (31.666,35 centavos); x 1,35 = $427,49 -> $430; margen 35,792332 %', () => {
    expect(calcularNuevoPrecio({ costo: 333.33, porcentaje: 35 }, { porcentaje: -5, aplicarA: 'costo', redondeo: 10 })).toEqual({
      ok: true,
      costo: 316.66,
      porcentaje: 35.792332,
      precio: 430,
    });
  });

  it('al margen: 40 % + 8,5 puntos = 48,5 % ($1.485); redondeo a $10: $1.490, margen 49 % exacto', () => {
    expect(calcularNuevoPrecio({ costo: 1000, porcentaje: 40 }, { porcentaje: 8.5, aplicarA: 'margen', redondeo: 0 })).toEqual({
      ok: true,
      costo: 1000,
      porcentaje: 48.5,
      precio: 1485,
    });
    expect(calcularNuevoPrecio({ costo: 1000, porcentaje: 40 }, { porcentaje: 8.5, aplicarA: 'margen', redondeo: 10 })).toEqual({
      ok: true,
      costo: 1000,
      porcentaje: 49,
      precio: 1490,
    });
  });

  it('un precio que ya es múltiplo queda igual: $1.500 con redondeo a $50', () => {
    expect(calcularNuevoPrecio({ costo: 1000, porcentaje: 40 }, { porcentaje: 10, aplicarA: 'margen', redondeo: 50 })).toMatchObject({ precio: 1500, porcentaje: 50 });
  });

  it('rechaza un margen o un costo que quedarían en cero o menos', () => {
    expect(calcularNuevoPrecio({ costo: 1000, porcentaje: 3 }, { porcentaje: -5, aplicarA: 'margen', redondeo: 0 })).toEqual({
      ok: false,
      motivo: MENSAJES_PRECIOS.margenNoPositivo,
    });
    expect(calcularNuevoPrecio({ costo: 0.01, porcentaje: 40 }, { porcentaje: -60, aplicarA: 'costo', redondeo: 0 })).toEqual({
      ok: false,
      motivo: MENSAJES_PRECIOS.costoNoPositivo,
    });
  });

  it('el precio siempre es calcularPrecio(costo, margen), redondeado hacia arriba a lo pedido (costos hasta $1.000.000)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 30_000 }),
        fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0),
        fc.constantFrom(0, 10, 50),
        fc.constantFrom('costo', 'margen'),
        (costoC, margenC, cambioC, redondeo, aplicarA) => {
          const r = calcularNuevoPrecio({ costo: costoC / 100, porcentaje: margenC / 100 }, { porcentaje: cambioC / 100, aplicarA, redondeo });
          if (!r.ok) return;
          expect(r.precio).toBe(calcularPrecio(r.costo, r.porcentaje));
          expect(Math.round(r.porcentaje * 1e6) / 1e6).toBe(r.porcentaje);
          if (redondeo > 0 && r.costo <= 1_000_000) expect(Math.round(r.precio * 100) % (redondeo * 100)).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('margenParaPrecio resuelve el margen del precio pedido', () => {
    expect(margenParaPrecio(1000, 1490)).toBe(49);
    expect(calcularPrecio(2_345_678.91, margenParaPrecio(2_345_678.91, 3_000_000))).toBeGreaterThanOrEqual(3_000_000);
  });
});

describe('cambioDePreciosSchema', () => {
  const base = { alcance: { tipo: 'marca', marca: 'Faber' }, aplicarA: 'costo' };
  it("lee '+8,5', '-5 %' y 8.5", () => {
    expect(cambioDePreciosSchema.parse({ ...base, porcentaje: '+8,5' }).porcentaje).toBe(8.5);
    expect(cambioDePreciosSchema.parse({ ...base, porcentaje: '-5 %' }).porcentaje).toBe(-5);
    expect(cambioDePreciosSchema.parse({ ...base, porcentaje: 8.5 }).redondeo).toBe(0);
  });
  it('rechaza cero, -100 o texto', () => {
    for (const [porcentaje, mensaje] of [
      ['0', MENSAJES_PRECIOS.porcentajeCero],
      ['-100', MENSAJES_PRECIOS.porcentajeFueraDeRango],
      ['ocho', MENSAJES_PRECIOS.porcentajeInvalido],
    ]) {
      const r = cambioDePreciosSchema.safeParse({ ...base, porcentaje });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(mensaje);
    }
  });
});

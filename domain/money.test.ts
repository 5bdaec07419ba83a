import { describe, expect, it } from 'vitest';
import { aCentavos, calcularPrecio, formatearPrecio, precioUnitarioPromocion, sumarLineas } from './money';

describe('calcularPrecio', () => {
  it('does not throw for figures past exact integers: they stay too large, for the database to refuse', () => {
    expect(calcularPrecio(1e308, 50)).toBeGreaterThan(1e300);
    expect(calcularPrecio(100, 1e308)).toBeGreaterThan(1e300);
  });

  it('is cost x (1 + margin/100), rounded to cents', () => {
    expect(calcularPrecio(1000, 50)).toBe(1500);
    expect(calcularPrecio(2900, 60)).toBe(4640);
    expect(calcularPrecio(10.1, 33.3)).toBe(13.46);
    expect(calcularPrecio(0.1, 0.5)).toBe(0.1);
  });

  it('rounds an exact half cent up, which floating point put a cent low (the reviewer\'s F6)', () => {
    expect(calcularPrecio(10, 30.95)).toBe(13.1);
    expect(calcularPrecio(1.25, 29.2)).toBe(1.62);
    expect(calcularPrecio(5, 28.7)).toBe(6.44);
  });

  it('counts the margin to millionths, the column\'s precision, and rounds each side of a tie', () => {
    expect(calcularPrecio(1, 0.5)).toBe(1.01); // 1,005
    expect(calcularPrecio(1, 0.499999)).toBe(1); // 1,00499999
    expect(calcularPrecio(9_999_999.99, 999.999999)).toBe(109_999_999.79); // past 2^53 in the product: BigInt
  });
});

describe('precioUnitarioPromocion', () => {
  it('divides the promotional price by the total units, rounded to 2 decimals', () => {
    expect(precioUnitarioPromocion(19990, 4)).toBe(4997.5);
    expect(precioUnitarioPromocion(100, 3)).toBe(33.33);
    expect(precioUnitarioPromocion(100, 0)).toBe(0);
  });
});

describe('sumarLineas', () => {
  it('adds in cents, without floating-point drift', () => {
    expect(sumarLineas([{ cantidad: 3, precio: 0.1 }, { cantidad: 1, precio: 0.2 }])).toBe(0.5);
    expect(aCentavos(0.1 + 0.2)).toBe(30);
  });
});

describe('formatearPrecio', () => {
  it('formats ARS as es-AR', () => {
    expect(formatearPrecio(1234.5)).toBe('$\u00a01.234,50');
    expect(formatearPrecio(0)).toBe('$\u00a00,00');
    expect(formatearPrecio(-99.9)).toBe('-$\u00a099,90');
    expect(formatearPrecio(-0)).toBe('$\u00a00,00'); // Intl writes '-$ 0,00'
  });

  it('writes exactly what Intl writes, without Intl', () => {
    const intl = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
    const valores = [0.004, 0.005, 0.015, 1.005, 2.675, 999.995, 1000, 123456789.99, 9999999999.99, -0.01, -1234567.5];
    for (let i = 0; i < 5000; i++) valores.push(Math.round((Math.random() - 0.2) * 10 ** (1 + (i % 10))) / 1000 + 0); // + 0: no -0
    for (const v of valores) expect(formatearPrecio(v), String(v)).toBe(intl.format(v));
  });
});

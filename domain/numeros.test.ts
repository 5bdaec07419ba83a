import { describe, expect, it } from 'vitest';
import { MENSAJES } from './mensajes';
import { formatearPrecio } from './money';
import { cantidadEntera, idEntero, leerNumero, numeroArgentino, numeroParaEditar } from './numeros';
import { productoInputSchema, validarProducto } from './producto';
import { promocionInputSchema } from './promocion';
import { ventaActualizarSchema } from './venta';

describe('leerNumero: es-AR numbers', () => {
  it.each([
    ['1.000', 1000],
    ['12.345', 12345],
    ['1.234,56', 1234.56],
    ['1.234.567', 1234567],
    ['1.234.567,5', 1234567.5],
    ['1.5', 1.5],
    ['12.50', 12.5],
    ['12,5', 12.5],
    ['0,75', 0.75],
    ['1234,56', 1234.56],
    ['1000', 1000],
    ['36', 36],
    [' 7 ', 7],
    ['-1.000', -1000],
    ['-0', 0],
  ])('reads %j as %d', (texto, esperado) => expect(leerNumero(texto)).toEqual({ ok: true, valor: esperado }));

  it.each([
    '1,000,5',
    '1.2.3',
    '1.2345',
    '1,2.3',
    '1.000.5',
    '1234.567',
    '0.500',
    '1.000,',
    ',5',
    '.5',
    '1 000',
    '12a',
    'abc',
    '0x10',
    '1e3',
    'Infinity',
    'NaN',
    '+5',
    '--5',
    '$ 100',
  ])('refuses %j instead of guessing', (texto) => expect(leerNumero(texto)).toEqual({ ok: false, motivo: 'formato' }));

  it('tells an empty text apart', () => {
    expect(leerNumero('')).toEqual({ ok: false, motivo: 'vacio' });
    expect(leerNumero('   ')).toEqual({ ok: false, motivo: 'vacio' });
  });

  it('takes JSON numbers as they are, finite only', () => {
    expect(leerNumero(12.345)).toEqual({ ok: true, valor: 12.345 });
    expect(leerNumero(1000)).toEqual({ ok: true, valor: 1000 });
    expect(leerNumero(Number.NaN)).toEqual({ ok: false, motivo: 'formato' });
    expect(leerNumero(Number.POSITIVE_INFINITY)).toEqual({ ok: false, motivo: 'formato' });
  });

  it('writes numbers for an input so that they read back the same', () => {
    for (const n of [1000, 1234.5, 0.75, 12345, 1360]) expect(leerNumero(numeroParaEditar(n))).toEqual({ ok: true, valor: n });
    expect(numeroParaEditar(1234.5)).toBe('1234,5');
  });
});

describe('numeroArgentino: the same reading in every money and percentage field', () => {
  const campo = numeroArgentino('El envío', 'Falta el envío');

  it('parses texts and numbers, and refuses with a Spanish message naming the field', () => {
    expect(campo.parse('1.500')).toBe(1500);
    expect(campo.parse(1500.5)).toBe(1500.5);
    expect(campo.safeParse('1.2.3').error?.issues[0]?.message).toBe(MENSAJES.numeroInvalido('El envío'));
    expect(campo.safeParse('').error?.issues[0]?.message).toBe('Falta el envío');
    expect(campo.safeParse(undefined).error?.issues[0]?.message).toBe('Falta el envío');
    expect(campo.safeParse('1'.repeat(31)).error?.issues[0]?.message).toBe(MENSAJES.numeroInvalido('El envío'));
    expect(MENSAJES.numeroInvalido('El envío')).toBe(
      'El envío no es un número válido: escribí los miles con punto y los decimales con coma (por ejemplo 1.234,56).',
    );
  });

  it("reads a sale's shipping and a promotion's price with it", () => {
    expect(ventaActualizarSchema.parse({ estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: '1.500' }).envio).toBe(1500);
    expect(ventaActualizarSchema.safeParse({ estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: '1,500,5' }).success).toBe(false);
    const promo = { denominacion: 'Combo', descripcion: 'Útiles', fechaInicio: '2026-03-01', fechaFin: '2026-03-31' };
    expect(promocionInputSchema.parse({ ...promo, precioPromocional: '5.000' }).precioPromocional).toBe(5000);
    expect(promocionInputSchema.parse({ ...promo, precioPromocional: '1.234,56' }).precioPromocional).toBe(1234.56);
  });
});

describe('the product form: cost and margin', () => {
  const producto = (costo: string | number, porcentaje: string | number) =>
    validarProducto(productoInputSchema.parse({ denominacion: 'Resma A4', codigo: 'R-1', costo, porcentaje, categoria: { id: 1 } }));

  it("computes $ 1.360,00 for cost '1.000' and 36 %", () => {
    const r = producto('1.000', '36');
    expect(r.ok && r.valor).toMatchObject({ costo: 1000, porcentaje: 36, precio: 1360 });
    expect(r.ok && formatearPrecio(r.valor.precio)).toBe('$\u00a01.360,00');
  });

  it("reads '12.345' as twelve thousand and '1.234,56' with decimals", () => {
    expect(producto('12.345', 10)).toMatchObject({ ok: true, valor: { costo: 12345, precio: 13579.5 } });
    expect(producto('1.234,56', '12,5')).toMatchObject({ ok: true, valor: { costo: 1234.56, porcentaje: 12.5 } });
  });

  it('names an unreadable cost or margin, and keeps the spec messages for missing ones', () => {
    expect(producto('1.2.3', '1,000,5')).toEqual({
      ok: false,
      mensajes: [MENSAJES.numeroInvalido('El costo'), MENSAJES.numeroInvalido('El porcentaje')],
    });
    expect(producto('', '0')).toEqual({ ok: false, mensajes: [MENSAJES.costoMayorACero, MENSAJES.porcentajeMayorACero] });
    expect(producto('-1.000', 10)).toEqual({ ok: false, mensajes: [MENSAJES.costoMayorACero] });
  });
});

describe('cantidadEntera: integers only, never coerced', () => {
  const cantidad = cantidadEntera('Mal', { max: 1000 });
  it.each([
    [1, 1],
    [1000, 1000],
    ['12', 12],
    ['007', 7],
    [3.0, 3],
  ])('takes %j as %j', (entrada, esperado) => {
    expect(cantidad.parse(entrada)).toBe(esperado);
  });

  it.each([true, false, null, '0x10', '1e3', '1.5', '1,5', ' 5', '5 ', '+5', '-5', '', '١٢', [], [3], {}, 1.5, 0, -1, 1001, '1001', Number.NaN, Infinity, '9'.repeat(400), 1e300])(
    'refuses %j with its message',
    (entrada) => {
      const r = cantidad.safeParse(entrada);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual(['Mal']);
    },
  );

  it('takes negative integers when min allows them (the product form answers its own message for those)', () => {
    expect(cantidadEntera('Mal', { min: -10, max: 10 }).parse('-3')).toBe(-3);
  });
});

describe('idEntero: a row id, never coerced', () => {
  it('takes JSON integers and plain digits from 1 to 2147483647', () => {
    expect(idEntero().parse(16)).toBe(16);
    expect(idEntero().parse('16')).toBe(16);
    expect(idEntero().parse('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0x10', '1e1', '16.0', '+16', ' 16', '16 ', true, [16], {}, 0, -16, '2147483648', 16.5, null])('refuses %j with the message', (entrada) => {
    const r = idEntero('Mal').safeParse(entrada);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Mal']);
  });
});

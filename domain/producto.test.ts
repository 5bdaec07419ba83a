import { describe, expect, it } from 'vitest';
import { MENSAJES } from './mensajes';
import { disponibleEnDetalle, estaDisponible, productoInputSchema, tieneStockBajo, validarProducto } from './producto';
import { insigniaDeStock } from './producto-reglas';

const valido = { denominacion: 'Lápiz', marca: 'Faber', codigo: 'L-1', costo: '100,50', porcentaje: '40', stock: 3, categoria: { id: 2 } };

describe('validarProducto', () => {
  it('accepts a valid product and computes the price on its own', () => {
    const r = validarProducto(productoInputSchema.parse(valido));
    expect(r).toEqual({ ok: true, valor: expect.objectContaining({ costo: 100.5, porcentaje: 40, precio: 140.7, categoriaId: 2 }) });
  });

  it('answers every broken rule with the spec messages, in order', () => {
    const r = validarProducto(
      productoInputSchema.parse({ denominacion: ' ', codigo: '', costo: '0', porcentaje: '-1', stock: -1, categoria: null }),
    );
    expect(r).toEqual({
      ok: false,
      mensajes: [
        'La denominación es obligatoria',
        'El código es obligatorio',
        'El costo debe ser mayor a cero',
        'El porcentaje debe ser mayor a cero',
        'El stock no puede ser negativo',
        'Debe seleccionar una categoría',
      ],
    });
  });

  it('says a cost that is not a number cannot be read, instead of taking it as zero', () => {
    const r = validarProducto(productoInputSchema.parse({ ...valido, costo: 'abc' }));
    expect(r).toEqual({ ok: false, mensajes: [MENSAJES.numeroInvalido('El costo')] });
  });
});

describe('badges (spec section 9)', () => {
  it('Disponible when stock > 0; low stock from 1 to 5; the detail badge needs stock > 1', () => {
    expect([0, 1, 5, 6].map(estaDisponible)).toEqual([false, true, true, true]);
    expect([0, 1, 5, 6].map(tieneStockBajo)).toEqual([false, true, true, false]);
    expect([0, 1, 2].map(disponibleEnDetalle)).toEqual([false, false, true]);
  });

  it('the stock badge only when it says something: none, low (1 to 5), nothing above', () => {
    expect([0, 1, 5, 6, 40].map(insigniaDeStock)).toEqual([
      { texto: 'Sin stock', tipo: 'sinStock' },
      { texto: 'Unidades disponibles: 1', tipo: 'stockBajo' },
      { texto: 'Unidades disponibles: 5', tipo: 'stockBajo' },
      null,
      null,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { busquedaDeProducto, normalizarBusqueda } from './texto';

describe('normalizarBusqueda', () => {
  it('ignores case and accents', () => {
    expect(normalizarBusqueda('  LÁPIZ Ñandú Güemes ')).toBe('lapiz nandu guemes');
    expect(busquedaDeProducto({ denominacion: 'Lápiz', marca: 'Faber-Castell', codigo: 'ESC-1' })).toBe('lapiz faber-castell esc-1');
  });
});

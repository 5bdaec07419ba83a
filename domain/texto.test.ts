import { describe, expect, it } from 'vitest';
import { normalizarBusqueda } from './texto';

describe('normalizarBusqueda', () => {
  it('ignores case and accents', () => {
    expect(normalizarBusqueda('  LÁPIZ Ñandú Güemes ')).toBe('lapiz nandu guemes');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { siguienteCadena } from './busqueda';

// PostgreSQL's ~<~ and ~>=~ compare bytes: UTF-8 keeps the order of code points.
const bytes = (texto: string) => Buffer.from(texto, 'utf8');

describe('siguienteCadena (the end of a prefix range)', () => {
  it('every text that begins with the prefix is inside [prefix, siguienteCadena(prefix))', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 8 }), (prefijo, resto) => {
        const texto = prefijo + resto;
        expect(Buffer.compare(bytes(prefijo), bytes(texto))).toBeLessThanOrEqual(0);
        expect(Buffer.compare(bytes(texto), bytes(siguienteCadena(prefijo)))).toBeLessThan(0);
      }),
    );
  });

  it('the end is the first text after the range: the last character one higher', () => {
    expect(siguienteCadena('carpet')).toBe('carpeu');
    expect(Buffer.compare(bytes('carpeu'), bytes(siguienteCadena('carpet')))).toBe(0);
    expect(siguienteCadena('ñ')).toBe('ò');
  });
});

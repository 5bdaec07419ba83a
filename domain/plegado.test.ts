import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { palabrasDe, plegar, raiz } from './plegado';

describe('plegar y palabrasDe', () => {
  it('ignore case and accents and split on anything but letters and digits', () => {
    expect(plegar('LÁPIZ Ñandú Güemes')).toBe('lapiz nandu guemes');
    expect(palabrasDe('Carpeta Nº3 A4 (x12) — Rivadavia/Éxito')).toEqual(['carpeta', 'n', '3', 'a4', 'x12', 'rivadavia', 'exito']);
    expect(palabrasDe('  ¿?  ')).toEqual([]);
  });
});

describe('raiz', () => {
  const igual = (a: string, b: string) => expect(raiz(palabrasDe(a)[0]!)).toBe(raiz(palabrasDe(b)[0]!));
  it('folds plural and gender', () => {
    igual('rayadas', 'rayado');
    igual('lápices', 'lápiz');
    igual('gomas', 'goma');
    igual('colores', 'color');
    igual('marcadores', 'marcador');
    igual('azules', 'azul');
    igual('verdes', 'verde');
    igual('clases', 'clase');
    igual('crayones', 'crayón');
    igual('negras', 'negro');
    igual('tijeras', 'tijera');
    igual('bolígrafos', 'bolígrafo');
  });
  it('keeps short words, numbers and codes', () => {
    expect(raiz('a4')).toBe('a4');
    expect(raiz('sol')).toBe('sol');
    expect(raiz('x12')).toBe('x12');
    expect(raiz('lapiz')).toBe('lapiz');
  });
  it('keeps different words apart', () => {
    expect(raiz('lapiz')).not.toBe(raiz('lapicera'));
    expect(raiz('cuaderno')).not.toBe(raiz('cuadrado'));
  });
});

const consonante = fc.constantFrom(...'bdfghjlmnprtv');
const vocal = fc.constantFrom(...'aeiou');
/** Spanish-looking stems: consonant-vowel pairs, then a consonant. */
const tema = fc
  .array(fc.tuple(consonante, vocal), { minLength: 1, maxLength: 4 })
  .chain((silabas) => consonante.map((c) => silabas.map(([a, b]) => a + b).join('') + c))
  .filter((t) => t.length >= 3);

describe('raiz (properties)', () => {
  it('masculine and feminine, singular and plural, share a root', () => {
    fc.assert(
      fc.property(tema, (t) => {
        const r = raiz(`${t}o`);
        for (const forma of [`${t}a`, `${t}os`, `${t}as`]) expect(raiz(forma)).toBe(r);
      }),
    );
  });
  it('a plural in -es shares the root of its singular in -e or in a consonant', () => {
    fc.assert(
      fc.property(tema, (t) => {
        expect(raiz(`${t}es`)).toBe(raiz(`${t}e`));
        expect(raiz(`${t}es`)).toBe(raiz(t));
      }),
    );
  });
  it('never grows a word by more than the z of -ces, never leaves it empty, and ignores digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,20}$/), (w) => {
        const r = raiz(w);
        expect(r.length).toBeGreaterThan(0);
        expect(r.length).toBeLessThanOrEqual(w.length);
        if (/[0-9]/.test(w)) expect(r).toBe(w);
      }),
    );
  });
});

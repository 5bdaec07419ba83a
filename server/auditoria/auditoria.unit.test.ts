import { describe, expect, it } from 'vitest';
import { diferencias, OMITIDO, sinSecretos } from './auditoria';
import { BOM, campoCsv, filaCsv } from './csv';

describe('campoCsv', () => {
  it('quotes every text, doubling its quotes; separators and line breaks stay inside', () => {
    expect(campoCsv('Lápiz')).toBe('"Lápiz"');
    expect(campoCsv('a;b,c')).toBe('"a;b,c"');
    expect(campoCsv('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(campoCsv('línea 1\nlínea 2\r\nlínea 3')).toBe('"línea 1\nlínea 2\r\nlínea 3"');
    expect(campoCsv('')).toBe('""');
  });

  it('neutralises a text that a spreadsheet would run as a formula', () => {
    for (const formula of ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x";"y")']) {
      expect(campoCsv(formula)).toBe(`"'${formula.replaceAll('"', '""')}"`);
    }
    // Only at the start.
    expect(campoCsv('a=1')).toBe('"a=1"');
  });

  it('numbers as they are, nothing for null, undefined or a non-finite number', () => {
    expect(campoCsv(-5)).toBe('-5');
    expect(campoCsv(12.5)).toBe('12.5');
    expect(campoCsv(null)).toBe('');
    expect(campoCsv(undefined)).toBe('');
    expect(campoCsv(Number.NaN)).toBe('');
  });

  it('a row: fields joined by semicolons, ended by CRLF; the BOM is UTF-8s', () => {
    expect(filaCsv(['a', 1, null, '=x'])).toBe(`"a";1;;"'=x"\r\n`);
    expect(Buffer.from(BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});

describe('sinSecretos', () => {
  it('drops keys that name a secret, at any depth, and replaces values shaped like a password hash', () => {
    const valores = {
      usuario: 'ana',
      clave: 'secreta-123',
      claveActual: 'x',
      password: 'x',
      token: 't',
      sesionToken: 't',
      hash: 'h',
      cookie: 'c',
      totpSecreto: 'JBSWY3DPEHPK3PXP',
      codigosRecuperacion: ['a', 'b'],
      anidado: { webhookSecret: 's', precio: 10, lineas: [{ cantidad: 1, clave: 'x' }] },
      nota: '$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      fecha: new Date('2026-01-01T00:00:00Z'),
      vacio: undefined,
    };
    expect(sinSecretos(valores)).toEqual({
      usuario: 'ana',
      anidado: { precio: 10, lineas: [{ cantidad: 1 }] },
      nota: OMITIDO,
      fecha: '2026-01-01T00:00:00.000Z',
    });
  });
});

describe('diferencias', () => {
  it('keeps only the fields that changed, before and after; null when none did', () => {
    expect(diferencias({ precio: 100, stock: 3, codigo: 'A' }, { precio: 150, stock: 3, codigo: 'A' }, ['precio', 'stock', 'codigo'])).toEqual({
      antes: { precio: 100 },
      despues: { precio: 150 },
    });
    expect(diferencias({ rol: 'USER' }, { rol: 'USER' }, ['rol'])).toBeNull();
    expect(diferencias({ imagen: null }, { imagen: 'x.png' }, ['imagen'])).toEqual({ antes: { imagen: null }, despues: { imagen: 'x.png' } });
    // A field not listed is not compared.
    expect(diferencias({ a: 1, b: 1 }, { a: 1, b: 2 }, ['a'])).toBeNull();
  });
});

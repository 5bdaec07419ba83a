import { describe, expect, it } from 'vitest';
import {
  CANTIDAD_DE_CODIGOS,
  coincideCodigo,
  codigoEn,
  guardarCodigo,
  guardarSecreto,
  leerSecreto,
  normalizarCodigoDeRecuperacion,
  normalizarCodigoTotp,
  nuevosCodigosDeRecuperacion,
  nuevoSecreto,
  pasoDelCodigo,
  pasoDeTiempo,
} from './totp';

// RFC 6238, appendix B: the SHA-1 seed '12345678901234567890' (ASCII) in base32, and its 8-digit codes
// at each moment; a 6-digit code is the last six digits of the same value.
const SEMILLA_RFC = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORES_RFC: Array<[segundos: number, ocho: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP codes (RFC 6238)', () => {
  it.each(VECTORES_RFC)('at %i s the code is the last six digits of %s', (segundos, ocho) => {
    const ms = segundos * 1000;
    expect(codigoEn(SEMILLA_RFC, ms)).toBe(ocho.slice(2));
    expect(pasoDelCodigo(SEMILLA_RFC, ocho.slice(2), ms)).toBe(Math.floor(segundos / 30));
  });

  it('accepts one step either side and answers which step the code was', () => {
    const ms = 1111111109 * 1000;
    const paso = pasoDeTiempo(ms);
    expect(pasoDelCodigo(SEMILLA_RFC, codigoEn(SEMILLA_RFC, ms - 30_000), ms)).toBe(paso - 1);
    expect(pasoDelCodigo(SEMILLA_RFC, codigoEn(SEMILLA_RFC, ms + 30_000), ms)).toBe(paso + 1);
    expect(pasoDelCodigo(SEMILLA_RFC, codigoEn(SEMILLA_RFC, ms + 60_000), ms)).toBeNull();
    expect(pasoDelCodigo(SEMILLA_RFC, codigoEn(SEMILLA_RFC, ms - 60_000), ms)).toBeNull();
  });

  it('reads six digits with spaces, nothing else', () => {
    expect(normalizarCodigoTotp(' 123 456 ')).toBe('123456');
    for (const otro of ['12345', '1234567', '12a456', '', '１２３４５６']) expect(normalizarCodigoTotp(otro)).toBeNull();
  });

  it('makes 160-bit secrets in base32', () => {
    const secretos = new Set(Array.from({ length: 20 }, nuevoSecreto));
    expect(secretos.size).toBe(20);
    for (const s of secretos) expect(s).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('the secret at rest', () => {
  const CLAVE = Buffer.alloc(32, 7);

  it('without a key it is kept as it is, marked', () => {
    expect(guardarSecreto(SEMILLA_RFC, 1, undefined)).toBe(`claro:${SEMILLA_RFC}`);
    expect(leerSecreto(`claro:${SEMILLA_RFC}`, 1, undefined)).toBe(SEMILLA_RFC);
  });

  it('with a key, AES-256-GCM with a fresh IV each time, readable only for the same user and key', () => {
    const a = guardarSecreto(SEMILLA_RFC, 1, CLAVE);
    const b = guardarSecreto(SEMILLA_RFC, 1, CLAVE);
    expect(a).not.toBe(b);
    expect(a).not.toContain(SEMILLA_RFC);
    expect(leerSecreto(a, 1, CLAVE)).toBe(SEMILLA_RFC);
    expect(() => leerSecreto(a, 2, CLAVE)).toThrow();
    expect(() => leerSecreto(a, 1, Buffer.alloc(32, 8))).toThrow();
    expect(() => leerSecreto(a, 1, undefined)).toThrow(/ADMIN_MFA_CLAVE/);
    const [v, iv, etiqueta, cifrado] = a.split(':');
    const alterado = `${v}:${iv}:${etiqueta}:${cifrado!.slice(0, -2)}${cifrado!.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(() => leerSecreto(alterado, 1, CLAVE)).toThrow();
    expect(() => leerSecreto('otra-cosa', 1, CLAVE)).toThrow(/formato desconocido/);
  });
});

describe('recovery codes', () => {
  it('ten distinct codes of twelve symbols without I, L, O or U, in groups of four', () => {
    const codigos = nuevosCodigosDeRecuperacion();
    expect(codigos).toHaveLength(CANTIDAD_DE_CODIGOS);
    expect(new Set(codigos).size).toBe(CANTIDAD_DE_CODIGOS);
    for (const c of codigos) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('read however typed: lower case, spaces, no dashes, O for 0 and I or L for 1', () => {
    expect(normalizarCodigoDeRecuperacion('ab0c-d1ef-gh23')).toBe('AB0CD1EFGH23');
    expect(normalizarCodigoDeRecuperacion(' abOc dIef gh23 ')).toBe('AB0CD1EFGH23');
    expect(normalizarCodigoDeRecuperacion('abOc-dLef-gh23')).toBe('AB0CD1EFGH23');
    expect(normalizarCodigoDeRecuperacion('AB0C-D1EF-GH2')).toBeNull();
    expect(normalizarCodigoDeRecuperacion('AB0C-D1EF-GH2U')).toBeNull();
    expect(normalizarCodigoDeRecuperacion('123456')).toBeNull();
  });

  it('kept as SHA-256 with a salt of its own: the same code twice gives two different hashes, both matching', () => {
    const [codigo] = nuevosCodigosDeRecuperacion();
    const a = guardarCodigo(codigo!);
    const b = guardarCodigo(codigo!);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.sal).not.toBe(b.sal);
    expect(a.hash).not.toBe(b.hash);
    const normalizado = normalizarCodigoDeRecuperacion(codigo!)!;
    expect(coincideCodigo(normalizado, a)).toBe(true);
    expect(coincideCodigo(normalizado, b)).toBe(true);
    const [otro] = nuevosCodigosDeRecuperacion();
    expect(coincideCodigo(normalizarCodigoDeRecuperacion(otro!)!, a)).toBe(false);
  });
});

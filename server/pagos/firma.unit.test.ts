import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firmar, firmaValida, firmaVigente, manifiesto, momentoFirmado } from './firma';

describe('x-signature of Mercado Pago', () => {
  it('builds the documented manifest, with an alphanumeric data.id in lower case', () => {
    expect(manifiesto('123456', 'req-1', '1700000000')).toBe('id:123456;request-id:req-1;ts:1700000000;');
    expect(manifiesto('ABC123', 'req-1', '1700000000')).toBe('id:abc123;request-id:req-1;ts:1700000000;');
    expect(manifiesto(undefined, undefined, '1')).toBe('ts:1;');
  });

  it('is an HMAC-SHA256 in hex of the manifest', () => {
    const esperado = crypto.createHmac('sha256', 's').update('id:9;request-id:r;ts:5;').digest('hex');
    expect(firmar('s', '9', 'r', '5')).toBe(`ts=5,v1=${esperado}`);
  });

  it('accepts only the right secret, id, request id and a well formed header', () => {
    const firma = firmar('s', '9', 'r', '5');
    expect(firmaValida('s', { firma, requestId: 'r', dataId: '9' })).toBe(true);
    expect(firmaValida('s', { firma: firma.replace('ts=5,', ' ts = 5 , '), requestId: 'r', dataId: '9' })).toBe(true);
    expect(firmaValida('otro', { firma, requestId: 'r', dataId: '9' })).toBe(false);
    expect(firmaValida('s', { firma, requestId: 'r', dataId: '10' })).toBe(false);
    expect(firmaValida('s', { firma, requestId: 'x', dataId: '9' })).toBe(false);
    expect(firmaValida(undefined, { firma, requestId: 'r', dataId: '9' })).toBe(false);
    for (const mala of [undefined, '', 'v1=abc', 'ts=5', 'ts=5,v1=zz', 'ts=x,v1=' + 'a'.repeat(64)]) {
      expect(firmaValida('s', { firma: mala, requestId: 'r', dataId: '9' })).toBe(false);
    }
  });

  it('reads the signed time in seconds, or in milliseconds when it can only be that', () => {
    expect(momentoFirmado('ts=1704908010,v1=ab')).toBe(1704908010_000);
    expect(momentoFirmado('v1=ab, ts=1704908010123')).toBe(1704908010123);
    for (const mala of ['v1=ab', 'ts=,v1=ab', 'ts=-5,v1=ab', 'ts=1e9,v1=ab', 'ts=' + '9'.repeat(30)]) expect(momentoFirmado(mala)).toBeUndefined();
  });

  it('is current within the tolerance on both sides of now', () => {
    const ahora = 1_800_000_000_000;
    const firma = (segundos: number) => `ts=${segundos},v1=ab`;
    expect(firmaVigente(firma(ahora / 1000 - 300), ahora, 300)).toBe(true);
    expect(firmaVigente(firma(ahora / 1000 + 300), ahora, 300)).toBe(true);
    expect(firmaVigente(firma(ahora / 1000 - 301), ahora, 300)).toBe(false);
    expect(firmaVigente(firma(ahora / 1000 + 301), ahora, 300)).toBe(false);
    expect(firmaVigente(firma(1_000_000_000), ahora, 300)).toBe(false);
    expect(firmaVigente('v1=ab', ahora, 300)).toBe(false);
  });
});

import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firmar, firmaValida, manifiesto } from './firma';

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
});

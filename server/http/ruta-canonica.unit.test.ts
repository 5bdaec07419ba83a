import { describe, expect, it } from 'vitest';
import { problemaDeRuta } from './ruta-canonica';

describe('problemaDeRuta: one spelling per path', () => {
  it.each([
    '/',
    '/api/user',
    '/api/user/',
    '/api/producto?q=%61%2e%2E&x=//..',
    '/uploads/foto%20nueva.png',
    '/producto/12',
    '/.well-known/security.txt',
    '/api/producto/a%2Fb',
    '/api/venta/%C3%B1',
  ])('%s is canonical', (objetivo) => {
    expect(problemaDeRuta(objetivo)).toBeNull();
  });

  it.each([
    ['/%61pi/user', 'carácter codificado sin necesidad'],
    ['/a%70i/user', 'carácter codificado sin necesidad'],
    ['/api/us%45r', 'carácter codificado sin necesidad'],
    ['/api/%7euser', 'carácter codificado sin necesidad'],
    ['/api/./user', 'segmento de puntos'],
    ['/x/../api/user', 'segmento de puntos'],
    ['/api/user/..', 'segmento de puntos'],
    ['/x/%2e%2E/api/user', 'carácter codificado sin necesidad'],
    ['//api/user', 'barras dobles'],
    ['/api//user', 'barras dobles'],
    ['/api\\user', 'barra invertida'],
    ['/api/%zzuser', 'porcentaje mal formado'],
    ['/api/user%', 'porcentaje mal formado'],
    ['http://127.0.0.1:3000/api/user', 'forma absoluta'],
    ['*', 'forma absoluta'],
  ])('%s is refused (%s)', (objetivo, problema) => {
    expect(problemaDeRuta(objetivo)).toBe(problema);
  });
});

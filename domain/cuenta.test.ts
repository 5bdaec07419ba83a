import { describe, expect, it } from 'vitest';
import { cambioDeClaveSchema, describirDispositivo, MENSAJES_CUENTA } from './cuenta';
import { MENSAJES_USUARIO } from './usuario';

describe('describirDispositivo', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome en Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge en Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari en iPhone'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1', 'Chrome en iPhone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36', 'Samsung Internet en Android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox en Mac'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome en Linux'],
    ['curl/8.5.0', 'Navegador desconocido'],
    [null, 'Navegador desconocido'],
  ])('%s -> %s', (agente, esperado) => {
    expect(describirDispositivo(agente)).toBe(esperado);
  });
});

describe('MENSAJES_CUENTA.sesionesCerradas', () => {
  it('counts in words', () => {
    expect(MENSAJES_CUENTA.sesionesCerradas(0)).toBe('No había otras sesiones abiertas.');
    expect(MENSAJES_CUENTA.sesionesCerradas(1)).toBe('Se cerró 1 sesión.');
    expect(MENSAJES_CUENTA.sesionesCerradas(3)).toBe('Se cerraron 3 sesiones.');
  });
});

describe('cambioDeClaveSchema', () => {
  it('asks for the current password, the rules of a new one, and the same one twice', () => {
    const errores = (v: object) => cambioDeClaveSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(errores({ claveActual: '', clave: 'corta', repetida: '' })).toEqual([
      `claveActual: ${MENSAJES_USUARIO.claveActualObligatoria}`,
      `clave: ${MENSAJES_USUARIO.claveMinima}`,
      `repetida: ${MENSAJES_CUENTA.repetirClaveObligatoria}`,
    ]);
    expect(errores({ claveActual: 'vieja-clave', clave: 'una-clave-larga', repetida: 'otra-clave-larga' })).toEqual([`repetida: ${MENSAJES_CUENTA.clavesDistintas}`]);
    expect(errores({ claveActual: 'vieja-clave', clave: 'una-clave-larga', repetida: 'una-clave-larga' })).toEqual([]);
  });
});

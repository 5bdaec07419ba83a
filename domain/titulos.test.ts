import { describe, expect, it } from 'vitest';
import { paths } from './rutas';
import { TITULO_INICIO, tituloCompleto, tituloDeRuta } from './titulos';

describe('titulos', () => {
  // A path without a title would be answered 404 by the server (server/web/web-app.ts).
  it.each(Object.entries(paths))('%s has a title of its own', (nombre, ruta) => {
    const pathname = typeof ruta === 'function' ? ruta(7, 3) : ruta;
    const titulo = tituloDeRuta(pathname);
    expect(titulo, nombre).not.toBeNull();
    if (pathname !== paths.inicio) expect(titulo).not.toBe(TITULO_INICIO);
  });

  it('names Mi cuenta and a customer purchase', () => {
    expect(tituloDeRuta(paths.miCuenta)).toBe(tituloCompleto('Mi cuenta'));
    expect(tituloDeRuta(paths.detalleVentaCliente(12))).toBe(tituloCompleto('Compra N° 12'));
    expect(tituloDeRuta('/esto-no-existe')).toBeNull();
  });
});

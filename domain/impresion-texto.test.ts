import { describe, expect, it } from 'vitest';
import { fechaHoraImpresion, fechaListoEstimado } from './impresion-fechas';
import { describirOpciones, textoCarillas, textoCopias, textoPaginas, textoTamanio } from './impresion-texto';

describe('print jobs in words', () => {
  it('describes the options, leaving the whole file and no finish unsaid', () => {
    expect(describirOpciones({ copias: 1, paginas: '', color: 'BN', dobleFaz: false, papel: 'A4', terminacion: 'NINGUNA' })).toBe(
      '1 copia · B/N · Simple faz · A4',
    );
    expect(describirOpciones({ copias: 2, paginas: ' 1-5, 8 ', color: 'COLOR', dobleFaz: true, papel: 'OFICIO', terminacion: 'ANILLADO' })).toBe(
      '2 copias · Páginas 1-5, 8 · Color · Doble faz · Oficio · Anillado',
    );
  });

  it('says singular and plural', () => {
    expect([textoCopias(1), textoCopias(3), textoPaginas(1), textoPaginas(12), textoCarillas(1), textoCarillas(200)]).toEqual([
      '1 copia',
      '3 copias',
      '1 página',
      '12 páginas',
      '1 carilla',
      '200 carillas',
    ]);
  });

  it('writes sizes as people read them', () => {
    expect(textoTamanio(300)).toBe('1 KB');
    expect(textoTamanio(850 * 1024)).toBe('850 KB');
    expect(textoTamanio(1.25 * 1024 * 1024)).toBe('1,3 MB');
  });

  it('writes when a job is expected ready in Mendoza time', () => {
    // 18:30 UTC is 15:30 in Mendoza (UTC-3), a Thursday.
    expect(fechaListoEstimado('2026-11-26T18:30:00.000Z')).toBe('jueves 26/11, 15:30');
    expect(fechaListoEstimado('2026-11-27T02:05:00.000Z')).toBe('jueves 26/11, 23:05');
    expect(fechaHoraImpresion('2026-11-26T12:00:00.000Z')).toBe('26/11/2026 09:00');
  });
});

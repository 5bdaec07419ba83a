// The print price rule against totals worked out by hand, its page ranges, and its properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MENSAJES_IMPRESION as M,
  OpcionesDeImpresionInvalidas,
  TARIFA_DEMO,
  etiquetaDeTramo,
  leerRangoDePaginas,
  opcionesImpresionSchema,
  precioDeImpresion,
  presupuestoEnPesos,
  revisarOpciones,
  tarifaImpresionEntradaSchema,
  telefonoParaWhatsapp,
  type OpcionesImpresion,
} from './impresion';

const base: OpcionesImpresion = { copias: 1, paginas: '', color: 'BN', dobleFaz: false, papel: 'A4', terminacion: 'NINGUNA' };
const archivo = (paginas: number, paginasColor: number[] = []) => ({ paginas, paginasColor });
const precio = (paginas: number, opciones: Partial<OpcionesImpresion>, paginasColor: number[] = []) =>
  precioDeImpresion(TARIFA_DEMO, archivo(paginas, paginasColor), { ...base, ...opciones });

describe('leerRangoDePaginas', () => {
  it('reads pages and ranges, in order and without repeats; empty is the whole file', () => {
    expect(leerRangoDePaginas('1-5, 8', 10)).toEqual({ ok: true, paginas: [1, 2, 3, 4, 5, 8] });
    expect(leerRangoDePaginas(' 3 – 4 ; 2, 3 ', 10)).toEqual({ ok: true, paginas: [2, 3, 4] });
    expect(leerRangoDePaginas('', 3)).toEqual({ ok: true, paginas: [1, 2, 3] });
    expect(leerRangoDePaginas(null, 2)).toEqual({ ok: true, paginas: [1, 2] });
  });

  it('names the first wrong part in Spanish', () => {
    expect(leerRangoDePaginas('1-5, a', 10)).toEqual({ ok: false, error: M.rangoInvalido('a') });
    expect(leerRangoDePaginas('0-2', 10)).toEqual({ ok: false, error: M.rangoPaginaCero });
    expect(leerRangoDePaginas('5-2', 10)).toEqual({ ok: false, error: M.rangoAlReves(5, 2) });
    expect(leerRangoDePaginas('1-12', 10)).toEqual({ ok: false, error: 'La página 12 no existe: el archivo tiene 10 páginas.' });
    expect(leerRangoDePaginas('2', 1)).toEqual({ ok: false, error: 'La página 2 no existe: el archivo tiene 1 página.' });
    expect(leerRangoDePaginas(',', 10)).toEqual({ ok: false, error: M.rangoInvalido(',') });
    expect(leerRangoDePaginas('1'.repeat(201), 10)).toEqual({ ok: false, error: M.rangoDemasiadoLargo });
  });
});

describe('precioDeImpresion (demo table: B/N A4 $40, Oficio $50; color A4 $150, Oficio $180; >100 and >500 cheaper)', () => {
  it('10 pages A4 black and white, one copy: 10 x $40 = $400', () => {
    expect(precio(10, {})).toEqual({
      carillas: 10,
      hojas: 10,
      centavos: 40_000,
      detalle: [{ concepto: 'Carillas blanco y negro A4', cantidad: 10, centavosUnitario: 4000, centavos: 40_000 }],
    });
  });

  it('double-sided: 11 pages on 6 sheets, same price per side', () => {
    const p = precio(11, { dobleFaz: true });
    expect([p.carillas, p.hojas, p.centavos]).toEqual([11, 6, 44_000]);
  });

  it('colour charges colour only on the pages that have it: 3 of 10 pages x 2 copies on Oficio', () => {
    // 2 x (3 x $180 + 7 x $50) = 2 x ($540 + $350) = $1.780
    const p = precio(10, { color: 'COLOR', papel: 'OFICIO', copias: 2 }, [2, 5, 9]);
    expect(p.centavos).toBe(178_000);
    expect(p.detalle.map((l) => [l.concepto, l.cantidad, l.centavosUnitario])).toEqual([
      ['Carillas blanco y negro Oficio', 14, 5000],
      ['Carillas color Oficio', 6, 18_000],
    ]);
  });

  it('black and white ignores the colour pages', () => {
    expect(precio(10, { color: 'BN' }, [1, 2, 3]).centavos).toBe(40_000);
  });

  it('quantity breaks by the job total: 100 sides at $40, 101 at $30, 501 at $25', () => {
    expect(precio(100, {}).centavos).toBe(400_000);
    expect(precio(101, {}).centavos).toBe(303_000);
    // 51 pages x 2 copies = 102 sides: the copies count for the break.
    expect(precio(51, { copias: 2 }).centavos).toBe(102 * 3000);
    expect(precio(501, {}).centavos).toBe(501 * 2500);
    expect(precio(250, { copias: 3, color: 'COLOR', papel: 'OFICIO' }, Array.from({ length: 250 }, (_, i) => i + 1)).centavos).toBe(750 * 12_000);
  });

  it('the range decides the pages: "1-5, 8" of 10 pages is 6 sides', () => {
    expect(precio(10, { paginas: '1-5, 8' }).carillas).toBe(6);
  });

  it('finishes: abrochado and anillado per copy, plastificado per sheet', () => {
    // 3 copies x (20 x $40) + 3 x $200 = $2.400 + $600
    expect(precio(20, { copias: 3, terminacion: 'ABROCHADO' }).centavos).toBe(300_000);
    // 40 x 2 copies = 80 sides x $40 + 2 x $1.800 = $3.200 + $3.600
    expect(precio(40, { copias: 2, terminacion: 'ANILLADO', dobleFaz: true }).centavos).toBe(680_000);
    // 1 page, 5 copies in colour: 5 x $150 + 5 sheets x $900
    expect(precio(1, { copias: 5, color: 'COLOR', terminacion: 'PLASTIFICADO' }, [1]).centavos).toBe(525_000);
    // 2 pages double-sided = 1 sheet: plastificado allowed, 4 sides x $40 + 2 sheets x $900
    expect(precio(2, { copias: 2, dobleFaz: true, terminacion: 'PLASTIFICADO' }).centavos).toBe(196_000);
  });

  it('refuses a finish that does not fit, with its message', () => {
    expect(revisarOpciones(archivo(3), { ...base, terminacion: 'PLASTIFICADO' })).toEqual([M.plastificadoSoloHojaSuelta]);
    expect(revisarOpciones(archivo(1), { ...base, terminacion: 'ABROCHADO' })).toEqual([M.abrochadoMinimoDosHojas]);
    expect(revisarOpciones(archivo(2), { ...base, terminacion: 'ANILLADO', dobleFaz: true })).toEqual([M.anilladoMinimoDosHojas]);
    expect(() => precio(3, { terminacion: 'PLASTIFICADO' })).toThrow(OpcionesDeImpresionInvalidas);
  });

  it('answers pesos for the API', () => {
    expect(presupuestoEnPesos(precio(3, { terminacion: 'ABROCHADO' }))).toEqual({
      carillas: 3,
      hojas: 3,
      precio: 320,
      detalle: [
        { concepto: 'Carillas blanco y negro A4', cantidad: 3, precioUnitario: 40, subtotal: 120 },
        { concepto: 'Abrochado (por copia)', cantidad: 1, precioUnitario: 200, subtotal: 200 },
      ],
    });
  });

  it('properties: the total is the sum of its lines, and copies multiply the printing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('BN' as const, 'COLOR' as const),
        fc.constantFrom('A4' as const, 'OFICIO' as const),
        fc.boolean(),
        (paginas, copias, color, papel, dobleFaz) => {
          const colorDe = Array.from({ length: paginas }, (_, i) => i + 1).filter((p) => p % 3 === 0);
          const p = precio(paginas, { copias, color, papel, dobleFaz }, colorDe);
          expect(p.centavos).toBe(p.detalle.reduce((s, l) => s + l.centavos, 0));
          expect(p.carillas).toBe(paginas * copias);
          expect(Number.isInteger(p.centavos)).toBe(true);
          // Within one break, n copies cost n times one copy.
          const una = precio(paginas, { copias: 1, color, papel, dobleFaz }, colorDe);
          if (paginas * copias <= 100) expect(p.centavos).toBe(una.centavos * copias);
        },
      ),
    );
  });
});

describe('schemas', () => {
  it('options: Spanish errors, unknown fields named', () => {
    const r = opcionesImpresionSchema.safeParse({ ...base, copias: 0, papel: 'CARTA', extra: 1 });
    expect(r.success).toBe(false);
    const mensajes = r.error!.issues.map((i) => i.message);
    expect(mensajes).toContain(M.copiasInvalidas);
    expect(mensajes).toContain(M.papelInvalido);
    expect(opcionesImpresionSchema.safeParse({ ...base, paginas: '1-x' }).error?.issues[0]?.message).toBe(M.rangoInvalido('1-x'));
  });

  it('price table: breaks from 1, increasing, prices over zero; es-AR texts accepted', () => {
    const ok = tarifaImpresionEntradaSchema.safeParse({ ...TARIFA_DEMO, abrochado: '1.234,50', actualizado: null });
    expect(ok.success && ok.data.abrochado).toBe(1234.5);
    const malo = tarifaImpresionEntradaSchema.safeParse({ ...TARIFA_DEMO, tramos: [{ ...TARIFA_DEMO.tramos[1]! }] });
    expect(malo.error?.issues.map((i) => i.message)).toContain(M.tarifaPrimerTramo);
    const desordenado = tarifaImpresionEntradaSchema.safeParse({ ...TARIFA_DEMO, tramos: [TARIFA_DEMO.tramos[0], TARIFA_DEMO.tramos[2], TARIFA_DEMO.tramos[1]] });
    expect(desordenado.error?.issues.map((i) => i.message)).toContain(M.tarifaTramosOrdenados);
    const cero = tarifaImpresionEntradaSchema.safeParse({ ...TARIFA_DEMO, tramos: [{ ...TARIFA_DEMO.tramos[0]!, bnA4: 0 }] });
    expect(cero.error?.issues.map((i) => i.message)).toContain('Carilla blanco y negro A4 tiene que ser mayor a cero.');
  });

  it('labels of the breaks', () => {
    expect(TARIFA_DEMO.tramos.map((_, i) => etiquetaDeTramo(TARIFA_DEMO.tramos, i))).toEqual(['Hasta 100 carillas', 'Más de 100 carillas', 'Más de 500 carillas']);
  });

  it('WhatsApp numbers', () => {
    expect(telefonoParaWhatsapp('2610000000')).toBe('5492610000000');
    expect(telefonoParaWhatsapp('0261 15 412-3456')).toBe('5492614123456');
    expect(telefonoParaWhatsapp('+54 9 261 412 3456')).toBe('5492614123456');
    expect(telefonoParaWhatsapp('123')).toBeNull();
    expect(telefonoParaWhatsapp(null)).toBeNull();
  });
});

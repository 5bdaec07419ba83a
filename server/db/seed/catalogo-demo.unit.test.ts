import { describe, expect, it } from 'vitest';
import { LISTAS_DEMO, PRODUCTOS_DEMO } from './catalogo-demo';

// The demo school lists (issue 20) must match the demo catalogue, or `npm start` on an empty folder fails.
describe('the demo school lists', () => {
  const codigos = new Set(PRODUCTOS_DEMO.map((p) => p.codigo));

  it('are at least three, of 10 to 25 items each, naming only demo products', () => {
    expect(LISTAS_DEMO.length).toBeGreaterThanOrEqual(3);
    for (const lista of LISTAS_DEMO) {
      expect(lista.items.length, lista.escuela).toBeGreaterThanOrEqual(10);
      expect(lista.items.length, lista.escuela).toBeLessThanOrEqual(25);
      for (const item of lista.items) {
        for (const codigo of [item.codigo, ...(item.alternativas ?? [])].filter((c) => c !== null)) expect(codigos, codigo).toContain(codigo);
      }
    }
  });

  it('have an item with an alternative with stock for a product without, and one left as free text', () => {
    const stock = new Map(PRODUCTOS_DEMO.map((p) => [p.codigo, p.stock]));
    const conAlternativa = LISTAS_DEMO.flatMap((l) => l.items).filter(
      (i) => i.codigo !== null && stock.get(i.codigo) === 0 && (i.alternativas ?? []).some((a) => (stock.get(a) ?? 0) > 0),
    );
    expect(conAlternativa.length).toBeGreaterThan(0);
    expect(LISTAS_DEMO.flatMap((l) => l.items).some((i) => i.codigo === null)).toBe(true);
    expect(new Set(LISTAS_DEMO.map((l) => l.localidad))).toEqual(new Set(['CAPITAL', 'GODOY_CRUZ', 'GUAYMALLEN']));
  });
});

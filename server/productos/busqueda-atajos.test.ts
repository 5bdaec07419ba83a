// The search's shortcuts (server/productos/busqueda.ts) held to the general statement on products made
// for them, where the generated catalogue has none.
//
// The terms' statement (sqlPorTerminos) ranks a word from each product's arrays, skipping the levels the
// word has no terms of. 'bibli archivo' ranks 2 by its prefix, and 'archivo' in a category ranks 1, so
// those products rank beside those with 'archivo' in the name, and their sales decide.
//
// A one-word search whose synonym has several words ('corrector' = 'liquid paper') takes the one-position
// statement: the synonym's products come from producto_terminos, and the total counts each product once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productoFiltrosSchema } from '../../domain/producto';
import { producto, sinonimo } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto } from '../test/fabricas';
import { busquedaDelCatalogo, filasDeBusqueda, sqlGeneral } from './busqueda';

let t: AppDePrueba;
const POR_GRUPO = 20;
/** 'archivo' only in their category, and more sold: the first page is theirs. */
const enCategoria = Array.from({ length: POR_GRUPO }, (_, i) => `BIB-CAT-${String(i).padStart(2, '0')}`);
/** 'archivo' in their name, less sold. */
const enNombre = Array.from({ length: POR_GRUPO }, (_, i) => `BIB-NOM-${String(i).padStart(2, '0')}`);

beforeAll(async () => {
  t = await crearAppDePrueba();
  const archivo = (await crearCategoria(t.db, 'Archivo')).id;
  const oficina = (await crearCategoria(t.db, 'Oficina')).id;
  const correctores = (await crearCategoria(t.db, 'Correctores')).id;
  const productos: Array<[string, string, string, number, number]> = [
    ['Corrector líquido 20 ml', 'Pelikan', 'COR-1', correctores, 50],
    ['Corrector en cinta 5 mm', 'Pelikan', 'COR-2', correctores, 10],
    ['Corrector Liquid Paper 7 ml', 'Paper Mate', 'COR-3', correctores, 5],
    ['Liquid Paper cinta 4 mm', 'Paper Mate', 'LP-1', correctores, 40],
    ['Liquid Paper lapicera', 'Paper Mate', 'LP-2', archivo, 0],
    // 'paper' only in the brand: a match outside the name (rank 1).
    ['Cinta liquid 5 mm', 'Paper Mate', 'LP-3', oficina, 90],
    // One of the two words is not enough.
    ['Paper clips x100', 'Mit', 'CLIP-1', oficina, 70],
    // 'cartuchear' is nearest 'cartucher' (trigram distance 0.38); 'cartulin' and 'cart' are 0.67 from it.
    ['Cartuchera 1 piso', 'Maped', 'CTU-1', oficina, 3],
    ['Cartuchera tubo', 'Maped', 'CTU-2', oficina, 2],
    ['Cartulina blanca', 'Rivadavia', 'CTL-1', oficina, 80],
    ['Resma carta 500 hojas', 'Ledesma', 'RES-1', oficina, 90],
  ];
  // A synonym no product has: the word's total is still its prefix's count.
  await t.db.insert(sinonimo).values({ termino: 'carta', equivalente: 'naipe' });
  for (const [denominacion, marca, codigo, categoriaId, vendidos] of productos) {
    await crearProducto(t.db, { denominacion, marca, codigo, categoriaId });
    await t.db.update(producto).set({ cantidadVendida: vendidos }).where(eq(producto.codigo, codigo));
  }
  for (let i = 0; i < POR_GRUPO; i++) {
    await crearProducto(t.db, { denominacion: `Bibliorato lomo ancho ${i + 1}`, codigo: enCategoria[i], categoriaId: archivo });
    await crearProducto(t.db, { denominacion: `Bibliorato de archivo ${i + 1}`, codigo: enNombre[i], categoriaId: oficina });
    await t.db.update(producto).set({ cantidadVendida: 200 - i }).where(eq(producto.codigo, enCategoria[i]!));
    await t.db.update(producto).set({ cantidadVendida: 100 - i }).where(eq(producto.codigo, enNombre[i]!));
  }
});
afterAll(() => t.cerrar());

async function pagina(q: string, numero: number, porPagina: number) {
  const b = (await busquedaDelCatalogo(t.db, productoFiltrosSchema.parse({ q, pagina: numero, porPagina })))!;
  const filas = await filasDeBusqueda(t.db, b);
  const general = await filasDeBusqueda(t.db, b, sqlGeneral);
  expect(filas.map((f) => [f.id, f.total]), `${q}, página ${numero} de ${porPagina}`).toEqual(general.map((f) => [f.id, f.total]));
  return { codigos: filas.map((f) => f.codigo), total: filas[0]?.total ?? 0 };
}

describe('ranks from the terms\' arrays', () => {
  it('ranks a better term outside the name as a worse one in it, then by sales', async () => {
    const primera = await pagina('bibli archivo', 1, 12);
    expect(primera.total).toBe(2 * POR_GRUPO);
    expect(primera.codigos).toEqual(enCategoria.slice(0, 12));
    const segunda = await pagina('bibli archivo', 2, 12);
    expect(segunda.codigos).toEqual([...enCategoria.slice(12), ...enNombre.slice(0, 4)]);
  });

  it('ranks a word typed whole in the name before it elsewhere, across pages', async () => {
    // Typed whole, 'bibliorato' ranks 0: the names with 'archivo' rank 0, the category's 1.
    const primera = await pagina('bibliorato archivo', 1, 12);
    expect(primera.codigos).toEqual(enNombre.slice(0, 12));
    // 20 rank 0: the second page of 12 has the last 8 of them and the first 4 that rank 1.
    const segunda = await pagina('bibliorato archivo', 2, 12);
    expect(segunda.codigos).toEqual([...enNombre.slice(12), ...enCategoria.slice(0, 4)]);
    for (const numero of [1, 2, 3, 4]) await pagina('bibliorato archivo', numero, 10);
  });
});

describe('a word whose synonym has several words', () => {
  it('finds the products with the synonym whole, each once, in the general statement\'s order', async () => {
    // Rank 0: the word typed in the name; 1: the word elsewhere (LP-1's category) or the whole synonym in
    // the name; then sales. LP-3 has 'paper' in its brand only (2).
    const esperados = ['COR-1', 'COR-2', 'COR-3', 'LP-1', 'LP-2', 'LP-3'];
    for (const q of ['corrector', 'correctores']) {
      const primera = await pagina(q, 1, 24);
      expect(primera.codigos, q).toEqual(esperados);
      expect(primera.total, q).toBe(esperados.length);
      for (const porPagina of [2, 4]) for (const numero of [1, 2, 3, 4]) await pagina(q, numero, porPagina);
    }
    // Typed whole, the synonym goes through the terms' statement, with the same products.
    const escrito = await pagina('liquid paper', 1, 24);
    expect([...escrito.codigos].sort()).toEqual([...esperados].sort());
  });
});

describe('a typo', () => {
  it('takes the terms about as near as its nearest, not every one of the three nearest', async () => {
    // Every typo term ranks alike: the cards and the letter-size paper, sold more, came first.
    const cartucheras = await pagina('cartuchear', 1, 24);
    expect(cartucheras.codigos).toEqual(['CTU-1', 'CTU-2']);
    expect(cartucheras.total).toBe(2);
    expect((await pagina('cartuchear tubo', 1, 24)).codigos).toEqual(['CTU-2']);
  });
});

describe('a word whose synonym is in no product', () => {
  it("counts the products of the word's prefix, as the general statement does", async () => {
    // 'cart' begins 'cart' (carta), 'cartucher' and 'cartulin'; its synonym 'naipe' names nothing.
    const primera = await pagina('cart', 1, 24);
    expect([...primera.codigos].sort()).toEqual(['CTL-1', 'CTU-1', 'CTU-2', 'RES-1']);
    expect(primera.total).toBe(4);
    for (const numero of [1, 2, 3]) await pagina('cart', numero, 2);
  });
});

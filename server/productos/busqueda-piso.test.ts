// The terms' statement fills a page from the products at the best rank the words allow (the piso) before
// ranking the others (server/productos/busqueda.ts, sqlPorTerminos). A word may reach the piso outside
// the name when a better term of it is there: 'bibli archivo' ranks 2 by its prefix, and 'archivo' in a
// category ranks 1, so those products are at the piso too, beside those with 'archivo' in the name.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productoFiltrosSchema } from '../../domain/producto';
import { producto } from '../db/schema';
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

describe('the page at the best rank the words allow', () => {
  it('holds the products that reach it outside the name, in order of sales', async () => {
    const primera = await pagina('bibli archivo', 1, 12);
    expect(primera.total).toBe(2 * POR_GRUPO);
    expect(primera.codigos).toEqual(enCategoria.slice(0, 12));
    const segunda = await pagina('bibli archivo', 2, 12);
    expect(segunda.codigos).toEqual([...enCategoria.slice(12), ...enNombre.slice(0, 4)]);
  });

  it('ranks the others only when the page goes past the piso', async () => {
    // Typed whole, 'bibliorato' ranks 0: the piso is 0, and only the names with 'archivo' are there.
    const primera = await pagina('bibliorato archivo', 1, 12);
    expect(primera.codigos).toEqual(enNombre.slice(0, 12));
    // 20 at the piso: the second page of 12 has the last 8 of them and the first 4 ranked 1.
    const segunda = await pagina('bibliorato archivo', 2, 12);
    expect(segunda.codigos).toEqual([...enNombre.slice(12), ...enCategoria.slice(0, 4)]);
    for (const numero of [1, 2, 3, 4]) await pagina('bibliorato archivo', numero, 10);
  });
});

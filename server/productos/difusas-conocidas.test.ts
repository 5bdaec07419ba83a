import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiz } from '../../domain/plegado';
import type { PaginaProductos } from '../../domain/producto';
import { enLinea, filtrosDe } from '../../bench/busqueda';
import { filasDelCatalogo } from '../db/preparadas';
import { producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto } from '../test/fabricas';
import { sqlDelCatalogo } from './busqueda';
import { conocerDifusas, difusasConocidas } from './difusas-conocidas';

let t: AppDePrueba;
let categoriaId: number;

beforeAll(async () => {
  t = await crearAppDePrueba();
  categoriaId = (await crearCategoria(t.db, 'Escritura')).id;
  await crearProducto(t.db, { denominacion: 'Lápiz negro HB', marca: 'Faber-Castell', codigo: 'LAP-HB', categoriaId });
  await crearProducto(t.db, { denominacion: 'Cuaderno espiral rayado', marca: 'Rivadavia', codigo: 'CUA-80', categoriaId });
});
afterAll(() => t.cerrar());

const version = async (): Promise<number> => {
  const rows = await filasDelCatalogo<{ valor: string | number }>(t.db, sql`select valor from contador_catalogo where nombre = 'terminos'`);
  return Number(rows[0]!.valor);
};

const buscar = async (q: string): Promise<string[]> => {
  const r = await t.app.inject({ method: 'GET', url: `/api/producto?q=${encodeURIComponent(q)}` });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as PaginaProductos).items.map((p) => p.codigo);
};

/** What memory knows of the word after a search of it (which may start its lookups in the background). */
const memoriaTrasBuscar = async (q: string) => {
  await buscar(q);
  return difusasConocidas(t.db, raiz(q));
};
const ESPERA = { timeout: 10_000, interval: 300 };

describe("a typed word's typo terms kept in memory", () => {
  it('moves the terms version only when a new word without digits enters the catalogue', async () => {
    const antes = await version();
    // Words the catalogue has, and words with digits (a code's): no new typo term.
    await crearProducto(t.db, { denominacion: 'Lápiz rayado', marca: 'Rivadavia', codigo: 'LAP-80', categoriaId });
    expect(await version()).toBe(antes);
    await t.db.update(producto).set({ stock: 3, cantidadVendida: 7 }).where(eq(producto.codigo, 'LAP-80'));
    expect(await version()).toBe(antes);
    await crearProducto(t.db, { denominacion: 'Lápiz 2024', marca: 'Rivadavia', codigo: 'LAP-2024', categoriaId });
    expect(await version()).toBe(antes);
    await crearProducto(t.db, { denominacion: 'Tijera escolar', marca: 'Maped', codigo: 'TIJ-1', categoriaId });
    expect(await version()).toBeGreaterThan(antes);
  });

  it('finds the same products whether the terms are known or not', async () => {
    const desconocidas = await buscar('lapis');
    await conocerDifusas(t.db, [raiz('lapis')]);
    expect(difusasConocidas(t.db, raiz('lapis')).palabras).toContain('lapiz');
    expect(await buscar('lapis')).toEqual(desconocidas);
    expect(desconocidas).toContain('LAP-HB');
  });

  it('never uses terms found before a new word came: the statement finds the new one, and memory catches up', async () => {
    const [consulta] = await sqlDelCatalogo(t.db, filtrosDe('xilofonz'));
    const antes = difusasConocidas(t.db, raiz('xilofonz'));
    expect(antes.palabras).toEqual([]);
    expect(consulta!.params).toContainEqual(antes.version);
    await crearProducto(t.db, { denominacion: 'Xilofón de juguete', marca: 'Pirulo', codigo: 'XIL-1', categoriaId });
    // The statement written with the old version's empty answer finds the new product.
    const rows = await filasDelCatalogo<{ total: number | string; productos: string | null }>(t.db, sql.raw(enLinea(consulta!)));
    expect(Number(rows[0]!.total)).toBe(1);
    expect(rows[0]!.productos).toContain('"codigo":"XIL-1"');
    expect(await buscar('xilofonz')).toEqual(['XIL-1']);
    // The version is read again in the background a second after it was last read: the old answer goes.
    await expect.poll(() => memoriaTrasBuscar('xilofonz'), ESPERA).toHaveProperty('palabras', expect.arrayContaining(['xilofon']));
    expect(difusasConocidas(t.db, raiz('xilofonz')).version).toBeGreaterThan(antes.version);
  });

  it("forgets what it knew when a restored backup brings an older version, which never climbs back to a number it knew", async () => {
    await conocerDifusas(t.db, [raiz('lapis')]);
    const conocida = difusasConocidas(t.db, raiz('lapis')).version;
    await filasDelCatalogo(t.db, sql`update contador_catalogo set valor = 5 where nombre = 'terminos'`);
    await expect.poll(() => memoriaTrasBuscar('lapis'), ESPERA).toHaveProperty('version', 5);
    expect(await buscar('lapis')).toContain('LAP-HB');
    await crearProducto(t.db, { denominacion: 'Regla flexible', marca: 'Maped', codigo: 'REG-1', categoriaId });
    expect(await version()).toBeGreaterThan(conocida);
  });

  it('PostgreSQL does not look for the typo terms again when it is passed the current ones', async () => {
    const [consulta] = await sqlDelCatalogo(t.db, filtrosDe('cuadreno'));
    const plan = async (texto: string) => {
      const rows = await filasDelCatalogo<{ 'QUERY PLAN': unknown }>(t.db, sql.raw(`explain (analyze, format json) ${texto}`));
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    };
    // The function's node, and how often it ran.
    const vecesDeDifusas = async (texto: string): Promise<number[]> =>
      [...(await plan(texto)).matchAll(/"Function Name":\s*"busqueda_difusas"[^{}]*?"Actual Loops":\s*(\d+)/g)].map((m) => Number(m[1]));
    expect(await vecesDeDifusas(enLinea(consulta!))).toEqual([0]);
    // Once a new word has come, the same statement finds them itself.
    await crearProducto(t.db, { denominacion: 'Compás metálico', marca: 'Maped', codigo: 'COM-1', categoriaId });
    expect(await vecesDeDifusas(enLinea(consulta!))).toEqual([1]);
    expect(await buscar('cuadreno')).toEqual(['CUA-80']);
  });
});

import { eq, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autocompletarSchema, MENSAJES_SINONIMO, SUGERENCIAS_MAXIMAS, type Sinonimo } from '../../domain/busqueda';
import { MENSAJES_PAGINACION } from '../../domain/paginacion-reglas';
import { codigoCompacto, palabrasDe, raiz } from '../../domain/plegado';
import type { PaginaProductos } from '../../domain/producto';
import { auditoria, producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { ANCLAS, CATEGORIAS_DE_CATALOGO, CONSULTAS_DE_RELEVANCIA, marcasDeCatalogo, productoGenerado } from '../test/catalogo-de-busqueda';
import { crearCategoria, crearProducto, crearUsuario } from '../test/fabricas';
import { enLinea } from '../../bench/busqueda';
import { sqlDeAutocompletar, sqlDelCatalogo } from './busqueda';

let t: AppDePrueba;
let admin: string;
let cliente: string;
let escritura: number;

async function conVentas(codigo: string, cantidadVendida: number) {
  await t.db.update(producto).set({ cantidadVendida }).where(eq(producto.codigo, codigo));
}

beforeAll(async () => {
  t = await crearAppDePrueba();
  const a = await crearUsuario(t.db, { usuario: 'admin-busq', rol: 'ADMIN' });
  const c = await crearUsuario(t.db, { usuario: 'cliente-busq' });
  admin = await t.cookieDe(a.usuario, a.clave);
  cliente = await t.cookieDe(c.usuario, c.clave);
  escritura = (await crearCategoria(t.db, 'Escritura')).id;
  const papeleria = (await crearCategoria(t.db, 'Papelería')).id;
  const productos: Array<[string, string, string, number, number?]> = [
    ['Cuaderno tapa dura 50 hojas rayadas', 'Éxito', 'CUA-50', papeleria],
    ['Cuaderno espiral rayado', 'Rivadavia', 'CUA-80', papeleria],
    ['Lápiz negro HB', 'Faber-Castell', 'LAP-HB', escritura, 100],
    ['Lápices de colores x12', 'Faber-Castell', 'LAP-12', escritura, 2000],
    ['Bolígrafo azul trazo fino', 'Bic', 'BOL-AZ', escritura],
    ['Bolígrafo negro', 'Bic', 'BOL-NG', escritura],
    ['Adhesivo vinílico 250 g', 'Plasticola', 'ADH-250', papeleria],
    ['Goma de borrar blanca', 'Staedtler', 'GOM-1', escritura],
    ['Sacapuntas metálico', 'Maped', 'LAPIZ', escritura],
    ['Témpera roja', 'Colorama', 'TEM-1', papeleria],
    ['Cinta métrica 2 m', 'Maped', 'CIN-2', papeleria],
    ['Sello fechador', 'Trodat', 'QZ-WX', papeleria],
  ];
  for (const [denominacion, marca, codigo, categoriaId, costo] of productos) {
    await crearProducto(t.db, { denominacion, marca, codigo, categoriaId, costo: costo ?? 1000 });
  }
  await conVentas('LAP-12', 30);
  await conVentas('LAP-HB', 5);
  await conVentas('CUA-80', 9);
  await conVentas('TEM-1', 500);
});
afterAll(() => t.cerrar());

const listar = async (query: string, cookie?: string): Promise<PaginaProductos> => {
  const r = await t.app.inject({ method: 'GET', url: `/api/producto?${query}`, headers: cookie ? { cookie } : {} });
  expect(r.statusCode).toBe(200);
  return r.json();
};
const codigos = async (q: string, extra = '') => (await listar(`q=${encodeURIComponent(q)}${extra}`)).items.map((p) => p.codigo);

describe('the folding rules in SQL', () => {
  it('busqueda_raiz and busqueda_palabras give what domain/plegado.ts gives', async () => {
    const muestra = fc.sample(fc.stringMatching(/^[a-záéíóúñü]{1,12}(es|as|os|s|ces)?$/), { numRuns: 150, seed: 17 });
    const palabras = [...new Set([...muestra, 'lápices', 'rayadas', 'gomas', 'colores', 'verdes', 'crayones', 'a4', 'x12', 'tres', 'luces'])];
    const filas = (await t.db.execute(
      sql`select w, (select array_agg(palabra order by n) from busqueda_palabras(w) with ordinality as x(palabra, forma, n)) as raices
          from unnest(${`{${palabras.join(',')}}`}::text[]) as w`,
    )) as unknown as { rows: Array<{ w: string; raices: string[] | null }> };
    for (const { w, raices } of filas.rows) expect([w, raices ?? []]).toEqual([w, palabrasDe(w).map(raiz)]);
  });

  it('busqueda_codigo gives what codigoCompacto gives', async () => {
    const muestra = fc.sample(fc.string({ unit: fc.constantFrom(...'aZñÁé09-. _/#%\\ü'), maxLength: 14 }), { numRuns: 150, seed: 22 });
    const codigos = [...new Set([...muestra, 'ESC-003', 'esc 003', 'Ñ-1/2', '---', ''])];
    const filas = (await t.db.execute(
      sql`select c, busqueda_codigo(c) as compacto from json_array_elements_text(${JSON.stringify(codigos)}::json) as c`,
    )) as unknown as { rows: Array<{ c: string; compacto: string }> };
    expect(filas.rows.length).toBe(codigos.length);
    for (const { c, compacto } of filas.rows) expect([c, compacto]).toEqual([c, codigoCompacto(c)]);
  });
});

// 0007's definitions, replaced by 0014's cheaper ones (issue 19): the words of any text must not change.
const DEFINICIONES_0007 = [
  sql`CREATE FUNCTION pg_temp.raiz_0007(w text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE
      WHEN length(w) <= 3 OR w ~ '[0-9]' THEN w
      ELSE (SELECT CASE WHEN length(s) > 3 AND s ~ '[aeo]$' THEN left(s, -1) ELSE s END
            FROM (SELECT CASE
                    WHEN w ~ '[aeiou]ces$' AND length(w) > 4 THEN left(w, -3) || 'z'
                    WHEN w ~ '[^aeiou]es$' AND length(w) > 4 THEN left(w, -2)
                    WHEN w ~ '[aeo]s$' THEN left(w, -1)
                    ELSE w END AS s) x)
    END $$`,
  sql`CREATE FUNCTION pg_temp.palabras_0007(t text) RETURNS TABLE (palabra text, forma text) LANGUAGE sql IMMUTABLE AS $$
    SELECT pg_temp.raiz_0007(x.p), x.o
    FROM (SELECT busqueda_plegar(t) AS f, lower(t) AS o) a
    CROSS JOIN LATERAL (SELECT regexp_replace(a.f, '[a-z0-9]', '', 'g') AS seps) b
    CROSS JOIN LATERAL unnest(
      string_to_array(translate(a.f, b.seps, repeat(' ', length(b.seps))), ' '),
      string_to_array(translate(a.o, b.seps, repeat(' ', length(b.seps))), ' ')
    ) AS x(p, o)
    WHERE x.p <> '' $$`,
];

describe('the words of 0014 are the words of 0007', () => {
  it('busqueda_raiz and busqueda_palabras answer what 0007 answered, for a catalogue, its queries and odd text', async () => {
    const marcas = marcasDeCatalogo(200);
    const catalogo = Array.from({ length: 3000 }, (_, i) => productoGenerado(i + 1, marcas)).flatMap((p) => [p.codigo, p.denominacion, p.marca]);
    const raras = fc.sample(fc.string({ unit: 'grapheme', maxLength: 30 }), { numRuns: 500, seed: 19 });
    const espanol = fc.sample(fc.stringMatching(/^[a-zA-ZáéíóúÁÉÍÓÚñÑüÜçàè0-9 .,;/()-]{0,40}$/), { numRuns: 500, seed: 19 });
    const casos = ['aces', 'tres', 'ojos', 'hojas', 'HOJAS', 'lápices', 'luces', 'paces', 'reyes', 'oes', 'cruces', 'peces', 'mes', 'gas', 'a4', 'x12', '', ' ', 'a-b', 'niño/niña', 'ÿ€ß', 'tab\tsalto\nfin', 'Ñandú ÁRBOLES'];
    const textos = [
      ...new Set([...catalogo, ...ANCLAS.flatMap((a) => [a.codigo, a.denominacion, a.marca]), ...CATEGORIAS_DE_CATALOGO, ...CONSULTAS_DE_RELEVANCIA.map((c) => c.q), ...raras, ...espanol, ...casos]),
    ].map((x) => x.replaceAll('\0', ''));
    const distintos = await t.db.transaction(async (tx) => {
      for (const d of DEFINICIONES_0007) await tx.execute(d);
      const r = (await tx.execute(sql`
        with t as (select t from json_array_elements_text(${JSON.stringify(textos)}::json) as j(t))
        select t, array(select row(palabra, forma)::text from busqueda_palabras(t) with ordinality as x(palabra, forma, n) order by n) as nuevas,
          array(select row(palabra, forma)::text from pg_temp.palabras_0007(t) with ordinality as x(palabra, forma, n) order by n) as viejas
        from t`)) as unknown as { rows: Array<{ t: string; nuevas: string[]; viejas: string[] }> };
      expect(r.rows).toHaveLength(textos.length);
      const raices = (await tx.execute(sql`
        select count(*)::integer as n from json_array_elements_text(${JSON.stringify(textos)}::json) as j(t)
        where busqueda_raiz(lower(t)) is distinct from pg_temp.raiz_0007(lower(t))`)) as unknown as { rows: Array<{ n: number }> };
      expect(raices.rows[0]!.n).toBe(0);
      return r.rows.filter((f) => JSON.stringify(f.nuevas) !== JSON.stringify(f.viejas));
    });
    expect(distintos).toEqual([]);
  });
});

describe('GET /api/producto?q= (matching)', () => {
  it('needs every word, in any order', async () => {
    expect(await codigos('cuaderno rayadas')).toEqual(expect.arrayContaining(['CUA-50', 'CUA-80']));
    expect(await codigos('rayado cuaderno tapa')).toEqual(['CUA-50']);
    expect(await codigos('cuaderno azul')).toEqual([]);
  });

  it('folds plurals and gender, accents and case', async () => {
    expect((await codigos('LAPICES')).sort()).toEqual(['LAP-12', 'LAP-HB', 'LAPIZ']);
    expect(await codigos('gomas')).toEqual(['GOM-1']);
    expect(await codigos('rojas tempera')).toEqual(['TEM-1']);
    expect(await codigos('boligrafos negros')).toEqual(['BOL-NG']);
  });

  it('tolerates typos', async () => {
    expect((await codigos('lapis')).sort()).toEqual(['LAP-12', 'LAP-HB', 'LAPIZ']);
    expect(await codigos('boligrafo azl')).toEqual(['BOL-AZ']);
    expect(await codigos('cuadreno espiral')).toEqual(['CUA-80']);
  });

  it('tolerates one letter swapped, dropped, added or changed, which trigrams miss in short words', async () => {
    // 'lpaiz' shares no trigram but the first with 'lapiz'; one letter apart, they share 'lpiz'.
    expect(await codigos('lpaiz negro')).toEqual(['LAP-HB']);
    expect(await codigos('tmepera')).toEqual(['TEM-1']);
    expect(await codigos('boligrafo azzul')).toEqual(['BOL-AZ']);
    expect(await codigos('cuadernoo rayado')).toEqual(expect.arrayContaining(['CUA-50', 'CUA-80']));
  });

  it('matches brand, code and category, and prefixes while typing', async () => {
    expect((await codigos('faber')).sort()).toEqual(['LAP-12', 'LAP-HB']);
    expect(await codigos('bol-az')).toEqual(['BOL-AZ']);
    expect(await codigos('papeleria adhesivo')).toEqual(['ADH-250']);
    expect((await codigos('boli')).sort()).toEqual(['BOL-AZ', 'BOL-NG']);
  });

  it('finds a code typed without its separators or with others, first and counted', async () => {
    for (const q of ['adh250', 'ADH 250', 'adh.250', 'Adh-250', 'BOL AZ', 'bol.az', 'Bol-Az']) {
      const r = await listar(`q=${encodeURIComponent(q)}`);
      expect([q, r.items[0]?.codigo, r.total]).toEqual([q, q.toLowerCase().startsWith('adh') ? 'ADH-250' : 'BOL-AZ', r.items.length]);
    }
    // A code of letters alone is not indexed joined: the exact code ranks first only what the words found
    // (here its typos), so the page never has a product the total does not count.
    for (const q of ['qzwx', 'bolaz', 'laphb', 'lapiz']) {
      const r = await listar(`q=${encodeURIComponent(q)}`);
      expect([q, r.total]).toEqual([q, r.items.length]);
    }

    // A code with a digit is also one word: found alone, counted, and by its start while typing.
    expect(await listar('q=adh250')).toMatchObject({ total: 1, items: [{ codigo: 'ADH-250' }] });
    expect(await codigos('cua5')).toEqual(['CUA-50']);
    expect(await codigos('cua 50')).toEqual(['CUA-50']);
  });

  it("the grid's code filter compares letters and digits only; a code of separators alone finds nothing", async () => {
    const grilla = async (codigo: string) =>
      (await listar(`codigo=${encodeURIComponent(codigo)}`, admin)).items.map((p) => p.codigo).sort();
    expect(await grilla('lap12')).toEqual(['LAP-12']);
    expect(await grilla('LAP 1')).toEqual(['LAP-12']);
    expect(await grilla('cua-')).toEqual(['CUA-50', 'CUA-80']);
    expect(await grilla('-')).toEqual([]);
    expect(await listar(`codigo=${encodeURIComponent(' - ')}&q=cuaderno`, admin)).toMatchObject({ total: 0, items: [] });
    expect((await listar('codigo=cua%2080&q=cuaderno', admin)).items.map((p) => p.codigo)).toEqual(['CUA-80']);
  });

  it('ranks the exact code first, then whole words by sales, then prefixes, then typos', async () => {
    // 'LAPIZ' is the sharpener's code; of the pencils, the one that sold more comes first.
    expect(await codigos('lapiz')).toEqual(['LAPIZ', 'LAP-12', 'LAP-HB']);
    // 'color' is a whole word of the pencils' name and the start of a brand that sold much more.
    expect(await codigos('color')).toEqual(['LAP-12', 'TEM-1']);
    // A word in the name ranks before the same word only in the category.
    expect((await codigos('escritura')).length).toBe(6);
  });

  it('ranks the word typed before its synonyms, whatever they sold', async () => {
    // The seeded synonyms 'repuesto' = 'hojas' and 'liquid paper' = 'corrector'; the products only with
    // the synonym sold far more.
    const varios = (await crearCategoria(t.db, 'Varios')).id;
    const nuevos: Array<[string, string]> = [
      ['Repuesto rayado nº3', 'REP-3'],
      ['Cuaderno 48 hojas rayadas', 'CUA-48'],
      ['Corrector en cinta', 'COR-C'],
      ['Liquid paper pincel', 'LIQ-P'],
    ];
    for (const [denominacion, codigo] of nuevos) await crearProducto(t.db, { denominacion, marca: 'Ledesma', codigo, categoriaId: varios });
    await conVentas('CUA-48', 900);
    await conVentas('LIQ-P', 900);
    try {
      // One word (the one-position statement), one with a synonym of two words, and two words.
      expect(await codigos('repuesto')).toEqual(['REP-3', 'CUA-48', 'CUA-50']);
      expect(await codigos('corrector')).toEqual(['COR-C', 'LIQ-P']);
      expect(await codigos('liquid paper')).toEqual(['LIQ-P', 'COR-C']);
      expect(await codigos('repuesto rayado')).toEqual(['REP-3', 'CUA-48', 'CUA-50']);
      // The synonym still finds what it did; among products that all have the word typed, sales decide.
      expect(await codigos('hojas')).toEqual(['CUA-48', 'CUA-50', 'REP-3']);
    } finally {
      await t.db.delete(producto).where(sql`${producto.codigo} in ('REP-3', 'CUA-48', 'COR-C', 'LIQ-P')`);
    }
  });

  it("keeps the price order on request, and 'relevancia' is the default only with words", async () => {
    const precios = async (extra: string) => (await listar(`q=lapiz${extra}`)).items.map((p) => p.precio);
    const asc = await precios('&orden=asc');
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = await precios('&orden=desc');
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const sinPalabras = (await listar(`categoriaId=${escritura}`)).items.map((p) => p.precio);
    expect(sinPalabras).toEqual([...sinPalabras].sort((a, b) => a - b));
    expect(await codigos('lapiz', '&orden=relevancia')).toEqual(['LAPIZ', 'LAP-12', 'LAP-HB']);
  });

  it('pages a search with its total', async () => {
    const pagina = await listar('q=escritura&porPagina=4&pagina=2');
    expect(pagina.total).toBe(6);
    expect(pagina.items).toHaveLength(2);
    const pasada = await listar('q=escritura&porPagina=4&pagina=9');
    expect([pasada.total, pasada.items]).toEqual([6, []]);
  });

  it("proposes '¿Quisiste decir…?' only when nothing matched and the proposal finds something", async () => {
    const nada = await listar('q=bligrfo');
    expect(nada.total).toBe(0);
    expect(nada.quisisteDecir).toBe('bolígrafo');
    expect((await codigos(nada.quisisteDecir!)).sort()).toEqual(['BOL-AZ', 'BOL-NG']);
    expect((await listar('q=xqzwv')).quisisteDecir).toBeNull();
    // A size's 'm' (2 m) is no word for 'mnas': nothing rather than a proposal that finds the wrong thing.
    expect((await listar('q=mnas')).quisisteDecir).toBeNull();
    expect((await listar('q=lapiz')).quisisteDecir).toBeNull();
  });

  it('finds nothing for text without a word to find, in the catalogue and the grid; spaces are no text', async () => {
    for (const q of ['%', '!!!', '_', '\\', '😀', '- / .']) {
      const r = await listar(`q=${encodeURIComponent(q)}`);
      expect([q, r.total, r.items, r.quisisteDecir]).toEqual([q, 0, [], null]);
      expect(r.marcas.length).toBeGreaterThan(0);
    }
    expect((await listar('denominacion=%25', admin)).total).toBe(0);
    expect((await listar('marcaContiene=%2A%2A', admin)).total).toBe(0);
    expect((await listar('q=%20%20%20')).total).toBe((await listar('')).total);
  });

  it('refuses a query of more than 100 characters with a Spanish 400', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/producto?q=${'a'.repeat(101)}` });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_PAGINACION.busquedaLarga);
  });
});

describe('every write path keeps the search right (triggers)', () => {
  it('finds a product inserted and updated with plain SQL, as an import would, and forgets a deleted one', async () => {
    await t.db.execute(sql`insert into producto (denominacion, marca, codigo, precio, costo, porcentaje, categoria_id)
      values ('Compás escolar metálico', 'Maped', 'IMP-1', 1500, 1000, 50, ${escritura})`);
    expect(await codigos('compases')).toEqual(['IMP-1']);
    await t.db.execute(sql`update producto set denominacion = 'Transportador 180 grados' where codigo = 'IMP-1'`);
    expect(await codigos('compas')).toEqual([]);
    expect(await codigos('transportadores')).toEqual(['IMP-1']);
    expect((await listar('')).marcas).toContain('Maped');
    await t.db.execute(sql`delete from producto where codigo = 'IMP-1'`);
    expect(await codigos('transportador')).toEqual([]);
  });

  it('follows a bulk price update, a category renamed and sales', async () => {
    await t.db.execute(sql`update producto set precio = 99999 where codigo = 'BOL-NG'`);
    const desc = await listar('q=boligrafo&orden=desc');
    expect(desc.items[0]!.codigo).toBe('BOL-NG');
    await t.db.execute(sql`update categoria set denominacion = 'Útiles de escritura' where id = ${escritura}`);
    expect((await codigos('utiles boligrafo')).sort()).toEqual(['BOL-AZ', 'BOL-NG']);
    await conVentas('BOL-AZ', 1);
    await conVentas('BOL-NG', 0);
    expect(await codigos('boligrafo')).toEqual(['BOL-AZ', 'BOL-NG']);
    await conVentas('BOL-NG', 2);
    expect(await codigos('boligrafo')).toEqual(['BOL-NG', 'BOL-AZ']);
  });

  it("keeps each root's and each prefix's count of products (a one-word search's total) through inserts, renames, a category renamed and deletes", async () => {
    const filas = async (consulta: SQL) => ((await t.db.execute(consulta)) as unknown as { rows: unknown[] }).rows;
    const descuadres = async () => [
      ...(await filas(sql`select t.palabra, t.productos, coalesce(c.n, 0)::int as real from termino_busqueda t
          left join (select palabra, count(*)::int as n from producto_palabra group by palabra) c using (palabra)
          where t.productos <> coalesce(c.n, 0)`)),
      // Every prefix (3 letters up) of every root without digits, each product once.
      ...(await filas(sql`select prefijo, p.productos, coalesce(c.n, 0)::int as real
          from (select left(pp.palabra, n) as prefijo, count(distinct pp.producto_id)::int as n
            from producto_palabra pp, generate_series(3, length(pp.palabra)) n where pp.palabra !~ '[0-9]' group by 1) c
          full join prefijo_busqueda p using (prefijo)
          where coalesce(p.productos, 0) <> coalesce(c.n, 0)`)),
    ];
    expect(((await filas(sql`select count(*)::int as n from prefijo_busqueda`))[0] as { n: number }).n).toBeGreaterThan(0);
    expect(await descuadres()).toEqual([]);
    // Several products in one statement, as an import writes them; two share every word.
    await t.db.execute(sql`insert into producto (denominacion, marca, codigo, precio, costo, porcentaje, categoria_id) values
      ('Compás escolar metálico', 'Maped', 'CNT-1', 1500, 1000, 50, ${escritura}),
      ('Compás escolar metálico', 'Maped', 'CNT-2', 1500, 1000, 50, ${escritura}),
      ('Compás de precisión', 'Staedtler', 'CNT-3', 1500, 1000, 50, ${escritura})`);
    expect(await descuadres()).toEqual([]);
    const compas = await listar('q=compases');
    expect(compas.total).toBe(3);
    expect(compas.items).toHaveLength(3);
    await t.db.execute(sql`update producto set denominacion = case codigo when 'CNT-1' then 'Transportador escolar' else 'Transparente escolar' end
      where codigo in ('CNT-1', 'CNT-3')`);
    await t.db.execute(sql`update categoria set denominacion = 'Escritura y dibujo' where id = ${escritura}`);
    expect(await descuadres()).toEqual([]);
    expect((await listar('q=compas')).total).toBe(1);
    // A word that begins two roots (transportador, transparente): its total is the prefix's count.
    const conTransp = async () =>
      ((await filas(sql`select count(distinct producto_id)::int as n from producto_palabra where palabra like 'transp%'`))[0] as { n: number }).n;
    expect((await filas(sql`select palabra from termino_busqueda where palabra like 'transp%' and productos > 0`)).length).toBeGreaterThanOrEqual(2);
    expect(await conTransp()).toBeGreaterThanOrEqual(2);
    expect((await listar('q=transp')).total).toBe(await conTransp());
    expect((await listar('q=transportadores')).total).toBe(1);
    // Sales and prices move no count.
    await conVentas('CNT-2', 7);
    await t.db.execute(sql`update producto set precio = 1800 where codigo = 'CNT-3'`);
    // A delete removes the words through the foreign key's cascade.
    await t.db.execute(sql`delete from producto where codigo like 'CNT-%'`);
    expect(await descuadres()).toEqual([]);
    expect((await listar('q=transportador')).total).toBe(0);
    expect((await listar('q=transp')).total).toBe(await conTransp());
    await t.db.execute(sql`update categoria set denominacion = 'Escritura' where id = ${escritura}`);
    expect(await descuadres()).toEqual([]);
  });

  it('keeps the total and the brands of the first page', async () => {
    const antes = await listar('');
    await crearProducto(t.db, { denominacion: 'Regla 30 cm', marca: 'Pizzini', codigo: 'REG-30' });
    const despues = await listar('');
    expect(despues.total).toBe(antes.total + 1);
    expect(despues.marcas).toContain('Pizzini');
    await t.db.execute(sql`delete from producto where codigo = 'REG-30'`);
    const fin = await listar('');
    expect(fin.total).toBe(antes.total);
    expect(fin.marcas).not.toContain('Pizzini');
  });
});

describe('the admin grid and the stock screens use the same matching', () => {
  it("the grid's name and brand filters find every word, folded", async () => {
    const r = await listar('denominacion=lapices negros&marcaContiene=FABER', admin);
    expect(r.items.map((p) => p.codigo)).toEqual(['LAP-HB']);
    expect((await listar('denominacion=faber', admin)).items).toEqual([]);
  });

  it("ranks the grid's name search by relevance, as the catalogue does, and keeps the price order on request", async () => {
    // Both pencils have the word; the one that sold more first, although it costs more.
    const grilla = async (extra: string) => (await listar(`denominacion=lapiz${extra}`, admin)).items.map((p) => p.codigo);
    expect(await grilla('')).toEqual(['LAP-12', 'LAP-HB']);
    expect(await grilla('&orden=asc')).toEqual(['LAP-HB', 'LAP-12']);
    expect(await grilla('&orden=desc')).toEqual(['LAP-12', 'LAP-HB']);
  });

  it('GET /api/producto/sugerencias by code: letters and digits, the codes that start so first', async () => {
    const sugerencias = async (q: string) =>
      ((await t.app.inject({ method: 'GET', url: `/api/producto/sugerencias?campo=codigo&q=${encodeURIComponent(q)}`, headers: { cookie: admin } })).json() as Array<{ codigo: string }>).map((x) => x.codigo);
    expect(await sugerencias('bolaz')).toEqual(['BOL-AZ']);
    expect(await sugerencias('LAP 1')).toEqual(['LAP-12']);
    // 'lap' starts LAP-12, LAP-HB and LAPIZ; 'Cinta métrica' has none of it.
    expect((await sugerencias('lap')).slice(0, 3).sort()).toEqual(['LAP-12', 'LAP-HB', 'LAPIZ']);
    expect(await sugerencias('-')).toEqual([]);
    const largo = await t.app.inject({ method: 'GET', url: `/api/producto/sugerencias?campo=codigo&q=${'c'.repeat(101)}`, headers: { cookie: admin } });
    expect(largo.statusCode).toBe(400);
    expect(largo.json().message).toBe(MENSAJES_PAGINACION.busquedaLarga);
  });

  it("GET /api/producto/sugerencias by name tolerates typos and keeps its shape", async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/producto/sugerencias?q=boligrafo%20azl', headers: { cookie: admin } });
    expect(r.json()).toEqual([{ id: expect.any(Number), denominacion: 'Bolígrafo azul trazo fino', codigo: 'BOL-AZ', marca: 'Bic', precio: 1500, stock: 10 }]);
  });
});

describe('synonyms', () => {
  const pedir = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie: string | null = admin) =>
    t.app.inject({ method, url, ...(payload === undefined ? {} : { payload }), headers: cookie ? { cookie } : {} });

  it('the seeded Argentine words find what the catalogue calls them, both ways', async () => {
    expect((await codigos('birome')).sort()).toEqual(['BOL-AZ', 'BOL-NG']);
    expect(await codigos('birome azul')).toEqual(['BOL-AZ']);
    expect(await codigos('cola vinilica')).toEqual(['ADH-250']);
    const lista: Sinonimo[] = (await pedir('GET', '/api/sinonimo')).json();
    expect(lista.length).toBeGreaterThanOrEqual(25);
    expect(lista).toContainEqual({ id: expect.any(Number), termino: 'birome', equivalente: 'bolígrafo' });
  });

  it("a word no product has finds its synonym's products, and its nearest roots only when the synonym names none", async () => {
    // The seeded 'fibra' = 'marcador'. 'fibra' (root 'fibr') is one letter from 'libr' of 'Libro de actas'.
    const varios = (await crearCategoria(t.db, 'Oficina')).id;
    await crearProducto(t.db, { denominacion: 'Libro de actas', marca: 'Rivadavia', codigo: 'LIB-A', categoriaId: varios });
    try {
      expect(await codigos('fibra')).toContain('LIB-A');
      await crearProducto(t.db, { denominacion: 'Marcador permanente', marca: 'Sifap', codigo: 'MAR-P', categoriaId: varios });
      // One word (the one-position statement), two words, and the grid's name filter (the general one).
      expect(await codigos('fibra')).toEqual(['MAR-P']);
      expect(await codigos('fibra permanente')).toEqual(['MAR-P']);
      expect((await listar('denominacion=fibra', admin)).items.map((p) => p.codigo)).toEqual(['MAR-P']);
      // A typo of the synonym's own word still finds it.
      expect(await codigos('marcadro')).toEqual(['MAR-P']);
    } finally {
      await t.db.delete(producto).where(sql`${producto.codigo} in ('LIB-A', 'MAR-P')`);
    }
  });

  it('a created, edited or deleted synonym changes the next search, and is audited', async () => {
    expect(await codigos('pizarron')).toEqual([]);
    const creado = await pedir('POST', '/api/sinonimo', { id: null, termino: ' Pizarrón ', equivalente: 'goma  de borrar' });
    expect(creado.statusCode).toBe(201);
    const sinonimo: Sinonimo = creado.json();
    expect(sinonimo).toEqual({ id: expect.any(Number), termino: 'Pizarrón', equivalente: 'goma de borrar' });
    expect(await codigos('pizarron')).toEqual(['GOM-1']);
    expect(await codigos('goma borrar')).toEqual(['GOM-1']);

    const editado = await pedir('PUT', `/api/sinonimo/${sinonimo.id}`, { ...sinonimo, equivalente: 'témpera' });
    expect(editado.statusCode).toBe(200);
    expect(await codigos('pizarrones')).toEqual(['TEM-1']);

    expect((await pedir('DELETE', `/api/sinonimo/${sinonimo.id}`)).statusCode).toBe(204);
    expect(await codigos('pizarron')).toEqual([]);
    expect((await pedir('DELETE', `/api/sinonimo/${sinonimo.id}`)).json().message).toBe(MENSAJES_SINONIMO.noEncontrado);

    const eventos = await t.db.select({ accion: auditoria.accion }).from(auditoria).where(eq(auditoria.entidadId, sinonimo.id));
    expect(eventos.map((e) => e.accion).filter((a) => a.startsWith('sinonimo.'))).toEqual(['sinonimo.crear', 'sinonimo.editar', 'sinonimo.eliminar']);
  });

  it('refuses a duplicate (either order, accents and case aside) with 409', async () => {
    const r = await pedir('POST', '/api/sinonimo', { termino: 'BOLIGRAFO', equivalente: 'Birome' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_SINONIMO.existente('BOLIGRAFO', 'Birome'));
  });

  it('refuses bad input with a Spanish 400', async () => {
    const mensaje = async (payload: object) => {
      const r = await pedir('POST', '/api/sinonimo', payload);
      expect(r.statusCode).toBe(400);
      return r.json().message as string;
    };
    expect(await mensaje({ termino: '', equivalente: 'x' })).toBe(MENSAJES_SINONIMO.terminoObligatorio);
    expect(await mensaje({ termino: 'x' })).toBe(MENSAJES_SINONIMO.equivalenteObligatorio);
    expect(await mensaje({ termino: 'x'.repeat(61), equivalente: 'y' })).toBe('No puede superar los 60 caracteres');
    expect(await mensaje({ termino: 'Lápiz', equivalente: 'lapiz' })).toBe(MENSAJES_SINONIMO.iguales);
    expect(await mensaje({ termino: 'a', equivalente: 'b', peso: 3 })).toBe('Campo desconocido: peso');
    // A side with no letter or digit could never match a search.
    expect(await mensaje({ termino: '%', equivalente: 'zzy' })).toBe(MENSAJES_SINONIMO.terminoSinPalabras);
    expect(await mensaje({ termino: 'zzy', equivalente: '!!! ...' })).toBe(MENSAJES_SINONIMO.equivalenteSinPalabras);
    expect((await pedir('GET', '/api/sinonimo')).json().map((x: Sinonimo) => x.termino)).not.toContain('%');
    expect((await pedir('PUT', '/api/sinonimo/999999', { termino: 'a', equivalente: 'b' })).statusCode).toBe(404);
    // The body may carry back its own id, never another synonym's (nor a number no row can have).
    const [primero] = (await pedir('GET', '/api/sinonimo')).json() as Array<{ id: number; termino: string; equivalente: string }>;
    for (const id of [primero!.id + 1, -2_147_483_648]) {
      const r = await pedir('PUT', `/api/sinonimo/${primero!.id}`, { ...primero, id, equivalente: 'otra cosa' });
      expect(r.statusCode).toBe(400);
    }
    const distinto = await pedir('PUT', `/api/sinonimo/${primero!.id}`, { ...primero, id: primero!.id + 1 });
    expect(distinto.json().message).toBe(MENSAJES_SINONIMO.idDistinto);
    expect((await pedir('GET', '/api/sinonimo')).json()).toContainEqual(primero);
  });

  it('is for admins only: 401 without a session, 403 for a customer', async () => {
    for (const [cookie, estado] of [
      [null, 401],
      [cliente, 403],
    ] as const) {
      expect((await pedir('GET', '/api/sinonimo', undefined, cookie)).statusCode).toBe(estado);
      expect((await pedir('POST', '/api/sinonimo', { termino: 'a', equivalente: 'b' }, cookie)).statusCode).toBe(estado);
      expect((await pedir('PUT', '/api/sinonimo/1', { termino: 'a', equivalente: 'b' }, cookie)).statusCode).toBe(estado);
      expect((await pedir('DELETE', '/api/sinonimo/1', undefined, cookie)).statusCode).toBe(estado);
    }
  });
});

describe('GET /api/producto/autocompletar', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 10; i++) await crearProducto(t.db, { denominacion: `Carpeta escolar ${i}`, marca: 'Carpetex', codigo: `CAR-${i}` });
  });
  const sugerir = async (q: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/producto/autocompletar?q=${encodeURIComponent(q)}` });
    expect(r.statusCode).toBe(200);
    return autocompletarSchema.strict().parse(r.json());
  };

  it('answers brands first and at most 8 in all, public', async () => {
    const r = await sugerir('carp');
    expect(r.marcas).toEqual(['Carpetex']);
    expect(r.productos).toHaveLength(SUGERENCIAS_MAXIMAS - 1);
    expect(Object.keys(r.productos[0]!).sort()).toEqual(['denominacion', 'id', 'imagen', 'marca', 'precio']);
    const lapices = await sugerir('lapi');
    expect(lapices.marcas).toEqual([]);
    // By sales; the sharpener's code, LAPIZ, starts with 'lapi' too.
    expect(lapices.productos.map((p) => p.denominacion)).toEqual(['Lápices de colores x12', 'Lápiz negro HB', 'Sacapuntas metálico']);
    expect(await sugerir('  ')).toEqual({ marcas: [], productos: [] });
  });

  it('refuses a query of more than 100 characters', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/producto/autocompletar?q=${'b'.repeat(101)}` });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_PAGINACION.busquedaLarga);
  });
});

describe('for the bench', () => {
  it('sqlDelCatalogo and sqlDeAutocompletar give runnable statements', async () => {
    const consultas = [
      ...(await sqlDelCatalogo(t.db, { q: 'birome azul', pagina: 1, porPagina: 24 })),
      ...(await sqlDelCatalogo(t.db, { pagina: 1, porPagina: 24 })),
      ...(await sqlDeAutocompletar(t.db, 'lapi')),
    ];
    // One statement a catalogue page, one a suggestion request (its brands and products together).
    expect(consultas.length).toBe(3);
    // With their values inlined, as pgbench runs them.
    for (const c of consultas) await expect(t.db.execute(sql.raw(enLinea(c)))).resolves.toBeTruthy();
  });
});

// The relevance set (server/test/relevancia.json) through the API: the anchors among 2,000 generated
// products; a change that makes the search find less fails here. The bench prints the same
// score at 10,000 and 100,000 products.
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productoFiltrosSchema } from '../../domain/producto';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { busquedaDelCatalogo, consultaDeBusqueda, filasDeBusqueda, raicesDe, sqlDeBusqueda, sqlGeneral } from './busqueda';
import { ANCLAS, cargarCatalogo, CONSULTAS_DE_RELEVANCIA, describirFallo, medirRelevancia } from '../test/catalogo-de-busqueda';

let t: AppDePrueba;

beforeAll(async () => {
  t = await crearAppDePrueba();
  await cargarCatalogo(t.db, { productos: 2000 });
}, 180_000);
afterAll(() => t.cerrar());

async function buscar(q: string): Promise<string[]> {
  const r = await t.app.inject({ method: 'GET', url: `/api/producto?q=${encodeURIComponent(q)}` });
  expect(r.statusCode, `GET /api/producto?q=${q}: ${r.body}`).toBe(200);
  return (r.json() as { items: Array<{ codigo: string }> }).items.map((p) => p.codigo);
}

describe('relevance of the catalogue search', () => {
  it('the set is the one the bench measures: 120 queries or more, each expecting products that exist', () => {
    expect(CONSULTAS_DE_RELEVANCIA.length).toBeGreaterThanOrEqual(120);
    const codigos = new Set(ANCLAS.map((a) => a.codigo));
    const generados = /^BN00(0\d{3}|1\d{3}|2000)$/; // within the 2,000 generated products loaded here
    for (const c of CONSULTAS_DE_RELEVANCIA) {
      expect(c.esperados.length, c.q).toBeGreaterThan(0);
      for (const codigo of c.esperados) expect(codigos.has(codigo) || generados.test(codigo), `${c.q}: ${codigo}`).toBe(true);
    }
  });

  it('finds an expected product among the first 3 results for at least 95% of the queries', async () => {
    const r = await medirRelevancia(buscar);
    const detalle = `${r.aciertos} de ${r.consultas}; fallan:\n${r.fallos.map(describirFallo).join('\n')}`;
    expect(r.puntaje, detalle).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});

describe('the one-position shortcut (a word, or a word and its one-word synonyms)', () => {
  it('gives the same pages and total as the general statement, at every page of every one-word query', async () => {
    const unaPalabra = [...new Set(CONSULTAS_DE_RELEVANCIA.map((c) => c.q).filter((q) => raicesDe(q).length === 1))];
    // Plural and synonym words, prefixes of several terms ('archiv': archivo, archivador), typos.
    unaPalabra.push('hojas', 'birome', 'archiv', 'lapi', 'cuadreno');
    // Synonyms of several words: 'corrector' = 'liquid paper', 'portaminas' = 'lápiz mecánico'.
    unaPalabra.push('correctores', 'corrector', 'portaminas', 'plastilina', 'folios', 'folio');
    expect(unaPalabra.length).toBeGreaterThan(20);
    let conSinonimos = 0;
    let deVarias = 0;
    for (const q of unaPalabra) {
      for (const pagina of [1, 2, 3]) {
        const b = await busquedaDelCatalogo(t.db, productoFiltrosSchema.parse({ q, pagina, porPagina: 12 }));
        if (!b || b.huecos.length !== 1) continue;
        if (b.huecos[0]!.alternativas.length > 1) conSinonimos += 1;
        if (b.huecos[0]!.alternativas.some((a) => a.length > 1)) deVarias += 1;
        const atajo = await filasDeBusqueda(t.db, b);
        const general = await filasDeBusqueda(t.db, b, sqlGeneral);
        expect(atajo.map((f) => [f.id, f.total]), `${q}, página ${pagina}`).toEqual(general.map((f) => [f.id, f.total]));
      }
    }
    expect(conSinonimos).toBeGreaterThan(0);
    expect(deVarias).toBeGreaterThan(10);
  }, 120_000);

  it('gives the same pages for prefixes of many terms, each with more matches than the page reads of it', async () => {
    // Small pages, deep: each prefix term's best `desde + limite` in index order must hold the page.
    let truncadas = 0;
    for (const q of ['bo', 'ca', 'co', 'cua', 'lap', 'ma', 'pa', 're']) {
      for (const pagina of [1, 2, 5, 9]) {
        const b = await busquedaDelCatalogo(t.db, productoFiltrosSchema.parse({ q, pagina, porPagina: 4 }));
        expect(b?.huecos).toHaveLength(1);
        const atajo = await filasDeBusqueda(t.db, b!);
        const general = await filasDeBusqueda(t.db, b!, sqlGeneral);
        expect(atajo.map((f) => [f.id, f.total]), `${q}, página ${pagina}`).toEqual(general.map((f) => [f.id, f.total]));
        if ((atajo[0]?.total ?? 0) > pagina * 4 * 3) truncadas += 1;
      }
    }
    expect(truncadas).toBeGreaterThan(10);
  }, 120_000);
});

/**
 * What a migration writes for a catalogue that exists (`rehacer`, in a transaction that leaves everything
 * as it was) reads as the writes left it (`leer`); how many rows.
 */
async function igualTrasRehacer(leer: SQL, rehacer: SQL[]): Promise<number> {
  const filas = async (db: Pick<typeof t.db, 'execute'>) => ((await db.execute(leer)) as unknown as { rows: unknown[] }).rows;
  const escritas = await filas(t.db);
  await t.db
    .transaction(async (tx) => {
      for (const paso of rehacer) await tx.execute(paso);
      expect(await filas(tx)).toEqual(escritas);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  expect(await filas(t.db)).toEqual(escritas);
  return escritas.length;
}

/** The first row of a statement (through the main pool: some of these write). */
async function primera<T>(consulta: SQL): Promise<T | undefined> {
  return ((await t.db.execute(consulta)) as unknown as { rows: T[] }).rows[0];
}

describe('the terms\' statement (several words, every field: producto_terminos)', () => {
  it('gives the same pages and totals as the general statement, with synonyms, typos, filters and both price orders', async () => {
    const varias = [...new Set(CONSULTAS_DE_RELEVANCIA.map((c) => c.q).filter((q) => raicesDe(q).length > 1))];
    // Synonyms of two words and of one, a typo with a word, a prefix being typed, a code among words.
    varias.push('liquid paper', 'birome azul', 'cuadreno rayado', 'lapiz neg', 'hojas oficio', 'LM-1001 cuaderno', 'boli az');
    // Words in some products' names and only in others' category (rank 1 there): 'dibujo', 'geometría', 'archivo', 'oficina'.
    varias.push('dibujo color', 'block dibujo', 'geometria escuadra', 'regla geometria', 'archivo caja', 'carpeta archivo', 'oficina abrochadora', 'pizarra blanca', 'tijera escolar', 'libro tapa');
    // A word being typed beside one of those: its prefix ranks 2, which a whole word elsewhere (1) does not worsen.
    varias.push('bibli archivo', 'foli archivo', 'lapi escritura', 'pince pintura', 'escuad geometria', 'carpe archivo');
    expect(varias.length).toBeGreaterThan(30);
    const { categoria_id: categoriaId, marca } = (await primera<{ categoria_id: number; marca: string }>(sql`select categoria_id, marca from producto order by id limit 1`))!;
    const variantes = [{}, { orden: 'asc' }, { orden: 'desc' }, { marca }, { categoriaId }, { pagina: 2 }, { pagina: 3 }, { pagina: 9 }, { pagina: 2, porPagina: 40 }];
    let porTerminos = 0;
    let conResultados = 0;
    for (const q of varias) {
      for (const variante of variantes) {
        const b = await busquedaDelCatalogo(t.db, productoFiltrosSchema.parse({ q, porPagina: 6, ...variante }));
        if (!b || (b.huecos.length === 1 && b.huecos[0]!.alternativas.every((a) => a.length === 1))) continue;
        porTerminos += 1;
        const nuevo = await filasDeBusqueda(t.db, b);
        const general = await filasDeBusqueda(t.db, b, sqlGeneral);
        expect(nuevo.map((f) => [f.id, f.total]), `${q}, ${JSON.stringify(variante)}`).toEqual(general.map((f) => [f.id, f.total]));
        if ((nuevo[0]?.total ?? 0) > 0) conResultados += 1;
      }
    }
    expect(porTerminos).toBeGreaterThan(150);
    expect(conResultados).toBeGreaterThan(100);
  }, 180_000);

  it('migration 0016 fills it for a catalogue that exists as the triggers keep it', async () => {
    const n = await igualTrasRehacer(sql`select producto_id, terminos, nombre, cantidad_vendida, precio::text as precio from producto_terminos order by producto_id`, [
      sql`delete from producto_terminos`,
      sql`select busqueda_terminos(array(select id from producto order by id))`,
    ]);
    expect(n).toBeGreaterThan(2000);
  });

  it("migration 0017 counts each prefix's products for a catalogue that exists as the writes keep them", async () => {
    const n = await igualTrasRehacer(sql`select prefijo, productos from prefijo_busqueda where productos <> 0 order by prefijo collate "C"`, [
      sql`delete from prefijo_busqueda`,
      sql`insert into prefijo_busqueda (prefijo, productos)
        select x.prefijo, count(*) from producto_terminos t, busqueda_prefijos(t.terminos) x group by x.prefijo`,
    ]);
    expect(n).toBeGreaterThan(500);
  });

  it('follows the product: renamed, sold, repriced, its category renamed, deleted', async () => {
    const buscarIds = async (q: string) => (await filasDeBusqueda(t.db, (await busquedaDelCatalogo(t.db, productoFiltrosSchema.parse({ q })))!)).map((f) => f.id);
    const { id } = (await primera<{ id: number }>(sql`insert into producto (codigo, denominacion, marca, precio, costo, porcentaje, stock, categoria_id)
      values ('ZZ-1', 'Sacapuntas giratorio fucsia', 'Maped', 100, 50, 100, 5, (select min(id) from categoria)) returning id`))!;
    expect(await buscarIds('sacapuntas fucsia')).toContain(id);
    await t.db.execute(sql`update producto set denominacion = 'Sacapuntas giratorio turquesa' where id = ${id}`);
    expect(await buscarIds('sacapuntas fucsia')).not.toContain(id);
    expect(await buscarIds('giratorio turquesa')).toContain(id);
    await t.db.execute(sql`update producto set cantidad_vendida = 99999, precio = 1 where id = ${id}`);
    expect(await primera(sql`select cantidad_vendida, precio::text as precio from producto_terminos where producto_id = ${id}`)).toEqual({ cantidad_vendida: 99999, precio: '1.00' });
    expect((await buscarIds('sacapuntas turquesa'))[0]).toBe(id);
    const { denominacion } = (await primera<{ denominacion: string }>(sql`select c.denominacion from categoria c join producto p on p.categoria_id = c.id where p.id = ${id}`))!;
    await t.db.execute(sql`update categoria set denominacion = 'Rarezas únicas' where id = (select categoria_id from producto where id = ${id})`);
    expect(await buscarIds('rarezas turquesa')).toContain(id);
    await t.db.execute(sql`update categoria set denominacion = ${denominacion} where id = (select categoria_id from producto where id = ${id})`);
    await t.db.execute(sql`delete from producto where id = ${id}`);
    expect(await buscarIds('sacapuntas turquesa')).not.toContain(id);
    expect(await primera(sql`select 1 from producto_terminos where producto_id = ${id}`)).toBeUndefined();
  }, 60_000);
});

describe('statements written once per shape', () => {
  it('a kept statement, filled with a request\'s values, is the one written for that request alone', async () => {
    const consultas = [...new Set(CONSULTAS_DE_RELEVANCIA.map((c) => c.q))];
    consultas.push('liquid paper', 'birome azul', 'cuadreno rayado', 'lapiz 2b', 'a4', 'LM-1001', 'ab', 'boli az');
    const variantes = [{}, { orden: 'desc' }, { marca: 'Rivadavia' }, { categoriaId: 3, pagina: 2 }, { codigo: 'lm' }, { denominacion: 'cuaderno', marcaContiene: 'glo' }];
    let comparadas = 0;
    // Twice: the second round finds every shape kept by the first, with other values.
    for (const ronda of [0, 1]) {
      for (const q of ronda === 0 ? consultas : [...consultas].reverse()) {
        for (const variante of variantes) {
          const b = await busquedaDelCatalogo(t.db, productoFiltrosSchema.parse({ q, porPagina: 6, ...variante }));
          if (!b) continue;
          expect(consultaDeBusqueda(b).consulta, `${q}, ${JSON.stringify(variante)}`).toEqual(consultaDeBusqueda(b, sqlDeBusqueda).consulta);
          comparadas += 1;
        }
      }
    }
    expect(comparadas).toBeGreaterThan(1000);
  });
});

import { asc, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PALABRAS_VACIAS, codigoCompacto, palabrasDe, plegar, raiz } from '../../domain/plegado';
import { SUGERENCIAS_MAXIMAS, type Autocompletar } from '../../domain/busqueda';
import type { Producto, ProductoFiltros } from '../../domain/producto';
import type { Db } from '../db/client';
import { esPreparable, filasDeConsulta, filasDelCatalogo, filasEnBytes, type Consulta } from '../db/preparadas';
import { categoria, producto, sinonimo } from '../db/schema';
import { DIFUSAS_DESCONOCIDAS, conocerDifusas, difusasConocidas, difusasDe, versionDeTerminos, type Difusas } from './difusas-conocidas';
import { escaparLike, patronContiene } from '../db/texto-sql';

// The catalogue's search (issue 17, docs/decisions/028-busqueda.md). Words are folded and reduced to
// their root here (domain/plegado.ts) and matched against `producto_palabra`, which triggers keep on
// every write. Each query word expands to the catalogue's terms: the same root, roots it begins
// ('boli' -> 'boligraf'), or, when none, the nearest roots by trigrams ('lapis' -> 'lapiz'). A search is
// ONE statement: terms, matches, ranking, the page with its products and the total.

/** The fields a word may match: a bit each, as `producto_palabra.campos`. */
export const CAMPOS = { codigo: 1, denominacion: 2, marca: 4, categoria: 8, todos: 15 } as const;

/**
 * A query word's rank pieces: exact root 0, a synonym's root 1, prefix 2, typo 4; plus `peso` (1 when not
 * in name or code). A synonym ranks after the word typed: 'repuesto' shows the 'Repuesto de hojas' before
 * the notebooks that only have its synonym 'hojas', however much more those sell.
 */
const NIVEL = { exacta: 0, sinonimo: 1, prefijo: 2, difusa: 4 } as const;
/** The levels in rank order. */
const NIVELES = [NIVEL.exacta, NIVEL.sinonimo, NIVEL.prefijo, NIVEL.difusa];
/** Prefixes per word: the shortest terms first ('bo' while typing). */
const PREFIJOS_MAXIMOS = 30;
/** One word to find, as its root; the person's own words also match by prefix and typo (`difusas`: its typo terms as known in memory). */
interface Palabra {
  raiz: string;
  propia: boolean;
  difusas?: Difusas;
}

/** One position of the query: any alternative (the words typed, or a synonym's) must match whole. */
interface Hueco {
  alternativas: Palabra[][];
  campos: number;
}

// ---- Synonyms ----

interface ParSinonimo {
  a: string[];
  b: string[];
}

/**
 * Each side of every synonym under its first root, with the other side, in the list's order: a query
 * position looks only at the sides that can begin there (it looked at all of them: 5 % of a suggestion's CPU).
 */
type Sinonimos = ReadonlyMap<string, ReadonlyArray<{ lado: string[]; otro: string[] }>>;

function indiceDeSinonimos(pares: ParSinonimo[]): Sinonimos {
  const indice = new Map<string, Array<{ lado: string[]; otro: string[] }>>();
  for (const { a, b } of pares) {
    for (const [lado, otro] of [
      [a, b],
      [b, a],
    ] as const) {
      const lista = indice.get(lado[0]!) ?? [];
      lista.push({ lado, otro });
      indice.set(lado[0]!, lista);
    }
  }
  return indice;
}

/** Roots of a text's meaningful words ('goma de borrar' -> ['gom', 'borrar']). */
export function raicesDe(texto: string): string[] {
  const palabras = palabrasDe(texto);
  const llenas = palabras.filter((p) => !PALABRAS_VACIAS.has(p));
  return (llenas.length > 0 ? llenas : palabras).map(raiz);
}

/**
 * The synonyms, read once per database object and forgotten on every change through this process
 * (`olvidarSinonimos`): a change takes effect in the next search. Another instance's change reaches
 * this one through its memory's invalidation (server/operacion/avisos-entre-instancias.ts, wired in
 * app.ts), and at the latest after `SINONIMOS_VIGENCIA_MS` when that channel is off or missed a notice.
 */
const SINONIMOS_VIGENCIA_MS = 30_000;
const sinonimosRecordados = new WeakMap<Db, Promise<Sinonimos>>();
const sinonimosLeidos = new WeakMap<Db, number>();

export function olvidarSinonimos(db: Db): void {
  sinonimosRecordados.delete(db);
}

function cargarSinonimos(db: Db): Promise<Sinonimos> {
  let lista = sinonimosRecordados.get(db);
  if (!lista || Date.now() - (sinonimosLeidos.get(db) ?? 0) > SINONIMOS_VIGENCIA_MS) {
    sinonimosLeidos.set(db, Date.now());
    lista = db
      .select({ termino: sinonimo.termino, equivalente: sinonimo.equivalente })
      .from(sinonimo)
      .orderBy(asc(sinonimo.id))
      .then((filas) =>
        indiceDeSinonimos(filas.map((f) => ({ a: raicesDe(f.termino), b: raicesDe(f.equivalente) })).filter((p) => p.a.length > 0 && p.b.length > 0)),
      );
    sinonimosRecordados.set(db, lista);
    const esta = lista;
    // A failed read is not remembered.
    lista.catch(() => {
      if (sinonimosRecordados.get(db) === esta) sinonimosRecordados.delete(db);
    });
  }
  return lista;
}

/**
 * The query's positions: left to right, the longest synonym side that starts at a position takes its
 * words, and the other sides become alternatives ('birome azul' -> [birom | boligraf] [azul]).
 */
export function huecosDe(raices: string[], sinonimos: Sinonimos, campos: number = CAMPOS.todos): Hueco[] {
  const huecos: Hueco[] = [];
  for (let i = 0; i < raices.length; ) {
    let largo = 0;
    let otras: string[][] = [];
    for (const { lado, otro } of sinonimos.get(raices[i]!) ?? []) {
      if (lado.length < largo || !lado.every((r, k) => raices[i + k] === r)) continue;
      if (lado.length > largo) {
        largo = lado.length;
        otras = [];
      }
      otras.push(otro);
    }
    if (largo === 0) {
      huecos.push({ alternativas: [[{ raiz: raices[i]!, propia: true }]], campos });
      i += 1;
      continue;
    }
    const propias = raices.slice(i, i + largo).map((r) => ({ raiz: r, propia: true }));
    const vistas = new Set([propias.map((p) => p.raiz).join(' ')]);
    const alternativas = [propias];
    for (const otra of otras) {
      const clave = otra.join(' ');
      if (vistas.has(clave)) continue;
      vistas.add(clave);
      alternativas.push(otra.map((r) => ({ raiz: r, propia: false })));
    }
    huecos.push({ alternativas, campos });
    i += largo;
  }
  return huecos;
}

// ---- SQL ----


/** Words of 3 letters or more, without digits (codes, sizes), may be typos of a catalogue word. */
const tieneTypos = (palabra: string) => palabra.length >= 3 && !/[0-9]/.test(palabra);
/** A word whose typos are looked for: one of the person's own. */
const conTypos = (p: Palabra): boolean => p.propia && tieneTypos(p.raiz);

/** The first string after every string that begins with `texto` (its last character, one higher). */
export function siguienteCadena(texto: string): string {
  const caracteres = [...texto];
  const ultimo = caracteres.pop();
  const codigo = ultimo?.codePointAt(0);
  if (codigo === undefined || codigo >= 0x10ffff) return `${texto}\u{10FFFF}`;
  // Past the surrogates, which are not characters of their own.
  const siguiente = codigo + 1 >= 0xd800 && codigo + 1 <= 0xdfff ? 0xe000 : codigo + 1;
  return caracteres.join('') + String.fromCodePoint(siguiente);
}

// ---- A statement per shape ----
//
// The statements take every value as a named placeholder: the query's k-th word (huecos, alternatives,
// words, in that order) is `r{k}`, and `s{k}` the first string after every string it begins; then
// `codigo`, `marca`, `categoria`, `codigoContiene`, `limite`, `desde`, `hasta`. A shape (positions,
// alternatives, words that may be typos, filters, order) is built and written once (`consultaDeBusqueda`);
// a request only fills its values. Building them again on every request was a fifth of the server's CPU.

const valor = (nombre: string): SQL => sql`${sql.placeholder(nombre)}`;

/** The admin grid's 'code contains', on the code's letters and digits (a trigram index serves it: migration 0022). */
const codigoContiene = sql`busqueda_codigo(p.codigo) like ${valor('codigoContiene')}`;
/** A level or a limit of our own, written into the statement's text (never a value from a request). */
const nivel = (numero: number): SQL => sql.raw(String(numero));
const raizK = (k: number): SQL => sql`${sql.placeholder(`r${k}`)}::text`;
const siguienteK = (k: number): SQL => sql`${sql.placeholder(`s${k}`)}::text`;

/** The words of a search in the order the statements number them. */
const palabrasEnOrden = (b: Busqueda): Palabra[] => b.huecos.flatMap((h) => h.alternativas.flat());

/** The values of a search's placeholders. */
function valoresDe(b: Busqueda): Record<string, unknown> {
  const valores: Record<string, unknown> = {
    codigo: b.codigo,
    marca: b.marca ?? null,
    categoria: b.categoriaId ?? null,
    codigoContiene: b.codigoContiene ? patronContiene(b.codigoContiene) : null,
    limite: b.limite,
    desde: b.desde,
    hasta: b.desde + b.limite,
  };
  if (b.sugerencia !== undefined) {
    const patron = escaparLike(b.sugerencia);
    valores.empieza = `${patron}%`;
    valores.palabra = `% ${patron}%`;
  }
  palabrasEnOrden(b).forEach((p, k) => {
    valores[`r${k}`] = p.raiz;
    valores[`s${k}`] = siguienteCadena(p.raiz);
    if (conTypos(p)) {
      const d = p.difusas ?? DIFUSAS_DESCONOCIDAS;
      valores[`v${k}`] = d.version;
      valores[`dp${k}`] = d.palabras;
      valores[`di${k}`] = d.ids;
    }
  });
  return valores;
}

/** What the statement's text depends on: everything but the values. */
function formaDe(b: Busqueda): string {
  const huecos = b.huecos.map((h) => `${h.campos}:${h.alternativas.map((a) => a.map((p) => `${p.propia ? 'p' : 'o'}${conTypos(p) ? 't' : ''}`).join(',')).join('|')}`);
  return [b.orden, b.marca ? 'm' : '', b.categoriaId ? 'c' : '', b.codigoContiene ? 'k' : '', b.sugerencia !== undefined ? 's' : '', b.publico ? 'j' : '', ...huecos].join(';');
}

/** A statement written once: its text with placeholders, and whether the catalogue's connections prepare it. */
interface Plantilla {
  consulta: Consulta;
  preparada: boolean;
}

/** Shapes kept written; one beyond them is written for its request alone (a search has at most 100 characters). */
const FORMAS_MAXIMAS = 1000;
const plantillas = new Map<string, Plantilla>();

function plantilla(forma: string | undefined, escribir: () => SQL): Plantilla {
  const conocida = forma === undefined ? undefined : plantillas.get(forma);
  if (conocida) return conocida;
  const consulta = dialecto.sqlToQuery(escribir());
  const nueva = { consulta, preparada: esPreparable(consulta.sql) };
  if (forma !== undefined && plantillas.size < FORMAS_MAXIMAS) plantillas.set(forma, nueva);
  return nueva;
}

const llenar = (p: Plantilla, valores: Record<string, unknown>): Plantilla => ({
  consulta: { sql: p.consulta.sql, params: fillPlaceholders(p.consulta.params, valores) },
  preparada: p.preparada,
});

/** A search's statement with its values (`sqlDe`: another builder, the general one in a test; never kept). */
export function consultaDeBusqueda(b: Busqueda, sqlDe?: (b: Busqueda) => SQL): Plantilla {
  return llenar(plantilla(sqlDe ? undefined : `busqueda;${formaDe(b)}`, () => (sqlDe ?? sqlDeBusqueda)(b)), valoresDe(b));
}

const filasDe = <T>(db: Db, { consulta, preparada }: Plantilla): Promise<T[]> => filasDeConsulta<T>(db, consulta, preparada);

/** The rows of a search. */
export const filasDeBusqueda = (db: Db, b: Busqueda, sqlDe?: (b: Busqueda) => SQL): Promise<FilaBusqueda[]> =>
  filasDe<FilaBusqueda>(db, consultaDeBusqueda(b, sqlDe));

/**
 * For each word typed (by its number), the synonyms of its position, numbered as the statements number them.
 * A word's typos are looked for only when none of them names a product: 'fibra' (no product has it) finds the
 * markers of its synonym 'marcador', not those too of 'filas', 'Filgo' and 'libros', its nearest roots.
 */
function sinonimosPorPalabra(b: Busqueda): Map<number, Numerada[][]> {
  const sinonimos = new Map<number, Numerada[][]>();
  let k = 0;
  for (const hueco of b.huecos) {
    const numeradas = hueco.alternativas.map((a) => a.map((palabra) => ({ palabra, k: k++ })));
    const otras = numeradas.filter((a) => !a[0]!.palabra.propia);
    if (otras.length === 0) continue;
    for (const n of numeradas.flat()) if (n.palabra.propia) sinonimos.set(n.k, otras);
  }
  return sinonimos;
}

/** Some synonym of the position names a product (each of its roots, for one of several words). */
const sinonimoConProductos = (otras: Numerada[][]): SQL =>
  sql.join(
    otras.map((a) =>
      a.length === 1
        ? sql`exists (select 1 from termino_busqueda where palabra = ${raizK(a[0]!.k)} and productos > 0)`
        : sql`${raicesJuntas(a)} is not null`,
    ),
    sql` or `,
  );

/**
 * The catalogue terms the query's k-th word stands for, with their id and level: a CTE body over
 * `termino_busqueda`. `sinonimos`: its position's (`sinonimosPorPalabra`), whose products exclude its typos.
 */
function terminosDe(p: Palabra, k: number, sinonimos?: Numerada[][]): SQL {
  // A synonym's root only if some product has it: most regional words are in no name ('pegamento' beside
  // 'adhesivo'), and a word without terms is skipped by every array test (null, below).
  if (!p.propia) return sql`select palabra, id, ${nivel(NIVEL.sinonimo)} as nivel from termino_busqueda where palabra = ${raizK(k)} and productos > 0`;
  const w = raizK(k);
  // The words that begin with it, as a byte range (the index's text_pattern_ops): unlike `like 'x%'`,
  // a range of parameters keeps the index in a prepared statement's generic plan.
  const prefijo = sql`palabra ~>=~ ${w} and palabra ~<~ ${siguienteK(k)}`;
  const prefijos = sql`(select palabra, id, case when palabra = ${w} then ${nivel(NIVEL.exacta)} else ${nivel(NIVEL.prefijo)} end as nivel
      from termino_busqueda where ${prefijo} order by length(palabra), palabra limit ${nivel(PREFIJOS_MAXIMOS)})`;
  if (!conTypos(p)) return prefijos;
  // Typos only when no term begins with it, nor a synonym of its position names a product.
  const sinPrefijos = sql`not exists (select 1 from termino_busqueda where ${prefijo})${sinonimos ? sql` and not (${sinonimoConProductos(sinonimos)})` : sql``}`;
  // Its typo terms as the server knows them (`v{k}`, `dp{k}`, `di{k}`: difusas-conocidas.ts) while their
  // version is the terms' version; else found here. No condition has a column: PostgreSQL decides each
  // once, and never runs what one rules out. `offset 0` keeps `sinPrefijos` out of the two branches, so
  // a word with prefixes (most) decides it once and reads no version: each branch checking it cost a
  // one-word search 8 % in PostgreSQL.
  const version = sql`${sql.placeholder(`v${k}`)}::bigint`;
  return sql`${prefijos}
    union all
    (select d.palabra, d.id, ${nivel(NIVEL.difusa)} from (
      (select c.palabra, c.id from unnest(${sql.placeholder(`dp${k}`)}::text[], ${sql.placeholder(`di${k}`)}::int[]) c(palabra, id) where ${versionDeTerminos} = ${version})
      union all
      (select f.palabra, f.id from ${difusasDe(w)} f where ${versionDeTerminos} is distinct from ${version})
      offset 0) d
    where ${sinPrefijos})`;
}

const columnasFila = sql`p.id, p.denominacion, p.marca, p.codigo, p.imagen, p.precio, p.costo, p.porcentaje, p.stock,
  p.cantidad_vendida, p.descripcion, c.id as categoria_id, c.denominacion as categoria_denominacion`;

/** The brands' version (migration 0010): the page says whether the brands kept in memory still hold. */
const versionMarcas = sql`(select valor from contador_catalogo where nombre = 'marcas') as version_marcas`;

export type Orden = 'relevancia' | 'asc' | 'desc';

export interface Busqueda {
  huecos: Hueco[];
  /** The whole query folded, for 'exact code first'. */
  codigo: string;
  orden: Orden;
  marca?: string;
  categoriaId?: number;
  codigoContiene?: string;
  limite: number;
  desde: number;
  /** The public catalogue: the page's products as their public JSON, joined in one row (`paginaPublica`), not their columns. */
  publico?: boolean;
  /**
   * Suggestions: the text typed, folded, whose brands the same statement suggests (`FilaSugerida`). It
   * counts nothing, and its rows carry only what a suggestion shows.
   */
  sugerencia?: string;
}

/** The order of the page: rank pieces `s`, then sales, then price and id; or price and id. */
function ordenDe(orden: Orden, s: SQL, cv: SQL, precio: SQL, id: SQL): SQL {
  if (orden === 'asc') return sql`${precio} asc, ${id} asc`;
  if (orden === 'desc') return sql`${precio} desc, ${id} desc`;
  return sql`${s} asc, ${cv} desc, ${precio} asc, ${id} asc`;
}

const MARCAS_SUGERIDAS = 3;

/** The brands suggested for what was typed: those that begin with it, or have a word that does; the most stocked first. */
const marcasSugeridas = sql`(select array(select marca from marca_catalogo
    where plegada like ${valor('empieza')}::text or plegada like ${valor('palabra')}::text
    order by productos desc, marca limit ${nivel(MARCAS_SUGERIDAS)}) as marcas)`;

/** What a page is read as: the product's columns (the admin), the public catalogue's JSON, or suggestions. */
type Lectura = Pick<Busqueda, 'publico' | 'sugerencia'>;

/**
 * A page's select: `t` (its total, or `total` left unwritten for suggestions, which carry the brands
 * suggested instead) beside its products `p` in `orden`. `productos(conCategoria)` is the page's products
 * as a from-item, with their category `c` only for the admin's columns: the public JSON has the category's
 * name, and a suggestion shows none. The public catalogue's page is one row, its products' kept JSON
 * joined by PostgreSQL in the page's order: the server reads one value, not a row a product (decision 040).
 * That order is the subquery's, which the page's own ORDER BY ... LIMIT already gives (no sort is planned):
 * `string_agg(... order by ...)` sorted the page again inside the aggregate, a quarter of a one-word
 * search's time in PostgreSQL.
 */
function seleccionDePagina(b: Lectura, total: () => SQL, productos: (conCategoria: boolean) => SQL, orden: SQL): SQL {
  if (b.sugerencia !== undefined) {
    return sql`select t.marcas, p.id, p.denominacion, p.marca, p.precio, p.imagen from ${marcasSugeridas} t left join (${productos(false)}) on true order by ${orden}`;
  }
  if (b.publico) {
    return sql`select t.total, ${versionMarcas},
      (select string_agg(j.json_publico, ',') from (select p.json_publico from ${productos(false)} order by ${orden}) j) as productos
    from ${total()} t`;
  }
  return sql`select t.total, ${versionMarcas}, ${columnasFila} from ${total()} t left join (${productos(true)}) on true order by ${orden}`;
}

/** The page `g` of a search with its products `p`, and their categories `c` when asked. */
const productosDeLaPagina = (conCategoria: boolean): SQL =>
  sql`pagina g join producto p on p.id = g.producto_id${conCategoria ? sql` join categoria c on c.id = p.categoria_id` : sql``}`;

/** A word numbered as the statements number them (its placeholder `r{k}`). */
interface Numerada {
  palabra: Palabra;
  k: number;
}

/**
 * A synonym of several words ('liquid paper'): its roots' ids as one array, all of which a product must
 * have; null when one of them is no catalogue term (no product has it, and `@>` with a null is not true).
 */
const raicesJuntas = (palabras: Numerada[]): SQL =>
  sql`(select array_agg(tb.id) from unnest(array[${sql.join(palabras.map((p) => raizK(p.k)), sql`, `)}]) r
    left join termino_busqueda tb on tb.palabra = r having bool_and(tb.id is not null))`;

/**
 * A one-position search's total, read where the triggers keep it as far as it can be. Only the terms some
 * product has count: when one has, its products (termino_busqueda.productos); for a word of its own that
 * begins several roots and no more than `e` holds ('ofici': oficio, oficina), the products of that prefix
 * (prefijo_busqueda, roots without digits); for two terms of a word and its synonym, their products less
 * those with both. Otherwise (typos, a prefix of more roots than `e` takes) counted, each product once.
 * A synonym of several words adds its products that have none of `e`'s terms (few: 'liquid paper').
 */
function totalDeUnaPosicion(simples: Numerada[], compuestas: Numerada[][]): SQL {
  // Only the terms some product has: a synonym no product uses ('pegamento' beside 'adhesivo') adds none.
  const conProductos = sql`(select count(*) as n, coalesce(max(productos), 0) as productos, sum(productos) as suma, array_agg(id) as ids
    from termino_busqueda where palabra in (select palabra from e) and productos > 0) u`;
  const deUnaRaiz = sql`when u.n <= 1 then u.productos`;
  // Two roots some product has ('hojas' = 'repuesto'): each one's products, less those with both (the
  // GIN index's lists intersected). Only where a synonym may make two.
  const deDosRaices =
    simples.length < 2
      ? sql``
      : sql` when u.n = 2 then u.suma - (select count(*) from producto_terminos where terminos @> u.ids)`;
  // The word typed is always the first.
  const unica = simples[0]!;
  const w = raizK(unica.k);
  // Every term found begins with the word typed (its synonyms' roots are in no product: 'minas' beside
  // 'grafito'), and all of those are in `e`: the count of the prefix, kept by the triggers.
  const delPrefijo = unica.palabra.propia
    ? sql` when length(${w}) >= 3 and (select count(*) from e) < ${nivel(PREFIJOS_MAXIMOS)}
        and not exists (select 1 from e where nivel in (${nivel(NIVEL.sinonimo)}, ${nivel(NIVEL.difusa)}) or palabra ~ '[0-9]')
    then coalesce((select productos from prefijo_busqueda where prefijo = ${w}), 0)`
    : sql``;
  const deSimples = sql`(select case ${deUnaRaiz}${delPrefijo}${deDosRaices}
    else (select count(distinct pp.producto_id) from producto_palabra pp where pp.palabra in (select palabra from e)) end from ${conProductos})`;
  if (compuestas.length === 0) return sql`(select ${deSimples}::int as total)`;
  const tieneAlguna = sql.join(
    compuestas.map((c) => sql`t.terminos @> ${raicesJuntas(c)}`),
    sql` or `,
  );
  const deCompuestas = sql`(select count(*) from producto_terminos t
    where (${tieneAlguna}) and not t.terminos && (select coalesce(array_agg(id), '{}') from e))`;
  return sql`(select (${deSimples} + ${deCompuestas})::int as total)`;
}

/**
 * One position, nothing else, by relevance: a word, its one-word synonyms ('hojas' -> hoja | folio) and
 * those of several ('corrector' -> liquid paper). Each one-word alternative's own root is read in index
 * order with LIMIT (`producto_palabra_asc_idx`), never a sort of every product that has it; only the few
 * prefix and typo terms are ranked together, and the products of a synonym of several words (the GIN
 * index of `producto_terminos`: every root in them, a synonym's rank, 1, when all are in the name).
 */
function sqlDeUnaPosicion(b: Busqueda, alternativas: Numerada[][]): SQL {
  const n = valor('hasta');
  const sinonimos = sinonimosPorPalabra(b);
  const simples = alternativas.filter((a) => a.length === 1).map((a) => a[0]!);
  const compuestas = alternativas.filter((a) => a.length > 1);
  const terminos = sql.join(
    simples.map((p) => sql`(${terminosDe(p.palabra, p.k, sinonimos.get(p.k))})`),
    sql` union all `,
  );
  const exactas = simples.map(
    (p) => sql`(select producto_id, ${p.palabra.propia ? sql`peso` : sql`${nivel(NIVEL.sinonimo)} + peso`} as s, cantidad_vendida as cv, precio from producto_palabra
        where palabra = ${raizK(p.k)} order by peso, cantidad_vendida desc nulls last, precio, producto_id limit ${n})`,
  );
  // The prefix and typo terms ('cart' -> cartulina, cartuchera): each one's best `n` in index order, as
  // the exact root's; the page's `n` are among them (a term's order is the page's order). Grouped before
  // the LIMIT: a product with two terms ('archivo', 'archivador') takes one place.
  const otras = sql`(select x.producto_id, min(x.s) as s, min(x.cv) as cv, min(x.precio) as precio
        from e cross join lateral (
          select pp.producto_id, e.nivel + pp.peso as s, pp.cantidad_vendida as cv, pp.precio from producto_palabra pp
          where pp.palabra = e.palabra order by pp.peso, pp.cantidad_vendida desc nulls last, pp.precio, pp.producto_id limit ${n}) x
        where e.nivel >= ${nivel(NIVEL.prefijo)} group by x.producto_id order by 2, 3 desc, 4, 1 limit ${n})`;
  const deVarias = compuestas.map(
    (c) => sql`(select t.producto_id, case when t.nombre @> ${raicesJuntas(c)} then ${nivel(NIVEL.sinonimo)} else ${nivel(NIVEL.sinonimo + 1)} end as s, t.cantidad_vendida as cv, t.precio
        from producto_terminos t where t.terminos @> ${raicesJuntas(c)} order by 2, 3 desc, 4, 1 limit ${n})`,
  );
  // The exact code ranks first only among what the words found, which the total counts: 'bolaz' is the
  // code BOL-AZ, but no word of it (a code's letters alone are not indexed joined: decision 028).
  const codigo = sql`(select id, -1, cantidad_vendida, precio from producto where busqueda_codigo(codigo) = ${valor('codigo')}::text
        and exists (select 1 from producto_palabra pp where pp.producto_id = producto.id and pp.palabra in (select palabra from e)))`;
  return sql`with e as (${terminos}),
    candidatos as (${sql.join([...exactas, otras, ...deVarias, codigo], sql` union all `)}),
    pagina as (
      select producto_id, min(s) as s, min(cv) as cv, min(precio) as precio from candidatos group by producto_id
      order by 2, 3 desc, 4, 1 limit ${valor('limite')} offset ${valor('desde')}
    )
    ${seleccionDePagina(b, () => totalDeUnaPosicion(simples, compuestas), productosDeLaPagina, sql`g.s, g.cv desc, g.precio, g.producto_id`)}`;
}

/** Any words, filters and order: every word's matches intersected, ranked by the worst word. Exported for the test that holds the shortcut to it. */
export function sqlGeneral(b: Busqueda): SQL {
  const ctes: SQL[] = [];
  const huecos: string[] = [];
  let k = 0;
  const sinonimos = sinonimosPorPalabra(b);
  b.huecos.forEach((hueco, h) => {
    const alternativas: string[] = [];
    hueco.alternativas.forEach((alternativa, a) => {
      const palabras: string[] = [];
      for (const p of alternativa) {
        const e = `e${k}`;
        const m = `m${k}`;
        k += 1;
        ctes.push(sql`${sql.raw(e)} as (${terminosDe(p, k - 1, sinonimos.get(k - 1))})`);
        const campos = hueco.campos === CAMPOS.todos ? sql`` : sql` where pp.campos & ${sql.raw(String(hueco.campos))} <> 0`;
        ctes.push(
          sql`${sql.raw(m)} as (select pp.producto_id, min(e.nivel + pp.peso) as s, min(pp.cantidad_vendida) as cv, min(pp.precio) as precio
            from producto_palabra pp join ${sql.raw(e)} e on e.palabra = pp.palabra${campos} group by pp.producto_id)`,
        );
        palabras.push(m);
      }
      const nombre = `a${h}_${a}`;
      const [primera, ...resto] = palabras;
      const s = palabras.length === 1 ? `${primera}.s` : `greatest(${palabras.map((x) => `${x}.s`).join(', ')})`;
      const joins = resto.map((x) => ` join ${x} using (producto_id)`).join('');
      ctes.push(sql.raw(`${nombre} as (select producto_id, ${s} as s, ${primera}.cv, ${primera}.precio from ${primera}${joins})`));
      alternativas.push(nombre);
    });
    const nombre = `h${h}`;
    const union = alternativas.map((x) => `select producto_id, s, cv, precio from ${x}`).join(' union all ');
    ctes.push(sql.raw(`${nombre} as (select producto_id, min(s) as s, min(cv) as cv, min(precio) as precio from (${union}) u group by producto_id)`));
    huecos.push(nombre);
  });
  const [primero, ...resto] = huecos;
  const s = huecos.length === 1 ? `${primero}.s` : `greatest(${huecos.map((x) => `${x}.s`).join(', ')})`;
  ctes.push(
    sql.raw(`r as (select producto_id, ${s} as s, ${primero}.cv, ${primero}.precio from ${primero}${resto.map((x) => ` join ${x} using (producto_id)`).join('')})`),
  );
  return sqlDePagina(b, ctes);
}

/**
 * The end of a search of several words: `r` (every product found, its rank `s`, sales and price) filtered,
 * the exact code first, the page and the total. Sales and price come with the words: the products
 * themselves are read only to filter, and for the page. The exact code is one index lookup.
 */
function sqlDePagina(b: Busqueda, ctes: SQL[]): SQL {
  const filtros: SQL[] = [];
  if (b.marca) filtros.push(sql`p.marca = ${valor('marca')}`);
  if (b.categoriaId) filtros.push(sql`p.categoria_id = ${valor('categoria')}`);
  if (b.codigoContiene) filtros.push(codigoContiene);
  const codigoExacto = sql`case when r.producto_id in (select id from producto where busqueda_codigo(codigo) = ${valor('codigo')}::text) then -1 else r.s end`;
  ctes.push(
    filtros.length > 0
      ? sql`f as materialized (select r.producto_id, ${codigoExacto} as s, r.cv, r.precio
          from r join producto p on p.id = r.producto_id where ${sql.join(filtros, sql` and `)})`
      : sql`f as materialized (select r.producto_id, ${codigoExacto} as s, r.cv, r.precio from r)`,
  );
  // The page keeps its sort keys, so the LIMIT bounds the sort (a heap of `hasta` rows, not every row
  // found sorted: a window function between them would take the bound away) and the page is put back in
  // order by the same keys.
  ctes.push(
    sql`pagina as (select producto_id, s, cv, precio from f order by ${ordenDe(b.orden, sql`s`, sql`cv`, sql`precio`, sql`producto_id`)} limit ${valor('limite')} offset ${valor('desde')})`,
  );
  const total = () => sql`(select count(*)::int as total from f)`;
  return sql`with ${sql.join(ctes, sql`, `)}
    ${seleccionDePagina(b, total, productosDeLaPagina, ordenDe(b.orden, sql`g.s`, sql`g.cv`, sql`g.precio`, sql`g.producto_id`))}`;
}

/**
 * A word's rank in a product from its terms' arrays: its best term's level, plus 1 when not in the name or
 * code. A level the word has no terms of is null (`a{k}`), and `&&` with a null is null without reading the
 * product's arrays: each test reads them again, and a typo's rank took five tests of empty levels before its own.
 */
function rangoPorTerminos(a: SQL): SQL {
  // In rank order, so the first level a product has is its best.
  const casos = NIVELES.map((n) => {
    const deNivel = sql`(select ${sql.raw(`n${n}`)} from ${a})`;
    return sql`when t.nombre && ${deNivel} then ${nivel(n)} when t.terminos && ${deNivel} then ${nivel(n + 1)}`;
  });
  return sql`case ${sql.join(casos, sql` `)} end`;
}

/**
 * Several words in every field: the same products, ranks and order as `sqlGeneral`, but every word's
 * terms are one array, and the products that have some of each come from the GIN index of
 * `producto_terminos` (its lists intersected, migration 0016); only those are ranked. `sqlGeneral` groups
 * every match of every word first: 'caja archivo carta' read 10,000 matches at 100,000 products to keep 1,347.
 */
function sqlPorTerminos(b: Busqueda): SQL {
  const ctes: SQL[] = [];
  let k = 0;
  const sinonimos = sinonimosPorPalabra(b);
  const condiciones: SQL[] = [];
  const rangos: SQL[] = [];
  // The positions of one word (one alternative): their rank's bounds are known before any product.
  const acotadas: Array<{ rango: number; a: string }> = [];
  b.huecos.forEach((hueco, h) => {
    const primeras: string[] = [];
    const alternativas = hueco.alternativas.map((alternativa) => {
      const palabras = alternativa.map((p, i) => {
        const e = sql.raw(`e${k}`);
        const a = sql.raw(`a${k}`);
        k += 1;
        ctes.push(sql`${e} as (${terminosDe(p, k - 1, sinonimos.get(k - 1))})`);
        const porNivel = NIVELES.map(
          // Null, not empty, when the word has no terms of a level: a strict operator then skips the product's arrays.
          (n) => sql`array_agg(id) filter (where nivel = ${nivel(n)}) as ${sql.raw(`n${n}`)}`,
        );
        // `todas` is null, not empty, when the word has no terms: `&&` is strict, so neither the GIN index nor
        // any product's arrays are then read for it (an empty array is compared with each product's).
        ctes.push(sql`${a} as (select array_agg(id) as todas, ${sql.join(porNivel, sql`, `)}, min(nivel) as menor, max(nivel) as mayor from ${e})`);
        if (i === 0) primeras.push(`a${k - 1}`);
        return { tiene: sql`t.terminos && (select todas from ${a})`, rango: rangoPorTerminos(a) };
      });
      const tiene = sql.join(palabras.map((p) => p.tiene), sql` and `);
      const rango = palabras.length === 1 ? palabras[0]!.rango : sql`greatest(${sql.join(palabras.map((p) => p.rango), sql`, `)})`;
      return { tiene, rango, deUna: palabras.length === 1 };
    });
    if (alternativas.length === 1) condiciones.push(alternativas[0]!.tiene);
    else {
      // Every alternative's first word's terms in one array: a product has one of them if it has any
      // alternative, and one more `&&` lets the GIN index intersect this position with the others' (an OR
      // of alternatives, some of several words, the generic plan leaves to a filter of every row the
      // other positions find: 'portaminas 2 mm' read 1,740 rows to keep 472). When every alternative is
      // one word, that array is the whole condition.
      const u = `u${h}`;
      ctes.push(sql.raw(`${u} as (select ${primeras.map((x) => `${x}.todas`).join(' || ')} as todas from ${primeras.join(', ')})`));
      const enU = sql`t.terminos && (select todas from ${sql.raw(u)})`;
      condiciones.push(alternativas.every((x) => x.deUna) ? enU : sql`${enU} and (${sql.join(alternativas.map((x) => sql`(${x.tiene})`), sql` or `)})`);
    }
    if (hueco.alternativas.length === 1 && hueco.alternativas[0]!.length === 1) acotadas.push({ rango: rangos.length, a: primeras[0]! });
    // Of the alternatives a product has, the best (least ignores the nulls of those it has not). One word's
    // rank is already null in a product without its terms, so it needs no test of its own (each test reads
    // the product's arrays again: 'repuesto hojas oficio' made 12 a product); several words' is the greatest
    // of theirs, which ignores nulls, so it is taken only where all of them are there.
    const mejor = alternativas.map((x) => (x.deUna ? x.rango : sql`case when ${x.tiene} then ${x.rango} end`));
    rangos.push(alternativas.length === 1 ? alternativas[0]!.rango : sql`least(${sql.join(mejor, sql`, `)})`);
  });
  const s = rangos.length === 1 ? rangos[0]! : sql`greatest(${sql.join(conCotas(rangos, acotadas, ctes), sql`, `)})`;
  ctes.push(
    sql`r as (select t.producto_id, ${s} as s, t.cantidad_vendida as cv, t.precio from producto_terminos t where ${sql.join(condiciones, sql` and `)})`,
  );
  return sqlDePagina(b, ctes);
}

/**
 * The ranks of several positions, each taken only where it can decide: a word's rank lies between its
 * lowest term level and its highest plus one (in the name or not), and the product's is the greatest of
 * its positions'. A word whose highest cannot pass another's lowest never decides, and is not computed:
 * in a typo's search ('lapz negro': the typo's terms rank 4 or 5, 'negro' 0 or 1) that was half the
 * array tests of every product found. Decided once per statement (`cota`), from the words' terms.
 */
function conCotas(rangos: SQL[], acotadas: Array<{ rango: number; a: string }>, ctes: SQL[]): SQL[] {
  if (acotadas.length < 2) return rangos;
  const piso = `greatest(${acotadas.map((x) => `${x.a}.menor`).join(', ')})`;
  ctes.push(sql.raw(`cota as (select ${acotadas.map((x, i) => `${x.a}.mayor + 1 > ${piso} as c${i}`).join(', ')} from ${acotadas.map((x) => x.a).join(', ')})`));
  return rangos.map((rango, i) => {
    const j = acotadas.findIndex((x) => x.rango === i);
    return j < 0 ? rango : sql`case when (select ${sql.raw(`c${j}`)} from cota) then ${rango} end`;
  });
}

/** The statement of a search. */
export function sqlDeBusqueda(b: Busqueda): SQL {
  const [unico] = b.huecos;
  // One word typed (its synonyms may have several: those are exact roots, all of which must match).
  const unaPosicion = b.huecos.length === 1 && unico!.alternativas[0]!.length === 1 && unico!.campos === CAMPOS.todos;
  if (unaPosicion && b.orden === 'relevancia' && !b.marca && !b.categoriaId && !b.codigoContiene) {
    let k = 0;
    return sqlDeUnaPosicion(b, unico!.alternativas.map((a) => a.map((palabra) => ({ palabra, k: k++ }))));
  }
  // The terms' arrays know no fields: the admin grid's name and brand filters go through the words.
  return b.huecos.every((h) => h.campos === CAMPOS.todos) ? sqlPorTerminos(b) : sqlGeneral(b);
}

/** A row of the admin's page: a product of the page (id null when the page is empty) and the total. */
interface FilaDePagina {
  total: number;
  /** bigint: a number from pg, perhaps text or bigint elsewhere. */
  version_marcas: number | string | bigint | null;
  id: number | null;
}

/**
 * A page's products of the public catalogue as the database keeps them, joined by commas: the JSON the API
 * answers for each, without cost or margin, in the page's order (empty for none), as UTF-8 bytes.
 */
export type ProductosJson = Buffer & { readonly __productosJson: true };

export interface FilaBusqueda extends FilaDePagina {
  denominacion: string;
  marca: string;
  codigo: string;
  imagen: string | null;
  precio: string | number;
  costo: string | number;
  porcentaje: string | number;
  stock: number;
  cantidad_vendida: number;
  descripcion: string;
  categoria_id: number;
  categoria_denominacion: string;
}

export const ejecutar = filasDelCatalogo;

export interface TextoBuscado {
  texto: string;
  campos: number;
}

/** The positions of the texts searched (the catalogue's `q`, the admin grid's name and brand filters). */
export async function huecosDeTextos(db: Db, textos: TextoBuscado[]): Promise<Hueco[]> {
  const conPalabras = textos.map((t) => ({ ...t, raices: raicesDe(t.texto) })).filter((t) => t.raices.length > 0);
  if (conPalabras.length === 0) return [];
  const sinonimos = await cargarSinonimos(db);
  return conPalabras.flatMap((t) =>
    huecosDe(t.raices, sinonimos, t.campos).map((h) => ({
      ...h,
      alternativas: h.alternativas.map((a) => a.map((p) => (conTypos(p) ? { ...p, difusas: difusasConocidas(db, p.raiz) } : p))),
    })),
  );
}

/** The bench's statements are those of a server that has seen the words: their typo terms are known first. */
async function conocerDifusasDe(db: Db, texto: string): Promise<void> {
  const huecos = await huecosDeTextos(db, [{ texto, campos: CAMPOS.todos }]);
  await conocerDifusas(db, huecos.flatMap((h) => h.alternativas.flat().filter(conTypos).map((p) => p.raiz)));
}

const dialecto = new PgDialect();

// ---- The catalogue, suggestions and '¿Quisiste decir…?' ----

export const columnasProducto = {
  id: producto.id,
  denominacion: producto.denominacion,
  marca: producto.marca,
  codigo: producto.codigo,
  imagen: producto.imagen,
  precio: producto.precio,
  costo: producto.costo,
  porcentaje: producto.porcentaje,
  stock: producto.stock,
  cantidadVendida: producto.cantidadVendida,
  descripcion: producto.descripcion,
  categoria: { id: categoria.id, denominacion: categoria.denominacion },
};


/**
 * A page without words to find: today's filters, in price order (an index serves it), with the total
 * and the brands' version, in one statement like a search's.
 */
function sqlSinTexto(filtros: ProductoFiltros, publico: boolean): SQL {
  const condiciones: SQL[] = [];
  if (filtros.marca) condiciones.push(sql`p.marca = ${valor('marca')}`);
  if (filtros.codigo) condiciones.push(codigoContiene);
  if (filtros.categoriaId) condiciones.push(sql`p.categoria_id = ${valor('categoria')}`);
  const where = condiciones.length > 0 ? sql` where ${sql.join(condiciones, sql` and `)}` : sql``;
  const orden = filtros.orden === 'desc' ? sql`p.precio desc, p.id desc` : sql`p.precio asc, p.id asc`;
  // Without filters the total is the count the triggers keep, not a count of every row.
  const total =
    condiciones.length > 0
      ? sql`(select count(*)::int as total from producto p${where})`
      : sql`(select valor::int as total from contador_catalogo where nombre = 'productos')`;
  const productos = (conCategoria: boolean) =>
    sql`(select * from producto p${where} order by ${orden} limit ${valor('limite')} offset ${valor('desde')}) p${
      conCategoria ? sql` left join categoria c on c.id = p.categoria_id` : sql``
    }`;
  return seleccionDePagina({ publico }, () => total, productos, orden);
}

/** The catalogue's page without words, with its values. */
function consultaSinTexto(filtros: ProductoFiltros, publico = false): Plantilla {
  const forma = `sinTexto;${filtros.marca ? 'm' : ''};${filtros.codigo ? 'k' : ''};${filtros.categoriaId ? 'c' : ''};${filtros.orden === 'desc' ? 'desc' : 'asc'};${publico ? 'j' : ''}`;
  return llenar(plantilla(forma, () => sqlSinTexto(filtros, publico)), {
    marca: filtros.marca ?? null,
    codigoContiene: filtros.codigo ? patronContiene(codigoCompacto(filtros.codigo)) : null,
    categoria: filtros.categoriaId ?? null,
    limite: filtros.porPagina,
    desde: (filtros.pagina - 1) * filtros.porPagina,
  });
}

/** The brands with their version, in one statement. */
export const sqlDeMarcas = sql`select (select valor from contador_catalogo where nombre = 'marcas') as version_marcas, marca from marca_catalogo`;

/** For the bench: the statement a public catalogue request runs (after synonym expansion; the brands are read only when they change). */
export async function sqlDelCatalogo(db: Db, filtros: ProductoFiltros): Promise<Consulta[]> {
  await conocerDifusasDe(db, filtros.q ?? '');
  const busqueda = await busquedaDelCatalogo(db, filtros);
  return [(busqueda ? consultaDeBusqueda({ ...busqueda, publico: true }) : consultaSinTexto(filtros, true)).consulta];
}


/** A search row as the API's product (numeric columns come as text from both drivers). */
export const productoDeFila = (f: FilaBusqueda): Producto => ({
  id: f.id!,
  denominacion: f.denominacion,
  marca: f.marca,
  codigo: f.codigo,
  imagen: f.imagen,
  precio: Number(f.precio),
  costo: Number(f.costo),
  porcentaje: Number(f.porcentaje),
  stock: f.stock,
  cantidadVendida: f.cantidad_vendida,
  descripcion: f.descripcion,
  categoria: { id: f.categoria_id, denominacion: f.categoria_denominacion },
});

/** The search a catalogue or admin grid request runs, or null when it has no words to find. */
export async function busquedaDelCatalogo(db: Db, filtros: ProductoFiltros): Promise<Busqueda | null> {
  const huecos = await huecosDeTextos(db, [
    { texto: filtros.q ?? '', campos: CAMPOS.todos },
    { texto: filtros.denominacion ?? '', campos: CAMPOS.denominacion },
    { texto: filtros.marcaContiene ?? '', campos: CAMPOS.marca },
  ]);
  if (huecos.length === 0) return null;
  return {
    huecos,
    codigo: codigoCompacto(filtros.q ?? ''),
    // Words to find (the catalogue's, or the admin grid's name and brand): the best match first.
    orden: filtros.orden ?? 'relevancia',
    marca: filtros.marca,
    categoriaId: filtros.categoriaId,
    codigoContiene: filtros.codigo ? codigoCompacto(filtros.codigo) : undefined,
    limite: filtros.porPagina,
    desde: (filtros.pagina - 1) * filtros.porPagina,
  };
}

/** A page as read: its items (`Producto[]`, or the public catalogue's `ProductosJson`), total and brands' version. */
export interface PaginaDeFilas<I = Producto[]> {
  items: I;
  total: number;
  versionMarcas: number | null;
}

const versionDe = (fila: Omit<FilaDePagina, 'id'> | undefined): number | null =>
  fila?.version_marcas === null || fila?.version_marcas === undefined ? null : Number(fila.version_marcas);

/** The admin's page: a row a product (none with id null, the row of an empty page). */
const paginaDeFilas = (filas: FilaBusqueda[]): PaginaDeFilas => ({
  items: filas.filter((f) => f.id !== null).map(productoDeFila),
  total: filas[0]?.total ?? 0,
  versionMarcas: versionDe(filas[0]),
});

const NINGUNO = Buffer.alloc(0) as ProductosJson;
const numeroDe = (bytes: Buffer | null | undefined): number | null => (bytes ? Number(bytes.toString('latin1')) : null);

/**
 * The public page: its one row, read as bytes (`filasEnBytes`): its total, the brands' version and its
 * products' JSON (null for none), as `seleccionDePagina` writes them.
 */
async function paginaPublica(db: Db, { consulta, preparada }: Plantilla): Promise<PaginaDeFilas<ProductosJson>> {
  const [[total, version, productos] = []] = await filasEnBytes(db, consulta, preparada);
  return { items: (productos ?? NINGUNO) as ProductosJson, total: numeroDe(total) ?? 0, versionMarcas: numeroDe(version) };
}

export async function buscar(db: Db, b: Busqueda): Promise<PaginaDeFilas> {
  return paginaDeFilas(await filasDeBusqueda(db, { ...b, publico: false }));
}

/** A search of the public catalogue: its products as the JSON the database keeps. */
export async function buscarPublico(db: Db, b: Busqueda): Promise<PaginaDeFilas<ProductosJson>> {
  return paginaPublica(db, consultaDeBusqueda({ ...b, publico: true }));
}

/** The catalogue's page without words to find. */
export async function paginaSinTexto(db: Db, filtros: ProductoFiltros): Promise<PaginaDeFilas> {
  return paginaDeFilas(await filasDe<FilaBusqueda>(db, consultaSinTexto(filtros)));
}

/** The public catalogue's page without words to find. */
export async function paginaSinTextoPublica(db: Db, filtros: ProductoFiltros): Promise<PaginaDeFilas<ProductosJson>> {
  return paginaPublica(db, consultaSinTexto(filtros, true));
}

/** How many products a search finds (to confirm a '¿Quisiste decir…?'). */
async function hayResultados(db: Db, texto: string): Promise<boolean> {
  const huecos = await huecosDeTextos(db, [{ texto, campos: CAMPOS.todos }]);
  if (huecos.length === 0) return false;
  const { total } = await buscar(db, { huecos, codigo: codigoCompacto(texto), orden: 'relevancia', limite: 1, desde: 0 });
  return total > 0;
}

/** Terms read per doubtful word, and proposals tried at most (each one a search). */
const CERCANAS_POR_PALABRA = 3;
const PROPUESTAS_MAXIMAS = 4;

/**
 * '¿Quisiste decir…?': each word that is not a catalogue term becomes the nearest one by trigrams
 * ('cuadreno' -> 'cuaderno'), written as the catalogue writes it, of 3 letters or more (a size's 'm' is
 * no word for 'mnas'); proposed only if it finds something. A word one letter from a term needs none: the
 * search has already taken that term.
 */
export async function quisisteDecir(db: Db, q: string): Promise<string | null> {
  const palabras = palabrasDe(q).filter((p) => !PALABRAS_VACIAS.has(p));
  if (palabras.length === 0 || palabras.length > 8) return null;
  const dudosas = palabras.map((p, i) => ({ p, i })).filter(({ p }) => tieneTypos(raiz(p)));
  if (dudosas.length === 0) return null;
  // Each word's nearest terms; those equally near are all candidates ('dirai': diari and dibuj), in a
  // fixed order, so which one is proposed never depends on where a row happens to lie in the table.
  const cercanas = sql.join(
    dudosas.map(
      ({ p, i }) =>
        sql`(select ${sql.raw(String(i))} as i, forma, palabra = ${raiz(p)}::text as exacta, palabra <-> ${raiz(p)}::text as distancia
          from termino_busqueda where palabra !~ '[0-9]' and length(palabra) >= 3 and similarity(palabra, ${raiz(p)}::text) >= 0.2
          order by palabra <-> ${raiz(p)}::text, palabra limit ${sql.raw(String(CERCANAS_POR_PALABRA))})`,
    ),
    sql` union all `,
  );
  const filas = await ejecutar<{ i: number; forma: string; exacta: boolean; distancia: number }>(db, cercanas);
  const opciones = new Map<number, string[]>();
  for (const { i } of dudosas) {
    const deEsta = filas.filter((f) => f.i === i);
    // A word the catalogue has stays as typed.
    if (deEsta.length === 0 || deEsta.some((f) => f.exacta)) continue;
    const mejor = Math.min(...deEsta.map((f) => Number(f.distancia)));
    opciones.set(i, deEsta.filter((f) => Number(f.distancia) === mejor).map((f) => f.forma.toLocaleLowerCase('es')));
  }
  if (opciones.size === 0) return null;
  // The nearest proposals first, the first that finds something wins.
  let propuestas: string[][] = [palabras];
  for (const [i, formas] of opciones) {
    propuestas = propuestas.flatMap((palabrasDeEsta) => formas.map((forma) => palabrasDeEsta.map((p, k) => (k === i ? forma : p)))).slice(0, PROPUESTAS_MAXIMAS);
  }
  for (const palabrasPropuestas of propuestas) {
    const propuesta = palabrasPropuestas.join(' ');
    if (plegar(propuesta) === plegar(q.trim())) continue;
    if (await hayResultados(db, propuesta)) return propuesta;
  }
  return null;
}

/** A suggestion request's statement: the brands and the products (a search of at most 8), in one statement. */
async function consultaDeAutocompletar(db: Db, q: string): Promise<Plantilla | null> {
  const texto = plegar(q).trim().replace(/\s+/g, ' ');
  const huecos = await huecosDeTextos(db, [{ texto: q, campos: CAMPOS.todos }]);
  if (texto === '' || huecos.length === 0) return null;
  return consultaDeBusqueda({ huecos, codigo: codigoCompacto(q), orden: 'relevancia', limite: SUGERENCIAS_MAXIMAS, desde: 0, sugerencia: texto });
}

/** A suggestion statement's row: the brands suggested (the same on every row) and a product, or none (id null). */
interface FilaSugerida {
  marcas: string[];
  id: number | null;
  denominacion: string;
  marca: string;
  precio: string | number;
  imagen: string | null;
}

/** Suggestions while typing: up to 3 brands, then products up to 8 in all. */
export async function autocompletar(db: Db, q: string): Promise<Autocompletar> {
  const consulta = await consultaDeAutocompletar(db, q);
  if (!consulta) return { marcas: [], productos: [] };
  const filas = await filasDe<FilaSugerida>(db, consulta);
  const marcas = filas[0]?.marcas ?? [];
  const productos = filas
    .filter((f) => f.id !== null)
    .slice(0, SUGERENCIAS_MAXIMAS - marcas.length)
    .map((f) => ({ id: f.id!, denominacion: f.denominacion, marca: f.marca, precio: Number(f.precio), imagen: f.imagen }));
  return { marcas, productos };
}

/** For the bench: the statement a suggestion request runs (after synonym expansion). */
export async function sqlDeAutocompletar(db: Db, q: string): Promise<Consulta[]> {
  await conocerDifusasDe(db, q);
  const consulta = await consultaDeAutocompletar(db, q);
  return consulta ? [consulta.consulta] : [];
}

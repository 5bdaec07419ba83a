// Import by pasting (issue 20): each line of a school's text read as quantity + text, and matched
// against the catalogue with its own search (server/productos/busqueda.ts: accents, plurals and gender,
// synonyms, trigrams for typos). Nothing is written: the owner confirms each match and saves the list.
import { ITEMS_MAXIMOS, leerCantidad, lineasDeTexto, MENSAJES_LISTA, type ImportacionLista, type LineaImportada, type ProductoDeLista } from '../../domain/lista-escolar';
import { sql } from 'drizzle-orm';
import { codigoCompacto, PALABRAS_VACIAS, palabrasDe, raiz } from '../../domain/plegado';
import type { Db } from '../db/client';
import { sinonimo } from '../db/schema';
import { Invalido } from '../errors';
import { buscar, CAMPOS, ejecutar, huecosDeTextos, raicesDe } from '../productos/busqueda';

/** Products answered per line: the proposal and up to four more candidates. */
const CANDIDATOS = 5;
/** Words of a line the matching reads (the rest are usually sizes and brands the shop may not carry). */
const PALABRAS_MAXIMAS = 8;

async function buscarTexto(db: Db, texto: string): Promise<ProductoDeLista[]> {
  const huecos = await huecosDeTextos(db, [{ texto, campos: CAMPOS.todos }]);
  if (huecos.length === 0) return [];
  const { items } = await buscar(db, { huecos, codigo: codigoCompacto(texto), orden: 'relevancia', limite: CANDIDATOS, desde: 0 });
  return items.map((p) => ({ id: p.id, denominacion: p.denominacion, marca: p.marca, precio: p.precio, stock: p.stock, imagen: p.imagen }));
}

/** A typo is taken for a catalogue word from this trigram similarity up ('cuadreno' ~ 'cuaderno' 0.33; 'caja' ~ 'casi' 0.29 is not). */
const SIMILITUD_MINIMA = 0.3;

/**
 * The words of a line the catalogue knows: a term starts with its root ('lapic' for 'lápices'), a synonym
 * names it ('birome'), or, without digits, a term is near enough by trigrams (a typo). Only these are
 * searched: the search's own typo rule is looser, and a word the shop does not sell ('caja', 'compás')
 * would otherwise match whatever is nearest.
 */
async function palabrasConocidas(db: Db, palabras: readonly string[], sinonimos: ReadonlySet<string>): Promise<string[]> {
  const filas = await ejecutar<{ i: number; prefijo: boolean; similitud: number | string | null }>(
    db,
    sql`select v.i, exists(select 1 from termino_busqueda where palabra like v.r || '%') as prefijo,
      (select similarity(palabra, v.r) from termino_busqueda where palabra !~ '[0-9]' and v.r !~ '[0-9]' order by palabra <-> v.r limit 1) as similitud
      from (values ${sql.join(
        palabras.map((p, i) => sql`(${i}::int, ${raiz(p)}::text)`),
        sql`, `,
      )}) as v(i, r)`,
  );
  const conocida = new Set(
    filas.filter((f) => f.prefijo || Number(f.similitud ?? 0) >= SIMILITUD_MINIMA || sinonimos.has(raiz(palabras[f.i]!))).map((f) => f.i),
  );
  return palabras.filter((_, i) => conocida.has(i));
}

/** The roots of every synonym's words, read once per import. */
async function raicesDeSinonimos(db: Db): Promise<Set<string>> {
  const filas = await db.select({ termino: sinonimo.termino, equivalente: sinonimo.equivalente }).from(sinonimo);
  return new Set(filas.flatMap((f) => [...raicesDe(f.termino), ...raicesDe(f.equivalente)]));
}

/**
 * The products a school's line names. The catalogue's search wants every word, and a school writes more
 * than a product's name ('caja de lápices de colores', 'cuaderno ABC rayado tapa dura 48 hojas'): the
 * words the catalogue knows are tried together first, then one by one, each kept only if the products
 * still match with it. The match is good (a proposal) when the words kept are more than half of the line's
 * words without digits, or half with the first one; otherwise the line stays free text and what was found
 * is offered as candidates.
 */
export async function productosParaLinea(
  db: Db,
  texto: string,
  sinonimos: ReadonlySet<string>,
): Promise<{ propuesta: ProductoDeLista | null; candidatos: ProductoDeLista[] }> {
  const palabras = palabrasDe(texto)
    .filter((p) => p.length > 1 && !PALABRAS_VACIAS.has(p))
    .slice(0, PALABRAS_MAXIMAS);
  const conocidas = palabras.length === 0 ? [] : await palabrasConocidas(db, palabras, sinonimos);
  if (conocidas.length === 0) return { propuesta: null, candidatos: [] };

  let tomadas = conocidas;
  let encontrados = await buscarTexto(db, conocidas.join(' '));
  if (encontrados.length === 0) {
    tomadas = [];
    for (const palabra of conocidas) {
      const conEsta = await buscarTexto(db, [...tomadas, palabra].join(' '));
      if (conEsta.length > 0) {
        tomadas = [...tomadas, palabra];
        encontrados = conEsta;
      }
    }
  }
  const sinDigitos = (lista: readonly string[]) => lista.filter((p) => !/[0-9]/.test(p)).length;
  const [usadas, todas] = [sinDigitos(tomadas) * 2, sinDigitos(palabras)];
  // Half the words is enough only with the first one, usually what the thing is ('cartulinas de colores'
  // is not 'lápices de colores').
  const buena = encontrados.length > 0 && (usadas > todas || (usadas === todas && tomadas.includes(palabras[0]!)));
  return buena ? { propuesta: encontrados[0]!, candidatos: encontrados.slice(1) } : { propuesta: null, candidatos: encontrados.slice(0, CANDIDATOS - 1) };
}

/** The proposal for every line of a pasted text, in order (blank lines skipped, their numbers kept). */
export async function importarTexto(db: Db, texto: string): Promise<ImportacionLista> {
  const lineas = lineasDeTexto(texto);
  if (lineas.length === 0) throw new Invalido(MENSAJES_LISTA.importarVacio);
  if (lineas.length > ITEMS_MAXIMOS) throw new Invalido(MENSAJES_LISTA.importarLargo);
  const sinonimos = await raicesDeSinonimos(db);
  const resultado: LineaImportada[] = [];
  // One line after another: each is a few short statements, and a pool of 2 cores is shared.
  for (const { linea, original } of lineas) {
    const { cantidad, texto: sinCantidad } = leerCantidad(original);
    resultado.push({ linea, original, cantidad, texto: sinCantidad, ...(await productosParaLinea(db, sinCantidad, sinonimos)) });
  }
  return { lineas: resultado };
}

// Import by pasting (issue 20): each line of a school's text read as quantity + text, and matched
// against the catalogue with its own search (server/productos/busqueda.ts: accents, plurals and gender,
// synonyms, trigrams for typos). Nothing is written: the owner confirms each match and saves the list.
import { ITEMS_MAXIMOS, leerCantidad, lineasDeTexto, MENSAJES_LISTA, type ImportacionLista, type LineaImportada, type ProductoDeLista } from '../../domain/lista-escolar';
import { PALABRAS_VACIAS, palabrasDe } from '../../domain/plegado';
import type { Db } from '../db/client';
import { Invalido } from '../errors';
import { buscar, CAMPOS, codigoBuscado, huecosDeTextos } from '../productos/busqueda';

/** Products answered per line: the proposal and up to four more candidates. */
const CANDIDATOS = 5;
/** Words of a line the matching reads (the rest are usually sizes and brands the shop may not carry). */
const PALABRAS_MAXIMAS = 8;

async function buscarTexto(db: Db, texto: string): Promise<ProductoDeLista[]> {
  const huecos = await huecosDeTextos(db, [{ texto, campos: CAMPOS.todos }]);
  if (huecos.length === 0) return [];
  const { items } = await buscar(db, { huecos, codigo: codigoBuscado(texto), orden: 'relevancia', limite: CANDIDATOS, desde: 0 });
  return items.map((p) => ({ id: p.id, denominacion: p.denominacion, marca: p.marca, precio: p.precio, stock: p.stock, imagen: p.imagen }));
}

/**
 * The products a school's line names. The catalogue's search wants every word, and a school writes more
 * than a product's name ('cuaderno ABC rayado tapa dura 48 hojas'): the whole line is tried first, then
 * its words are taken one by one, each kept only if the products still match with it. The match is good
 * (a proposal) when the words kept are at least half of the line's words without digits; otherwise the
 * line stays free text and what was found is offered as candidates.
 */
export async function productosParaLinea(db: Db, texto: string): Promise<{ propuesta: ProductoDeLista | null; candidatos: ProductoDeLista[] }> {
  const palabras = palabrasDe(texto)
    .filter((p) => !PALABRAS_VACIAS.has(p))
    .slice(0, PALABRAS_MAXIMAS);
  if (palabras.length === 0) return { propuesta: null, candidatos: [] };
  const todas = await buscarTexto(db, palabras.join(' '));
  if (todas.length > 0) return { propuesta: todas[0]!, candidatos: todas.slice(1) };

  const tomadas: string[] = [];
  let encontrados: ProductoDeLista[] = [];
  for (const palabra of palabras) {
    const conEsta = await buscarTexto(db, [...tomadas, palabra].join(' '));
    if (conEsta.length > 0) {
      tomadas.push(palabra);
      encontrados = conEsta;
    }
  }
  const sinDigitos = (lista: string[]) => lista.filter((p) => !/[0-9]/.test(p)).length;
  const buena = tomadas.length > 0 && sinDigitos(tomadas) * 2 >= sinDigitos(palabras);
  return buena ? { propuesta: encontrados[0]!, candidatos: encontrados.slice(1) } : { propuesta: null, candidatos: encontrados.slice(0, CANDIDATOS - 1) };
}

/** The proposal for every line of a pasted text, in order (blank lines skipped, their numbers kept). */
export async function importarTexto(db: Db, texto: string): Promise<ImportacionLista> {
  const lineas = lineasDeTexto(texto);
  if (lineas.length === 0) throw new Invalido(MENSAJES_LISTA.importarVacio);
  if (lineas.length > ITEMS_MAXIMOS) throw new Invalido(MENSAJES_LISTA.importarLargo);
  const resultado: LineaImportada[] = [];
  // One line after another: each is a few short statements, and a pool of 2 cores is shared.
  for (const { linea, original } of lineas) {
    const { cantidad, texto: sinCantidad } = leerCantidad(original);
    resultado.push({ linea, original, cantidad, texto: sinCantidad, ...(await productosParaLinea(db, sinCantidad)) });
  }
  return { lineas: resultado };
}

// The rules of school supply lists (issue 20) that the storefront's pages need, without zod: labels,
// the pasted line's quantity reader, what a list's items add to a cart and the list's total.
// domain/lista-escolar.ts re-exports all of it with the API's schemas.

import { MENSAJES_CARRITO, mensajeSoloHay, type ProductoCarrito } from './carrito';
import { sumarLineas } from './money';

export const NIVELES = ['INICIAL', 'PRIMARIO', 'SECUNDARIO'] as const;
export type Nivel = (typeof NIVELES)[number];
export const NIVEL_LABEL: Record<Nivel, string> = { INICIAL: 'Nivel inicial', PRIMARIO: 'Primaria', SECUNDARIO: 'Secundaria' };

/** School years a list may name. */
export const ANIO_MINIMO = 2000;
export const ANIO_MAXIMO = 2100;
/** A list has at most this many items; a pasted text at most this many lines. */
export const ITEMS_MAXIMOS = 200;
/** Alternatives of one item, in the order they are tried. */
export const ALTERNATIVAS_MAXIMAS = 5;
/** Units of one item (the order's own limit is 10 000 per line). */
export const CANTIDAD_MAXIMA_ITEM = 999;

/** Messages of the lists, the admin form's validation and the public page's answers. */
export const MENSAJES_LISTA = {
  escuelaObligatoria: 'La escuela es obligatoria',
  localidadObligatoria: 'Debe seleccionar una localidad',
  nivelObligatorio: 'Debe seleccionar un nivel',
  gradoObligatorio: 'El grado o sala es obligatorio',
  anioInvalido: `El año lectivo debe ser un número entre ${ANIO_MINIMO} y ${ANIO_MAXIMO}`,
  textoLargo: (maximo: number) => `No puede superar los ${maximo} caracteres`,
  sinItems: 'La lista debe tener al menos un ítem',
  demasiadosItems: `La lista no puede tener más de ${ITEMS_MAXIMOS} ítems`,
  cantidadInvalida: `La cantidad de cada ítem debe ser un número entero entre 1 y ${CANTIDAD_MAXIMA_ITEM}`,
  itemSinTexto: 'Cada ítem debe tener el texto de la escuela',
  demasiadasAlternativas: `Un ítem puede tener hasta ${ALTERNATIVAS_MAXIMAS} alternativas`,
  alternativaRepetida: 'Una alternativa no puede repetir el producto del ítem ni otra alternativa',
  alternativaSinProducto: 'Un ítem sin producto no puede tener alternativas',
  productosInexistentes: (ids: readonly number[]) =>
    ids.length === 1 ? `No existe el producto ${ids[0]}` : `No existen los productos ${ids.join(', ')}`,
  itemAjeno: (ids: readonly number[]) =>
    ids.length === 1 ? `El ítem ${ids[0]} no es de esta lista` : `Los ítems ${ids.join(', ')} no son de esta lista`,
  itemRepetido: 'Un ítem no puede aparecer dos veces en la lista',
  noEncontrada: 'Lista escolar no encontrada',
  idDistinto: 'El id de la lista no coincide con el de la dirección',
  creada: 'Lista escolar creada correctamente',
  actualizada: 'Lista escolar actualizada correctamente',
  eliminada: 'Lista escolar eliminada correctamente',
  duplicada: 'Lista duplicada para el año siguiente (sin publicar)',
  confirmarEliminar: (escuela: string, grado: string) => `¿Está seguro que desea eliminar la lista de ${escuela}, ${grado}?`,
  importarVacio: 'Pegá el texto de la lista: un ítem por línea.',
  importarLargo: `El texto no puede tener más de ${ITEMS_MAXIMOS} líneas ni 20.000 caracteres.`,
  /** `POST /api/pedido` with a `listaEscolarId` that is not a published list. */
  pedidoListaInvalida: 'La lista escolar del pedido no existe o no está publicada.',
  // The public page and the add-to-cart answer.
  textoLibre: 'No está en el catálogo de la tienda: consultanos por WhatsApp o en el local.',
  sinStock: MENSAJES_CARRITO.sinStock,
  agregarLista: 'Agregar la lista al carrito',
  yaLoTengo: 'ya lo tengo',
  nadaParaAgregar: 'No hay ítems disponibles para agregar.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// The quantity of a pasted line

/** Quantity words of school lists, folded (no accents). */
const NUMEROS_ESCRITOS: Record<string, number> = {
  un: 1, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10,
  once: 11, doce: 12, quince: 15, veinte: 20, par: 2,
};

/** Units that make a leading number a size, not a quantity ('30 cm', '500 ml'). */
const UNIDADES_DE_MEDIDA = /^(?:cm|mm|m|mts?|ml|cc|l|lts?|g|gr|grs|kg|hojas?|h)(?![\p{L}\p{N}])/iu;

/** Above this a leading number is a size or a pack ('100 hojas'), not units to buy. */
const CANTIDAD_LEIBLE_MAXIMA = 99;
/** A trailing 'x N' up to this is a quantity ('goma x2'); from here up a pack size ('lápices x12'). */
const POR_AL_FINAL_MAXIMO = 5;

const plegarLetra = (texto: string) => texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The folded word that starts `texto`, with its length in `texto`. */
function primeraPalabra(texto: string): { palabra: string; largo: number } | null {
  const m = /^([\p{L}]+)/u.exec(texto);
  return m ? { palabra: plegarLetra(m[1]!), largo: m[1]!.length } : null;
}

const limpiar = (texto: string) =>
  texto
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.\-–—]+/, '')
    .replace(/[\s,;:.\-–—]+$/, '')
    .trim();

/**
 * The quantity a school wrote on one line, and the line without it: '2 cuadernos ABC' (2), '2x' / '2 x' /
 * 'x2' at the start, 'goma x2' at the end (up to 5: 'lápices de colores x12' is a pack and stays), '(3)'
 * anywhere, written words ('dos', 'una', 'doce'), 'una docena de' (12), 'media docena' or '1/2 docena' (6),
 * '2 docenas' (24), 'un par de' (2). Bullets and numbering ('- ', '• ', '3) ', '4. ') are dropped. A
 * leading number followed by a unit ('30 cm', '100 hojas') is a size and stays. Default 1.
 */
export function leerCantidad(linea: string): { cantidad: number; texto: string } {
  let texto = linea.replace(/\s+/g, ' ').trim();
  // Bullets and numbering of the school's sheet.
  texto = texto.replace(/^(?:[-*•·–—>]+\s*|\d{1,2}\s*[).]\s+|[a-z]\)\s+)/i, '');

  let cantidad: number | null = null;
  const tomar = (n: number, resto: string) => {
    if (cantidad === null && n >= 1 && n <= CANTIDAD_LEIBLE_MAXIMA) {
      cantidad = n;
      texto = resto;
    }
  };

  // '(3)' anywhere.
  const entreParentesis = /\(\s*(\d{1,2})\s*\)/.exec(texto);
  if (entreParentesis) tomar(Number(entreParentesis[1]), `${texto.slice(0, entreParentesis.index)} ${texto.slice(entreParentesis.index + entreParentesis[0].length)}`);

  // Dozens: '1/2 docena', 'media docena', 'una docena', '2 docenas' (optionally followed by 'de').
  const docena = /^(1\/2|media|medio|\d{1,2}|[\p{L}]+)?\s*docenas?\b(?:\s+de\b)?/iu.exec(texto);
  if (cantidad === null && docena) {
    const cuantas = docena[1] === undefined ? 1 : leerFactorDocena(docena[1]);
    if (cuantas !== null) tomar(Math.round(cuantas * 12), texto.slice(docena[0].length));
  }

  // 'x2', 'x 2' at the start.
  const porAlPrincipio = /^x\s*(\d{1,2})\b/i.exec(texto);
  if (cantidad === null && porAlPrincipio) tomar(Number(porAlPrincipio[1]), texto.slice(porAlPrincipio[0].length));

  // '2 cuadernos', '2x cuadernos', '2 x cuadernos', '2- cuadernos' (not '30 cm', '100 hojas').
  const numero = /^(\d{1,3})(?:\s*x\b|\s*[-:]\s*|\s+|(?=[\p{L}]))/iu.exec(texto);
  if (cantidad === null && numero && !UNIDADES_DE_MEDIDA.test(texto.slice(numero[0].length).trim())) {
    tomar(Number(numero[1]), texto.slice(numero[0].length));
  }

  // Written words: 'dos cuadernos', 'una goma', 'un par de medias'.
  const palabra = cantidad === null ? primeraPalabra(texto) : null;
  if (palabra && NUMEROS_ESCRITOS[palabra.palabra] !== undefined) {
    let resto = texto.slice(palabra.largo);
    if (palabra.palabra === 'par') resto = resto.replace(/^\s*de\b/i, '');
    else if (palabra.palabra === 'un' || palabra.palabra === 'una') {
      const siguiente = primeraPalabra(resto.trim());
      if (siguiente?.palabra === 'par') resto = resto.trim().slice(siguiente.largo).replace(/^\s*de\b/i, '');
      const n = siguiente?.palabra === 'par' ? 2 : 1;
      tomar(n, resto);
    }
    if (palabra.palabra !== 'un' && palabra.palabra !== 'una') tomar(NUMEROS_ESCRITOS[palabra.palabra]!, resto);
  }

  // 'goma x2', 'goma 2x' at the end (small numbers only: 'x12' is a pack size).
  const porAlFinal = /\s(?:x\s*(\d{1,2})|(\d{1,2})\s*x)$/i.exec(texto);
  if (cantidad === null && porAlFinal) {
    const n = Number(porAlFinal[1] ?? porAlFinal[2]);
    if (n <= POR_AL_FINAL_MAXIMO) tomar(n, texto.slice(0, porAlFinal.index));
  }

  const limpio = limpiar(texto);
  return { cantidad: cantidad ?? 1, texto: limpio === '' ? limpiar(linea) : limpio };
}

function leerFactorDocena(palabra: string): number | null {
  const p = plegarLetra(palabra);
  if (p === '1/2' || p === 'media' || p === 'medio') return 0.5;
  if (/^\d+$/.test(p)) return Number(p);
  return NUMEROS_ESCRITOS[p] ?? null;
}

/** The lines of a pasted text worth reading: not blank, with a letter or digit. */
export const lineasDeTexto = (texto: string): Array<{ linea: number; original: string }> =>
  texto
    .split(/\r\n|\r|\n/)
    .map((original, i) => ({ linea: i + 1, original: original.trim() }))
    .filter((l) => /[\p{L}\p{N}]/u.test(l.original));

// ---------------------------------------------------------------------------------------------------------
// What a list's items add to a cart

/** How an item of a list stands now. */
export const ESTADOS_ITEM = ['DISPONIBLE', 'ALTERNATIVA', 'SIN_STOCK', 'TEXTO_LIBRE'] as const;
export type EstadoItem = (typeof ESTADOS_ITEM)[number];
export const ESTADO_ITEM_LABEL: Record<EstadoItem, string> = {
  DISPONIBLE: 'Disponible',
  ALTERNATIVA: 'Reemplazado por una alternativa',
  SIN_STOCK: 'Sin stock',
  TEXTO_LIBRE: 'No está en el catálogo',
};

/** Why (part of) an item could not go into the cart. */
export const MOTIVOS_FALTANTE = ['SIN_STOCK', 'TEXTO_LIBRE', 'STOCK_INSUFICIENTE'] as const;
export type MotivoFaltante = (typeof MOTIVOS_FALTANTE)[number];

/** An item as the rules need it: its product (null: free text) and alternatives, already loaded. */
export interface ItemParaCarrito {
  id: number;
  cantidad: number;
  texto: string;
  producto: ProductoCarrito | null;
  alternativas: readonly ProductoCarrito[];
}

/** The product an item shows and sells: its own while it has stock, else the first alternative with stock. */
export function productoVigente(item: Pick<ItemParaCarrito, 'producto' | 'alternativas'>): {
  estado: EstadoItem;
  producto: ProductoCarrito | null;
} {
  if (!item.producto) return { estado: 'TEXTO_LIBRE', producto: null };
  if (item.producto.stock > 0) return { estado: 'DISPONIBLE', producto: item.producto };
  const alternativa = item.alternativas.find((a) => a.stock > 0);
  return alternativa ? { estado: 'ALTERNATIVA', producto: alternativa } : { estado: 'SIN_STOCK', producto: null };
}

/**
 * The total of a list's page: quantity x price of each ticked item's current product (its own or the
 * alternative), items without stock or without a product left out. `marcados` absent: every item.
 */
export const totalDeLista = (
  items: ReadonlyArray<{ id: number; cantidad: number; producto: { precio: number } | null }>,
  marcados?: ReadonlySet<number>,
): number =>
  sumarLineas(
    items
      .filter((i) => i.producto !== null && (marcados === undefined || marcados.has(i.id)))
      .map((i) => ({ cantidad: i.cantidad, precio: i.producto!.precio })),
  );

export interface AgregadoDeLista {
  itemId: number;
  producto: ProductoCarrito;
  cantidad: number;
  /** True when it replaces the item's own product. */
  alternativa: boolean;
}

export interface FaltanteDeLista {
  itemId: number;
  texto: string;
  motivo: MotivoFaltante;
  /** Units of the item that could not be added. */
  cantidad: number;
  mensaje: string;
}

/**
 * What ticking `items` adds to a cart that already holds `enCarrito` units per product id: each item takes
 * what stock is left of its own product, then of its alternatives in order, after the cart's units and the
 * items before it. What cannot be covered is missing, with the cart's own messages: no stock in any of its
 * products, 'El producto no tiene stock disponible.'; the cart already holds all there is, 'Ya agregaste el
 * máximo disponible de este producto'; only part fits, 'Solo hay N unidades disponibles.' (N: the stock of
 * its products together). Pure: the server calls it with current stock.
 */
export function agregarListaAlCarrito(
  items: readonly ItemParaCarrito[],
  enCarrito: ReadonlyMap<number, number>,
): { agregar: AgregadoDeLista[]; faltantes: FaltanteDeLista[] } {
  const usado = new Map(enCarrito);
  const agregar: AgregadoDeLista[] = [];
  const faltantes: FaltanteDeLista[] = [];
  for (const item of items) {
    if (!item.producto) {
      faltantes.push({ itemId: item.id, texto: item.texto, motivo: 'TEXTO_LIBRE', cantidad: item.cantidad, mensaje: MENSAJES_LISTA.textoLibre });
      continue;
    }
    let resta = item.cantidad;
    for (const [i, producto] of [item.producto, ...item.alternativas].entries()) {
      if (resta === 0) break;
      const queda = Math.max(0, producto.stock - (usado.get(producto.id) ?? 0));
      const cantidad = Math.min(resta, queda);
      if (cantidad === 0) continue;
      usado.set(producto.id, (usado.get(producto.id) ?? 0) + cantidad);
      const previo = agregar.find((a) => a.itemId === item.id && a.producto.id === producto.id);
      if (previo) previo.cantidad += cantidad;
      else agregar.push({ itemId: item.id, producto, cantidad, alternativa: i > 0 });
      resta -= cantidad;
    }
    if (resta > 0) {
      const existe = [item.producto, ...item.alternativas].reduce((suma, p) => suma + Math.max(0, p.stock), 0);
      const ninguna = resta === item.cantidad;
      // No stock at all; the cart already holds all there is; or only part of the item was there.
      const [motivo, mensaje]: [MotivoFaltante, string] =
        existe === 0
          ? ['SIN_STOCK', MENSAJES_CARRITO.sinStock]
          : ninguna
            ? ['STOCK_INSUFICIENTE', MENSAJES_CARRITO.maximoAgregado]
            : ['STOCK_INSUFICIENTE', mensajeSoloHay(existe)];
      faltantes.push({ itemId: item.id, texto: item.texto, motivo, cantidad: resta, mensaje });
    }
  }
  return { agregar, faltantes };
}

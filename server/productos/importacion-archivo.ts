// Reading and writing the catalogue's spreadsheets (.xlsx with exceljs, .csv with csv-parse): the
// rows as the file holds them, mapped to columns by header. exceljs is loaded on first use only: the
// server starts without it.
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import {
  CLAVES_COLUMNAS,
  columnaDeEncabezado,
  COLUMNAS_IMPORTACION,
  FILAS_MAXIMAS_IMPORTACION,
  MENSAJES_IMPORTACION,
  type ColumnaImportacion,
  type FormatoArchivo,
} from '../../domain/importacion';
import { numeroParaEditar } from '../../domain/numeros';
import { Invalido, TipoNoSoportado } from '../errors';

export type ValorCelda = string | number;

export interface FilaLeida {
  /** The row's number as the spreadsheet program shows it (the headers are row 1). */
  fila: number;
  valores: Partial<Record<ColumnaImportacion, ValorCelda>>;
}

export interface PlanillaLeida {
  /** The columns the file has (a missing one keeps the product's current value on an update). */
  columnas: ColumnaImportacion[];
  ignoradas: string[];
  filas: FilaLeida[];
}

/** A zip (an .xlsx) starts with 'PK\x03\x04'. */
const esZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The format of an uploaded file, from its bytes (the declared type only picks between what they allow). */
export function formatoDeArchivo(contenido: Buffer): FormatoArchivo {
  if (esZip(contenido)) return 'xlsx';
  // Text: no NUL bytes in the first KB (a binary file, an image or an old .xls, is refused).
  if (contenido.subarray(0, 1024).includes(0)) throw new TipoNoSoportado(MENSAJES_IMPORTACION.tipoNoSoportado);
  return 'csv';
}

/** UTF-8 (with or without BOM) or, failing that, Windows-1252: what Excel in Spanish saves as 'CSV'. */
function decodificar(contenido: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(contenido);
  } catch {
    return new TextDecoder('windows-1252').decode(contenido);
  }
}

/** ';' (Excel in es-AR, whose decimals are commas), ',' or a tab: whichever the header line has most of. */
function separadorDe(texto: string): string {
  const primera = texto.slice(0, texto.indexOf('\n') === -1 ? texto.length : texto.indexOf('\n'));
  const cuenta = (c: string) => primera.split(c).length - 1;
  return [';', '\t', ','].reduce((mejor, c) => (cuenta(c) > cuenta(mejor) ? c : mejor), ',');
}

function leerCsv(contenido: Buffer): ValorCelda[][] {
  const texto = decodificar(contenido);
  try {
    return parse(texto, { delimiter: separadorDe(texto), relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch {
    throw new Invalido(MENSAJES_IMPORTACION.archivoIlegible);
  }
}

/** A cell as text or number: rich text joined, a formula's result, a link's text, a date as dd/mm/yyyy. */
function valorDeCelda(valor: ExcelJS.CellValue): ValorCelda {
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'number' || typeof valor === 'string') return valor;
  if (typeof valor === 'boolean') return valor ? 'VERDADERO' : 'FALSO';
  if (valor instanceof Date) return valor.toLocaleDateString('es-AR', { timeZone: 'UTC' });
  if ('richText' in valor) return valor.richText.map((t) => t.text).join('');
  if ('result' in valor) return valor.result === undefined || typeof valor.result === 'object' ? '' : valorDeCelda(valor.result);
  if ('text' in valor) return String(valor.text);
  return '';
}

async function leerXlsx(contenido: Buffer): Promise<ValorCelda[][]> {
  const { default: Excel } = await import('exceljs');
  const libro = new Excel.Workbook();
  try {
    await libro.xlsx.load(contenido as unknown as ArrayBuffer);
  } catch {
    throw new Invalido(MENSAJES_IMPORTACION.archivoIlegible);
  }
  const hoja = libro.worksheets[0];
  if (!hoja) throw new Invalido(MENSAJES_IMPORTACION.archivoVacio);
  const filas: ValorCelda[][] = [];
  hoja.eachRow({ includeEmpty: true }, (row, numero) => {
    const valores = row.values as ExcelJS.CellValue[];
    filas[numero - 1] = valores.slice(1).map(valorDeCelda);
  });
  return Array.from(filas, (f) => f ?? []);
}

const vacia = (fila: readonly ValorCelda[]) => fila.every((v) => String(v).trim() === '');

/** Reads the file and maps its columns by header. Bad files are a 400 or 415 with a Spanish message. */
export async function leerPlanilla(contenido: Buffer): Promise<PlanillaLeida> {
  const crudas = formatoDeArchivo(contenido) === 'xlsx' ? await leerXlsx(contenido) : leerCsv(contenido);
  const encabezados = (crudas[0] ?? []).map((v) => String(v).trim());
  const indice = new Map<ColumnaImportacion, number>();
  const ignoradas: string[] = [];
  encabezados.forEach((encabezado, i) => {
    if (encabezado === '') return;
    const columna = columnaDeEncabezado(encabezado);
    if (!columna) ignoradas.push(encabezado);
    else if (indice.has(columna)) throw new Invalido(MENSAJES_IMPORTACION.columnaRepetida(encabezado));
    else indice.set(columna, i);
  });
  if (!indice.has('codigo')) throw new Invalido(crudas.length === 0 ? MENSAJES_IMPORTACION.archivoVacio : MENSAJES_IMPORTACION.sinColumnaCodigo);
  const filas: FilaLeida[] = [];
  for (let i = 1; i < crudas.length; i++) {
    const cruda = crudas[i]!;
    if (vacia(cruda)) continue;
    if (filas.length >= FILAS_MAXIMAS_IMPORTACION) throw new Invalido(MENSAJES_IMPORTACION.demasiadasFilas);
    const valores: FilaLeida['valores'] = {};
    for (const [columna, j] of indice) valores[columna] = cruda[j] ?? '';
    filas.push({ fila: i + 1, valores });
  }
  if (filas.length === 0) throw new Invalido(MENSAJES_IMPORTACION.archivoVacio);
  return { columnas: CLAVES_COLUMNAS.filter((c) => indice.has(c)), ignoradas, filas };
}

// ---- Writing: the template and the export, the same columns ----

export interface ProductoExportado {
  codigo: string;
  denominacion: string;
  marca: string;
  categoria: string;
  costo: number;
  porcentaje: number;
  stock: number;
  descripcion: string;
}

const ENCABEZADOS = CLAVES_COLUMNAS.map((c) => COLUMNAS_IMPORTACION[c]);
const ANCHOS: Record<ColumnaImportacion, number> = { codigo: 14, denominacion: 40, marca: 18, categoria: 18, costo: 12, porcentaje: 12, stock: 8, descripcion: 50 };

/** A CSV field: quoted when it holds the separator, a quote or a line break. */
const campoCsv = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** es-AR CSV: ';' between fields, decimal commas, UTF-8 with BOM (Excel reads the accents right). */
export function escribirCsv(productos: readonly ProductoExportado[]): Buffer {
  const lineas = [ENCABEZADOS.join(';')];
  for (const p of productos) {
    lineas.push(
      CLAVES_COLUMNAS.map((c) => {
        const v = p[c];
        return typeof v === 'number' ? (c === 'stock' ? String(v) : numeroParaEditar(v)) : campoCsv(v);
      }).join(';'),
    );
  }
  return Buffer.from(`\uFEFF${lineas.join('\r\n')}\r\n`, 'utf8');
}

export async function escribirXlsx(productos: readonly ProductoExportado[]): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const libro = new Excel.Workbook();
  const hoja = libro.addWorksheet('Productos', { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = CLAVES_COLUMNAS.map((c) => ({ header: COLUMNAS_IMPORTACION[c], key: c, width: ANCHOS[c] }));
  hoja.getRow(1).font = { bold: true };
  hoja.getColumn('costo').numFmt = '0.00';
  for (const p of productos) hoja.addRow(p);
  if (productos.length === 0) {
    const ayuda = libro.addWorksheet('Instrucciones');
    ayuda.getColumn(1).width = 110;
    for (const linea of INSTRUCCIONES) ayuda.addRow([linea]);
  }
  return Buffer.from(await libro.xlsx.writeBuffer());
}

const INSTRUCCIONES = [
  'Una fila por producto, debajo de los encabezados de la hoja Productos (no cambies sus nombres).',
  'Código: identifica el producto. Si ya existe, la fila lo actualiza; si no, lo crea.',
  'Categoría: el nombre de una categoría que ya exista en la tienda.',
  'Costo y Porcentaje (margen): números mayores a cero; el precio se calcula solo.',
  'Stock: unidades (número entero). Al actualizar, una columna que no esté en el archivo deja el valor actual.',
];

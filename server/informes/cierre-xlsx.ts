// The cash-closing spreadsheet: what an owner closing the till needs, money as real numbers.
// Written with exceljs's streaming writer into a stream: the rows are compressed and sent as they are
// made, so neither the workbook model nor the whole file is ever in memory. Runs in a worker thread
// (cierre-xlsx-worker.ts): the main thread never loads exceljs.
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { setImmediate as turno } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import WorkbookWriter from 'exceljs/lib/stream/xlsx/workbook-writer.js';
import { ESTADO_COBRO_LABEL, estadoDeCobro } from '../../domain/cierre';
import { ESTADO_PAGO_LABEL, ESTADO_VENTA_LABEL, FORMA_PAGO_LABEL } from '../../domain/enums';
import { diaLegible, horaLocalMendoza } from '../../domain/fechas';
import { subtotalLinea } from '../../domain/money';
import { filasDe, impresionesDelCierre, totalesDelCierre, ventasDe, type DatosDelCierre, type FilasDelCierre } from './cierre';

/** The Resumen sheet's row of the sales left out of the totals: how many, and their amount. */
export const ROTULO_NO_COBRADAS = 'No cobradas (pago rechazado o vencido)';
/** The Resumen sheet's row of the print jobs (included in the totals). */
export const ROTULO_IMPRESIONES = 'Impresiones (trabajos; incluidas en el total)';
/** ARS with two decimals; Excel shows the separators of the reader's locale. */
export const FORMATO_ARS = '"$" #,##0.00';
const FORMATO_FECHA_HORA = 'dd/mm/yyyy hh:mm';
/** Deflate level. 30 days: 425 KB for 105 ms of CPU at 1; 345 KB for 127 ms at 6; 2.3 MB stored. */
const NIVEL_ZIP = 1;
/** Rows written between two turns of the event loop (other requests, the zip, the socket). */
const FILAS_POR_TANDA = 500;

// One frozen style object per format, shared by every cell of a column (and one by every row):
// exceljs remembers the style id of an object it has seen (a WeakMap), while a copy per cell and per
// row, its default, costs a full style lookup each: more than half the writer's time. Frozen, so
// that no cell can change them for all. exceljs keeps one id per object whatever the cell's type, so
// a date cell must never share ESTILO_GENERAL (it would lose its date format).
const ESTILO_GENERAL: Partial<ExcelJS.Style> = Object.freeze({});
const ESTILO_FILA: Partial<ExcelJS.Style> = Object.freeze({});
const ESTILO_ARS: Partial<ExcelJS.Style> = Object.freeze({ numFmt: FORMATO_ARS });
const ESTILO_FECHA: Partial<ExcelJS.Style> = Object.freeze({ numFmt: FORMATO_FECHA_HORA });

interface Columna {
  titulo: string;
  ancho: number;
  estilo: Partial<ExcelJS.Style>;
}

const COLUMNAS_VENTAS: Columna[] = [
  { titulo: 'Nro venta', ancho: 10, estilo: ESTILO_GENERAL },
  { titulo: 'Fecha', ancho: 18, estilo: ESTILO_FECHA },
  { titulo: 'Cliente', ancho: 20, estilo: ESTILO_GENERAL },
  { titulo: 'Forma de pago', ancho: 16, estilo: ESTILO_GENERAL },
  { titulo: 'Estado', ancho: 18, estilo: ESTILO_GENERAL },
  { titulo: 'Estado de la venta', ancho: 18, estilo: ESTILO_GENERAL },
  { titulo: 'Estado del pago', ancho: 16, estilo: ESTILO_GENERAL },
  { titulo: 'Envío', ancho: 14, estilo: ESTILO_ARS },
  { titulo: 'Total', ancho: 16, estilo: ESTILO_ARS },
];

const COLUMNAS_DETALLE: Columna[] = [
  { titulo: 'Nro venta', ancho: 10, estilo: ESTILO_GENERAL },
  { titulo: 'Fecha', ancho: 18, estilo: ESTILO_FECHA },
  { titulo: 'Producto', ancho: 36, estilo: ESTILO_GENERAL },
  { titulo: 'Código', ancho: 14, estilo: ESTILO_GENERAL },
  { titulo: 'Cantidad', ancho: 10, estilo: ESTILO_GENERAL },
  { titulo: 'Precio aplicado', ancho: 16, estilo: ESTILO_ARS },
  { titulo: 'Subtotal', ancho: 16, estilo: ESTILO_ARS },
  { titulo: 'Promoción', ancho: 11, estilo: ESTILO_GENERAL },
];

/** Resolves when the reply can take more (or is gone): a slow client slows the writer, not memory. */
const drenado = (destino: Writable) =>
  new Promise<void>((resolve) => {
    const listo = () => {
      destino.off('drain', listo).off('close', listo);
      resolve();
    };
    destino.on('drain', listo).on('close', listo);
  });

type Hoja = ExcelJS.Worksheet;

function escribirResumen(libro: ExcelJS.stream.xlsx.WorkbookWriter, datos: FilasDelCierre) {
  const { general, porForma, noCobradas } = totalesDelCierre(ventasDe(datos));
  const hoja = libro.addWorksheet('Resumen');
  // The column format goes before the first row: a streamed row is written with what it has then.
  hoja.columns = [40, 12, 18, 20, 18].map((width, i) => ({ width, ...(i >= 2 ? { style: { numFmt: FORMATO_ARS } } : {}) }));
  const fila = (valores: ExcelJS.CellValue[], font?: Partial<ExcelJS.Font>) => {
    const row = hoja.addRow(valores);
    if (font) row.font = font;
    row.commit();
  };
  fila(['Cierre de caja'], { bold: true, size: 14 });
  fila(['Desde', diaLegible(datos.desde)]);
  fila(['Hasta', diaLegible(datos.hasta)]);
  fila(['Cantidad de ventas', general.cantidad]);
  fila([]);
  fila(['Forma de pago', 'Ventas', ESTADO_COBRO_LABEL.COBRADO, ESTADO_COBRO_LABEL.PENDIENTE, 'Total'], { bold: true });
  for (const [forma, s] of porForma) {
    fila([FORMA_PAGO_LABEL[forma], s.cantidad, s.cobrado.pesos, s.pendiente.pesos, s.total.pesos]);
  }
  fila(['Total', general.cantidad, general.cobrado.pesos, general.pendiente.pesos, general.total.pesos], { bold: true });
  // Print jobs (issue 21) as their own group: already in the totals above, counted here apart.
  const impresiones = impresionesDelCierre(datos);
  fila([]);
  fila([ROTULO_IMPRESIONES, impresiones.trabajos, null, null, impresiones.importe.pesos]);
  // Apart, and in no total: rejected or expired payments (estadoDeCobro, domain/cierre.ts).
  fila([]);
  fila([ROTULO_NO_COBRADAS, noCobradas.cantidad, noCobradas.total.pesos]);
  hoja.commit();
}

/** A sheet with a bold header row; its data rows are written by `escribirFilas`. */
function hojaConEncabezado(libro: ExcelJS.stream.xlsx.WorkbookWriter, nombre: string, columnas: readonly Columna[]): Hoja {
  const hoja = libro.addWorksheet(nombre);
  hoja.columns = columnas.map((c) => ({ header: c.titulo, width: c.ancho, style: c.estilo }));
  const encabezado = hoja.getRow(1);
  encabezado.font = { bold: true };
  encabezado.commit();
  return hoja;
}

/** `undefined` leaves the cell out (an empty cell, and less for exceljs to do than ''). */
type Valores = Array<ExcelJS.CellValue | undefined>;

async function escribirFilas(hoja: Hoja, columnas: readonly Columna[], cantidad: number, valoresDe: (i: number) => Valores, destino: Writable) {
  for (let i = 0; i < cantidad; i++) {
    const valores = valoresDe(i);
    const row = hoja.addRow(valores);
    // `Row.style` exists in exceljs (doc/row.js) but is missing from its types.
    (row as ExcelJS.Row & { style: Partial<ExcelJS.Style> }).style = ESTILO_FILA;
    for (let c = 0; c < columnas.length; c++) if (valores[c] !== undefined) row.getCell(c + 1).style = columnas[c]!.estilo;
    row.commit();
    if ((i + 1) % FILAS_POR_TANDA === 0) {
      await (destino.writableNeedDrain ? drenado(destino) : turno());
      if (destino.destroyed) throw new Error('la respuesta se cerró antes de terminar el archivo');
    }
  }
  hoja.commit();
}

/** Writes the workbook (sheets Resumen, Ventas, Detalle) into `destino` and ends it. */
export async function escribirCierreXlsx(entrada: DatosDelCierre | FilasDelCierre, destino: Writable): Promise<void> {
  const datos = 'ventas' in entrada ? filasDe(entrada) : entrada;
  const libro = new WorkbookWriter({
    stream: destino,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: NIVEL_ZIP } },
  });
  libro.creator = 'Librería';
  libro.created = new Date();

  escribirResumen(libro, datos);
  const ventas = hojaConEncabezado(libro, 'Ventas', COLUMNAS_VENTAS);
  await escribirFilas(ventas, COLUMNAS_VENTAS, datos.cantidadVentas, (i) => {
    const v = datos.venta(i);
    return [
      v.id,
      horaLocalMendoza(v.fecha),
      v.cliente ?? undefined,
      FORMA_PAGO_LABEL[v.formaPago],
      ESTADO_COBRO_LABEL[estadoDeCobro(v)],
      ESTADO_VENTA_LABEL[v.estadoVenta],
      v.estadoPago ? ESTADO_PAGO_LABEL[v.estadoPago] : undefined,
      v.envio,
      v.total,
    ];
  }, destino);
  const detalle = hojaConEncabezado(libro, 'Detalle', COLUMNAS_DETALLE);
  await escribirFilas(detalle, COLUMNAS_DETALLE, datos.cantidadLineas, (i) => {
    const l = datos.linea(i);
    return [
      l.ventaId,
      horaLocalMendoza(l.fecha),
      l.denominacion,
      l.codigo,
      l.cantidad,
      l.precioAplicado,
      subtotalLinea(l.cantidad, l.precioAplicado),
      l.promocionId ?? undefined,
    ];
  }, destino);
  await libro.commit();
}

/**
 * The workbook as a stream (the worker pipes it to the main thread). If writing fails, the stream is
 * destroyed with the error; in the reply, Fastify then destroys the connection: the client gets a
 * broken download, never a short file that opens. Errors that can be answered as JSON (dates, the
 * database, the worker until its first bytes) happen before: see cierre-xlsx-pool.ts.
 */
export function flujoCierreXlsx(datos: DatosDelCierre | FilasDelCierre): Readable {
  const salida = new PassThrough();
  escribirCierreXlsx(datos, salida).catch((error: unknown) => salida.destroy(error instanceof Error ? error : new Error(String(error))));
  return salida;
}

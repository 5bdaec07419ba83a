// The cash-closing spreadsheet: what an owner closing the till needs, money as real numbers. Written
// with xlsx-simple (plain SpreadsheetML and zlib): exceljs took 2-4 s for a month of sales.
import { ESTADO_PAGO_LABEL, ESTADO_VENTA_LABEL, FORMA_PAGO_LABEL } from '../../domain/enums';
import { horaLocalMendoza } from '../../domain/fechas';
import { aCentavos, aPesos } from '../../domain/money';
import { totalesDelCierre, type DatosDelCierre } from './service';
import { escribirXlsx, type Celda, type HojaSimple } from './xlsx-simple';

/** ARS with two decimals; Excel shows the separators of the reader's locale. */
export const FORMATO_ARS = '"$" #,##0.00';
const FORMATO_FECHA_HORA = 'dd/mm/yyyy hh:mm';

const diaLegible = (dia: string) => dia.split('-').reverse().join('/');

export function generarCierreXlsx(datos: DatosDelCierre): Buffer {
  const { general, porForma } = totalesDelCierre(datos.ventas);
  const filasResumen: Celda[][] = [
    ['Cierre de caja'],
    ['Desde', diaLegible(datos.desde)],
    ['Hasta', diaLegible(datos.hasta)],
    ['Cantidad de ventas', general.cantidad],
    [],
    ['Forma de pago', 'Ventas', 'Cobrado (concluidas)', 'Pendiente', 'Total'],
  ];
  for (const [forma, s] of porForma) {
    filasResumen.push([FORMA_PAGO_LABEL[forma], s.cantidad, aPesos(s.cobrado), aPesos(s.pendiente), aPesos(s.centavos)]);
  }
  filasResumen.push(['Total', general.cantidad, aPesos(general.cobrado), aPesos(general.pendiente), aPesos(general.centavos)]);
  const resumen: HojaSimple = {
    nombre: 'Resumen',
    columnas: [{ width: 28 }, { width: 12 }, { width: 22, numFmt: FORMATO_ARS }, { width: 18, numFmt: FORMATO_ARS }, { width: 18, numFmt: FORMATO_ARS }],
    filas: filasResumen,
    fuentes: new Map([
      [0, 'titulo'],
      [5, 'negrita'],
      [filasResumen.length - 1, 'negrita'],
    ]),
  };

  const ventas: HojaSimple = {
    nombre: 'Ventas',
    columnas: [
      { width: 10 },
      { width: 18, numFmt: FORMATO_FECHA_HORA },
      { width: 20 },
      { width: 16 },
      { width: 12 },
      { width: 16 },
      { width: 14, numFmt: FORMATO_ARS },
      { width: 16, numFmt: FORMATO_ARS },
    ],
    filas: [['Nro venta', 'Fecha', 'Cliente', 'Forma de pago', 'Estado', 'Estado del pago', 'Envío', 'Total']],
    fuentes: new Map([[0, 'negrita']]),
  };
  for (const v of datos.ventas) {
    ventas.filas.push([
      v.id,
      horaLocalMendoza(v.fecha),
      v.cliente ?? '',
      FORMA_PAGO_LABEL[v.formaPago],
      ESTADO_VENTA_LABEL[v.estadoVenta],
      v.estadoPago ? ESTADO_PAGO_LABEL[v.estadoPago] : '',
      v.envio,
      v.total,
    ]);
  }

  const detalle: HojaSimple = {
    nombre: 'Detalle',
    columnas: [
      { width: 10 },
      { width: 18, numFmt: FORMATO_FECHA_HORA },
      { width: 36 },
      { width: 14 },
      { width: 10 },
      { width: 16, numFmt: FORMATO_ARS },
      { width: 16, numFmt: FORMATO_ARS },
      { width: 11 },
    ],
    filas: [['Nro venta', 'Fecha', 'Producto', 'Código', 'Cantidad', 'Precio aplicado', 'Subtotal', 'Promoción']],
    fuentes: new Map([[0, 'negrita']]),
  };
  for (const l of datos.lineas) {
    detalle.filas.push([
      l.ventaId,
      horaLocalMendoza(l.fecha),
      l.denominacion,
      l.codigo,
      l.cantidad,
      l.precioAplicado,
      aPesos(l.cantidad * aCentavos(l.precioAplicado)),
      l.promocionId ?? '',
    ]);
  }

  return escribirXlsx([resumen, ventas, detalle], { creador: 'Librería', creado: new Date() });
}

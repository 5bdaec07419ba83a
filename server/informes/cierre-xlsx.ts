// The cash-closing spreadsheet: what an owner closing the till needs, money as real numbers.
import ExcelJS from 'exceljs';
import { ESTADO_PAGO_LABEL, ESTADO_VENTA_LABEL, FORMA_PAGO_LABEL } from '../../domain/enums';
import { horaLocalMendoza } from '../../domain/fechas';
import { aCentavos, aPesos } from '../../domain/money';
import { totalesDelCierre, type DatosDelCierre } from './service';

/** ARS with two decimals; Excel shows the separators of the reader's locale. */
export const FORMATO_ARS = '"$" #,##0.00';
const FORMATO_FECHA_HORA = 'dd/mm/yyyy hh:mm';

const diaLegible = (dia: string) => dia.split('-').reverse().join('/');

export async function generarCierreXlsx(datos: DatosDelCierre): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'Librería';
  libro.created = new Date();

  const { general, porForma } = totalesDelCierre(datos.ventas);
  const resumen = libro.addWorksheet('Resumen');
  resumen.columns = [{ width: 28 }, { width: 12 }, { width: 22 }, { width: 18 }, { width: 18 }];
  resumen.addRow(['Cierre de caja']).font = { bold: true, size: 14 };
  resumen.addRow(['Desde', diaLegible(datos.desde)]);
  resumen.addRow(['Hasta', diaLegible(datos.hasta)]);
  resumen.addRow(['Cantidad de ventas', general.cantidad]);
  resumen.addRow([]);
  resumen.addRow(['Forma de pago', 'Ventas', 'Cobrado (concluidas)', 'Pendiente', 'Total']).font = { bold: true };
  for (const [forma, s] of porForma) {
    resumen.addRow([FORMA_PAGO_LABEL[forma], s.cantidad, aPesos(s.cobrado), aPesos(s.pendiente), aPesos(s.centavos)]);
  }
  resumen.addRow(['Total', general.cantidad, aPesos(general.cobrado), aPesos(general.pendiente), aPesos(general.centavos)]).font = {
    bold: true,
  };
  for (const col of [3, 4, 5]) resumen.getColumn(col).numFmt = FORMATO_ARS;

  const ventas = libro.addWorksheet('Ventas');
  ventas.columns = [
    { header: 'Nro venta', key: 'id', width: 10 },
    { header: 'Fecha', key: 'fecha', width: 18, style: { numFmt: FORMATO_FECHA_HORA } },
    { header: 'Cliente', key: 'cliente', width: 20 },
    { header: 'Forma de pago', key: 'formaPago', width: 16 },
    { header: 'Estado', key: 'estado', width: 12 },
    { header: 'Estado del pago', key: 'estadoPago', width: 16 },
    { header: 'Envío', key: 'envio', width: 14, style: { numFmt: FORMATO_ARS } },
    { header: 'Total', key: 'total', width: 16, style: { numFmt: FORMATO_ARS } },
  ];
  ventas.getRow(1).font = { bold: true };
  for (const v of datos.ventas) {
    ventas.addRow({
      id: v.id,
      fecha: horaLocalMendoza(v.fecha),
      cliente: v.cliente ?? '',
      formaPago: FORMA_PAGO_LABEL[v.formaPago],
      estado: ESTADO_VENTA_LABEL[v.estadoVenta],
      estadoPago: v.estadoPago ? ESTADO_PAGO_LABEL[v.estadoPago] : '',
      envio: v.envio,
      total: v.total,
    });
  }

  const detalle = libro.addWorksheet('Detalle');
  detalle.columns = [
    { header: 'Nro venta', key: 'ventaId', width: 10 },
    { header: 'Fecha', key: 'fecha', width: 18, style: { numFmt: FORMATO_FECHA_HORA } },
    { header: 'Producto', key: 'denominacion', width: 36 },
    { header: 'Código', key: 'codigo', width: 14 },
    { header: 'Cantidad', key: 'cantidad', width: 10 },
    { header: 'Precio aplicado', key: 'precioAplicado', width: 16, style: { numFmt: FORMATO_ARS } },
    { header: 'Subtotal', key: 'subtotal', width: 16, style: { numFmt: FORMATO_ARS } },
    { header: 'Promoción', key: 'promocionId', width: 11 },
  ];
  detalle.getRow(1).font = { bold: true };
  for (const l of datos.lineas) {
    detalle.addRow({
      ...l,
      fecha: horaLocalMendoza(l.fecha),
      subtotal: aPesos(l.cantidad * aCentavos(l.precioAplicado)),
      promocionId: l.promocionId ?? '',
    });
  }

  return Buffer.from(await libro.xlsx.writeBuffer());
}

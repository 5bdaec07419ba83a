// The cash closing's data and its totals, without the database: shared by service.ts (main thread) and
// the workbook's worker (cierre-xlsx-worker.ts), which must not load drizzle or the schema.
import { estadoDeCobro } from '../../domain/cierre';
import { FORMAS_PAGO, type EstadoPago, type EstadoVenta, type FormaPago } from '../../domain/enums';
import { SumaDeDinero } from '../../domain/money';

/** A print job's line (issue 21) in the closing's lines: no product, this id and code, 'Impresión: file'. */
export const PRODUCTO_ID_IMPRESION = 0;
export const CODIGO_IMPRESION = 'IMPRESIÓN';

export interface VentaDelCierre {
  id: number;
  fecha: Date;
  formaPago: FormaPago;
  estadoVenta: EstadoVenta;
  estadoPago: EstadoPago | null;
  envio: number;
  total: number;
  cliente: string | null;
}

export interface LineaDelCierre {
  ventaId: number;
  fecha: Date;
  productoId: number;
  denominacion: string;
  codigo: string;
  cantidad: number;
  precioAplicado: number;
  promocionId: number | null;
}

export interface DatosDelCierre {
  desde: string;
  hasta: string;
  ventas: VentaDelCierre[];
  lineas: LineaDelCierre[];
}

/**
 * The sales and lines read one by one, by position: from arrays of objects (`filasDe`), or from the
 * worker's columns without making every object at once (cierre-compacto.ts). Two years of sales are
 * 175,000 rows: as objects, ~100 MB more in the worker.
 */
export interface FilasDelCierre {
  desde: string;
  hasta: string;
  cantidadVentas: number;
  venta: (i: number) => VentaDelCierre;
  cantidadLineas: number;
  linea: (i: number) => LineaDelCierre;
}

export const filasDe = (datos: DatosDelCierre): FilasDelCierre => ({
  desde: datos.desde,
  hasta: datos.hasta,
  cantidadVentas: datos.ventas.length,
  venta: (i) => datos.ventas[i]!,
  cantidadLineas: datos.lineas.length,
  linea: (i) => datos.lineas[i]!,
});

export function* ventasDe(filas: FilasDelCierre): Generator<VentaDelCierre> {
  for (let i = 0; i < filas.cantidadVentas; i++) yield filas.venta(i);
}

export function* lineasDe(filas: FilasDelCierre): Generator<LineaDelCierre> {
  for (let i = 0; i < filas.cantidadLineas; i++) yield filas.linea(i);
}

export interface SumaDelCierre {
  cantidad: number;
  total: SumaDeDinero;
  cobrado: SumaDeDinero;
  pendiente: SumaDeDinero;
}
const sumaVacia = (): SumaDelCierre => ({ cantidad: 0, total: new SumaDeDinero(), cobrado: new SumaDeDinero(), pendiente: new SumaDeDinero() });

/**
 * Totals per payment method and in all, by `estadoDeCobro` (domain/cierre.ts): collected apart from
 * pending; the sales not collected (payment rejected or expired) are in none of them, only counted in
 * `noCobradas`.
 */
export function totalesDelCierre(ventas: Iterable<VentaDelCierre>) {
  const general = sumaVacia();
  const porForma = new Map<FormaPago, SumaDelCierre>(FORMAS_PAGO.map((f) => [f, sumaVacia()]));
  const noCobradas = { cantidad: 0, total: new SumaDeDinero() };
  for (const v of ventas) {
    const cobro = estadoDeCobro(v);
    if (cobro === 'NO_COBRADO') {
      noCobradas.cantidad += 1;
      noCobradas.total.sumar(v.total);
      continue;
    }
    for (const s of [general, porForma.get(v.formaPago)!]) {
      s.cantidad += 1;
      s.total.sumar(v.total);
      (cobro === 'COBRADO' ? s.cobrado : s.pendiente).sumar(v.total);
    }
  }
  return { general, porForma, noCobradas };
}

/**
 * The print jobs (issue 21) of the range as a group of their own: how many and what they were charged,
 * in the sales the totals count (a sale not collected leaves its jobs out too).
 */
export function impresionesDelCierre(filas: FilasDelCierre): { trabajos: number; importe: SumaDeDinero } {
  const fuera = new Set<number>();
  for (const v of ventasDe(filas)) if (estadoDeCobro(v) === 'NO_COBRADO') fuera.add(v.id);
  const grupo = { trabajos: 0, importe: new SumaDeDinero() };
  for (const l of lineasDe(filas)) {
    if (l.productoId !== PRODUCTO_ID_IMPRESION || fuera.has(l.ventaId)) continue;
    grupo.trabajos += l.cantidad;
    grupo.importe.sumarLinea(l.cantidad, l.precioAplicado);
  }
  return grupo;
}

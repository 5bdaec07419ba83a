// The cash closing's data and its totals, without the database: shared by service.ts (main thread) and
// the workbook's worker (cierre-xlsx-worker.ts), which must not load drizzle or the schema.
import { estadoDeCobro } from '../../domain/cierre';
import { FORMAS_PAGO, type EstadoPago, type EstadoVenta, type FormaPago } from '../../domain/enums';
import { aCentavos } from '../../domain/money';

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

interface Suma {
  cantidad: number;
  centavos: number;
  cobrado: number;
  pendiente: number;
}
const sumaVacia = (): Suma => ({ cantidad: 0, centavos: 0, cobrado: 0, pendiente: 0 });

/**
 * Totals per payment method and in all, in cents, by `estadoDeCobro` (domain/cierre.ts): collected
 * apart from pending; the sales not collected (payment rejected or expired) are in none of them,
 * only counted in `noCobradas`.
 */
export function totalesDelCierre(ventas: Iterable<VentaDelCierre>) {
  const general = sumaVacia();
  const porForma = new Map<FormaPago, Suma>(FORMAS_PAGO.map((f) => [f, sumaVacia()]));
  const noCobradas = { cantidad: 0, centavos: 0 };
  for (const v of ventas) {
    const c = aCentavos(v.total);
    const cobro = estadoDeCobro(v);
    if (cobro === 'NO_COBRADO') {
      noCobradas.cantidad += 1;
      noCobradas.centavos += c;
      continue;
    }
    for (const s of [general, porForma.get(v.formaPago)!]) {
      s.cantidad += 1;
      s.centavos += c;
      if (cobro === 'COBRADO') s.cobrado += c;
      else s.pendiente += c;
    }
  }
  return { general, porForma, noCobradas };
}

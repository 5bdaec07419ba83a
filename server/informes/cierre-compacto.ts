// The cash closing's data in columns, as service.ts reads it: numbers and dates in typed arrays whose
// memory is transferred to the workbook's worker, not copied, and the texts in plain arrays.
// Structured-cloning the 7,000 row objects of 30 days took ~10 ms of the main thread and ~13 ms of the
// worker's; the columns, ~2.5 ms. The worker's writer reads them row by row (`filasDeColumnas`): the
// rows are never all objects at once.
import type { EstadoPago, EstadoVenta, FormaPago } from '../../domain/enums';
import type { FilasDelCierre } from './cierre';

export interface CierreCompacto {
  desde: string;
  hasta: string;
  ventas: {
    id: Float64Array;
    /** Milliseconds since the epoch. */
    fecha: Float64Array;
    envio: Float64Array;
    total: Float64Array;
    cliente: Array<string | null>;
    formaPago: FormaPago[];
    estadoVenta: EstadoVenta[];
    estadoPago: Array<EstadoPago | null>;
  };
  lineas: {
    ventaId: Float64Array;
    fecha: Float64Array;
    productoId: Float64Array;
    cantidad: Float64Array;
    precioAplicado: Float64Array;
    /** NaN: no promotion. */
    promocionId: Float64Array;
    denominacion: string[];
    codigo: string[];
  };
}

/** The typed arrays' memory, for postMessage's transfer list (the sender loses it). */
export const transferibles = (c: CierreCompacto): ArrayBuffer[] =>
  [...Object.values(c.ventas), ...Object.values(c.lineas)]
    .filter((columna): columna is Float64Array => columna instanceof Float64Array)
    .map((columna) => columna.buffer as ArrayBuffer);

/** The rows by position, each object made when the writer asks for it (and garbage right after). */
export function filasDeColumnas(c: CierreCompacto): FilasDelCierre {
  const v = c.ventas;
  const l = c.lineas;
  return {
    desde: c.desde,
    hasta: c.hasta,
    cantidadVentas: v.id.length,
    venta: (i) => ({
      id: v.id[i]!,
      fecha: new Date(v.fecha[i]!),
      formaPago: v.formaPago[i]!,
      estadoVenta: v.estadoVenta[i]!,
      estadoPago: v.estadoPago[i] ?? null,
      envio: v.envio[i]!,
      total: v.total[i]!,
      cliente: v.cliente[i] ?? null,
    }),
    cantidadLineas: l.ventaId.length,
    linea: (i) => {
      const promocionId = l.promocionId[i]!;
      return {
        ventaId: l.ventaId[i]!,
        fecha: new Date(l.fecha[i]!),
        productoId: l.productoId[i]!,
        denominacion: l.denominacion[i]!,
        codigo: l.codigo[i]!,
        cantidad: l.cantidad[i]!,
        precioAplicado: l.precioAplicado[i]!,
        promocionId: Number.isNaN(promocionId) ? null : promocionId,
      };
    },
  };
}

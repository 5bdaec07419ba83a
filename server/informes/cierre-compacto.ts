// The cash closing's data in columns, to send to the workbook's worker: numbers and dates in typed
// arrays whose memory is transferred, not copied, and the texts in plain arrays. Structured-cloning
// the 7,000 row objects of 30 days took ~10 ms of the main thread and ~13 ms of the worker's; in
// columns, ~1 ms to build, ~2.5 ms to clone (docs/performance.md). The worker's writer reads them row
// by row (`filasDeColumnas`): the rows are never all objects in the worker.
import type { EstadoPago, EstadoVenta, FormaPago } from '../../domain/enums';
import type { DatosDelCierre, FilasDelCierre } from './cierre';

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

export function compactar(datos: DatosDelCierre): CierreCompacto {
  const v = datos.ventas;
  const ventas: CierreCompacto['ventas'] = {
    id: new Float64Array(v.length),
    fecha: new Float64Array(v.length),
    envio: new Float64Array(v.length),
    total: new Float64Array(v.length),
    cliente: new Array<string | null>(v.length),
    formaPago: new Array<FormaPago>(v.length),
    estadoVenta: new Array<EstadoVenta>(v.length),
    estadoPago: new Array<EstadoPago | null>(v.length),
  };
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    ventas.id[i] = x.id;
    ventas.fecha[i] = x.fecha.getTime();
    ventas.envio[i] = x.envio;
    ventas.total[i] = x.total;
    ventas.cliente[i] = x.cliente;
    ventas.formaPago[i] = x.formaPago;
    ventas.estadoVenta[i] = x.estadoVenta;
    ventas.estadoPago[i] = x.estadoPago;
  }
  const l = datos.lineas;
  const lineas: CierreCompacto['lineas'] = {
    ventaId: new Float64Array(l.length),
    fecha: new Float64Array(l.length),
    productoId: new Float64Array(l.length),
    cantidad: new Float64Array(l.length),
    precioAplicado: new Float64Array(l.length),
    promocionId: new Float64Array(l.length),
    denominacion: new Array<string>(l.length),
    codigo: new Array<string>(l.length),
  };
  for (let i = 0; i < l.length; i++) {
    const x = l[i]!;
    lineas.ventaId[i] = x.ventaId;
    lineas.fecha[i] = x.fecha.getTime();
    lineas.productoId[i] = x.productoId;
    lineas.cantidad[i] = x.cantidad;
    lineas.precioAplicado[i] = x.precioAplicado;
    lineas.promocionId[i] = x.promocionId ?? Number.NaN;
    lineas.denominacion[i] = x.denominacion;
    lineas.codigo[i] = x.codigo;
  }
  return { desde: datos.desde, hasta: datos.hasta, ventas, lineas };
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

import { and, sql } from 'drizzle-orm';
import { estadoDeCobro } from '../../domain/cierre';
import type { EstadoPago, EstadoVenta, FormaPago } from '../../domain/enums';
import { diaMendoza, inicioDelDiaMendoza } from '../../domain/fechas';
import type { ResumenInforme } from '../../domain/informe';
import { MENSAJES } from '../../domain/mensajes';
import { SumaDeDinero } from '../../domain/money';
import type { Db } from '../db/client';
import { detalleVenta, producto, trabajoImpresion, usuario, venta } from '../db/schema';
import { Invalido } from '../errors';
import { condicionFechas } from '../ventas/service';
import { CODIGO_IMPRESION, PRODUCTO_ID_IMPRESION, impresionesDelCierre, lineasDe, totalesDelCierre, ventasDe } from './cierre';
import { filasDeColumnas, type CierreCompacto } from './cierre-compacto';

interface FilaVenta {
  id: number;
  fecha: number;
  forma_pago: FormaPago;
  estado_venta: EstadoVenta;
  estado_pago: EstadoPago | null;
  envio: number;
  total: number;
  cliente: string | null;
}

interface FilaLinea {
  venta_id: number;
  fecha: number;
  producto_id: number;
  denominacion: string;
  codigo: string;
  cantidad: number;
  precio_aplicado: number;
  promocion_id: number | null;
}

/** The rows of `db.execute`: both drivers (node-postgres, PGlite) answer `{ rows }`. */
const filas = <T>(resultado: unknown) => (resultado as { rows: T[] }).rows;

/**
 * The sales of whole Mendoza days (oldest first) with their lines, in columns (cierre-compacto.ts): what
 * the workbook's worker gets, and what the dashboard sums. The two queries run at the same time; the
 * lines take their sale's date from the join with `venta` that filters them by date. Plain SQL, dates
 * as epoch milliseconds and amounts as float8 (the same double as Number() of the numeric's text):
 * drizzle's mapping of 7,000 rows into objects and the parsing of their dates and numerics took 45 ms
 * of the main thread for 30 days, this 25 (bench/results/2026-11-22-a-26-historia.md).
 */
export async function datosDelCierre(db: Db, desde: string, hasta: string): Promise<CierreCompacto> {
  if (desde > hasta) throw new Invalido(MENSAJES.rangoFechasInvertido);
  const enRango = and(...condicionFechas(desde, hasta));
  const milisegundos = sql`floor(extract(epoch from ${venta.fecha}) * 1000)::float8`;
  const [resultadoVentas, resultadoLineas] = await Promise.all([
    db.execute(sql`
      select ${venta.id} as id, ${milisegundos} as fecha, ${venta.formaPago} as forma_pago,
        ${venta.estadoVenta} as estado_venta, ${venta.estadoPago} as estado_pago,
        ${venta.envio}::float8 as envio, ${venta.total}::float8 as total, ${usuario.usuario} as cliente
      from ${venta} left join ${usuario} on ${usuario.id} = ${venta.userId}
      where ${enRango}
      order by ${venta.fecha}, ${venta.id}`),
    db.execute(sql`
      select ${detalleVenta.ventaId} as venta_id, ${milisegundos} as fecha, coalesce(${detalleVenta.productoId}, ${PRODUCTO_ID_IMPRESION}) as producto_id,
        coalesce(${producto.denominacion}, 'Impresión: ' || ${trabajoImpresion.nombreArchivo}) as denominacion,
        coalesce(${producto.codigo}, ${CODIGO_IMPRESION}) as codigo, ${detalleVenta.cantidad} as cantidad,
        ${detalleVenta.precioAplicado}::float8 as precio_aplicado, ${detalleVenta.promocionId} as promocion_id
      from ${detalleVenta}
        join ${venta} on ${venta.id} = ${detalleVenta.ventaId}
        left join ${producto} on ${producto.id} = ${detalleVenta.productoId}
        left join ${trabajoImpresion} on ${trabajoImpresion.id} = ${detalleVenta.trabajoImpresionId}
      where ${enRango}
      order by ${detalleVenta.ventaId}, ${detalleVenta.id}`),
  ]);
  const v = filas<FilaVenta>(resultadoVentas);
  const l = filas<FilaLinea>(resultadoLineas);
  return {
    desde,
    hasta,
    ventas: {
      id: Float64Array.from(v, (f) => f.id),
      fecha: Float64Array.from(v, (f) => f.fecha),
      envio: Float64Array.from(v, (f) => f.envio),
      total: Float64Array.from(v, (f) => f.total),
      cliente: v.map((f) => f.cliente),
      formaPago: v.map((f) => f.forma_pago),
      estadoVenta: v.map((f) => f.estado_venta),
      estadoPago: v.map((f) => f.estado_pago),
    },
    lineas: {
      ventaId: Float64Array.from(l, (f) => f.venta_id),
      fecha: Float64Array.from(l, (f) => f.fecha),
      productoId: Float64Array.from(l, (f) => f.producto_id),
      cantidad: Float64Array.from(l, (f) => f.cantidad),
      precioAplicado: Float64Array.from(l, (f) => f.precio_aplicado),
      promocionId: Float64Array.from(l, (f) => f.promocion_id ?? Number.NaN),
      denominacion: l.map((f) => f.denominacion),
      codigo: l.map((f) => f.codigo),
    },
  };
}

const MAX_DIAS_COMPLETOS = 366;

export async function resumenInforme(db: Db, desde: string, hasta: string): Promise<ResumenInforme> {
  const datos = filasDeColumnas(await datosDelCierre(db, desde, hasta));
  const { general, porForma, noCobradas } = totalesDelCierre(ventasDe(datos));

  const porDia = new Map<string, { cantidad: number; total: SumaDeDinero }>();
  const dias = (inicioDelDiaMendoza(hasta).getTime() - inicioDelDiaMendoza(desde).getTime()) / 86_400_000 + 1;
  if (dias <= MAX_DIAS_COMPLETOS) {
    for (let i = 0; i < dias; i++) porDia.set(diaMendoza(new Date(inicioDelDiaMendoza(desde).getTime() + i * 86_400_000)), { cantidad: 0, total: new SumaDeDinero() });
  }
  // Sales not collected are out of the days and the products too: nothing was sold.
  const fuera = new Set<number>();
  for (const v of ventasDe(datos)) {
    if (estadoDeCobro(v) === 'NO_COBRADO') {
      fuera.add(v.id);
      continue;
    }
    const dia = diaMendoza(v.fecha);
    const actual = porDia.get(dia) ?? { cantidad: 0, total: new SumaDeDinero() };
    actual.cantidad += 1;
    actual.total.sumar(v.total);
    porDia.set(dia, actual);
  }

  const productos = new Map<number, { productoId: number; denominacion: string; unidades: number; importe: SumaDeDinero }>();
  // Print jobs (issue 21) are a group of their own, not a product.
  const impresiones = impresionesDelCierre(datos);
  for (const l of lineasDe(datos)) {
    if (fuera.has(l.ventaId) || l.productoId === PRODUCTO_ID_IMPRESION) continue;
    const actual = productos.get(l.productoId) ?? { productoId: l.productoId, denominacion: l.denominacion, unidades: 0, importe: new SumaDeDinero() };
    actual.unidades += l.cantidad;
    actual.importe.sumarLinea(l.cantidad, l.precioAplicado);
    productos.set(l.productoId, actual);
  }
  const vendidos = [...productos.values()].map((p) => ({ productoId: p.productoId, denominacion: p.denominacion, unidades: p.unidades, importe: p.importe.pesos }));

  return {
    desde,
    hasta,
    cantidadVentas: general.cantidad,
    total: general.total.pesos,
    cobrado: general.cobrado.pesos,
    pendiente: general.pendiente.pesos,
    noCobradas: { cantidad: noCobradas.cantidad, total: noCobradas.total.pesos },
    porDia: [...porDia.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([fecha, s]) => ({ fecha, cantidad: s.cantidad, total: s.total.pesos })),
    porFormaPago: [...porForma.entries()].map(([formaPago, s]) => ({
      formaPago,
      cantidad: s.cantidad,
      total: s.total.pesos,
      cobrado: s.cobrado.pesos,
      pendiente: s.pendiente.pesos,
    })),
    // Amounts compared as pesos: they are exact to the cent, so the order is the cents' order.
    impresiones: { trabajos: impresiones.trabajos, importe: impresiones.importe.pesos },
    topPorUnidades: [...vendidos].sort((a, b) => b.unidades - a.unidades || b.importe - a.importe || a.productoId - b.productoId).slice(0, 10),
    topPorImporte: [...vendidos].sort((a, b) => b.importe - a.importe || b.unidades - a.unidades || a.productoId - b.productoId).slice(0, 10),
  };
}

import { and, asc, eq } from 'drizzle-orm';
import { diaMendoza, inicioDelDiaMendoza } from '../../domain/fechas';
import type { ResumenInforme } from '../../domain/informe';
import { MENSAJES } from '../../domain/mensajes';
import { aCentavos, aPesos } from '../../domain/money';
import type { Db } from '../db/client';
import { detalleVenta, producto, usuario, venta } from '../db/schema';
import { Invalido } from '../errors';
import { condicionFechas } from '../ventas/service';
import { totalesDelCierre, type DatosDelCierre } from './cierre';

/**
 * The sales of whole Mendoza days (oldest first) with their lines. The two queries run at the same
 * time; the lines take their sale's date from the join with `venta` that filters them by date (not
 * from a list of thousands of sale ids).
 */
export async function datosDelCierre(db: Db, desde: string, hasta: string): Promise<DatosDelCierre> {
  if (desde > hasta) throw new Invalido(MENSAJES.rangoFechasInvertido);
  const [ventas, lineas] = await Promise.all([
    db
      .select({
        id: venta.id,
        fecha: venta.fecha,
        formaPago: venta.formaPago,
        estadoVenta: venta.estadoVenta,
        estadoPago: venta.estadoPago,
        envio: venta.envio,
        total: venta.total,
        cliente: usuario.usuario,
      })
      .from(venta)
      .leftJoin(usuario, eq(usuario.id, venta.userId))
      .where(and(...condicionFechas(desde, hasta)))
      .orderBy(asc(venta.fecha), asc(venta.id)),
    db
      .select({
        ventaId: detalleVenta.ventaId,
        fecha: venta.fecha,
        productoId: detalleVenta.productoId,
        denominacion: producto.denominacion,
        codigo: producto.codigo,
        cantidad: detalleVenta.cantidad,
        precioAplicado: detalleVenta.precioAplicado,
        promocionId: detalleVenta.promocionId,
      })
      .from(detalleVenta)
      .innerJoin(venta, eq(venta.id, detalleVenta.ventaId))
      .innerJoin(producto, eq(producto.id, detalleVenta.productoId))
      .where(and(...condicionFechas(desde, hasta)))
      .orderBy(asc(detalleVenta.ventaId), asc(detalleVenta.id)),
  ]);
  return { desde, hasta, ventas, lineas };
}

const MAX_DIAS_COMPLETOS = 366;

export async function resumenInforme(db: Db, desde: string, hasta: string): Promise<ResumenInforme> {
  const { ventas, lineas } = await datosDelCierre(db, desde, hasta);
  const { general, porForma } = totalesDelCierre(ventas);

  const porDia = new Map<string, { cantidad: number; centavos: number }>();
  const dias = (inicioDelDiaMendoza(hasta).getTime() - inicioDelDiaMendoza(desde).getTime()) / 86_400_000 + 1;
  if (dias <= MAX_DIAS_COMPLETOS) {
    for (let i = 0; i < dias; i++) porDia.set(diaMendoza(new Date(inicioDelDiaMendoza(desde).getTime() + i * 86_400_000)), { cantidad: 0, centavos: 0 });
  }
  for (const v of ventas) {
    const dia = diaMendoza(v.fecha);
    const actual = porDia.get(dia) ?? { cantidad: 0, centavos: 0 };
    actual.cantidad += 1;
    actual.centavos += aCentavos(v.total);
    porDia.set(dia, actual);
  }

  const productos = new Map<number, { productoId: number; denominacion: string; unidades: number; centavos: number }>();
  for (const l of lineas) {
    const actual = productos.get(l.productoId) ?? { productoId: l.productoId, denominacion: l.denominacion, unidades: 0, centavos: 0 };
    actual.unidades += l.cantidad;
    actual.centavos += l.cantidad * aCentavos(l.precioAplicado);
    productos.set(l.productoId, actual);
  }
  const vendidos = [...productos.values()];
  const aSalida = (p: (typeof vendidos)[number]) => ({ productoId: p.productoId, denominacion: p.denominacion, unidades: p.unidades, importe: aPesos(p.centavos) });

  return {
    desde,
    hasta,
    cantidadVentas: general.cantidad,
    total: aPesos(general.centavos),
    cobrado: aPesos(general.cobrado),
    pendiente: aPesos(general.pendiente),
    porDia: [...porDia.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([fecha, s]) => ({ fecha, cantidad: s.cantidad, total: aPesos(s.centavos) })),
    porFormaPago: [...porForma.entries()].map(([formaPago, s]) => ({
      formaPago,
      cantidad: s.cantidad,
      total: aPesos(s.centavos),
      cobrado: aPesos(s.cobrado),
      pendiente: aPesos(s.pendiente),
    })),
    topPorUnidades: [...vendidos]
      .sort((a, b) => b.unidades - a.unidades || b.centavos - a.centavos || a.productoId - b.productoId)
      .slice(0, 10)
      .map(aSalida),
    topPorImporte: [...vendidos]
      .sort((a, b) => b.centavos - a.centavos || b.unidades - a.unidades || a.productoId - b.productoId)
      .slice(0, 10)
      .map(aSalida),
  };
}

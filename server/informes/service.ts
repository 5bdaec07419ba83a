import { and, asc, eq } from 'drizzle-orm';
import { FORMAS_PAGO, type EstadoPago, type EstadoVenta, type FormaPago } from '../../domain/enums';
import { diaMendoza, inicioDelDiaMendoza } from '../../domain/fechas';
import type { ResumenInforme } from '../../domain/informe';
import { MENSAJES } from '../../domain/mensajes';
import { aCentavos, aPesos } from '../../domain/money';
import type { Db } from '../db/client';
import { detalleVenta, producto, usuario, venta } from '../db/schema';
import { Invalido } from '../errors';
import { condicionFechas } from '../ventas/service';

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

interface Suma {
  cantidad: number;
  centavos: number;
  cobrado: number;
  pendiente: number;
}
const sumaVacia = (): Suma => ({ cantidad: 0, centavos: 0, cobrado: 0, pendiente: 0 });
function sumar(s: Suma, v: { total: number; estadoVenta: EstadoVenta }) {
  const c = aCentavos(v.total);
  s.cantidad += 1;
  s.centavos += c;
  if (v.estadoVenta === 'CONCLUIDO') s.cobrado += c;
  else s.pendiente += c;
}

/** Totals per payment method and in all: collected (CONCLUIDO) apart from pending. In cents. */
export function totalesDelCierre(ventas: readonly VentaDelCierre[]) {
  const general = sumaVacia();
  const porForma = new Map<FormaPago, Suma>(FORMAS_PAGO.map((f) => [f, sumaVacia()]));
  for (const v of ventas) {
    sumar(general, v);
    sumar(porForma.get(v.formaPago)!, v);
  }
  return { general, porForma };
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

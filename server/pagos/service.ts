import { asc, eq, sql } from 'drizzle-orm';
import type { UsuarioSesion } from '../../domain/auth';
import type { EstadoPago } from '../../domain/enums';
import { mismoMonto, montoDeItems } from '../../domain/money';
import { MENSAJES_PAGO, pagarHasta, sePuedePagar, type EstadoPagoVenta, type PreferenciaCreada } from '../../domain/pago';
import { contextoDeMercadoPago, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import { avisarDeVenta } from '../correo/cola';
import type { Db } from '../db/client';
import { detalleVenta, producto, trabajoImpresion, venta } from '../db/schema';
import { AppError, Conflicto, NoEncontrado, Prohibido } from '../errors';
import { ErrorDePasarela, type DatosPreferencia, type ItemPreferencia, type PagoMP, type PasarelaPagos } from './pasarela';
import { encolarTrabajosPagados } from '../impresiones/cola';
import { lineasDeProducto, liberarStockDeVenta, reservarStockDeNuevo } from '../stock/stock';
import { asegurarLimitesDePedido, type LimitesDePedido } from '../ventas/limites-de-pedido';

/** Mercado Pago failed us: 502 with the spec's message; the cause goes to the log only. */
export class ErrorDeMercadoPago extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(502, message);
    if (options?.cause) this.cause = options.cause;
  }
}

export interface OpcionesPago {
  publicUrl: string;
  venceMinutos: number;
  /** The customer's limits (PEDIDOS_PENDIENTES_MAX, UNIDADES_POR_PRODUCTO_MAX), checked when paying again takes units. */
  limites?: LimitesDePedido;
}

type Venta = typeof venta.$inferSelect;

/** Dates as Mercado Pago's examples write them, in Mendoza time (UTC-3, no daylight saving). */
export const fechaMP = (fecha: Date): string => new Date(fecha.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');

async function buscarVenta(db: Db, ventaId: number): Promise<Venta> {
  const [encontrada] = await db.select().from(venta).where(eq(venta.id, ventaId));
  if (!encontrada) throw new NoEncontrado(MENSAJES_PAGO.ventaNoEncontrada);
  return encontrada;
}

const asegurarDuenio = (v: Venta, usuario: UsuarioSesion) => {
  if (usuario.rol !== 'ADMIN' && v.userId !== usuario.id) throw new Prohibido();
};

/** Mercado Pago's words for a payment that was approved and then given back. */
const DEVUELTOS = new Set(['refunded', 'charged_back']);

/** The order's state, checked before asking Mercado Pago and again with its row locked. */
function asegurarPagable(v: Venta, venceMinutos: number, ahora: Date) {
  if (v.formaPago !== 'MERCADOPAGO') throw new Conflicto(MENSAJES_PAGO.ventaNoEsMercadoPago);
  if (v.estadoPago === 'APROBADO') throw new Conflicto(MENSAJES_PAGO.ventaYaPagada);
  if (v.estadoPago === 'VENCIDO' || pagarHasta(v.fecha, venceMinutos).getTime() <= ahora.getTime()) throw new Conflicto(MENSAJES_PAGO.pagoVencido);
  if (v.estadoVenta !== 'PENDIENTE') throw new Conflicto(MENSAJES_PAGO.ventaNoPendiente);
}

/**
 * Creates a Checkout Pro preference for a customer's unpaid Mercado Pago order: right after the order,
 * and again whenever the customer presses 'Pagar' (an abandoned checkout, a pending or rejected
 * payment), while the order's time lasts (docs/decisions/026-pagar-de-nuevo.md).
 *
 * 1. Mercado Pago is asked first about the order's payments: one approved on an older preference is
 *    recorded (once, by `registrarPago`) and the order is not paid again; a refunded one stops it.
 * 2. With the order's row locked, its state is checked again. A rejection gave its units back: they are
 *    taken again here, all or none, within the customer's limits, and the audit trail says so. The
 *    lock and `stockLiberado` make it happen once, whatever runs at the same time (another retry, a
 *    late approval, the expiry sweep).
 * 3. The preference is built from the order's own lines and expires when the order does (the hold is
 *    not extended). If Mercado Pago fails now, the units stay held until the order expires, and the
 *    next 'Pagar' does not take them again.
 */
export async function crearPreferencia(
  db: Db,
  pasarela: PasarelaPagos,
  opciones: OpcionesPago,
  pedido: { ventaId: number; usuario: UsuarioSesion; ahora?: Date; contexto?: ContextoAuditoria },
): Promise<PreferenciaCreada> {
  const ahora = pedido.ahora ?? new Date();
  const antes = await buscarVenta(db, pedido.ventaId);
  asegurarDuenio(antes, pedido.usuario);
  asegurarPagable(antes, opciones.venceMinutos, ahora);

  let pagos: PagoMP[];
  try {
    pagos = await pasarela.buscarPagos(String(antes.id));
  } catch (error) {
    throw new ErrorDeMercadoPago(MENSAJES_PAGO.preferenciaFallida, { cause: error });
  }
  const queCuenta = pagoQueCuenta(pagos);
  if (queCuenta) await registrarPago(db, queCuenta, ahora);
  if (pagos.some((p) => DEVUELTOS.has(p.status))) throw new Conflicto(MENSAJES_PAGO.pagoDevuelto);

  const { v, lineas } = await db.transaction(async (tx) => {
    const [v] = await tx.select().from(venta).where(eq(venta.id, antes.id)).for('update');
    if (!v) throw new NoEncontrado(MENSAJES_PAGO.ventaNoEncontrada);
    asegurarPagable(v, opciones.venceMinutos, ahora);
    const lineas = await tx
      .select({
        productoId: detalleVenta.productoId,
        trabajoImpresionId: detalleVenta.trabajoImpresionId,
        cantidad: detalleVenta.cantidad,
        precioAplicado: detalleVenta.precioAplicado,
        // A print line (issue 21) is charged too, named by its file.
        denominacion: sql<string>`coalesce(${producto.denominacion}, 'Impresión: ' || ${trabajoImpresion.nombreArchivo})`,
      })
      .from(detalleVenta)
      .leftJoin(producto, eq(producto.id, detalleVenta.productoId))
      .leftJoin(trabajoImpresion, eq(trabajoImpresion.id, detalleVenta.trabajoImpresionId))
      .where(eq(detalleVenta.ventaId, v.id))
      .orderBy(asc(detalleVenta.id));
    if (v.stockLiberado) {
      // Paying again an order whose units went back (a rejection): they are taken again first.
      if (v.carrito && v.userId !== null && opciones.limites) await asegurarLimitesDePedido(tx, v.userId, lineasDeProducto(lineas), opciones.limites);
      if (!(await reservarStockDeNuevo(tx, v.id))) throw new Conflicto(MENSAJES_PAGO.sinStockParaPagar);
      await registrarEvento(tx, pedido.contexto ?? { usuario: { id: pedido.usuario.id, usuario: pedido.usuario.usuario }, direccion: null, navegador: null }, {
        accion: 'venta.pagar-de-nuevo',
        entidadId: v.id,
        antes: { estadoPago: v.estadoPago, stockLiberado: true },
        despues: { estadoPago: v.estadoPago, stockLiberado: false },
        detalle: { unidades: lineas.reduce((n, l) => n + l.cantidad, 0) },
      });
    }
    return { v, lineas };
  });

  // A unit a promotion gives away ($0) is no item: Mercado Pago charges only positive prices.
  const items: ItemPreferencia[] = lineas
    .filter((l) => l.precioAplicado > 0)
    .map((l) => ({
      id: l.productoId !== null ? String(l.productoId) : `impresion-${l.trabajoImpresionId}`,
      title: l.denominacion,
      quantity: l.cantidad,
      unit_price: l.precioAplicado,
      currency_id: 'ARS',
    }));
  if (v.envio > 0) items.push({ id: 'envio', title: 'Envío', quantity: 1, unit_price: v.envio, currency_id: 'ARS' });
  const suma = montoDeItems(items);
  // Mercado Pago charges the items; the webhook compares the charge with the sale's total.
  if (items.length === 0 || suma <= 0 || !mismoMonto(suma, v.total)) throw new Conflicto(MENSAJES_PAGO.ventaSinProductos);

  const vence = pagarHasta(v.fecha, opciones.venceMinutos);
  const datos: DatosPreferencia = {
    items,
    external_reference: String(v.id),
    back_urls: {
      success: `${opciones.publicUrl}/mpsuccess`,
      pending: `${opciones.publicUrl}/mppending`,
      failure: `${opciones.publicUrl}/mpfailure`,
    },
    auto_return: 'approved',
    notification_url: `${opciones.publicUrl}/api/mercadoPago/webhook`,
    expires: true,
    expiration_date_from: fechaMP(ahora),
    expiration_date_to: fechaMP(vence),
    date_of_expiration: fechaMP(vence),
  };
  let creada;
  try {
    creada = await pasarela.crearPreferencia(datos);
  } catch (error) {
    throw new ErrorDeMercadoPago(MENSAJES_PAGO.preferenciaFallida, { cause: error });
  }
  if (!creada.init_point) throw new ErrorDeMercadoPago(MENSAJES_PAGO.sinLinkDePago);
  return { init_point: creada.init_point, id: creada.id };
}

/** Mercado Pago's status words in the shop's terms; undefined: a status we do not act on. */
export function estadoDePago(status: string): EstadoPago | undefined {
  switch (status) {
    case 'approved':
      return 'APROBADO';
    case 'rejected':
    case 'cancelled':
    case 'refunded':
    case 'charged_back':
      return 'RECHAZADO';
    case 'pending':
    case 'in_process':
    case 'authorized':
    case 'in_mediation':
      return 'PENDIENTE';
    default:
      return undefined;
  }
}

export type ResultadoPago =
  | { tipo: 'registrado'; ventaId: number; estadoPago: EstadoPago; stockLiberado: boolean; sinStockParaAprobacionTardia: boolean }
  | { tipo: 'sin-cambios'; ventaId: number }
  | { tipo: 'ignorado'; ventaId?: number; motivo: string }
  | { tipo: 'cobrado-dos-veces'; ventaId: number; pagoId: string; pagoQueCuenta: string | null }
  | { tipo: 'venta-desconocida'; referencia: string | null }
  | { tipo: 'monto-no-coincide'; ventaId: number; monto: number; moneda: string; total: number };

/**
 * Records what Mercado Pago says about a payment on its sale, idempotently: the same news twice
 * changes nothing. Used by the webhook, by the return pages' status check and by the expiry sweep.
 * One transaction with the sale's row locked, so concurrent notifications apply one after another; a
 * change of state writes its audit event there, with Mercado Pago as the actor (`contexto` adds the
 * address of the request that brought the news).
 */
export async function registrarPago(db: Db, pago: PagoMP, ahora = new Date(), contexto: ContextoAuditoria = contextoDeMercadoPago()): Promise<ResultadoPago> {
  const referencia = pago.external_reference;
  const ventaId = referencia && /^\d{1,10}$/.test(referencia) ? Number(referencia) : Number.NaN;
  if (!Number.isSafeInteger(ventaId) || ventaId <= 0 || ventaId > 2_147_483_647) return { tipo: 'venta-desconocida', referencia };
  const nuevo = estadoDePago(pago.status);

  return db.transaction(async (tx): Promise<ResultadoPago> => {
    const [v] = await tx.select().from(venta).where(eq(venta.id, ventaId)).for('update');
    if (!v) return { tipo: 'venta-desconocida', referencia };
    if (v.formaPago !== 'MERCADOPAGO') return { tipo: 'ignorado', ventaId, motivo: 'la venta no se paga con Mercado Pago' };
    // News about the approved payment already recorded (a refund, a charge-back) is about money the
    // shop holds: its amount was checked when it was approved, and the sale's total cannot change since.
    const delPagoAprobado = v.estadoPago === 'APROBADO' && v.pagoId === pago.id;
    if (!delPagoAprobado && (!Number.isFinite(pago.transaction_amount) || !mismoMonto(pago.transaction_amount, v.total) || pago.currency_id !== 'ARS')) {
      return { tipo: 'monto-no-coincide', ventaId, monto: pago.transaction_amount, moneda: pago.currency_id, total: v.total };
    }
    if (!nuevo) return { tipo: 'ignorado', ventaId, motivo: `estado de pago desconocido: ${pago.status}` };
    if (v.estadoPago === nuevo && v.pagoId === pago.id) return { tipo: 'sin-cambios', ventaId };
    // A paid order stays paid unless its own payment changes (a refund); another attempt's news is old.
    if (v.estadoPago === 'APROBADO' && v.pagoId !== pago.id) {
      // Two approvals of one order (two preferences paid, e.g. in two tabs): the first counts, the other is money to give back.
      return nuevo === 'APROBADO' ? { tipo: 'cobrado-dos-veces', ventaId, pagoId: pago.id, pagoQueCuenta: v.pagoId } : { tipo: 'ignorado', ventaId, motivo: 'la venta ya tiene otro pago aprobado' };
    }
    // After the units went back (an expiry, a rejection not paid again) only an approval matters: a
    // pending attempt does not hold stock again. After 'Pagar' took them again, it is recorded.
    // After an expiry only an approval matters too: a rejection (often the one recorded before the
    // order was held again by 'Pagar' and then expired) changes nothing.
    if (v.estadoPago === 'VENCIDO' && nuevo === 'RECHAZADO') return { tipo: 'ignorado', ventaId, motivo: 'rechazo de una venta vencida' };
    if (nuevo === 'PENDIENTE' && (v.estadoPago === 'VENCIDO' || (v.estadoPago === 'RECHAZADO' && v.stockLiberado))) {
      return { tipo: 'ignorado', ventaId, motivo: `pago pendiente de una venta ${v.estadoPago === 'VENCIDO' ? 'vencida' : 'rechazada'}` };
    }

    await tx.update(venta).set({ estadoPago: nuevo, pagoId: pago.id, pagoActualizado: ahora }).where(eq(venta.id, ventaId));
    let stockLiberado = v.stockLiberado;
    let sinStockParaAprobacionTardia = false;
    if (nuevo === 'RECHAZADO') {
      if (await liberarStockDeVenta(tx, ventaId, 'PAGO_RECHAZADO')) stockLiberado = true;
    } else if (nuevo === 'APROBADO' && v.stockLiberado) {
      // The money arrived after the units went back: take them again if they are still there.
      if (await reservarStockDeNuevo(tx, ventaId)) stockLiberado = false;
      else sinStockParaAprobacionTardia = true;
    }
    // Paid: its print jobs enter the shop's queue.
    if (nuevo === 'APROBADO') await encolarTrabajosPagados(tx, ventaId, ahora);
    await registrarEvento(tx, contexto, {
      accion: 'venta.registrar-pago',
      entidadId: ventaId,
      antes: { estadoPago: v.estadoPago, pagoId: v.pagoId, ...(stockLiberado !== v.stockLiberado ? { stockLiberado: v.stockLiberado } : {}) },
      despues: { estadoPago: nuevo, pagoId: pago.id, ...(stockLiberado !== v.stockLiberado ? { stockLiberado } : {}) },
      detalle: { monto: pago.transaction_amount, ...(sinStockParaAprobacionTardia ? { sinStockParaAprobacionTardia } : {}) },
    });
    if (nuevo !== 'PENDIENTE') await avisarDeVenta(tx, ventaId, nuevo === 'APROBADO' ? 'pago-aprobado' : 'pago-rechazado');
    return { tipo: 'registrado', ventaId, estadoPago: nuevo, stockLiberado, sinStockParaAprobacionTardia };
  });
}

/** A verified notification names a payment: fetch it from Mercado Pago and record it. */
export async function procesarNotificacionDePago(
  db: Db,
  pasarela: PasarelaPagos,
  pagoId: string,
  contexto: ContextoAuditoria = contextoDeMercadoPago(),
): Promise<ResultadoPago> {
  const pago = await pasarela.obtenerPago(pagoId);
  if (!pago) return { tipo: 'ignorado', motivo: `Mercado Pago no conoce el pago ${pagoId}` };
  return registrarPago(db, pago, new Date(), contexto);
}

/** Of all the attempts on one order, the one that tells its state: an approval, else the latest. */
export function pagoQueCuenta(pagos: PagoMP[]): PagoMP | undefined {
  const aprobado = pagos.find((p) => p.status === 'approved');
  if (aprobado) return aprobado;
  const cuando = (p: PagoMP) => Date.parse(p.date_last_updated ?? '') || 0;
  return [...pagos].sort((a, b) => cuando(b) - cuando(a) || Number(b.id) - Number(a.id))[0];
}

/** Asks Mercado Pago about an order's payments and records the one that counts. */
export async function sincronizarVenta(
  db: Db,
  pasarela: PasarelaPagos,
  ventaId: number,
  contexto: ContextoAuditoria = contextoDeMercadoPago(),
): Promise<ResultadoPago | undefined> {
  const pago = pagoQueCuenta(await pasarela.buscarPagos(String(ventaId)));
  return pago ? registrarPago(db, pago, new Date(), contexto) : undefined;
}

/**
 * The return pages ask this: it checks with Mercado Pago first, so a lost notification never leaves
 * a paid order looking unpaid. If Mercado Pago cannot be reached it answers what the shop knows.
 */
export async function consultarEstadoDePago(
  db: Db,
  pasarela: PasarelaPagos,
  ventaId: number,
  usuario: UsuarioSesion,
  venceMinutos: number,
  alFallar: (error: unknown) => void = () => undefined,
  contexto: ContextoAuditoria = contextoDeMercadoPago(),
): Promise<{ estado: EstadoPagoVenta; resultado?: ResultadoPago }> {
  const antes = await buscarVenta(db, ventaId);
  asegurarDuenio(antes, usuario);
  let resultado: ResultadoPago | undefined;
  if (antes.formaPago === 'MERCADOPAGO') {
    try {
      resultado = await sincronizarVenta(db, pasarela, ventaId, contexto);
    } catch (error) {
      if (!(error instanceof ErrorDePasarela)) throw error;
      alFallar(error);
    }
  }
  const v = await buscarVenta(db, ventaId);
  const pagable = sePuedePagar(v, venceMinutos);
  return {
    estado: { ventaId: v.id, estadoPago: v.estadoPago, estadoVenta: v.estadoVenta, total: v.total, pagarHasta: pagable ? pagarHasta(v.fecha, venceMinutos).toISOString() : null },
    resultado,
  };
}

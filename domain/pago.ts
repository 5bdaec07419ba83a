import { z } from 'zod';
import { ESTADOS_PAGO, ESTADOS_VENTA, type EstadoPago, type EstadoVenta, type FormaPago } from './enums';
import { MENSAJES } from './mensajes';
import { idEntero } from './numeros';

// Contracts of the Mercado Pago endpoints, shared by the server and the web app.

export const MENSAJES_PAGO = {
  // Spec section 8.
  preferenciaFallida: 'No se pudo crear la preferencia',
  sinLinkDePago: 'No se pudo obtener el link de pago de Mercado Pago',
  errorAlIniciarPago: 'Ocurrió un error al iniciar el pago. Ver consola.',
  // API.
  ventaNoEncontrada: MENSAJES.ventaNoEncontrada,
  ventaNoEsMercadoPago: 'La venta no se paga con Mercado Pago.',
  ventaNoPendiente: 'La venta ya no está pendiente.',
  ventaYaPagada: 'La venta ya está pagada.',
  pagoVencido: 'El plazo para pagar este pedido venció y sus productos volvieron al stock. Podés hacer un pedido nuevo.',
  /** A payment of the order was refunded or charged back: the shop undid it, it is not paid again online. */
  pagoDevuelto: 'Este pedido tuvo un pago devuelto: no se puede volver a pagar. Escribinos si querés comprarlo de nuevo.',
  /** Paying again a rejected order takes its units again: all of them, or none. */
  sinStockParaPagar: 'Algunos productos de este pedido ya no tienen stock suficiente, así que no se puede pagar. Podés hacer un pedido nuevo.',
  ventaSinProductos: 'La venta no tiene productos para pagar.',
  firmaInvalida: 'La firma de la notificación no es válida.',
  notificacionVencida: 'La notificación es demasiado vieja: su hora firmada está fuera del margen aceptado.',
  pagoNoConsultado: 'No se pudo consultar el pago en Mercado Pago. Se reintentará.',
  /** No MP_ACCESS_TOKEN and no MP_SIMULADO=1: the shop takes cash orders only. */
  mercadoPagoNoDisponible: 'El pago con Mercado Pago no está disponible en esta tienda: elegí pagar en efectivo.',
} as const;

/** Body of `POST /api/mercadoPago/createPreference`: a `total` sent is accepted and ignored (the sale has it). */
export const crearPreferenciaSchema = z.strictObject({
  id: idEntero(),
  total: z.unknown().optional().describe('Ignorado: el monto sale de la venta'),
});
export type CrearPreferencia = z.infer<typeof crearPreferenciaSchema>;

export const preferenciaCreadaSchema = z.object({
  init_point: z.string().describe('Link de pago al que el navegador debe ir'),
  id: z.string().describe('Id de la preferencia de Mercado Pago'),
});
export type PreferenciaCreada = z.infer<typeof preferenciaCreadaSchema>;

export const estadoPagoVentaSchema = z.object({
  ventaId: z.number().int(),
  estadoPago: z.enum(ESTADOS_PAGO).nullable(),
  estadoVenta: z.enum(ESTADOS_VENTA),
  total: z.number(),
  /** ISO instant until which 'Pagar' is offered (sePuedePagar); null: it cannot be paid online now. */
  pagarHasta: z.string().nullable(),
});
export type EstadoPagoVenta = z.infer<typeof estadoPagoVentaSchema>;

/** Buttons of the simulated checkout page. */
export const ACCIONES_SIMULADOR = ['aprobar', 'pendiente', 'rechazar'] as const;
export type AccionSimulador = (typeof ACCIONES_SIMULADOR)[number];

/**
 * What the return pages (/mpsuccess, /mppending, /mpfailure) read from the query string Mercado Pago
 * appends. `ventaId` is null when the string does not name a sale; the page then shows no number.
 */
export function leerRetornoMercadoPago(query: URLSearchParams): { ventaId: number | null; pagoId: string | null; estado: string | null } {
  const referencia = query.get('external_reference') ?? '';
  const ventaId = /^\d{1,10}$/.test(referencia) && Number(referencia) > 0 && Number(referencia) <= 2_147_483_647 ? Number(referencia) : null;
  const pagoId = query.get('payment_id') ?? query.get('collection_id');
  const estado = query.get('status') ?? query.get('collection_status');
  return { ventaId, pagoId: pagoId && pagoId !== 'null' ? pagoId : null, estado: estado && estado !== 'null' ? estado : null };
}

/**
 * Until when an online order can be paid: `MP_PAGO_VENCE_MINUTOS` after it was placed. A retry does
 * not move it (docs/decisions/026-pagar-de-nuevo.md); the preference's own expiry is this instant too.
 */
export const pagarHasta = (fecha: Date | string, venceMinutos: number): Date => new Date(new Date(fecha).getTime() + venceMinutos * 60_000);

type VentaDePago = { formaPago: FormaPago; estadoPago: EstadoPago | null; estadoVenta: EstadoVenta; fecha: Date | string };

/**
 * Whether 'Pagar' is offered: a Mercado Pago order not paid, not expired, not concluded, within its
 * time. The server checks it again, and more (whose order, a refund, the units), when asked to pay.
 */
export function sePuedePagar(v: VentaDePago, venceMinutos: number, ahora = new Date()): boolean {
  return (
    v.formaPago === 'MERCADOPAGO' &&
    v.estadoVenta === 'PENDIENTE' &&
    (v.estadoPago === 'PENDIENTE' || v.estadoPago === 'RECHAZADO') &&
    pagarHasta(v.fecha, venceMinutos).getTime() > ahora.getTime()
  );
}

export const PAGOS_CLIENTE = ['PAGADO', 'PENDIENTE', 'RECHAZADO', 'VENCIDO', 'AL_RETIRAR', 'AL_RECIBIR', 'A_CONVENIR'] as const;
export type PagoCliente = (typeof PAGOS_CLIENTE)[number];

/** The payment's state in a customer's words ('Mis compras', the sale detail). The admin reads ESTADO_PAGO_LABEL. */
export const PAGO_CLIENTE_LABEL: Record<PagoCliente, string> = {
  PAGADO: 'Pagado',
  PENDIENTE: 'Pago pendiente',
  RECHAZADO: 'Pago rechazado',
  VENCIDO: 'Pago vencido',
  AL_RETIRAR: 'En efectivo al retirar',
  AL_RECIBIR: 'En efectivo al recibir',
  A_CONVENIR: 'Pago a convenir',
};

/**
 * What a customer sees about paying an order:
 * - paid online (approved), or concluded by the shop (handed over: paid at the counter): 'Pagado';
 * - Mercado Pago still waiting: 'Pago pendiente', or 'Pago vencido' once its time ran out (the sweep
 *   records it within a minute);
 * - rejected, expired: as such (a refund is recorded as rejected too);
 * - a cash order waiting: 'En efectivo al retirar', or 'En efectivo al recibir' when it is delivered
 *   (paid to whoever brings it); any other way the shop entered: 'Pago a convenir'.
 */
export function pagoParaCliente(v: VentaDePago & { conEnvio?: boolean }, venceMinutos: number, ahora = new Date()): PagoCliente {
  if (v.estadoPago === 'APROBADO') return 'PAGADO';
  if (v.estadoPago === 'VENCIDO') return 'VENCIDO';
  if (v.estadoPago === 'RECHAZADO') return 'RECHAZADO';
  if (v.estadoVenta === 'CONCLUIDO') return 'PAGADO';
  if (v.estadoPago === 'PENDIENTE') return v.formaPago === 'MERCADOPAGO' && !sePuedePagar(v, venceMinutos, ahora) ? 'VENCIDO' : 'PENDIENTE';
  if (v.formaPago === 'EFECTIVO') return v.conEnvio ? 'AL_RECIBIR' : 'AL_RETIRAR';
  return 'A_CONVENIR';
}

import { z } from 'zod';
import { ESTADOS_PAGO, ESTADOS_VENTA } from './enums';
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
  pagoVencido: 'El plazo para pagar esta venta venció. Hacé un nuevo pedido.',
  pagoRechazado: 'El pago de esta venta fue rechazado. Hacé un nuevo pedido.',
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

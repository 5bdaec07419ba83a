// How a sale counts in the cash closing: one rule for the dashboard's summary, the spreadsheet and the
// sales grid (docs/decisions/019-cierre-cobrado-y-ventas-vacias.md).
import type { EstadoPago, EstadoVenta } from './enums';
import { aCentavos, aPesos } from './money';

export const ESTADOS_COBRO = ['COBRADO', 'PENDIENTE', 'NO_COBRADO'] as const;
export type EstadoCobro = (typeof ESTADOS_COBRO)[number];
export const ESTADO_COBRO_LABEL: Record<EstadoCobro, string> = {
  COBRADO: 'Cobrado',
  PENDIENTE: 'Pendiente de cobro',
  NO_COBRADO: 'No cobrado',
};

/**
 * - NO_COBRADO: its online payment was rejected (also refunded or charged back: Mercado Pago's
 *   words for them are recorded as RECHAZADO) or expired, or it is a cash order from the cart that
 *   was not concluded within EFECTIVO_VENCE_HORAS (its payment is VENCIDO too: no one came to pay).
 *   No money came, or it went back; the units of a pending one went back to stock. Out of every
 *   total, listed apart. It wins over CONCLUIDO: a concluded sale refunded afterwards is not money in
 *   the till (and an expired one cannot be concluded: the API refuses).
 * - COBRADO: its online payment was approved (even while the order waits to be delivered), or the
 *   shop concluded it.
 * - PENDIENTE: every other sale: PENDIENTE, without an approved payment.
 *
 * Only the two states are read, so it works on the closing's columns and on the grid's rows alike.
 * A sale whose units went back to stock (`stockLiberado`) always has a RECHAZADO or VENCIDO payment,
 * or an APROBADO one that came too late to take them again: that money did arrive (the shop must
 * refund it or restock), so it counts as collected.
 */
export function estadoDeCobro(venta: { estadoVenta: EstadoVenta; estadoPago: EstadoPago | null }): EstadoCobro {
  if (venta.estadoPago === 'RECHAZADO' || venta.estadoPago === 'VENCIDO') return 'NO_COBRADO';
  if (venta.estadoPago === 'APROBADO' || venta.estadoVenta === 'CONCLUIDO') return 'COBRADO';
  return 'PENDIENTE';
}

/** Average sale, rounded to the cent; 0 without sales. */
export const ticketPromedio = (total: number, cantidad: number): number => (cantidad > 0 ? aPesos(Math.round(aCentavos(total) / cantidad)) : 0);

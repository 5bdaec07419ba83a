import { apiFetch } from './client';
import type { FormaPagoCarrito } from '../../../domain/enums';

export interface PedidoNuevo {
  lineas: Array<{ productoId: number; cantidad: number }>;
  /** cantidad = number of whole bundles of the promotion. */
  promociones: Array<{ promocionId: number; cantidad: number }>;
  formaPago: FormaPagoCarrito;
  envio: 0 | 1;
}

/** POST /api/pedido: one transaction on the server; the key makes a retried click harmless. */
export const crearPedido = (pedido: PedidoNuevo, claveIdempotencia: string) =>
  apiFetch<{ id: number; total: number }>('pedido', {
    method: 'POST',
    body: pedido,
    headers: { 'Idempotency-Key': claveIdempotencia },
  });

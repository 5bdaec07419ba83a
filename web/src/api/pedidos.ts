import type { Pedido, PedidoRespuesta } from '../../../domain/pedido';
import { apiFetch } from './client';

export type PedidoNuevo = Pedido;

/** POST /api/pedido: one transaction on the server; the key makes a retried request of one attempt harmless. */
export const crearPedido = (pedido: PedidoNuevo, claveIdempotencia: string) =>
  apiFetch<PedidoRespuesta>('pedido', {
    method: 'POST',
    body: pedido,
    headers: { 'Idempotency-Key': claveIdempotencia },
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstadoPagoVenta, PreferenciaCreada } from '../../../domain/pago';
import { apiFetch } from './client';

export const crearPreferencia = (ventaId: number) =>
  apiFetch<Partial<PreferenciaCreada>>('mercadoPago/createPreference', { method: 'POST', body: { id: ventaId } });

export const estadoPagoQuery = (ventaId: number) =>
  queryOptions({
    queryKey: ['mercadoPago', 'estado', ventaId],
    queryFn: () => apiFetch<EstadoPagoVenta>(`mercadoPago/estado/${ventaId}`),
    enabled: Number.isInteger(ventaId) && ventaId > 0,
    retry: false,
    // The webhook may land a moment after the customer: keep asking while the payment is pending.
    refetchInterval: (q) => (q.state.data?.estadoPago === 'PENDIENTE' ? 4000 : false),
  });

export const useEstadoPago = (ventaId: number) => useQuery(estadoPagoQuery(ventaId));

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CambioEstadoImpresionRespuesta, EstadoImpresion, TarifaImpresionEntrada, TarifaImpresionRespuesta, TrabajoEnCola } from '../../../domain/impresion';
import { apiFetch } from './client';
import { impresionKeys } from './impresiones';

// The owner's side of online printing (issue 21): the queue `GET /api/impresion/cola`, a job's state
// `PUT /api/impresion/{id}/estado`, and the price table `PUT /api/tarifaImpresion`.

export const colaKeys = { todo: ['impresion', 'cola'] as const, de: (estado: EstadoImpresion | null) => ['impresion', 'cola', estado ?? 'cola'] as const };

/** No state: the whole queue (Recibido, En proceso, Listo), oldest first. */
export const colaQuery = (estado: EstadoImpresion | null) =>
  queryOptions({
    queryKey: colaKeys.de(estado),
    queryFn: () => apiFetch<TrabajoEnCola[]>('impresion/cola', { query: { estado } }),
  });

export const useColaImpresiones = (estado: EstadoImpresion | null) => useQuery(colaQuery(estado));

export function useCambiarEstadoImpresion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estado }: { id: number; estado: EstadoImpresion }) =>
      apiFetch<CambioEstadoImpresionRespuesta>(`impresion/${id}/estado`, { method: 'PUT', body: { estado } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: colaKeys.todo }),
  });
}

export function useGuardarTarifa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tarifa: TarifaImpresionEntrada) => apiFetch<TarifaImpresionRespuesta>('tarifaImpresion', { method: 'PUT', body: tarifa }),
    onSuccess: (tarifa) => qc.setQueryData(impresionKeys.tarifa, tarifa),
  });
}

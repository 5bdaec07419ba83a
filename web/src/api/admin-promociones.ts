import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetallePromocion, DetallePromocionInput, PaginaPromociones, Promocion, PromocionFiltros, PromocionInput } from '../../../domain/promocion';
import { apiFetch } from './client';

// Promotions as the back office manages them (spec screens 15, 22 and 23).

export const promocionesKeys = {
  todo: ['promocion'] as const,
  grilla: (f: PromocionFiltros) => ['promocion', 'grilla', f] as const,
  una: (id: number) => ['promocion', 'una', id] as const,
  detalles: (id: number) => ['promocion', 'detalles', id] as const,
};

export const grillaPromocionesQuery = (f: PromocionFiltros) =>
  queryOptions({
    queryKey: promocionesKeys.grilla(f),
    queryFn: () => apiFetch<PaginaPromociones>('promocion/grilla', { query: { ...f } }),
    placeholderData: keepPreviousData,
  });

export const promocionQuery = (id: number) =>
  queryOptions({ queryKey: promocionesKeys.una(id), queryFn: () => apiFetch<Promocion>(`promocion/${id}`), enabled: id > 0 });
export const detallesPromocionQuery = (id: number) =>
  queryOptions({
    queryKey: promocionesKeys.detalles(id),
    queryFn: () => apiFetch<DetallePromocion[]>(`detallePromocion/promocion/${id}`),
    enabled: id > 0,
  });

export const useGrillaPromociones = (f: PromocionFiltros) => useQuery(grillaPromocionesQuery(f));
export const usePromocion = (id: number) => useQuery(promocionQuery(id));
export const useDetallesPromocion = (id: number) => useQuery(detallesPromocionQuery(id));

function useInvalidar() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: promocionesKeys.todo });
}

export function useCrearPromocion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (datos: PromocionInput) => apiFetch<Promocion>('promocion', { method: 'POST', body: datos }),
    onSuccess: invalidar,
  });
}

export function useEliminarPromocion() {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (id: number) => apiFetch<void>(`promocion/${id}`, { method: 'DELETE' }), onSuccess: invalidar });
}

export function useAgregarDetallePromocion() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (datos: DetallePromocionInput) =>
      apiFetch<DetallePromocion>('detallePromocion', { method: 'POST', body: datos }),
    onSuccess: invalidar,
  });
}

export function useEliminarDetallePromocion() {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (id: number) => apiFetch<void>(`detallePromocion/${id}`, { method: 'DELETE' }), onSuccess: invalidar });
}

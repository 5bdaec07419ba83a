import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromocionActiva } from '../../../domain/promocion';
import { apiFetch } from './client';

export type { PromocionActiva };


export const obtenerPromocionesActivas = () => apiFetch<PromocionActiva[]>('promocion/activas');

export const promocionesActivasQuery = queryOptions({
  queryKey: ['promocion', 'activas'],
  queryFn: obtenerPromocionesActivas,
});

export const usePromocionesActivas = () => useQuery(promocionesActivasQuery);

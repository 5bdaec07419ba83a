import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';

export const ventasPendientesQueryKey = ['venta', 'pendientes'] as const;

/** How many sales are PENDIENTE: the admin's alert icon (spec section 3, screen 12). */
export function useVentasPendientes(habilitado: boolean) {
  return useQuery({
    queryKey: ventasPendientesQueryKey,
    queryFn: async () => {
      try {
        return await apiFetch<{ pendientes: number }>('venta/pendientes');
      } catch (error) {
        // The spec only logs this failure; the navbar simply shows no alert.
        console.warn('Error al verificar pedidos pendientes', error);
        return { pendientes: 0 };
      }
    },
    enabled: habilitado,
    refetchInterval: 60_000,
  });
}

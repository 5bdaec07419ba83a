import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetalleCrear, DetalleVenta, PaginaVentas, Venta, VentaActualizar, VentaCrear, VentaFiltros } from '../../../domain/venta';
import { apiFetch } from './client';
import { productosAdminKeys } from './admin-productos';
import { ventasPendientesQueryKey } from './ventas-pendientes';

// Sales and sale lines as the back office manages them (spec screens 13, 19 and 20).

export type { DetalleVenta, Venta, VentaResumen } from '../../../domain/venta';

export type FiltrosVentas = Pick<VentaFiltros, 'desde' | 'hasta' | 'pagina' | 'porPagina'>;

export const ventasKeys = {
  todo: ['venta'] as const,
  grilla: (f: FiltrosVentas) => ['venta', 'grilla', f] as const,
  una: (id: number) => ['venta', 'una', id] as const,
  detalles: (ventaId: number) => ['venta', 'detalles', ventaId] as const,
  detalle: (id: number) => ['venta', 'detalle', id] as const,
};

export const grillaVentasQuery = (f: FiltrosVentas) =>
  queryOptions({
    queryKey: ventasKeys.grilla(f),
    queryFn: () => apiFetch<PaginaVentas>('venta', { query: { ...f } }),
    placeholderData: keepPreviousData,
  });

export const ventaQuery = (id: number) =>
  queryOptions({ queryKey: ventasKeys.una(id), queryFn: () => apiFetch<Venta>(`venta/${id}`), enabled: id > 0, retry: false });

export const detallesDeVentaQuery = (ventaId: number) =>
  queryOptions({
    queryKey: ventasKeys.detalles(ventaId),
    queryFn: () => apiFetch<DetalleVenta[]>(`detalleVenta/venta/${ventaId}`),
    enabled: ventaId > 0,
  });

export const detalleVentaQuery = (id: number) =>
  queryOptions({ queryKey: ventasKeys.detalle(id), queryFn: () => apiFetch<DetalleVenta>(`detalleVenta/${id}`), enabled: id > 0, retry: false });

export const useGrillaVentas = (f: FiltrosVentas) => useQuery(grillaVentasQuery(f));
export const useVenta = (id: number) => useQuery(ventaQuery(id));
export const useDetallesDeVenta = (ventaId: number) => useQuery(detallesDeVentaQuery(ventaId));
export const useDetalleVenta = (id: number) => useQuery(detalleVentaQuery(id));

/** Sales, their lines, the pending alert and the products' stock all move together. */
function useInvalidarVentas() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ventasKeys.todo }),
      qc.invalidateQueries({ queryKey: ventasPendientesQueryKey }),
      qc.invalidateQueries({ queryKey: productosAdminKeys.todo }),
    ]);
}

export function useCrearVenta() {
  const invalidar = useInvalidarVentas();
  return useMutation({
    mutationFn: (datos: VentaCrear) => apiFetch<Venta>('venta', { method: 'POST', body: datos }),
    onSuccess: invalidar,
  });
}

export function useActualizarVenta() {
  const invalidar = useInvalidarVentas();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: VentaActualizar }) => apiFetch<Venta>(`venta/${id}`, { method: 'PUT', body: datos }),
    onSuccess: invalidar,
  });
}

export function useEliminarVenta() {
  const invalidar = useInvalidarVentas();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`venta/${id}`, { method: 'DELETE' }),
    onSuccess: invalidar,
  });
}

/** Bulk delete of whole Mendoza days; the server answers true or false. */
export function useEliminarVentasEntreFechas() {
  const invalidar = useInvalidarVentas();
  return useMutation({
    mutationFn: ({ desde, hasta }: { desde: string; hasta: string }) =>
      apiFetch<boolean>('venta/eliminar-entre-fechas', { method: 'DELETE', query: { desde, hasta } }),
    onSettled: invalidar,
  });
}

export function useGuardarDetalleVenta() {
  const invalidar = useInvalidarVentas();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: DetalleCrear }) =>
      id > 0
        ? apiFetch<DetalleVenta>(`detalleVenta/${id}`, { method: 'PUT', body: datos })
        : apiFetch<DetalleVenta>('detalleVenta', { method: 'POST', body: datos }),
    onSuccess: invalidar,
  });
}

export function useEliminarDetalleVenta() {
  const invalidar = useInvalidarVentas();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`detalleVenta/${id}`, { method: 'DELETE' }),
    onSuccess: invalidar,
  });
}

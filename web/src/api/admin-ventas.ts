import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstadoPago, EstadoVenta, FormaPago } from '../../../domain/enums';
import { apiFetch } from './client';
import { productosAdminKeys } from './admin-productos';
import { ventasPendientesQueryKey } from './ventas-pendientes';

// Sales and sale lines as the back office manages them (spec screens 13, 19 and 20).

export interface VentaResumen {
  id: number;
  fecha: string;
  formaPago: FormaPago;
  total: number;
  envio: number;
  conEnvio?: boolean;
  estadoVenta: EstadoVenta;
  estadoPago?: EstadoPago | null;
  user: { id: number; usuario: string } | null;
}

export interface DetalleVenta {
  id: number;
  cantidad: number;
  precioAplicado: number;
  producto: { id: number; denominacion: string; codigo: string; precio: number; imagen: string | null; stock?: number };
}

export interface Venta extends VentaResumen {
  detalleVentas: DetalleVenta[];
}

export interface FiltrosVentas {
  desde?: string;
  hasta?: string;
  pagina: number;
  porPagina: number;
}

export interface PaginaVentas {
  items: VentaResumen[];
  total: number;
  pagina: number;
  porPagina: number;
}

export interface VentaInput {
  fecha?: string;
  estadoVenta: EstadoVenta;
  formaPago: FormaPago;
  envio: number;
}

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
    mutationFn: (datos: VentaInput) => apiFetch<Venta>('venta', { method: 'POST', body: datos }),
    onSuccess: invalidar,
  });
}

export function useActualizarVenta() {
  const invalidar = useInvalidarVentas();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: VentaInput }) => apiFetch<Venta>(`venta/${id}`, { method: 'PUT', body: datos }),
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

export interface DetalleVentaInput {
  cantidad: number;
  producto: { id: number };
  venta: { id: number };
}

export function useGuardarDetalleVenta() {
  const invalidar = useInvalidarVentas();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: DetalleVentaInput }) =>
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

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Venta, VentaResumen } from '../../../domain/venta';
import { apiFetch } from './client';

export type VentaCliente = VentaResumen;
export type VentaClienteDetalle = Venta;

export const ventasDeUsuarioQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: ['venta', 'user', userId],
    queryFn: () => apiFetch<VentaCliente[]>(`venta/user/${userId}`),
    enabled: userId !== undefined,
  });

export const useVentasDeUsuario = (userId: number | undefined) => useQuery(ventasDeUsuarioQuery(userId));

export const ventaQuery = (id: number) =>
  queryOptions({
    queryKey: ['venta', id],
    queryFn: () => apiFetch<VentaClienteDetalle>(`venta/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useVenta = (id: number) => useQuery(ventaQuery(id));

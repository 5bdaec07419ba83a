import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstadoPago, EstadoVenta, FormaPago } from '../../../domain/enums';
import { apiFetch } from './client';

export interface VentaCliente {
  id: number;
  fecha: string;
  formaPago: FormaPago;
  total: number;
  envio: number;
  conEnvio: boolean;
  estadoVenta: EstadoVenta;
  estadoPago: EstadoPago | null;
}

export interface VentaClienteDetalle extends VentaCliente {
  detalleVentas: Array<{
    id: number;
    cantidad: number;
    precioAplicado: number;
    promocionId?: number | null;
    producto: { id: number; denominacion: string; codigo: string; precio: number; imagen: string | null };
  }>;
}

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

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Categoria, OrdenPrecio, PaginaProductos, Producto } from '../../../domain/producto';
import { apiFetch } from './client';

export interface FiltrosCatalogo {
  q?: string;
  marca?: string;
  categoriaId?: number;
  orden: OrdenPrecio;
  pagina: number;
  porPagina: number;
}

export const obtenerProductos = (filtros: FiltrosCatalogo) =>
  apiFetch<PaginaProductos>('producto', { query: { ...filtros } });

export const productosQuery = (filtros: FiltrosCatalogo) =>
  queryOptions({
    queryKey: ['producto', 'lista', filtros],
    queryFn: () => obtenerProductos(filtros),
    placeholderData: keepPreviousData,
  });

/** `habilitada` false: not asked for (a filter the server would refuse). */
export const useProductos = (filtros: FiltrosCatalogo, habilitada = true) => useQuery({ ...productosQuery(filtros), enabled: habilitada });

export const obtenerProducto = (id: number) => apiFetch<Producto>(`producto/${id}`);

export const productoQuery = (id: number) =>
  queryOptions({ queryKey: ['producto', id], queryFn: () => obtenerProducto(id), enabled: Number.isInteger(id) && id > 0 });

export const useProducto = (id: number) => useQuery(productoQuery(id));

export const categoriasQuery = queryOptions({
  queryKey: ['categoria'],
  queryFn: () => apiFetch<Categoria[]>('categoria'),
  staleTime: 5 * 60_000,
});

export const useCategorias = () => useQuery(categoriasQuery);

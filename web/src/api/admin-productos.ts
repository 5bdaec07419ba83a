import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Categoria, PaginaProductos, Producto, Sugerencia } from '../../../domain/producto';
import { apiFetch } from './client';

// Products as the back office manages them (spec screens 14, 17 and 21).

export interface FiltrosGrillaProductos {
  denominacion?: string;
  marcaContiene?: string;
  codigo?: string;
  pagina: number;
  porPagina: number;
}

export type SugerenciaProducto = Sugerencia;

export type CampoSugerencia = 'nombre' | 'codigo';

export const productosAdminKeys = {
  todo: ['producto'] as const,
  grilla: (f: FiltrosGrillaProductos) => ['producto', 'grilla', f] as const,
  uno: (id: number) => ['producto', 'uno', id] as const,
  sugerencias: (campo: CampoSugerencia, q: string) => ['producto', 'sugerencias', campo, q] as const,
  categorias: ['categoria'] as const,
};

export const grillaProductosQuery = (f: FiltrosGrillaProductos) =>
  queryOptions({
    queryKey: productosAdminKeys.grilla(f),
    queryFn: () => apiFetch<PaginaProductos>('producto', { query: { ...f } }),
    placeholderData: keepPreviousData,
  });

export const productoQuery = (id: number) =>
  queryOptions({
    queryKey: productosAdminKeys.uno(id),
    queryFn: () => apiFetch<Producto>(`producto/${id}`),
    enabled: id > 0,
  });

export const categoriasQuery = queryOptions({
  queryKey: productosAdminKeys.categorias,
  queryFn: () => apiFetch<Categoria[]>('categoria'),
});

export const sugerenciasQuery = (campo: CampoSugerencia, q: string) =>
  queryOptions({
    queryKey: productosAdminKeys.sugerencias(campo, q),
    queryFn: () => apiFetch<SugerenciaProducto[]>('producto/sugerencias', { query: { q, campo, limite: 5 } }),
    enabled: q.trim().length > 0,
    staleTime: 5_000,
  });

export const useGrillaProductos = (f: FiltrosGrillaProductos) => useQuery(grillaProductosQuery(f));
export const useProducto = (id: number) => useQuery(productoQuery(id));
export const useCategorias = () => useQuery(categoriasQuery);
export const useSugerenciasProducto = (campo: CampoSugerencia, q: string) => useQuery(sugerenciasQuery(campo, q));

/** What the product form sends in the `producto` part; cost and margin may carry a decimal comma. */
export interface ProductoFormulario {
  id?: number;
  denominacion: string;
  marca: string;
  codigo: string;
  costo: string;
  porcentaje: string;
  stock: number;
  /** On an edit, the stock the form was opened with: the server applies the change, not the figure. */
  stockLeido?: number;
  descripcion: string;
  categoria: { id: number } | null;
}

export function guardarProducto(producto: ProductoFormulario, imagen: File | null): Promise<Producto> {
  const datos = new FormData();
  datos.append('producto', JSON.stringify(producto));
  if (imagen) datos.append('imagenFile', imagen);
  return apiFetch<Producto>('producto/with-image', { method: producto.id ? 'PUT' : 'POST', body: datos });
}

export function useGuardarProducto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ producto, imagen }: { producto: ProductoFormulario; imagen: File | null }) => guardarProducto(producto, imagen),
    onSuccess: () => qc.invalidateQueries({ queryKey: productosAdminKeys.todo }),
  });
}

export function useQuitarImagenProducto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<Producto>(`producto/${id}/imagen`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productosAdminKeys.todo }),
  });
}

export function useEliminarProducto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`producto/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productosAdminKeys.todo }),
  });
}

/** Stock load by product code (screen 21). */
export function useCargarStock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: { codigo: string; cantidad: number }) =>
      apiFetch<{ message: string; producto: Producto }>('producto/stock', { method: 'POST', body: datos }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productosAdminKeys.todo }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';

/** An active promotion as GET /api/promocion/activas answers it. */
export interface PromocionActiva {
  id: number;
  denominacion: string;
  descripcion: string;
  fechaInicio: string;
  fechaFin: string;
  precioPromocional: number;
  /** Promotional price / total units, rounded to cents (the server's figure). */
  precioUnitario: number;
  /** What the same units cost at their regular prices. */
  precioOriginal: number;
  detalles: Array<{
    id: number;
    cantidad: number;
    producto: { id: number; denominacion: string; marca?: string; precio: number; stock: number; imagen: string | null };
  }>;
}

export const obtenerPromocionesActivas = () => apiFetch<PromocionActiva[]>('promocion/activas');

export const promocionesActivasQuery = queryOptions({
  queryKey: ['promocion', 'activas'],
  queryFn: obtenerPromocionesActivas,
});

export const usePromocionesActivas = () => useQuery(promocionesActivasQuery);

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sinonimo, SinonimoInput } from '../../../domain/busqueda';
import { apiFetch } from './client';

// The regional synonyms of the search ('Sinónimos' screen): `GET/POST /api/sinonimo`, `PUT/DELETE /api/sinonimo/{id}`.

export const sinonimosKeys = { todo: ['sinonimo'] as const };

export const sinonimosQuery = queryOptions({
  queryKey: sinonimosKeys.todo,
  queryFn: () => apiFetch<Sinonimo[]>('sinonimo'),
});

export const useSinonimos = () => useQuery(sinonimosQuery);

/** A synonym changes what searches find: the catalogue's lists and suggestions are asked again. */
function invalidar(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([qc.invalidateQueries({ queryKey: sinonimosKeys.todo }), qc.invalidateQueries({ queryKey: ['producto'] })]);
}

export function useGuardarSinonimo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: SinonimoInput) =>
      datos.id ? apiFetch<Sinonimo>(`sinonimo/${datos.id}`, { method: 'PUT', body: datos }) : apiFetch<Sinonimo>('sinonimo', { method: 'POST', body: datos }),
    // Also after a refusal: a 404 means another admin deleted it, and the list must say so.
    onSettled: () => invalidar(qc),
  });
}

export function useEliminarSinonimo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`sinonimo/${id}`, { method: 'DELETE' }),
    onSettled: () => invalidar(qc),
  });
}

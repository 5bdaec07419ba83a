import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
// Types only: domain/busqueda.ts builds zod schemas, and the storefront's pages stay without zod.
import type { Autocompletar } from '../../../domain/busqueda';
import { apiFetch } from './client';

/** Below this many characters the box suggests nothing (one letter matches half the catalogue). */
export const LARGO_MINIMO_SUGERENCIAS = 2;

export const autocompletarQuery = (q: string) =>
  queryOptions({
    queryKey: ['producto', 'autocompletar', q],
    queryFn: ({ signal }) => apiFetch<Autocompletar>('producto/autocompletar', { query: { q }, signal }),
    enabled: q.length >= LARGO_MINIMO_SUGERENCIAS,
    // While the next key's answer comes, the last suggestions stay (the list does not blink).
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The catalogue box's suggestions (brands, then products; at most 8) for an already debounced text. */
export const useAutocompletar = (q: string) => useQuery(autocompletarQuery(q));

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportacionLista, ListaEscolar, ListaEscolarFiltros, ListaEscolarInput, PaginaListasEscolares } from '../../../domain/lista-escolar';
import { apiFetch } from './client';

// School supply lists as the back office manages them (issue 20): `GET/POST /api/listaEscolar`,
// `GET/PUT/DELETE /api/listaEscolar/{id}`, `POST /api/listaEscolar/{id}/duplicar`, `POST /api/listaEscolar/importar`.

/** The grid's filters as the screen sends them (query strings: the publicada flag as 'true' / 'false'). */
export type FiltrosListasEscolares = Omit<ListaEscolarFiltros, 'pagina' | 'porPagina'> & { pagina: number; porPagina: number };

export const listasEscolaresKeys = {
  todo: ['listaEscolar'] as const,
  grilla: (f: FiltrosListasEscolares) => ['listaEscolar', 'grilla', f] as const,
  una: (id: number) => ['listaEscolar', 'una', id] as const,
};

export const grillaListasEscolaresQuery = (f: FiltrosListasEscolares) =>
  queryOptions({
    queryKey: listasEscolaresKeys.grilla(f),
    queryFn: () => apiFetch<PaginaListasEscolares>('listaEscolar', { query: { ...f } }),
    placeholderData: keepPreviousData,
  });

export const listaEscolarQuery = (id: number) =>
  queryOptions({ queryKey: listasEscolaresKeys.una(id), queryFn: () => apiFetch<ListaEscolar>(`listaEscolar/${id}`), enabled: id > 0 });

export const useGrillaListasEscolares = (f: FiltrosListasEscolares) => useQuery(grillaListasEscolaresQuery(f));
export const useListaEscolar = (id: number) => useQuery(listaEscolarQuery(id));

/** A list changes the admin grid and the public pages (`['lista']`). */
function useInvalidar() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: listasEscolaresKeys.todo }), qc.invalidateQueries({ queryKey: ['lista'] })]);
}

export function useGuardarListaEscolar() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (datos: ListaEscolarInput) =>
      datos.id
        ? apiFetch<ListaEscolar>(`listaEscolar/${datos.id}`, { method: 'PUT', body: datos })
        : apiFetch<ListaEscolar>('listaEscolar', { method: 'POST', body: datos }),
    onSuccess: invalidar,
  });
}

export function useEliminarListaEscolar() {
  const invalidar = useInvalidar();
  return useMutation({ mutationFn: (id: number) => apiFetch<void>(`listaEscolar/${id}`, { method: 'DELETE' }), onSuccess: invalidar });
}

export function useDuplicarListaEscolar() {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: (id: number) => apiFetch<ListaEscolar>(`listaEscolar/${id}/duplicar`, { method: 'POST' }),
    onSuccess: invalidar,
  });
}

/** The server's proposal for each pasted line; it writes nothing. */
export function useImportarTextoDeLista() {
  return useMutation({
    mutationFn: (texto: string) => apiFetch<ImportacionLista>('listaEscolar/importar', { method: 'POST', body: { texto } }),
  });
}

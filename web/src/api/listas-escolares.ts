import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
// Types only: domain/lista-escolar.ts builds zod schemas, and the storefront's pages stay without zod.
import type { CarritoDeLista, CarritoDeListaRespuesta, ListaPublica, ListaPublicaFiltros, PaginaListasPublicas } from '../../../domain/lista-escolar';
import { apiFetch } from './client';

// The published school lists (issue 20): `GET /api/lista`, `GET /api/lista/{id}`, `POST /api/lista/{id}/carrito`.

export type FiltrosListasPublicas = Omit<ListaPublicaFiltros, 'pagina' | 'porPagina'> & { pagina: number; porPagina: number };

export const listasPublicasQuery = (f: FiltrosListasPublicas) =>
  queryOptions({
    queryKey: ['lista', 'busqueda', f],
    queryFn: () => apiFetch<PaginaListasPublicas>('lista', { query: { ...f } }),
    placeholderData: keepPreviousData,
  });

export const useListasPublicas = (f: FiltrosListasPublicas) => useQuery(listasPublicasQuery(f));

export const listaPublicaQuery = (id: number) =>
  queryOptions({
    queryKey: ['lista', 'una', id],
    queryFn: () => apiFetch<ListaPublica>(`lista/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useListaPublica = (id: number) => useQuery(listaPublicaQuery(id));

/** What the ticked items add to a cart that holds `carrito`, with current stock: the server decides. */
export const pedirCarritoDeLista = (id: number, cuerpo: CarritoDeLista) =>
  apiFetch<CarritoDeListaRespuesta>(`lista/${id}/carrito`, { method: 'POST', body: cuerpo });

/** The printable QR of the list's public address (SVG, drawn by the server). */
export const urlQrDeLista = (id: number) => `/api/lista/${id}/qr.svg`;

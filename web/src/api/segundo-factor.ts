import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodigosDeRecuperacion, EstadoSegundoFactor, Inscripcion, SegundoFactorDeUsuario } from '../../../domain/segundo-factor';
import { apiFetch } from './client';

// The admin's own second factor (the Seguridad page) and another user's, as the user form shows it.

export const segundoFactorKeys = {
  propio: ['segundo-factor'] as const,
  deUsuario: (id: number) => ['segundo-factor', 'usuario', id] as const,
};

export const estadoSegundoFactorQuery = () =>
  queryOptions({ queryKey: segundoFactorKeys.propio, queryFn: () => apiFetch<EstadoSegundoFactor>('auth/segundo-factor') });

export const segundoFactorDeUsuarioQuery = (id: number) =>
  queryOptions({
    queryKey: segundoFactorKeys.deUsuario(id),
    queryFn: () => apiFetch<SegundoFactorDeUsuario>(`user/${id}/segundo-factor`),
    enabled: id > 0,
  });

export const useEstadoSegundoFactor = () => useQuery(estadoSegundoFactorQuery());
export const useSegundoFactorDeUsuario = (id: number) => useQuery(segundoFactorDeUsuarioQuery(id));

/** A new secret (QR and manual key); nothing changes until it is confirmed. */
export const useIniciarInscripcion = () =>
  useMutation({ mutationFn: () => apiFetch<Inscripcion>('auth/segundo-factor/inscripcion', { method: 'POST' }) });

function useConCodigo<T>(ruta: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (codigo: string) => apiFetch<T>(`auth/segundo-factor/${ruta}`, { method: 'POST', body: { codigo } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: segundoFactorKeys.propio }),
  });
}

export const useConfirmarInscripcion = () => useConCodigo<CodigosDeRecuperacion>('confirmacion');
export const useRegenerarCodigos = () => useConCodigo<CodigosDeRecuperacion>('codigos-de-recuperacion');
export const useDesactivarSegundoFactor = () => useConCodigo<void>('desactivacion');

/** Another admin lost their phone: their second factor goes, and their sessions end. */
export function useRestablecerSegundoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`user/${id}/segundo-factor`, { method: 'DELETE' }),
    onSuccess: (_nada, id) => qc.invalidateQueries({ queryKey: segundoFactorKeys.deUsuario(id) }),
  });
}

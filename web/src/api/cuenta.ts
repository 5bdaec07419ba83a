import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Perfil, PerfilActualizarInput, SesionPropia } from '../../../domain/cuenta';
import type { Usuario } from '../../../domain/usuario';
import { apiFetch } from './client';

// 'Mi cuenta' (docs/decisions/025-mi-cuenta.md): the customer's own data, password and sessions.

export const cuentaKeys = {
  todo: ['cuenta'] as const,
  perfil: ['cuenta', 'perfil'] as const,
  sesiones: ['cuenta', 'sesiones'] as const,
};

export const perfilQuery = () => queryOptions({ queryKey: cuentaKeys.perfil, queryFn: () => apiFetch<Perfil>('cuenta') });
export const sesionesQuery = () => queryOptions({ queryKey: cuentaKeys.sesiones, queryFn: () => apiFetch<SesionPropia[]>('cuenta/sesiones') });

export const usePerfil = () => useQuery(perfilQuery());
export const useSesiones = () => useQuery(sesionesQuery());

/** PUT /api/cuenta: personal data and address together. */
export function useGuardarPerfil() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: PerfilActualizarInput) => apiFetch<Perfil>('cuenta', { method: 'PUT', body: datos }),
    onSuccess: (perfil) => qc.setQueryData(cuentaKeys.perfil, perfil),
  });
}

/**
 * PUT /api/user/{id} with the current password (server/auth/clave-actual.ts): the server also closes the
 * user's other sessions, so the list is read again.
 */
export function useCambiarClave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, clave, claveActual }: { id: number; clave: string; claveActual: string }) =>
      apiFetch<Usuario>(`user/${id}`, { method: 'PUT', body: { clave, claveActual } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cuentaKeys.sesiones }),
  });
}

/** POST /api/cuenta/sesiones/cerrar-otras: how many sessions ended. */
export function useCerrarOtrasSesiones() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ cerradas: number }>('cuenta/sesiones/cerrar-otras', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cuentaKeys.sesiones }),
  });
}

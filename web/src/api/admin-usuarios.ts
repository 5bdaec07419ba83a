import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Usuario, UsuarioCompleto, UsuarioCompletoActualizarInput, UsuarioCompletoCrearInput } from '../../../domain/usuario';
import { apiFetch } from './client';

// Users and their person records as the back office manages them (spec screens 16 and 18).

export const usuariosKeys = {
  todo: ['user'] as const,
  lista: (nombre: string, rol: string) => ['user', 'lista', nombre, rol] as const,
  completo: (id: number) => ['user', 'completo', id] as const,
};

export const usuariosQuery = (nombre: string, rol: string) =>
  queryOptions({
    queryKey: usuariosKeys.lista(nombre, rol),
    queryFn: () => apiFetch<Usuario[]>('user', { query: { nombre, rol } }),
    placeholderData: keepPreviousData,
  });

export const usuarioCompletoQuery = (id: number) =>
  queryOptions({
    queryKey: usuariosKeys.completo(id),
    queryFn: () => apiFetch<UsuarioCompleto>(`usuario-completo/${id}`),
    enabled: id > 0,
  });

export const useUsuarios = (nombre: string, rol: string) => useQuery(usuariosQuery(nombre, rol));
export const useUsuarioCompleto = (id: number) => useQuery(usuarioCompletoQuery(id));

export function useGuardarUsuarioCompleto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: UsuarioCompletoCrearInput | UsuarioCompletoActualizarInput }) =>
      id > 0
        ? apiFetch<unknown>(`usuario-completo/${id}`, { method: 'PUT', body: datos })
        : apiFetch<unknown>('usuario-completo', { method: 'POST', body: datos }),
    onSuccess: () => qc.invalidateQueries({ queryKey: usuariosKeys.todo }),
  });
}

export function useEliminarUsuario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`user/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: usuariosKeys.todo }),
  });
}

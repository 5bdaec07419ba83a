import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Localidad, Provincia, Rol } from '../../../domain/enums';
import { apiFetch } from './client';

// Users and their person records as the back office manages them (spec screens 16 and 18).

export interface UsuarioListado {
  id: number;
  usuario: string;
  rol: Rol;
  persona: { nombre: string; apellido: string; email: string; telefono: string } | null;
}

export interface UsuarioCompleto {
  persona: { nombre: string; apellido: string; email: string; telefono: string };
  domicilio: { calle: string; numero: string; localidad: Localidad; provincia: Provincia };
  usuario: { usuario: string; clave?: string };
  rol: Rol;
}

export const usuariosKeys = {
  todo: ['user'] as const,
  lista: (nombre: string, rol: string) => ['user', 'lista', nombre, rol] as const,
  completo: (id: number) => ['user', 'completo', id] as const,
};

export const usuariosQuery = (nombre: string, rol: string) =>
  queryOptions({
    queryKey: usuariosKeys.lista(nombre, rol),
    queryFn: () => apiFetch<UsuarioListado[]>('user', { query: { nombre, rol } }),
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
    mutationFn: ({ id, datos }: { id: number; datos: UsuarioCompleto }) =>
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

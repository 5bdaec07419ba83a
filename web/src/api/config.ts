import { useQuery } from '@tanstack/react-query';
import type { ConfigPublica } from '../../../domain/config-publica';
import { apiFetch } from './client';

export function useConfigPublica() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => apiFetch<ConfigPublica>('config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MENSAJES_AUDITORIA, nombreArchivoAuditoria, type AuditoriaExportar, type PaginaAuditoria } from '../../../domain/auditoria';
import { apiFetch } from './client';
import { descargarArchivo } from './descargar-archivo';

// The audit trail (GET /api/auditoria and its CSV export): admins only.

export type FiltrosAuditoria = AuditoriaExportar & { pagina: number; porPagina: number };

export const auditoriaKeys = {
  todo: ['auditoria'] as const,
  pagina: (f: FiltrosAuditoria) => ['auditoria', f] as const,
};

export const auditoriaQuery = (f: FiltrosAuditoria) =>
  queryOptions({
    queryKey: auditoriaKeys.pagina(f),
    queryFn: () => apiFetch<PaginaAuditoria>('auditoria', { query: { ...f } }),
    placeholderData: keepPreviousData,
    // Every change anywhere writes here: the screen always asks again when it opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useAuditoria = (f: FiltrosAuditoria) => useQuery(auditoriaQuery(f));

/** The same filters as CSV, saved as the server names it. */
export const exportarAuditoria = (f: AuditoriaExportar) =>
  descargarArchivo('auditoria/exportar', { ...f }, nombreArchivoAuditoria(f.desde, f.hasta), MENSAJES_AUDITORIA.errorExportar);

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EstadoImportacion, ResultadoImportacion, VistaPreviaImportacion } from '../../../domain/importacion';
import type { CambioDePrecios, ResultadoCambioDePrecios } from '../../../domain/precios-masivos';
import { ApiError, apiFetch } from './client';
import { MENSAJE_ERROR_DESCONOCIDO } from '../../../domain/mensaje-error-desconocido';
import { productosAdminKeys } from './admin-productos';
import { descargarArchivo } from './descargar-archivo';

// The catalogue in bulk: spreadsheet import and bulk price changes (docs/decisions/030-catalogo-masivo.md).

/**
 * Uploads a spreadsheet for its preview. XMLHttpRequest, not fetch: only it reports the upload's
 * progress (`alAvanzar`, 0 to 1), which a large file on a slow line needs.
 */
export function subirPlanilla(archivo: File, alAvanzar: (fraccion: number) => void): Promise<VistaPreviaImportacion> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/producto/importacion?archivo=${encodeURIComponent(archivo.name)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', archivo.name.toLowerCase().endsWith('.csv') ? 'text/csv' : archivo.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) alAvanzar(e.loaded / e.total);
    };
    xhr.onload = () => {
      let cuerpo: { message?: string } = {};
      try {
        cuerpo = JSON.parse(xhr.responseText) as { message?: string };
      } catch {
        // A proxy's HTML error page: the generic message.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(cuerpo as VistaPreviaImportacion);
      else reject(new ApiError(xhr.status, cuerpo.message ?? MENSAJE_ERROR_DESCONOCIDO));
    };
    xhr.onerror = () => reject(new ApiError(0, MENSAJE_ERROR_DESCONOCIDO));
    xhr.send(archivo);
  });
}

export const estadoImportacion = (token: string) => apiFetch<EstadoImportacion>(`producto/importacion/${token}`);

export function useConfirmarImportacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiFetch<ResultadoImportacion>(`producto/importacion/${token}/confirmar`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productosAdminKeys.todo }),
  });
}

export function useVistaPreviaPrecios() {
  return useMutation({
    mutationFn: (cambio: CambioDePrecios) => apiFetch<ResultadoCambioDePrecios>('producto/precios/vista-previa', { method: 'POST', body: cambio }),
  });
}

export function useAplicarPrecios() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (cambio: CambioDePrecios) => apiFetch<ResultadoCambioDePrecios>('producto/precios/aplicar', { method: 'POST', body: cambio }),
    onSuccess: () => qc.invalidateQueries({ queryKey: productosAdminKeys.todo }),
  });
}

export type FormatoPlanilla = 'xlsx' | 'csv';

export const descargarPlantilla = (formato: FormatoPlanilla) =>
  descargarArchivo('producto/plantilla', { formato }, `plantilla-productos.${formato}`, 'No se pudo descargar la plantilla.');

/** The whole catalogue, or the grid's current filter, in the import's columns. */
export const exportarProductos = (formato: FormatoPlanilla, filtros: { denominacion?: string; marcaContiene?: string; codigo?: string }) =>
  descargarArchivo('producto/exportar', { formato, ...filtros }, `productos.${formato}`, 'No se pudo exportar el catálogo.');

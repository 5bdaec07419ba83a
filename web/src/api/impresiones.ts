import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OpcionesImpresion, TarifaImpresionRespuesta, TrabajoImpresion } from '../../../domain/impresion';
import { MENSAJE_ERROR_DESCONOCIDO } from '../../../domain/mensaje-error-desconocido';
import { ApiError, apiFetch, urlApi } from './client';

// The customer's print jobs (issue 21): `POST /api/impresion` (one PDF, multipart), `PUT /api/impresion/{id}`
// (its options), `GET /api/impresion/{id}`, and the public price table `GET /api/tarifaImpresion`.

export const impresionKeys = {
  tarifa: ['tarifaImpresion'] as const,
  mios: ['impresion', 'mios'] as const,
  trabajo: (id: number) => ['impresion', id] as const,
};

/** The customer's jobs, newest first: the drafts of /impresiones and the ordered ones of Mis compras. */
export const misTrabajosQuery = (habilitado: boolean) =>
  queryOptions({
    queryKey: impresionKeys.mios,
    queryFn: () => apiFetch<TrabajoImpresion[]>('impresion'),
    enabled: habilitado,
  });

export const useMisTrabajos = (habilitado: boolean) => useQuery(misTrabajosQuery(habilitado));

/** A job the server answered, put in the list of the customer's jobs (new or replacing its old copy). */
export function ponerEnMisTrabajos(qc: QueryClient, trabajo: TrabajoImpresion) {
  qc.setQueryData(impresionKeys.trabajo(trabajo.id), trabajo);
  qc.setQueryData<TrabajoImpresion[]>(impresionKeys.mios, (lista) =>
    lista ? (lista.some((t) => t.id === trabajo.id) ? lista.map((t) => (t.id === trabajo.id ? trabajo : t)) : [trabajo, ...lista]) : lista,
  );
}

export const tarifaQuery = queryOptions({
  queryKey: impresionKeys.tarifa,
  queryFn: () => apiFetch<TarifaImpresionRespuesta>('tarifaImpresion'),
});

export const useTarifaImpresion = () => useQuery(tarifaQuery);

export const obtenerTrabajo = (id: number) => apiFetch<TrabajoImpresion>(`impresion/${id}`);

/** The server's message of a failed upload (its JSON), or a generic one (a proxy's HTML page, no network). */
function errorDeSubida(xhr: XMLHttpRequest): ApiError {
  if (xhr.status === 0) return new ApiError(0, 'No se pudo subir el archivo: revisá tu conexión e intentá de nuevo.');
  try {
    const cuerpo = JSON.parse(xhr.responseText) as { message?: string; errors?: Array<{ campo: string; mensaje: string }> };
    return new ApiError(xhr.status, cuerpo.message ?? MENSAJE_ERROR_DESCONOCIDO, cuerpo.errors);
  } catch {
    return new ApiError(xhr.status, xhr.status === 413 ? 'El archivo es demasiado grande.' : MENSAJE_ERROR_DESCONOCIDO);
  }
}

/**
 * Uploads one PDF. XMLHttpRequest, not fetch: only it reports the upload's progress (`alProgresar`, 0 to
 * 1). Aborting `senal` stops it (the promise then rejects with an AbortError).
 */
export function subirPdf(archivo: File, alProgresar: (fraccion: number) => void, senal?: AbortSignal): Promise<TrabajoImpresion> {
  return new Promise((resolver, rechazar) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlApi('impresion'));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) alProgresar(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolver(JSON.parse(xhr.responseText) as TrabajoImpresion);
        } catch {
          rechazar(new ApiError(xhr.status, MENSAJE_ERROR_DESCONOCIDO));
        }
      } else rechazar(errorDeSubida(xhr));
    };
    xhr.onerror = () => rechazar(errorDeSubida(xhr));
    xhr.onabort = () => rechazar(new DOMException('Subida cancelada', 'AbortError'));
    senal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const datos = new FormData();
    datos.append('archivo', archivo, archivo.name);
    xhr.send(datos);
  });
}

/** Saves a job's options; the server answers the job with its price from the current table. */
export function useGuardarOpciones() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, opciones }: { id: number; opciones: OpcionesImpresion }) =>
      apiFetch<TrabajoImpresion>(`impresion/${id}`, { method: 'PUT', body: { opciones } }),
    onSuccess: (trabajo) => ponerEnMisTrabajos(qc, trabajo),
  });
}

/** Deletes a job not ordered yet, with its file. */
export const eliminarTrabajo = (id: number) => apiFetch<void>(`impresion/${id}`, { method: 'DELETE' });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOMBRE_ARCHIVO_CIERRE_HOY, nombreArchivoCierre, type ResumenInforme } from '../../../domain/informe';
import { ApiError, apiFetch, urlApi } from './client';

// Cash-closing spreadsheets (spec screen 24) and the sales summary behind the charts.

export const resumenQuery = (desde: string, hasta: string) =>
  queryOptions({
    queryKey: ['informes', 'resumen', desde, hasta] as const,
    queryFn: () => apiFetch<ResumenInforme>('informes/resumen', { query: { desde, hasta } }),
    enabled: Boolean(desde && hasta && desde <= hasta),
    placeholderData: keepPreviousData,
  });

export const useResumenVentas = (desde: string, hasta: string) => useQuery(resumenQuery(desde, hasta));

/** Downloads a spreadsheet through fetch so that a failure can be told, then saves it under `nombre`. */
export async function descargarArchivo(ruta: string, query: Record<string, string> | undefined, nombre: string): Promise<void> {
  const respuesta = await fetch(urlApi(ruta, query), { credentials: 'same-origin' });
  if (!respuesta.ok) {
    const cuerpo = (await respuesta.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(respuesta.status, cuerpo.message ?? 'Error al descargar el informe');
  }
  const url = URL.createObjectURL(await respuesta.blob());
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const descargarCierreDelDia = () => descargarArchivo('cierre-caja/exportar-hoy', undefined, NOMBRE_ARCHIVO_CIERRE_HOY);
export const descargarCierreEntreFechas = (desde: string, hasta: string) =>
  descargarArchivo('cierre-caja/exportar', { desde, hasta }, nombreArchivoCierre(desde, hasta));

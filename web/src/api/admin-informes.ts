import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOMBRE_ARCHIVO_CIERRE_HOY, nombreArchivoCierre, type ResumenInforme } from '../../../domain/informe';
import { apiFetch } from './client';
import { descargarArchivo } from './descargar-archivo';

// Cash-closing spreadsheets (spec screen 24) and the sales summary behind the charts.

export const resumenQuery = (desde: string, hasta: string) =>
  queryOptions({
    queryKey: ['informes', 'resumen', desde, hasta] as const,
    queryFn: () => apiFetch<ResumenInforme>('informes/resumen', { query: { desde, hasta } }),
    enabled: Boolean(desde && hasta && desde <= hasta),
    placeholderData: keepPreviousData,
  });

export const useResumenVentas = (desde: string, hasta: string) => useQuery(resumenQuery(desde, hasta));

const ERROR_DESCARGA = 'Error al descargar el informe';

export const descargarCierreDelDia = () => descargarArchivo('cierre-caja/exportar-hoy', undefined, NOMBRE_ARCHIVO_CIERRE_HOY, ERROR_DESCARGA);
export const descargarCierreEntreFechas = (desde: string, hasta: string) =>
  descargarArchivo('cierre-caja/exportar', { desde, hasta }, nombreArchivoCierre(desde, hasta), ERROR_DESCARGA);

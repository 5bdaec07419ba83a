// Business days are Mendoza days (America/Argentina/Mendoza). Argentina keeps UTC-3 all year, so a
// fixed offset is exact and needs no time-zone database in the browser. No zod here: the cash-closing
// workbook's worker thread uses these and would load it for nothing (the schemas: fechas-schemas.ts).
export const ZONA_MENDOZA = 'America/Argentina/Mendoza';
const OFFSET_MENDOZA = '-03:00';
const OFFSET_MS = 3 * 3_600_000;

export const FORMATO_DIA = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written 'yyyy-MM-dd' (2026-02-30 is not one). */
export function esDiaValido(texto: string): boolean {
  if (!FORMATO_DIA.test(texto)) return false;
  const fecha = new Date(`${texto}T00:00:00Z`);
  return !Number.isNaN(fecha.getTime()) && fecha.toISOString().slice(0, 10) === texto;
}

/** 00:00:00.000 of that Mendoza day. */
export const inicioDelDiaMendoza = (dia: string): Date => new Date(`${dia}T00:00:00.000${OFFSET_MENDOZA}`);
/** 23:59:59.999 of that Mendoza day. */
export const finDelDiaMendoza = (dia: string): Date => new Date(`${dia}T23:59:59.999${OFFSET_MENDOZA}`);

/** The Mendoza day ('yyyy-MM-dd') an instant falls on. */
export const diaMendoza = (fecha: Date): string => new Date(fecha.getTime() - OFFSET_MS).toISOString().slice(0, 10);

/** 'yyyy-MM-dd' as people read it: 'dd/MM/yyyy'. */
export const diaLegible = (dia: string): string => dia.split('-').reverse().join('/');

/**
 * The Mendoza day of an instant as es-AR writes it ('22/11/2026'), what Intl.DateTimeFormat gives for
 * that zone, without Intl: a page's first Intl object costs 40-80 ms of main thread (see formatearPrecio).
 */
export const fechaLegibleMendoza = (fecha: Date): string => diaLegible(diaMendoza(fecha));

/** Today in Mendoza, 'yyyy-MM-dd'. */
export const hoyMendoza = (ahora: Date = new Date()): string => diaMendoza(ahora);

/** The wall-clock time in Mendoza as a Date whose UTC fields show it (for spreadsheet cells). */
export const horaLocalMendoza = (fecha: Date): Date => new Date(fecha.getTime() - OFFSET_MS);

/** ISO date-times with an offset or Z ('2026-03-01T10:00:00-03:00'); without one they are Mendoza time. */
const FORMATO_FECHA_HORA = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Reads a date sent by a form or a client: a day 'yyyy-MM-dd' (taken as the start or the end of that
 * Mendoza day, as `limite` says) or an ISO date-time. Answers null when it is not a date.
 */
export function parsearFecha(texto: string, limite: 'inicio' | 'fin'): Date | null {
  const valor = texto.trim();
  if (FORMATO_DIA.test(valor)) {
    if (!esDiaValido(valor)) return null;
    return limite === 'inicio' ? inicioDelDiaMendoza(valor) : finDelDiaMendoza(valor);
  }
  if (!FORMATO_FECHA_HORA.test(valor) || !esDiaValido(valor.slice(0, 10))) return null;
  const conZona = /(Z|[+-]\d{2}:\d{2})$/.test(valor) ? valor : `${valor}${OFFSET_MENDOZA}`;
  const fecha = new Date(conZona);
  return Number.isNaN(fecha.getTime()) ? null : fecha;
}

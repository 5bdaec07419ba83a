// How the back office shows and picks dates: business days are Mendoza days (domain/fechas.ts).
import { FORMATO_DIA, diaMendoza as diaDe } from '../../../../../domain/fechas';

/** dd/MM/yyyy for a 'yyyy-MM-dd' day or an instant (shown as its Mendoza day). */
export function formatearFecha(valor: string | null | undefined): string {
  if (!valor) return '';
  const dia = FORMATO_DIA.test(valor) ? valor : diaMendoza(valor);
  const [a, m, d] = dia.split('-');
  return dia ? `${d}/${m}/${a}` : valor;
}

/** 'yyyy-MM-dd' of an instant in Mendoza (today by default); a day stays as it is. */
export function diaMendoza(fecha: Date | string = new Date()): string {
  if (typeof fecha === 'string' && FORMATO_DIA.test(fecha)) return fecha;
  const instante = typeof fecha === 'string' ? new Date(fecha) : fecha;
  return Number.isNaN(instante.getTime()) ? '' : diaDe(instante);
}

/** The first day of the current month in Mendoza, 'yyyy-MM-dd'. */
export const primerDiaDelMes = (): string => `${diaMendoza().slice(0, 8)}01`;

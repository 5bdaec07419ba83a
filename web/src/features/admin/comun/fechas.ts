// Dates of the back office: business days are Mendoza days (design: Time).

const ZONA = 'America/Argentina/Mendoza';
const formatoDia = new Intl.DateTimeFormat('es-AR', { timeZone: ZONA, day: '2-digit', month: '2-digit', year: 'numeric' });
const formatoIso = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA, year: 'numeric', month: '2-digit', day: '2-digit' });
const SOLO_FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dd/MM/yyyy for a 'yyyy-MM-dd' day or an instant (shown as its Mendoza day). */
export function formatearFecha(valor: string | null | undefined): string {
  if (!valor) return '';
  const dia = SOLO_FECHA.exec(valor);
  if (dia) return `${dia[3]}/${dia[2]}/${dia[1]}`;
  const fecha = new Date(valor);
  return Number.isNaN(fecha.getTime()) ? valor : formatoDia.format(fecha);
}

/** 'yyyy-MM-dd' of an instant in Mendoza (today by default). */
export const diaMendoza = (fecha: Date | string = new Date()): string => {
  if (typeof fecha === 'string' && SOLO_FECHA.test(fecha)) return fecha;
  return formatoIso.format(typeof fecha === 'string' ? new Date(fecha) : fecha);
};

/** The first day of the current month in Mendoza, 'yyyy-MM-dd'. */
export const primerDiaDelMes = (): string => `${diaMendoza().slice(0, 8)}01`;

/** Whether a promotion's end has passed: a 'yyyy-MM-dd' end lasts its whole Mendoza day. */
export function estaVencida(fechaFin: string, ahora: Date = new Date()): boolean {
  if (SOLO_FECHA.test(fechaFin)) return fechaFin < diaMendoza(ahora);
  return new Date(fechaFin).getTime() < ahora.getTime();
}

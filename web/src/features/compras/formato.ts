const formatoFechaHora = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Argentina/Mendoza',
});

/** A sale's instant as a Mendoza date and time. */
export const formatearFechaHora = (iso: string): string => formatoFechaHora.format(new Date(iso));

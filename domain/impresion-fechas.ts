// When print jobs happen, in Mendoza time (issue 21). Apart from ./impresion-texto so that the cart panel,
// which only says when an order's jobs are expected ready, does not bring zod and the price rule with it.

// Put together from parts: Node's and the browsers' es-AR data differ in separators and the 12/24 h clock.
const formatoPartes = new Intl.DateTimeFormat('es-AR', {
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Argentina/Mendoza',
});

function partes(iso: string) {
  const p: Record<string, string> = {};
  for (const { type, value } of formatoPartes.formatToParts(new Date(iso))) p[type] = value;
  return p as Record<'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute', string>;
}

/** 'jueves 26/11, 15:30' (Mendoza time): when a job is expected ready. */
export const fechaListoEstimado = (iso: string): string => {
  const p = partes(iso);
  return `${p.weekday} ${p.day}/${p.month}, ${p.hour}:${p.minute}`;
};

/** '26/11/2026 15:30' (Mendoza time): when a job was uploaded or entered the queue. */
export const fechaHoraImpresion = (iso: string): string => {
  const p = partes(iso);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
};

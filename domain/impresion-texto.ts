// Print jobs in words (issue 21): how the cart line, the customer's sale detail and the admin's queue
// describe a job's options, size and state. The rule and the labels are in ./impresion; this file only
// puts them together, once, for every screen.

import { COLOR_IMPRESION_LABEL, PAPEL_LABEL, TERMINACION_LABEL, type EstadoImpresion, type ColorImpresion, type Papel, type Terminacion } from './impresion';

export interface OpcionesParaTexto {
  copias: number;
  paginas: string;
  color: ColorImpresion;
  dobleFaz: boolean;
  papel: Papel;
  terminacion: Terminacion;
}

export const textoCopias = (n: number): string => `${n} ${n === 1 ? 'copia' : 'copias'}`;
export const textoPaginas = (n: number): string => `${n} ${n === 1 ? 'página' : 'páginas'}`;
export const textoCarillas = (n: number): string => `${n} ${n === 1 ? 'carilla' : 'carillas'}`;

/** 'Color' or 'B/N': the short form the cart line and the queue use. */
const COLOR_CORTO: Record<ColorImpresion, string> = { BN: 'B/N', COLOR: 'Color' };

/** '2 copias · Páginas 1-5, 8 · B/N · Doble faz · A4 · Anillado' (the whole file and no finish are left unsaid). */
export function describirOpciones(o: OpcionesParaTexto): string {
  return [
    textoCopias(o.copias),
    o.paginas.trim() ? `Páginas ${o.paginas.trim()}` : null,
    COLOR_CORTO[o.color],
    o.dobleFaz ? 'Doble faz' : 'Simple faz',
    PAPEL_LABEL[o.papel],
    o.terminacion === 'NINGUNA' ? null : TERMINACION_LABEL[o.terminacion],
  ]
    .filter((p): p is string => p !== null)
    .join(' · ');
}

/** The long form, for a screen reader or a tooltip: 'Blanco y negro', 'Sin terminación'. */
export const etiquetaColor = (c: ColorImpresion): string => COLOR_IMPRESION_LABEL[c];

/** '1,2 MB', '850 KB': a file's size as people read it. */
export function textoTamanio(bytes: number): string {
  const formato = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${formato.format(bytes / (1024 * 1024))} MB`;
  return `${formato.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** The badge colour of each state: the customer and the owner read the same colours. */
export const COLOR_ESTADO_IMPRESION: Record<EstadoImpresion, string> = {
  BORRADOR: 'gray',
  ESPERANDO_PAGO: 'yellow',
  RECIBIDO: 'blue',
  EN_PROCESO: 'orange',
  LISTO: 'green',
  ENTREGADO: 'teal',
  CANCELADO: 'red',
};

// CSV as Excel in Argentina opens it by double click: UTF-8 with a BOM (accents), ';' between fields
// (es-AR's list separator: with ',' every row lands in one column), CRLF between rows, every text field
// quoted with its quotes doubled (commas, semicolons and line breaks stay inside), and a text that a
// spreadsheet would run as a formula neutralised (OWASP's CSV injection advice).

export const BOM = '\uFEFF';
export const SEPARADOR = ';';
export const FIN_DE_FILA = '\r\n';

/** What makes a cell a formula in Excel, LibreOffice or Google Sheets, at the start of a text. */
const INICIO_DE_FORMULA = /^[=+\-@\t\r]/;

/**
 * One field: a number as it is; a text quoted, its quotes doubled, and one starting like a formula
 * ('=', '+', '-', '@', tab, carriage return) prefixed with an apostrophe, so it shows as text and never runs.
 */
export function campoCsv(valor: string | number | null | undefined): string {
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'number') return Number.isFinite(valor) ? String(valor) : '';
  const seguro = INICIO_DE_FORMULA.test(valor) ? `'${valor}` : valor;
  return `"${seguro.replaceAll('"', '""')}"`;
}

export const filaCsv = (valores: ReadonlyArray<string | number | null | undefined>): string => valores.map(campoCsv).join(SEPARADOR) + FIN_DE_FILA;

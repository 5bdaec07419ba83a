import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CON_ACENTO, SIN_ACENTO } from '../../domain/plegado';
import { normalizarBusqueda } from '../../domain/texto';

// PostgreSQL's lower() and ILIKE fold only ASCII under the C locale (PGlite uses it): accents are
// folded explicitly, so 'lapiz' finds 'Lápiz' on both engines without the unaccent extension.

export const sinAcentos = (columna: SQLWrapper): SQL => sql`translate(${columna}, ${CON_ACENTO}, ${SIN_ACENTO})`;

/** `%` and `_` typed by a person are literal characters, not wildcards. */
export const escaparLike = (texto: string): string => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `ilike` pattern of 'contains `texto`'. */
export const patronContiene = (texto: string): string => `%${escaparLike(texto)}%`;

/** Case- and accent-insensitive `ilike` of a pattern (a value, or a statement's placeholder). */
export const coincideSinAcentos = (columna: SQLWrapper, patron: string | SQL): SQL => sql`${sinAcentos(columna)} ilike ${patron}`;

/** Case- and accent-insensitive 'contains'; `texto` must come through `normalizarBusqueda`. */
export const contieneSinAcentos = (columna: SQLWrapper, texto: string): SQL => coincideSinAcentos(columna, patronContiene(texto));

/**
 * Every word a person typed in one of `lugares` (columns, or expressions of text), in any order, accents
 * and case aside: 'juan perez' finds Juan in the name and Pérez in the surname. Words are split on spaces
 * only, so '100%' and 'otro-us' are looked for whole. Undefined when nothing but spaces was typed.
 */
export function cadaPalabraEnAlguno(lugares: SQLWrapper[], texto: string | undefined): SQL | undefined {
  const palabras = normalizarBusqueda(texto ?? '')
    .split(/\s+/)
    .filter((p) => p !== '');
  if (palabras.length === 0) return undefined;
  return and(...palabras.map((p) => or(...lugares.map((lugar) => contieneSinAcentos(lugar, p)))));
}

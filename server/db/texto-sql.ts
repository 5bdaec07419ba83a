import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { CON_ACENTO, SIN_ACENTO } from '../../domain/plegado';

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

/** Case- and accent-insensitive 'starts with', to rank suggestions. */
export const empiezaSinAcentos = (columna: SQLWrapper, texto: string): SQL =>
  sql`${sinAcentos(columna)} ilike ${`${escaparLike(texto)}%`}`;

import { z } from 'zod';

// Paging of the lists that can grow without limit (catalogue, admin grids): the query's `pagina`,
// `porPagina` and search text, and the page an answer carries.

export const PAGINA_MAXIMA = 100_000;
export const LARGO_MAXIMO_BUSQUEDA = 100;

export const MENSAJES_PAGINACION = {
  paginaInvalida: `La página debe ser un número entero entre 1 y ${PAGINA_MAXIMA}.`,
  porPaginaInvalido: (maximo: number) => `La cantidad por página debe ser un número entero entre 1 y ${maximo}.`,
  busquedaLarga: `La búsqueda no puede tener más de ${LARGO_MAXIMO_BUSQUEDA} caracteres.`,
} as const;

/** A search or filter text of a list; blank is the same as absent. */
export const busquedaQuery = z.string().trim().max(LARGO_MAXIMO_BUSQUEDA, MENSAJES_PAGINACION.busquedaLarga).optional();

/** `pagina` (from 1) and `porPagina` (1 to `maximo`, `porDefecto` when absent) of a query string. */
export function paginacionQuery(porDefecto: number, maximo: number) {
  const pagina = MENSAJES_PAGINACION.paginaInvalida;
  const porPagina = MENSAJES_PAGINACION.porPaginaInvalido(maximo);
  return {
    pagina: z.coerce.number({ error: pagina }).int(pagina).min(1, pagina).max(PAGINA_MAXIMA, pagina).default(1),
    porPagina: z.coerce.number({ error: porPagina }).int(porPagina).min(1, porPagina).max(maximo, porPagina).default(porDefecto),
  };
}

/** The page an answer carries: its items, how many match in all, and which page it is. */
export const paginaDe = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    pagina: z.number().int(),
    porPagina: z.number().int(),
  });

import { z } from 'zod';
import { LARGO_MAXIMO_BUSQUEDA, MENSAJES_PAGINACION, PAGINA_MAXIMA } from './paginacion-reglas';

// Paging of the lists that can grow without limit (catalogue, admin grids): the query's `pagina`,
// `porPagina` and search text, and the page an answer carries.

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

// The limits of the lists' paging and search, without zod: the storefront's pages read them (the
// catalogue's search box) and importing them keeps zod out of those pages. domain/paginacion.ts
// builds the query schemas on them.

export const PAGINA_MAXIMA = 100_000;
export const LARGO_MAXIMO_BUSQUEDA = 100;

export const MENSAJES_PAGINACION = {
  paginaInvalida: `La página debe ser un número entero entre 1 y ${PAGINA_MAXIMA}.`,
  porPaginaInvalido: (maximo: number) => `La cantidad por página debe ser un número entero entre 1 y ${maximo}.`,
  busquedaLarga: `La búsqueda no puede tener más de ${LARGO_MAXIMO_BUSQUEDA} caracteres.`,
  /** A page past the last one of a list (the catalogue's `?pagina=99`). */
  paginaInexistente: (pagina: number, total: number) =>
    `La página ${pagina} no existe: ${total === 1 ? 'hay una sola página' : `hay ${total} páginas`}.`,
} as const;

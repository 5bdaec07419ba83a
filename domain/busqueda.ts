import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { idEntero } from './numeros';
import { busquedaQuery } from './paginacion';

// The contract of the catalogue's search (issue 17): suggestions while typing, '¿Quisiste decir…?' and the
// regional synonyms the shop edits ('Sinónimos'). The matching and ranking rules live on the server.

/** Suggestions while typing: products and brands together, at most this many. */
export const SUGERENCIAS_MAXIMAS = 8;

/** `GET /api/producto/autocompletar?q=`: public, cheap enough for every key press (debounced). */
export const autocompletarQuerySchema = z.object({ q: busquedaQuery });
export type AutocompletarQuery = z.input<typeof autocompletarQuerySchema>;

export const autocompletarProductoSchema = z.object({
  id: z.number().int(),
  denominacion: z.string(),
  marca: z.string(),
  precio: z.number(),
  imagen: z.string().nullable(),
});
export type AutocompletarProducto = z.infer<typeof autocompletarProductoSchema>;

/** Brands first (they narrow the catalogue), then products; `marcas.length + productos.length <= 8`. */
export const autocompletarSchema = z.object({
  marcas: z.array(z.string()),
  productos: z.array(autocompletarProductoSchema),
});
export type Autocompletar = z.infer<typeof autocompletarSchema>;

export const MENSAJES_SINONIMO = {
  terminoObligatorio: 'El término es obligatorio',
  equivalenteObligatorio: 'El equivalente es obligatorio',
  iguales: 'El término y su equivalente deben ser distintos',
  existente: (termino: string, equivalente: string) => `Ya existe el sinónimo ${termino} = ${equivalente}`,
  noEncontrado: 'Sinónimo no encontrado',
  terminoSinPalabras: 'El término debe tener alguna letra o número',
  equivalenteSinPalabras: 'El equivalente debe tener alguna letra o número',
  idDistinto: 'El id del sinónimo no coincide con el de la dirección',
  creado: 'Sinónimo creado correctamente',
  actualizado: 'Sinónimo actualizado correctamente',
  eliminado: 'Sinónimo eliminado correctamente',
} as const;

/**
 * A regional word and what the catalogue calls it ('birome' = 'bolígrafo', 'plasticola' = 'adhesivo
 * vinílico'). Either side may be several words; a search for one finds the products named by the other,
 * both ways.
 */
export const sinonimoSchema = z.object({
  id: z.number().int(),
  termino: z.string(),
  equivalente: z.string(),
});
export type Sinonimo = z.infer<typeof sinonimoSchema>;

/** A side the search can use: a word of letters or digits ('%' or '!!!' would never match anything). */
const textoSinonimo = (obligatorio: string, sinPalabras: string) =>
  z
    .string({ error: obligatorio })
    .trim()
    // An empty side is said once, as missing: not also as a side without letters.
    .min(1, { error: obligatorio, abort: true })
    .max(60, 'No puede superar los 60 caracteres')
    .regex(/[\p{L}\p{N}]/u, sinPalabras);

/** `POST /api/sinonimo` (id null or absent) and `PUT /api/sinonimo/{id}`: what the API answered is accepted back. */
export const sinonimoInputSchema = cuerpoDe(
  z
    .object({
      id: idEntero().nullable().optional(),
      termino: textoSinonimo(MENSAJES_SINONIMO.terminoObligatorio, MENSAJES_SINONIMO.terminoSinPalabras),
      equivalente: textoSinonimo(MENSAJES_SINONIMO.equivalenteObligatorio, MENSAJES_SINONIMO.equivalenteSinPalabras),
    })
    .strict(),
  sinonimoSchema,
);
export type SinonimoInput = z.input<typeof sinonimoInputSchema>;

// The contract of school supply lists (issue 20, docs/decisions/034-listas-escolares.md), shared by the
// admin screens, the public pages and the server. The zod-free rules (labels, messages, the quantity reader,
// what a list adds to a cart) live in ./lista-escolar-reglas and are re-exported here.
//
// Changes since first commit (additive only): `itemListaPublicaSchema.original` is also set for 'SIN_STOCK'
// items (documented there).

import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { LOCALIDADES } from './enums';
import { cantidadEntera, idEntero } from './numeros';
import { busquedaQuery, paginacionQuery, paginaDe } from './paginacion';
import {
  ALTERNATIVAS_MAXIMAS,
  ANIO_MAXIMO,
  ANIO_MINIMO,
  CANTIDAD_MAXIMA_ITEM,
  ESTADOS_ITEM,
  ITEMS_MAXIMOS,
  MENSAJES_LISTA as M,
  MOTIVOS_FALTANTE,
  NIVELES,
} from './lista-escolar-reglas';

export * from './lista-escolar-reglas';

// ---------------------------------------------------------------------------------------------------------
// Shared pieces

/**
 * A product as a list shows it and as the cart keeps it (`ProductoCarrito` of domain/carrito.ts): the
 * browser puts it into the cart as it comes.
 */
export const productoDeListaSchema = z.object({
  id: z.number().int(),
  denominacion: z.string(),
  marca: z.string(),
  precio: z.number(),
  stock: z.number().int(),
  imagen: z.string().nullable(),
});
export type ProductoDeLista = z.infer<typeof productoDeListaSchema>;

/**
 * What names a list: the school, where it is, the level, the grade and the school year. Every answer about a
 * list starts with it (admin form and grid, public search and page).
 */
const cabeceraListaSchema = z.object({
  id: z.number().int(),
  escuela: z.string(),
  localidad: z.enum(LOCALIDADES),
  nivel: z.enum(NIVELES),
  /** Free text: 'Sala de 5', '1er grado', '2do año'. */
  grado: z.string(),
  /** School year: 2027. */
  anio: z.number().int(),
});

const nivelSchema = z.enum(NIVELES, { error: M.nivelObligatorio });
const localidadSchema = z.enum(LOCALIDADES, { error: M.localidadObligatoria });

// ---------------------------------------------------------------------------------------------------------
// Admin: the list as GET /api/listaEscolar/:id answers it

/**
 * An item: a product (or null while it is the school's free text) and a quantity; `texto` is the line as
 * the school wrote it (kept when matched, the family reads it); `alternativas` are product ids tried in
 * order when the product has no stock. `orden` is its place in the list, from 1 (read-only: the array's
 * order is the list's). `producto` and `productosAlternativos` are read-only summaries for the form.
 */
export const itemListaEscolarSchema = z.object({
  id: z.number().int(),
  orden: z.number().int(),
  cantidad: z.number().int(),
  productoId: z.number().int().nullable(),
  texto: z.string(),
  alternativas: z.array(z.number().int()),
  opcional: z.boolean(),
  producto: productoDeListaSchema.nullable(),
  productosAlternativos: z.array(productoDeListaSchema),
});
export type ItemListaEscolar = z.infer<typeof itemListaEscolarSchema>;

export const listaEscolarSchema = cabeceraListaSchema.extend({
  /** For families, shown on the public page ('Todo con nombre y apellido'). */
  notas: z.string(),
  publicada: z.boolean(),
  items: z.array(itemListaEscolarSchema),
  /** Orders not cancelled (not VENCIDO / RECHAZADO) that came from the list. */
  familias: z.number().int(),
  /** Units those orders bought. */
  unidadesVendidas: z.number().int(),
});
export type ListaEscolar = z.infer<typeof listaEscolarSchema>;

// ---------------------------------------------------------------------------------------------------------
// Admin: the form (POST /api/listaEscolar, PUT /api/listaEscolar/:id)

const texto = (obligatorio: string, maximo: number) =>
  z.string({ error: obligatorio }).trim().min(1, obligatorio).max(maximo, M.textoLargo(maximo));

const idProducto = idEntero();

/**
 * An item of the form. `id` names an item kept from the list being edited (its id stays, so a family's
 * open page still matches); null or absent is a new item. Items of the list not sent are deleted.
 */
const itemInputSchema = z
  .object({
    id: idEntero().nullable().optional(),
    cantidad: cantidadEntera(M.cantidadInvalida, { max: CANTIDAD_MAXIMA_ITEM }),
    productoId: idProducto.nullable(),
    texto: texto(M.itemSinTexto, 300),
    alternativas: z.array(idProducto).max(ALTERNATIVAS_MAXIMAS, M.demasiadasAlternativas).default([]),
    opcional: z.boolean().default(false),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.productoId === null && item.alternativas.length > 0) {
      ctx.addIssue({ code: 'custom', message: M.alternativaSinProducto, path: ['alternativas'] });
    }
    const todos = [item.productoId, ...item.alternativas].filter((id) => id !== null);
    if (new Set(todos).size !== todos.length) ctx.addIssue({ code: 'custom', message: M.alternativaRepetida, path: ['alternativas'] });
  });

/**
 * The admin form's body: what GET answered is accepted back (`familias`, `orden`, `producto`... are read
 * only and dropped; `id: null` on creation); anything else is refused by name.
 */
export const listaEscolarInputSchema = cuerpoDe(
  z
    .object({
      id: idEntero().nullable().optional(),
      escuela: texto(M.escuelaObligatoria, 150),
      localidad: localidadSchema,
      nivel: nivelSchema,
      grado: texto(M.gradoObligatorio, 60),
      anio: cantidadEntera(M.anioInvalido, { min: ANIO_MINIMO, max: ANIO_MAXIMO }),
      notas: z.string().trim().max(2000, M.textoLargo(2000)).default(''),
      publicada: z.boolean().default(false),
      items: z.array(itemInputSchema, { error: M.sinItems }).min(1, M.sinItems).max(ITEMS_MAXIMOS, M.demasiadosItems),
    })
    .strict()
    .superRefine((lista, ctx) => {
      const ids = lista.items.map((i) => i.id).filter((id) => id != null);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: M.itemRepetido, path: ['items'] });
    }),
  listaEscolarSchema,
);
export type ListaEscolarInput = z.input<typeof listaEscolarInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Admin: the grid (GET /api/listaEscolar)

export const listaEscolarFiltrosSchema = z.object({
  q: busquedaQuery.describe('Busca en escuela y grado, sin distinguir mayúsculas ni acentos'),
  localidad: z.enum(LOCALIDADES).optional(),
  nivel: z.enum(NIVELES).optional(),
  anio: cantidadEntera(M.anioInvalido, { min: ANIO_MINIMO, max: ANIO_MAXIMO }).optional(),
  publicada: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  ...paginacionQuery(20, 100),
});
export type ListaEscolarFiltros = z.input<typeof listaEscolarFiltrosSchema>;

export const filaListaEscolarSchema = cabeceraListaSchema.extend({
  publicada: z.boolean(),
  cantidadItems: z.number().int(),
  familias: z.number().int(),
  unidadesVendidas: z.number().int(),
});
export type FilaListaEscolar = z.infer<typeof filaListaEscolarSchema>;

/** Newest school year first, then school and grade. */
export const paginaListasEscolaresSchema = paginaDe(filaListaEscolarSchema);
export type PaginaListasEscolares = z.infer<typeof paginaListasEscolaresSchema>;

// ---------------------------------------------------------------------------------------------------------
// Admin: import by pasting (POST /api/listaEscolar/importar): proposes, writes nothing

export const importarListaSchema = z
  .object({ texto: z.string({ error: M.importarVacio }).max(20_000, M.importarLargo).refine((t) => t.trim() !== '', M.importarVacio) })
  .strict();
export type ImportarLista = z.input<typeof importarListaSchema>;

export const lineaImportadaSchema = z.object({
  /** Line number in the pasted text, from 1 (blank lines are skipped but counted). */
  linea: z.number().int(),
  /** The line as pasted. */
  original: z.string(),
  cantidad: z.number().int(),
  /** The line without its quantity: the item's `texto`. */
  texto: z.string(),
  /** The best match, or null when none is good enough (the line stays free text). */
  propuesta: productoDeListaSchema.nullable(),
  /** A few other candidates, best first (never the proposal). */
  candidatos: z.array(productoDeListaSchema),
});
export type LineaImportada = z.infer<typeof lineaImportadaSchema>;

export const importacionListaSchema = z.object({ lineas: z.array(lineaImportadaSchema) });
export type ImportacionLista = z.infer<typeof importacionListaSchema>;

// ---------------------------------------------------------------------------------------------------------
// Public: GET /api/lista (published lists only)

export const listaPublicaFiltrosSchema = z.object({
  escuela: busquedaQuery.describe('Parte del nombre de la escuela, sin distinguir mayúsculas ni acentos'),
  localidad: z.enum(LOCALIDADES).optional(),
  nivel: z.enum(NIVELES).optional(),
  ...paginacionQuery(24, 100),
});
export type ListaPublicaFiltros = z.input<typeof listaPublicaFiltrosSchema>;

export const resumenListaPublicaSchema = cabeceraListaSchema.extend({
  cantidadItems: z.number().int(),
});
export type ResumenListaPublica = z.infer<typeof resumenListaPublicaSchema>;

/** Newest school year first, then school, level and grade. */
export const paginaListasPublicasSchema = paginaDe(resumenListaPublicaSchema);
export type PaginaListasPublicas = z.infer<typeof paginaListasPublicasSchema>;

// ---------------------------------------------------------------------------------------------------------
// Public: GET /api/lista/:id

/**
 * An item of the public page. `producto` is what it sells now (`productoVigente`): its own product while it
 * has stock, else the first alternative with stock (`estado` 'ALTERNATIVA'); null when free text or without
 * stock anywhere. `original` is the product the school named when it is not the one sold ('ALTERNATIVA' and
 * 'SIN_STOCK': show its picture with 'Sin stock'), else null. A quantity above the stock is still
 * 'DISPONIBLE': the add-to-cart answer says how many fit.
 */
export const itemListaPublicaSchema = z.object({
  id: z.number().int(),
  orden: z.number().int(),
  cantidad: z.number().int(),
  texto: z.string(),
  opcional: z.boolean(),
  estado: z.enum(ESTADOS_ITEM),
  producto: productoDeListaSchema.nullable(),
  original: productoDeListaSchema.nullable(),
  /** cantidad x producto.precio; 0 without a product. */
  subtotal: z.number(),
});
export type ItemListaPublica = z.infer<typeof itemListaPublicaSchema>;

// The list as families see it: what names it and the owner's notes, with the items priced now.
export const listaPublicaSchema = cabeceraListaSchema.extend({
  notas: listaEscolarSchema.shape.notas,
  items: z.array(itemListaPublicaSchema),
  /** `totalDeLista(items)`: every item with a product; the page recomputes it with the ticks. */
  total: z.number(),
});
export type ListaPublica = z.infer<typeof listaPublicaSchema>;

// ---------------------------------------------------------------------------------------------------------
// Public: POST /api/lista/:id/carrito

/**
 * `items`: the ids of the ticked items. `carrito`: the units the cart already holds per product, bundles of
 * promotions counted by their units (`unidadesEnCarrito` of domain/carrito.ts); one entry per product.
 */
export const carritoDeListaSchema = z
  .object({
    items: z.array(idEntero()).max(ITEMS_MAXIMOS),
    carrito: z
      .array(z.object({ productoId: idEntero(), cantidad: cantidadEntera(M.cantidadInvalida, { min: 1, max: 10_000 }) }).strict())
      .max(400)
      .default([]),
  })
  .strict();
export type CarritoDeLista = z.input<typeof carritoDeListaSchema>;

export const carritoDeListaRespuestaSchema = z.object({
  /** What to add to the cart ('agregarProducto' with `cantidad`), in the list's order. */
  agregar: z.array(
    z.object({
      itemId: z.number().int(),
      producto: productoDeListaSchema,
      cantidad: z.number().int(),
      /** It replaces the item's own product, which has no stock (left). */
      alternativa: z.boolean(),
    }),
  ),
  /** What could not be added, with the cart's messages. */
  faltantes: z.array(
    z.object({
      itemId: z.number().int(),
      texto: z.string(),
      motivo: z.enum(MOTIVOS_FALTANTE),
      cantidad: z.number().int(),
      mensaje: z.string(),
    }),
  ),
});
export type CarritoDeListaRespuesta = z.infer<typeof carritoDeListaRespuestaSchema>;

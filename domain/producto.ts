import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { MENSAJES } from './mensajes';
import { calcularPrecio } from './money';
import { cantidadEntera, idEntero, leerNumero, type NumeroLeido } from './numeros';
import { busquedaQuery, paginacionQuery, paginaDe } from './paginacion';
import { LARGO_MAXIMO_BUSQUEDA, MENSAJES_PAGINACION } from './paginacion-reglas';
import { ORDENES_PRECIO } from './producto-reglas';

export * from './producto-reglas';

export const TAMANO_MAXIMO_IMAGEN = 5_242_880;
export const TIPOS_IMAGEN = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Catalogue: 'Unidades disponibles: {n}' from 1 to this many units (spec section 9). */
export const categoriaSchema = z.object({ id: z.number().int(), denominacion: z.string() });
export type Categoria = z.infer<typeof categoriaSchema>;

/** A product as the API answers it. Cost and margin are the shop's business: only admins get them. */
export const productoSchema = z.object({
  id: z.number().int(),
  denominacion: z.string(),
  marca: z.string(),
  codigo: z.string(),
  imagen: z.string().nullable(),
  precio: z.number(),
  costo: z.number().optional(),
  porcentaje: z.number().optional(),
  stock: z.number().int(),
  cantidadVendida: z.number().int(),
  descripcion: z.string(),
  categoria: categoriaSchema,
});
export type Producto = z.infer<typeof productoSchema>;


const textoFiltro = busquedaQuery;

/** Filters of the catalogue and of the admin grid; every one optional. */
export const productoFiltrosSchema = z.object({
  q: textoFiltro.describe(
    'Busca cada palabra, en cualquier orden, en denominación, marca, código y categoría: sin distinguir mayúsculas ni acentos, con plurales, errores de tipeo y sinónimos',
  ),
  denominacion: textoFiltro,
  marca: textoFiltro.describe('Marca exacta (catálogo) o parte de ella (grilla, con `marcaContiene`)'),
  marcaContiene: textoFiltro,
  codigo: textoFiltro,
  categoriaId: z.coerce.number().int().positive().optional(),
  /** Absent: 'relevancia' when a word is searched (`q`, `denominacion`, `marcaContiene`), else 'asc'. */
  orden: z.enum(ORDENES_PRECIO).optional(),
  ...paginacionQuery(24, 100),
});
export type ProductoFiltros = z.infer<typeof productoFiltrosSchema>;

export const paginaProductosSchema = paginaDe(productoSchema).extend({
  /** The distinct brands of the products, for the catalogue's brand dropdown. */
  marcas: z.array(z.string()),
  /** When `q` found nothing: the closest query that has results ('¿Quisiste decir…?'), else null. */
  quisisteDecir: z.string().nullable(),
});
export type PaginaProductos = z.infer<typeof paginaProductosSchema>;

/** What the product form sends; cost and margin are es-AR numbers ('1.234,50') or JSON numbers (`domain/numeros.ts`). */
export const productoInputSchema = z.object({
  denominacion: z.string().max(200).default(''),
  marca: z.string().max(100).default(''),
  codigo: z.string().max(60).default(''),
  costo: z.union([z.number(), z.string().max(30)]),
  porcentaje: z.union([z.number(), z.string().max(30)]),
  // Negative ones pass here and get validarProducto's 'El stock no puede ser negativo'.
  stock: cantidadEntera(MENSAJES.stockEntero, { min: -1_000_000, max: 1_000_000 }).default(0),
  descripcion: z.string().max(5000).default(''),
  categoria: z.object({ id: idEntero(MENSAJES.debeSeleccionarCategoria) }).nullable().optional(),
});
export type ProductoInput = z.input<typeof productoInputSchema>;

/**
 * The `producto` part of `POST|PUT /api/producto/with-image`. `id` is required on PUT (null or absent on
 * POST, where it is ignored). What the API answers for a product and the form does not write (precio,
 * cantidadVendida, imagen, the category's name) is accepted and ignored: the server recomputes the price
 * (`cuerpoDe`); anything else is refused by name.
 */
export const productoGuardarSchema = cuerpoDe(
  productoInputSchema
    .extend({
      id: idEntero().nullable().optional(),
      /**
       * The stock the form showed when it was opened. With it, an edit's stock is applied as the change
       * the admin made (stock - stockLeido) to the stock of the moment, so units sold or loaded while the
       * form was open are never undone; without it, `stock` is the new stock as is.
       */
      stockLeido: cantidadEntera(MENSAJES.stockEntero, { min: 0, max: 1_000_000 }).nullable().optional(),
      // Missing cost or margin get the spec's messages from `validarProducto`, not a schema error.
      costo: z.union([z.number(), z.string().max(30)]).default(''),
      porcentaje: z.union([z.number(), z.string().max(30)]).default(''),
    })
    .strict(),
  productoSchema,
);
export type ProductoGuardar = z.input<typeof productoGuardarSchema>;

export const MENSAJES_STOCK = {
  cantidadInvalida: 'La cantidad debe ser un número entero mayor a cero',
  /**
   * Spec section 5 (stock load) and section 8, which write it without the final period that the sale
   * line's `MENSAJES.productoInvalido` has: two screens, two exact strings.
   */
  productoInvalido: 'Debe seleccionar un producto válido',
  actualizado: 'Stock actualizado correctamente',
  error: 'Error al actualizar stock',
} as const;

/** Units to add: an integer (a JSON number or plain digits), never a coerced `true`, '0x10' or '1e3'. */
const cantidadStock = cantidadEntera(MENSAJES_STOCK.cantidadInvalida, { max: 1_000_000 });

/** `PATCH /api/producto/{id}/stock?cantidad=`: units to add. */
export const stockQuerySchema = z.object({ cantidad: cantidadStock });

/** `POST /api/producto/stock`: the 'Carga de stock' screen adds units to the product with that code. */
export const cargaStockSchema = z
  .object({
    codigo: z.string({ error: MENSAJES_STOCK.productoInvalido }).trim().min(1, MENSAJES_STOCK.productoInvalido).max(60),
    cantidad: cantidadStock,
  })
  .strict();
export type CargaStock = z.input<typeof cargaStockSchema>;

export const cargaStockRespuestaSchema = z.object({ message: z.string(), producto: productoSchema });

export const CAMPOS_SUGERENCIA = ['nombre', 'codigo'] as const;

/** `GET /api/producto/sugerencias`: the catalogue's matching on the name (every word, typos...) or 'contains' on the code. */
export const sugerenciasQuerySchema = z.object({
  q: z.string().trim().max(LARGO_MAXIMO_BUSQUEDA, MENSAJES_PAGINACION.busquedaLarga).default(''),
  campo: z.enum(CAMPOS_SUGERENCIA).default('nombre'),
  limite: z.coerce.number().int().min(1).max(20).default(5),
});
export type SugerenciasQuery = z.input<typeof sugerenciasQuerySchema>;

export const sugerenciaSchema = z.object({
  id: z.number().int(),
  denominacion: z.string(),
  codigo: z.string(),
  marca: z.string(),
  precio: z.number(),
  stock: z.number().int(),
});
export type Sugerencia = z.infer<typeof sugerenciaSchema>;

export const MENSAJES_PRODUCTO = {
  codigoExistente: (codigo: string) => `Ya existe un producto con el código ${codigo}`,
  tieneVentas: 'No se puede eliminar el producto porque tiene ventas registradas.',
  creado: (nombre: string) => `Producto creado correctamente: ${nombre}`,
  actualizado: (nombre: string) => `Producto actualizado correctamente: ${nombre}`,
  errorAlGuardar: 'Error al guardar',
  idObligatorio: 'Falta el id del producto a actualizar',
  sinImagen: 'Falta el archivo de la imagen',
  confirmarQuitarImagen: (nombre: string) => `¿Quitar la imagen de ${nombre}? El producto se mostrará sin foto.`,
  imagenQuitada: (nombre: string) => `Imagen quitada: ${nombre}`,
  errorQuitarImagen: 'No se pudo quitar la imagen.',
  /** The form's change would take a stock that moved while it was open below zero. */
  stockCambioAlEditar: (actual: number, cambio: number) =>
    `El stock cambió mientras editabas (ahora hay ${actual}): restar ${-cambio} lo dejaría negativo. Revisá el stock y guardá de nuevo.`,
  /** Saved, but the stock moved while the form was open: what it is now. */
  stockMovidoAlEditar: (nombre: string, stock: number) =>
    `${nombre}: el stock cambió mientras editabas (ventas o cargas); se aplicó tu cambio y ahora hay ${stock}.`,
} as const;

export const MENSAJES_CATEGORIA = {
  denominacionObligatoria: 'La denominación es obligatoria',
  existente: (denominacion: string) => `Ya existe la categoría ${denominacion}`,
} as const;

/** `POST /api/categoria` (admin); `id` (null) and whatever else a category answers are ignored. */
export const categoriaInputSchema = cuerpoDe(
  z
    .object({
      denominacion: z
        .string({ error: MENSAJES_CATEGORIA.denominacionObligatoria })
        .trim()
        .min(1, MENSAJES_CATEGORIA.denominacionObligatoria)
        .max(100),
    })
    .strict(),
  categoriaSchema,
);
export type CategoriaInput = z.input<typeof categoriaInputSchema>;

export interface ProductoValidado {
  denominacion: string;
  marca: string;
  codigo: string;
  costo: number;
  porcentaje: number;
  precio: number;
  stock: number;
  descripcion: string;
  categoriaId: number;
}

/** Cost or margin: unreadable text names itself; missing, zero or negative gets the spec's message. */
const mensajeDeNumero = (leido: NumeroLeido, campo: string, mayorACero: string): string[] => {
  if (!leido.ok && leido.motivo === 'formato') return [MENSAJES.numeroInvalido(campo)];
  return leido.ok && leido.valor > 0 ? [] : [mayorACero];
};

/** The product form's rules (spec section 5): every broken rule's message, in the spec's order. */
export function validarProducto(
  input: z.output<typeof productoInputSchema>,
): { ok: true; valor: ProductoValidado } | { ok: false; mensajes: string[] } {
  const mensajes: string[] = [];
  const costo = leerNumero(input.costo);
  const porcentaje = leerNumero(input.porcentaje);
  if (input.denominacion.trim() === '') mensajes.push(MENSAJES.denominacionObligatoria);
  if (input.codigo.trim() === '') mensajes.push(MENSAJES.codigoObligatorio);
  mensajes.push(...mensajeDeNumero(costo, 'El costo', MENSAJES.costoMayorACero));
  mensajes.push(...mensajeDeNumero(porcentaje, 'El porcentaje', MENSAJES.porcentajeMayorACero));
  if (input.stock < 0) mensajes.push(MENSAJES.stockNoNegativo);
  const categoriaId = input.categoria?.id;
  if (!categoriaId || categoriaId <= 0) mensajes.push(MENSAJES.debeSeleccionarCategoria);
  if (mensajes.length > 0 || !categoriaId || !costo.ok || !porcentaje.ok) return { ok: false, mensajes };
  return {
    ok: true,
    valor: {
      denominacion: input.denominacion.trim(),
      marca: input.marca.trim(),
      codigo: input.codigo.trim(),
      costo: costo.valor,
      porcentaje: porcentaje.valor,
      precio: calcularPrecio(costo.valor, porcentaje.valor),
      stock: input.stock,
      descripcion: input.descripcion.trim(),
      categoriaId,
    },
  };
}

import { z } from 'zod';
import { MENSAJES } from './mensajes';
import { calcularPrecio, parsearDecimal } from './money';

export const TAMANO_MAXIMO_IMAGEN = 5_242_880;
export const TIPOS_IMAGEN = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Catalogue: 'Unidades disponibles: {n}' from 1 to this many units (spec section 9). */
export const STOCK_BAJO_MAXIMO = 5;

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

export const ORDENES_PRECIO = ['asc', 'desc'] as const;
export type OrdenPrecio = (typeof ORDENES_PRECIO)[number];
export const ORDEN_PRECIO_LABEL: Record<OrdenPrecio, string> = { asc: 'Menor a mayor', desc: 'Mayor a menor' };

const textoFiltro = z.string().trim().max(100).optional();

/** Filters of the catalogue and of the admin grid; every one optional. */
export const productoFiltrosSchema = z.object({
  q: textoFiltro.describe('Busca en denominación, marca y código, sin distinguir mayúsculas ni acentos'),
  denominacion: textoFiltro,
  marca: textoFiltro.describe('Marca exacta (catálogo) o parte de ella (grilla, con `marcaContiene`)'),
  marcaContiene: textoFiltro,
  codigo: textoFiltro,
  categoriaId: z.coerce.number().int().positive().optional(),
  orden: z.enum(ORDENES_PRECIO).default('asc'),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
  porPagina: z.coerce.number().int().min(1).max(100).default(24),
});
export type ProductoFiltros = z.infer<typeof productoFiltrosSchema>;

export const paginaProductosSchema = z.object({
  items: z.array(productoSchema),
  total: z.number().int(),
  pagina: z.number().int(),
  porPagina: z.number().int(),
  /** The distinct brands of the products, for the catalogue's brand dropdown. */
  marcas: z.array(z.string()),
});
export type PaginaProductos = z.infer<typeof paginaProductosSchema>;

/** What the product form sends; cost and margin may come with a decimal comma. */
export const productoInputSchema = z.object({
  denominacion: z.string().max(200).default(''),
  marca: z.string().max(100).default(''),
  codigo: z.string().max(60).default(''),
  costo: z.union([z.number(), z.string().max(30)]),
  porcentaje: z.union([z.number(), z.string().max(30)]),
  stock: z.coerce.number().int().max(1_000_000).default(0),
  descripcion: z.string().max(5000).default(''),
  categoria: z.object({ id: z.coerce.number().int() }).nullable().optional(),
});
export type ProductoInput = z.input<typeof productoInputSchema>;

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

/** The product form's rules (spec section 5): every broken rule's message, in the spec's order. */
export function validarProducto(
  input: z.output<typeof productoInputSchema>,
): { ok: true; valor: ProductoValidado } | { ok: false; mensajes: string[] } {
  const mensajes: string[] = [];
  const costo = parsearDecimal(input.costo);
  const porcentaje = parsearDecimal(input.porcentaje);
  if (input.denominacion.trim() === '') mensajes.push(MENSAJES.denominacionObligatoria);
  if (input.codigo.trim() === '') mensajes.push(MENSAJES.codigoObligatorio);
  if (!(costo > 0)) mensajes.push(MENSAJES.costoMayorACero);
  if (!(porcentaje > 0)) mensajes.push(MENSAJES.porcentajeMayorACero);
  if (input.stock < 0) mensajes.push(MENSAJES.stockNoNegativo);
  const categoriaId = input.categoria?.id;
  if (!categoriaId || categoriaId <= 0) mensajes.push(MENSAJES.debeSeleccionarCategoria);
  if (mensajes.length > 0 || !categoriaId) return { ok: false, mensajes };
  return {
    ok: true,
    valor: {
      denominacion: input.denominacion.trim(),
      marca: input.marca.trim(),
      codigo: input.codigo.trim(),
      costo,
      porcentaje,
      precio: calcularPrecio(costo, porcentaje),
      stock: input.stock,
      descripcion: input.descripcion.trim(),
      categoriaId,
    },
  };
}

/** Catalogue badge and add button (spec section 9). */
export const estaDisponible = (stock: number) => stock > 0;
export const tieneStockBajo = (stock: number) => stock >= 1 && stock <= STOCK_BAJO_MAXIMO;
/** The detail page's badge uses stock > 1, as the spec says; its add button stock > 0. */
export const disponibleEnDetalle = (stock: number) => stock > 1;

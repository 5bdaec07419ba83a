// The product rules the storefront shows, without zod: importing them keeps zod out of the shop's pages.

export const STOCK_BAJO_MAXIMO = 5;

/** The catalogue's orders: 'relevancia' (a search's default) ranks matches, then sales, then price. */
export const ORDENES_PRECIO = ['relevancia', 'asc', 'desc'] as const;
export type OrdenPrecio = (typeof ORDENES_PRECIO)[number];
export const esOrdenPrecio = (valor: string): valor is OrdenPrecio => (ORDENES_PRECIO as readonly string[]).includes(valor);
export const ORDEN_PRECIO_LABEL: Record<OrdenPrecio, string> = { relevancia: 'Más relevantes', asc: 'Menor a mayor', desc: 'Mayor a menor' };

/** Catalogue badge and add button (spec section 9). */
export const estaDisponible = (stock: number) => stock > 0;
export const tieneStockBajo = (stock: number) => stock >= 1 && stock <= STOCK_BAJO_MAXIMO;
/** The detail page's badge uses stock > 1, as the spec says; its add button stock > 0. */
export const disponibleEnDetalle = (stock: number) => stock > 1;

/**
 * The stock badge of the catalogue's cards and the product page, only when it says something: 'Sin stock'
 * at 0, the spec's low-stock notice from 1 to 5; none above (every card saying 'Disponible' was noise).
 */
export function insigniaDeStock(stock: number): { texto: string; tipo: 'sinStock' | 'stockBajo' } | null {
  if (!estaDisponible(stock)) return { texto: 'Sin stock', tipo: 'sinStock' };
  if (tieneStockBajo(stock)) return { texto: `Unidades disponibles: ${stock}`, tipo: 'stockBajo' };
  return null;
}

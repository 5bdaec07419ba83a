// The one place that turns a product's data into the values of its row: every write of a product
// (the form, the spreadsheet import, the bulk price update) goes through here, so the derived columns
// (the price by the rule of domain/money.ts) can never disagree with what they derive from; the search's
// words are kept by the database's triggers (docs/decisions/028-busqueda.md).
import { calcularPrecio, redondear2 } from '../../domain/money';
import { DECIMALES_MARGEN } from '../../domain/precios-masivos';
import type { ProductoValidado } from '../../domain/producto';

export type DatosDeProducto = Pick<ProductoValidado, 'denominacion' | 'marca' | 'codigo' | 'costo' | 'porcentaje'>;

const escala = 10 ** DECIMALES_MARGEN;

/**
 * The row's values: the data as given, cost and margin at the columns' precision (cents, 6 decimals), the
 * price computed from those very numbers (so the stored row satisfies the rule).
 */
export function valoresDeProducto<T extends DatosDeProducto>(datos: T): T & { precio: number } {
  const costo = redondear2(datos.costo);
  const porcentaje = Math.round(datos.porcentaje * escala) / escala;
  return { ...datos, costo, porcentaje, precio: calcularPrecio(costo, porcentaje) };
}

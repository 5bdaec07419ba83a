// The one place that turns a product's data into the values of its row: every write of a product
// (the form, the spreadsheet import, the bulk price update) goes through here, so the derived columns
// (the price by the rule of domain/money.ts, the search text) can never disagree with what they derive from.
import { calcularPrecio, redondear2 } from '../../domain/money';
import { DECIMALES_MARGEN } from '../../domain/precios-masivos';
import type { ProductoValidado } from '../../domain/producto';
import { busquedaDeProducto } from '../../domain/texto';

export type DatosDeProducto = Pick<ProductoValidado, 'denominacion' | 'marca' | 'codigo' | 'costo' | 'porcentaje'>;

const escala = 10 ** DECIMALES_MARGEN;

/**
 * The row's values: the data as given, cost and margin at the columns' precision (cents, 6 decimals), the
 * price computed from those very numbers (so the stored row satisfies the rule) and `busqueda` derived.
 */
export function valoresDeProducto<T extends DatosDeProducto>(datos: T): T & { precio: number; busqueda: string } {
  const costo = redondear2(datos.costo);
  const porcentaje = Math.round(datos.porcentaje * escala) / escala;
  return { ...datos, costo, porcentaje, precio: calcularPrecio(costo, porcentaje), busqueda: busquedaDeProducto(datos) };
}

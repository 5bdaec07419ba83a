// The one place that turns a product's data into the values of its row: every write of a product
// (the form, the spreadsheet import, the bulk price update) goes through here, so the derived columns
// (the price by the rule of domain/money.ts, the search text) can never disagree with what they derive from.
import type { ProductoValidado } from '../../domain/producto';
import { calcularPrecio } from '../../domain/money';
import { busquedaDeProducto } from '../../domain/texto';

export type DatosDeProducto = Omit<ProductoValidado, 'precio'>;

/** The row's values: the data as given, the price recomputed and `busqueda` derived. */
export const valoresDeProducto = <T extends DatosDeProducto>(datos: T) => ({
  ...datos,
  precio: calcularPrecio(datos.costo, datos.porcentaje),
  busqueda: busquedaDeProducto(datos),
});

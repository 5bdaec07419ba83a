// Money travels as JSON numbers with 2 decimals and is computed in integer cents.

export type Centavos = number;

export const aCentavos = (pesos: number): Centavos => Math.round(pesos * 100);
export const aPesos = (centavos: Centavos): number => centavos / 100;
export const redondear2 = (pesos: number): number => aPesos(aCentavos(pesos));

/** Price = cost x (1 + margin/100), rounded to cents (spec section 9). */
export const calcularPrecio = (costo: number, porcentaje: number): number =>
  aPesos(Math.round((aCentavos(costo) * (100 + porcentaje)) / 100));

/** Unit price of a promotion = promotional price / total units, rounded to cents (spec section 4). */
export const precioUnitarioPromocion = (precioPromocional: number, unidadesTotales: number): number =>
  unidadesTotales > 0 ? aPesos(Math.round(aCentavos(precioPromocional) / unidadesTotales)) : 0;

/** Sum of quantity x unit price, in pesos, exact to the cent. */
export const sumarLineas = (lineas: ReadonlyArray<{ cantidad: number; precio: number }>): number =>
  aPesos(lineas.reduce((total, l) => total + l.cantidad * aCentavos(l.precio), 0));

/**
 * Pesos as es-AR writes them, '$ 1.234,50' (a no-break space after the sign), exactly what
 * `Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' })` gives (a test holds them equal).
 * Written out because a page's first Intl object costs 40-80 ms of main thread in Chromium (ICU's set-up),
 * paid on every storefront visit: the prices are the only Intl use of the shop's pages.
 */
export const formatearPrecio = (pesos: number): string => {
  // Intl rounds the number's shortest decimal form ('0.015', not the double's 0.01499...) half away from zero.
  const decimal = Math.abs(pesos).toString();
  const [enteros = '0', fraccion = ''] = (decimal.includes('e') ? Math.abs(pesos).toFixed(3) : decimal).split('.');
  const centavos = Number(enteros + fraccion.padEnd(2, '0').slice(0, 2)) + (fraccion.charAt(2) >= '5' ? 1 : 0);
  const conMiles = Math.floor(centavos / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${pesos < 0 ? '-' : ''}$\u00a0${conMiles},${String(centavos % 100).padStart(2, '0')}`;
};

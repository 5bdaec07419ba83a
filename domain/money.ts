// Money travels as JSON numbers with 2 decimals and is computed in integer cents.

export type Centavos = number;

export const aCentavos = (pesos: number): Centavos => Math.round(pesos * 100);
export const aPesos = (centavos: Centavos): number => centavos / 100;
export const redondear2 = (pesos: number): number => aPesos(aCentavos(pesos));

// 100 % in millionths: a margin counts to the column's precision (`producto.porcentaje`, numeric(11,6)).
const MILLONESIMOS_POR_CIENTO = 100_000_000n;

/**
 * Price = cost x (1 + margin/100), rounded half up to cents (spec section 9), in integers: cost in cents,
 * margin in millionths (the column's precision), so a tie is a tie. In floating point 10 x 1,3095 is
 * 13,094999..., a cent low (docs/decisions/045-precios-exactos-y-promociones.md). Half away from zero,
 * as PostgreSQL's numeric round(), so SQL and this agree should either ever compute it.
 */
export const calcularPrecio = (costo: number, porcentaje: number): number => {
  const centavos = aCentavos(costo);
  const millonesimos = Math.round(porcentaje * 1_000_000);
  // Figures past exact integers (1e308) are no price: they stay as large as they are, and the database's
  // column refuses them with its message, instead of BigInt throwing.
  if (!Number.isSafeInteger(centavos) || !Number.isSafeInteger(millonesimos)) return aPesos(Math.round((centavos * (100 + porcentaje)) / 100));
  const numerador = BigInt(centavos) * (MILLONESIMOS_POR_CIENTO + BigInt(millonesimos));
  const magnitud = (2n * (numerador < 0n ? -numerador : numerador) + MILLONESIMOS_POR_CIENTO) / (2n * MILLONESIMOS_POR_CIENTO);
  return aPesos(Number(numerador < 0n ? -magnitud : magnitud));
};

/** Unit price of a promotion = promotional price / total units, rounded to cents (spec section 4). */
export const precioUnitarioPromocion = (precioPromocional: number, unidadesTotales: number): number =>
  unidadesTotales > 0 ? aPesos(Math.round(aCentavos(precioPromocional) / unidadesTotales)) : 0;

/** Sum of quantity x unit price, in pesos, exact to the cent. */
export const sumarLineas = (lineas: ReadonlyArray<{ cantidad: number; precio: number }>): number =>
  aPesos(lineas.reduce((total, l) => total + l.cantidad * aCentavos(l.precio), 0));

/** One line's subtotal: quantity x unit price, exact to the cent. */
export const subtotalLinea = (cantidad: number, precio: number): number => aPesos(cantidad * aCentavos(precio));

/** A sale's total: the sum of its lines plus the shipping charge (spec section 9). */
export const totalVenta = (lineas: ReadonlyArray<{ cantidad: number; precio: number }>, envio = 0): number =>
  aPesos(aCentavos(sumarLineas(lineas)) + aCentavos(envio));

/** What a payment's items charge: quantity x unit price summed, exact to the cent (Mercado Pago's items). */
export const montoDeItems = (items: ReadonlyArray<{ quantity: number; unit_price: number }>): number =>
  sumarLineas(items.map((i) => ({ cantidad: i.quantity, precio: i.unit_price })));

/** A running sum of money, kept in cents (the cash closing's totals): add amounts or lines, read pesos. */
export class SumaDeDinero {
  private centavos = 0;
  sumar(pesos: number): this {
    this.centavos += aCentavos(pesos);
    return this;
  }
  sumarLinea(cantidad: number, precio: number): this {
    this.centavos += cantidad * aCentavos(precio);
    return this;
  }
  get pesos(): number {
    return aPesos(this.centavos);
  }
}

/** Two amounts of money are the same to the cent. */
export const mismoMonto = (a: number, b: number): boolean => aCentavos(a) === aCentavos(b);

/** `veces` times an amount, exact to the cent (n combos of a promotion). */
export const multiplicarMonto = (pesos: number, veces: number): number => aPesos(aCentavos(pesos) * veces);

export interface UnidadesDePromocion {
  productoId: number;
  cantidad: number;
}
export interface LineaConPrecio {
  productoId: number;
  cantidad: number;
  precio: number;
}

/**
 * The lines `veces` bundles of a promotion are charged as: every unit at the promotional price /
 * total units, rounded down to the cent, and the cents left over on one unit of the first product, on
 * a line of its own. The lines of each bundle add up to the advertised price exactly: $10 for 3 units
 * is 2 x $3,33 + 1 x $3,34, never $9,99 (docs/decisions/018-promociones-en-lineas-propias.md).
 */
export function lineasDePromocion(precioPromocional: number, detalles: readonly UnidadesDePromocion[], veces = 1): LineaConPrecio[] {
  const unidades = detalles.reduce((suma, d) => suma + d.cantidad, 0);
  if (unidades <= 0 || veces <= 0) return [];
  const total = aCentavos(precioPromocional);
  const base = Math.floor(total / unidades);
  const resto = total - base * unidades;
  const lineas: LineaConPrecio[] = [];
  detalles.forEach((d, i) => {
    const llevaResto = i === 0 && resto > 0;
    const comunes = d.cantidad * veces - (llevaResto ? veces : 0);
    if (comunes > 0) lineas.push({ productoId: d.productoId, cantidad: comunes, precio: aPesos(base) });
    if (llevaResto) lineas.push({ productoId: d.productoId, cantidad: veces, precio: aPesos(base + resto) });
  });
  return lineas;
}

/**
 * Whether a promotion saves anything against its products' prices: only then is the original price
 * shown struck through (a 'promotion' dearer than its products is never presented as a discount).
 */
export const esDescuento = (precioOriginal: number, precioPromocional: number): boolean => aCentavos(precioOriginal) > aCentavos(precioPromocional);

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

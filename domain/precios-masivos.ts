// The bulk price update (docs/decisions/030-catalogo-masivo.md): which products, by how much, applied
// to what, rounded how; and the arithmetic, here so the preview and the update compute the same thing.
import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { aCentavos, aPesos, calcularPrecio, formatearPrecio } from './money';
import { leerNumero } from './numeros';
import { busquedaQuery } from './paginacion';

export const APLICAR_A = ['costo', 'margen'] as const;
export type AplicarA = (typeof APLICAR_A)[number];
export const APLICAR_A_LABEL: Record<AplicarA, string> = {
  costo: 'Al costo (el margen se mantiene)',
  margen: 'Al margen (puntos porcentuales; el costo se mantiene)',
};

export const REDONDEOS = [0, 10, 50] as const;
export type Redondeo = (typeof REDONDEOS)[number];
export const REDONDEO_LABEL: Record<Redondeo, string> = { 0: 'Sin redondeo', 10: 'Hacia arriba, a $10', 50: 'Hacia arriba, a $50' };

/** The margin column's decimals (numeric(11,6)): enough for any price to the cent on costs up to $1.000.000. */
export const DECIMALES_MARGEN = 6;
const ESCALA_MARGEN = 10 ** DECIMALES_MARGEN;
export const MARGEN_MAXIMO = 99_999.999999;
const COSTO_MAXIMO = 9_999_999_999.99;

export const MENSAJES_PRECIOS = {
  porcentajeInvalido: "Escribí el porcentaje como número, por ejemplo 8,5 o -5 (sin el signo '%' hace falta).",
  porcentajeCero: 'El porcentaje no puede ser cero.',
  porcentajeFueraDeRango: 'El porcentaje tiene que estar entre -99,99 y 1.000.',
  alcanceVacio: 'Elegí una marca, una categoría o un filtro de la grilla.',
  sinProductos: 'Ningún producto coincide con lo elegido.',
  costoNoPositivo: 'el costo quedaría en cero o menos',
  margenNoPositivo: 'el margen quedaría en cero o menos',
  fueraDeRango: 'el precio o el margen superan el máximo',
  rechazado: (cuantos: number, ejemplos: string) =>
    `No se cambió ningún precio: ${cuantos === 1 ? 'un producto quedaría' : `${cuantos} productos quedarían`} con un precio inválido (${ejemplos}).`,
  cambioAplicado: (cuantos: number) => (cuantos === 1 ? 'Se actualizó el precio de 1 producto.' : `Se actualizaron los precios de ${cuantos} productos.`),
  catalogoCambio: 'La cantidad de productos cambió desde la vista previa: revisá la vista previa de nuevo.',
} as const;

/** '+8,5', '-5', '8.5 %', 8.5: a signed es-AR number; '+' and a trailing '%' are allowed. */
const porcentajeCambio = z.union([z.number(), z.string().max(30)], { error: MENSAJES_PRECIOS.porcentajeInvalido }).transform((v, ctx) => {
  const texto = typeof v === 'string' ? v.trim().replace(/\s*%$/, '').replace(/^\+\s*/, '') : v;
  const leido = leerNumero(texto);
  if (!leido.ok) {
    ctx.addIssue({ code: 'custom', message: MENSAJES_PRECIOS.porcentajeInvalido, input: v });
    return z.NEVER;
  }
  // Hundredths of a percent, as the screen writes it.
  const valor = Math.round(leido.valor * 100) / 100;
  if (valor === 0) ctx.addIssue({ code: 'custom', message: MENSAJES_PRECIOS.porcentajeCero, input: v });
  else if (valor <= -100 || valor > 1000) ctx.addIssue({ code: 'custom', message: MENSAJES_PRECIOS.porcentajeFueraDeRango, input: v });
  return valor;
});

/** The grid's filters a scope may carry (the same names as `GET /api/producto`'s). */
export const filtrosDeGrillaSchema = z
  .object({
    denominacion: busquedaQuery,
    marcaContiene: busquedaQuery,
    codigo: busquedaQuery,
    categoriaId: z.number().int().positive().optional(),
  })
  .strict();
export type FiltrosDeGrilla = z.infer<typeof filtrosDeGrillaSchema>;

export const alcanceSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('marca'), marca: z.string().trim().min(1, MENSAJES_PRECIOS.alcanceVacio).max(100) }).strict(),
    z.object({ tipo: z.literal('categoria'), categoriaId: z.number().int().positive() }).strict(),
    z.object({ tipo: z.literal('filtro'), filtros: filtrosDeGrillaSchema }).strict(),
  ],
  { error: MENSAJES_PRECIOS.alcanceVacio },
);
export type Alcance = z.infer<typeof alcanceSchema>;

/** `POST /api/producto/precios/vista-previa` and `/aplicar`. */
export const cambioDePreciosSchema = cuerpoDe(
  z
    .object({
      alcance: alcanceSchema,
      porcentaje: porcentajeCambio,
      aplicarA: z.enum(APLICAR_A),
      redondeo: z.union([z.literal(0), z.literal(10), z.literal(50)]).default(0),
      /** On apply: the count the preview showed; a different count now is a 409 (the catalogue changed). */
      esperados: z.number().int().min(0).optional(),
    })
    .strict(),
  z.object({}),
);
export type CambioDePrecios = z.input<typeof cambioDePreciosSchema>;
export type CambioDePreciosValidado = z.output<typeof cambioDePreciosSchema>;

export const filaCambioDePrecioSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  denominacion: z.string(),
  marca: z.string(),
  costoAntes: z.number(),
  porcentajeAntes: z.number(),
  precioAntes: z.number(),
  costo: z.number(),
  porcentaje: z.number(),
  precio: z.number(),
});
export type FilaCambioDePrecio = z.infer<typeof filaCambioDePrecioSchema>;

export const resultadoCambioDePreciosSchema = z.object({
  /** How many products the change touches. */
  total: z.number().int(),
  /** The first rows (by code), old and new values. */
  filas: z.array(filaCambioDePrecioSchema),
  message: z.string().optional(),
});
export type ResultadoCambioDePrecios = z.infer<typeof resultadoCambioDePreciosSchema>;

export interface PrecioDeProducto {
  costo: number;
  porcentaje: number;
}

export type NuevoPrecio = { ok: true; costo: number; porcentaje: number; precio: number } | { ok: false; motivo: string };

const redondearMargen = (porcentaje: number) => Math.round(porcentaje * ESCALA_MARGEN) / ESCALA_MARGEN;

/**
 * The margin (at the column's 6 decimals) that makes `calcularPrecio(costo, margen)` equal `precio`; when
 * no margin at that precision reaches it exactly (costs over $1.000.000), the one giving the smallest price
 * above it. Candidates are checked with calcularPrecio itself, so the rule holds whatever the float error.
 */
export function margenParaPrecio(costo: number, precio: number): number {
  const c = aCentavos(costo);
  const p = aCentavos(precio);
  const exacto = ((p - c) / c) * 100 * ESCALA_MARGEN;
  let mejor: { k: number; precio: number } | undefined;
  for (let k = Math.floor(exacto) - 2; k <= Math.ceil(exacto) + 2; k++) {
    const alcanzado = aCentavos(calcularPrecio(costo, k / ESCALA_MARGEN));
    if (alcanzado < p) continue;
    const mejorQue = !mejor || alcanzado < mejor.precio || (alcanzado === mejor.precio && Math.abs(k - exacto) < Math.abs(mejor.k - exacto));
    if (mejorQue) mejor = { k, precio: alcanzado };
  }
  return mejor!.k / ESCALA_MARGEN;
}

/**
 * One product's new cost, margin and price (docs/decisions/030-catalogo-masivo.md):
 * - `costo`: the cost changes by the percentage (to the cent), the margin stays;
 * - `margen`: the margin changes by that many percentage points, the cost stays;
 * the price is `calcularPrecio(costo, margen)`; with a rounding, it goes up to the next multiple of $10
 * or $50 and the margin is solved for it (`margenParaPrecio`), so the rule still gives that price.
 */
export function calcularNuevoPrecio(actual: PrecioDeProducto, cambio: { porcentaje: number; aplicarA: AplicarA; redondeo: Redondeo }): NuevoPrecio {
  const centesimos = Math.round(cambio.porcentaje * 100);
  let costo = actual.costo;
  let porcentaje = actual.porcentaje;
  if (cambio.aplicarA === 'costo') costo = aPesos(Math.round((aCentavos(actual.costo) * (10_000 + centesimos)) / 10_000));
  else porcentaje = redondearMargen(actual.porcentaje + centesimos / 100);
  if (aCentavos(costo) <= 0) return { ok: false, motivo: MENSAJES_PRECIOS.costoNoPositivo };
  if (porcentaje <= 0) return { ok: false, motivo: MENSAJES_PRECIOS.margenNoPositivo };
  let precio = calcularPrecio(costo, porcentaje);
  if (cambio.redondeo > 0) {
    const paso = cambio.redondeo * 100;
    const objetivo = aPesos(Math.ceil(aCentavos(precio) / paso) * paso);
    porcentaje = margenParaPrecio(costo, objetivo);
    precio = calcularPrecio(costo, porcentaje);
  }
  if (costo > COSTO_MAXIMO || precio > COSTO_MAXIMO || porcentaje > MARGEN_MAXIMO) return { ok: false, motivo: MENSAJES_PRECIOS.fueraDeRango };
  return { ok: true, costo, porcentaje, precio };
}

/** '+8,5 % al costo, redondeo a $50', for the audit trail and the confirmation. */
export const describirCambio = (c: { porcentaje: number; aplicarA: AplicarA; redondeo: Redondeo }): string =>
  `${c.porcentaje > 0 ? '+' : ''}${String(c.porcentaje).replace('.', ',')} % ${c.aplicarA === 'costo' ? 'al costo' : 'al margen'}, ${REDONDEO_LABEL[c.redondeo].toLowerCase()}`;

export const describirPrecio = (antes: number, despues: number) => `${formatearPrecio(antes)} → ${formatearPrecio(despues)}`;

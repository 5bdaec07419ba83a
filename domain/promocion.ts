import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { fechaEntradaSchema } from './fechas-schemas';
import { MENSAJES } from './mensajes';
import { aCentavos, formatearPrecio, sumarLineas } from './money';
import { cantidadEntera, idEntero, numeroArgentino } from './numeros';
import { busquedaQuery, paginacionQuery, paginaDe } from './paginacion';

export const MENSAJES_PROMOCION = {
  denominacionObligatoria: 'La denominación es obligatoria',
  descripcionObligatoria: 'La descripción es obligatoria',
  precioObligatorio: 'El precio promocional es obligatorio',
  precioMayorACero: 'El precio promocional debe ser mayor a cero',
  fechaInicioObligatoria: 'La fecha de inicio es obligatoria',
  fechaInicioInvalida: 'La fecha de inicio no es válida',
  fechaFinObligatoria: 'La fecha de fin es obligatoria',
  fechaFinInvalida: 'La fecha de fin no es válida',
  fechaFinAnterior: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  /** Spec section 5, promotion line. */
  detalleInvalido: 'Seleccioná un producto válido y una cantidad mayor a 0.',
  promocionNoEncontrada: MENSAJES.promocionNoEncontrada,
  detalleNoEncontrado: 'No se encontró el detalle de la promoción.',
  /** At order time its price exceeds its products' current prices summed: not sold (`superaPrecioRegular`). */
  noDisponiblePorPrecio: (denominacion: string) =>
    `La promoción ${denominacion} no está disponible: cambiaron los precios o los productos que incluye.`,
  /** Removing a line would leave a promotion dearer than its products one by one (`superaPrecioRegular`). */
  quitarDejaMasCara: (precioPromocional: number, precioRegular: number) =>
    `No se puede quitar el producto: la promoción cuesta ${formatearPrecio(precioPromocional)} y sus demás productos suman ` +
    `${formatearPrecio(precioRegular)}. Agregá otro producto antes, o eliminá la promoción.`,
} as const;
const M = MENSAJES_PROMOCION;

/** The admin's reminder while a promotion costs more than its products one by one (it is not for sale). */
export const avisoPromocionMasCara = (precioPromocional: number, precioRegular: number): string =>
  `La promoción cuesta ${formatearPrecio(precioPromocional)} y sus productos suman ${formatearPrecio(precioRegular)}: ` +
  'no se muestra en la tienda hasta que sus productos sumen al menos su precio.';

/** The admin's reminder after creating a promotion, and while it has no products. */
export const AVISO_PROMOCION_SIN_PRODUCTOS = 'Agregá al menos un producto: hasta entonces la promoción no se muestra en la tienda.';

/**
 * 'Nueva Promoción' form (spec: all fields required). Dates: 'yyyy-MM-dd' (fechaInicio = start of that
 * Mendoza day, fechaFin = its end) or ISO date-times. The price is an es-AR number ('5.000', '1.234,50')
 * or a JSON number (`domain/numeros.ts`). The form's fields; the API's body is `promocionCrearSchema`.
 */
export const promocionInputSchema = z
  .object({
    denominacion: z.string({ error: M.denominacionObligatoria }).trim().min(1, M.denominacionObligatoria).max(200),
    descripcion: z.string({ error: M.descripcionObligatoria }).trim().min(1, M.descripcionObligatoria).max(2000),
    precioPromocional: numeroArgentino('El precio promocional', M.precioObligatorio)
      .transform((precio, ctx) => {
        if (!(precio > 0) || precio > 9_999_999_999) {
          ctx.addIssue({ code: 'custom', message: M.precioMayorACero });
          return z.NEVER;
        }
        return Math.round(precio * 100) / 100;
      }),
    fechaInicio: fechaEntradaSchema('inicio', M.fechaInicioObligatoria, M.fechaInicioInvalida),
    fechaFin: fechaEntradaSchema('fin', M.fechaFinObligatoria, M.fechaFinInvalida),
  })
  .strict()
  // Runs even when a field failed (zod 4): compare only two real dates.
  .refine((p) => !(p.fechaInicio instanceof Date && p.fechaFin instanceof Date) || p.fechaFin.getTime() >= p.fechaInicio.getTime(), {
    message: M.fechaFinAnterior,
    path: ['fechaFin'],
  });
export type PromocionInput = z.input<typeof promocionInputSchema>;

const idPositivo = idEntero(M.detalleInvalido);

export const productoEnPromocionSchema = z.object({
  id: z.number().int(),
  denominacion: z.string(),
  precio: z.number(),
  stock: z.number().int(),
  imagen: z.string().nullable(),
});

export const detallePromocionSchema = z.object({
  id: z.number().int(),
  cantidad: z.number().int(),
  producto: productoEnPromocionSchema,
  promocion: z.object({ id: z.number().int() }),
});
export type DetallePromocion = z.infer<typeof detallePromocionSchema>;

/**
 * 'Agregar Detalle': the same product twice adds to its quantity. A line as the API answers it may be
 * sent (`id: null`, the product's name, price...: ignored).
 */
export const detallePromocionInputSchema = cuerpoDe(
  z
    .object({
      producto: z.object({ id: idPositivo }, { error: M.detalleInvalido }),
      cantidad: cantidadEntera(M.detalleInvalido, { max: 10_000 }),
      promocion: z.object({ id: idPositivo }, { error: M.detalleInvalido }),
    })
    .strict(),
  detallePromocionSchema,
);
export type DetallePromocionInput = z.input<typeof detallePromocionInputSchema>;

/** Dates travel as ISO strings (UTC). */
export const promocionSchema = z.object({
  id: z.number().int(),
  denominacion: z.string(),
  descripcion: z.string(),
  fechaInicio: z.string(),
  fechaFin: z.string(),
  precioPromocional: z.number(),
  /** Its lines (the spec's name). */
  detallePromociones: z.array(detallePromocionSchema),
});
export type Promocion = z.infer<typeof promocionSchema>;

/** `GET /api/promocion/grilla`: the admin grid, newest first, a page at a time. */
export const promocionFiltrosSchema = z.object({
  q: busquedaQuery.describe('Busca en denominación y descripción, sin distinguir mayúsculas ni acentos'),
  ...paginacionQuery(20, 100),
});
export type PromocionFiltros = z.infer<typeof promocionFiltrosSchema>;

export const paginaPromocionesSchema = paginaDe(promocionSchema);
export type PaginaPromociones = z.infer<typeof paginaPromocionesSchema>;

/** A promotion of the public page, with what the card and the cart need. */
export const promocionActivaSchema = promocionSchema.extend({
  /** Promotional price / total units, rounded to cents (the applied price in the cart). */
  precioUnitario: z.number(),
  /** Sum of the products' current prices x quantities, for the struck-through price. */
  precioOriginal: z.number(),
});
export type PromocionActiva = z.infer<typeof promocionActivaSchema>;

/**
 * `POST /api/promocion`: the form's fields; a promotion as the API answers it may be sent back (`id:
 * null`, its lines, the public list's prices: ignored, lines are added with `POST /api/detallePromocion`).
 */
export const promocionCrearSchema = cuerpoDe(promocionInputSchema, promocionActivaSchema);

/**
 * Active from its start to its end, both included: a promotion that has not started cannot be bought
 * yet (the spec's "end not before now" alone would sell it early).
 */
export const estaActiva = (p: { fechaInicio: string | Date; fechaFin: string | Date }, ahora: Date = new Date()): boolean =>
  new Date(p.fechaInicio).getTime() <= ahora.getTime() && ahora.getTime() <= new Date(p.fechaFin).getTime();

/** Finished: its end has passed (the admin grid marks it); one that has not started is not finished. */
export const estaVencida = (p: { fechaFin: string | Date }, ahora: Date = new Date()): boolean => new Date(p.fechaFin).getTime() < ahora.getTime();

/** What a promotion's products cost one by one: their current prices x quantities. */
export const precioRegular = (detalles: ReadonlyArray<{ cantidad: number; producto: { precio: number } }>): number =>
  sumarLineas(detalles.map((d) => ({ cantidad: d.cantidad, precio: d.producto.precio })));

/**
 * A promotion is never sold above what its products cost one by one: while its price exceeds their sum
 * (it is being built line by line, or a price or a line changed later) it is not listed nor sold
 * (docs/decisions/045-precios-exactos-y-promociones.md). Equal is allowed: shown without a struck price.
 */
export const superaPrecioRegular = (precioPromocional: number, precioRegular: number): boolean => aCentavos(precioPromocional) > aCentavos(precioRegular);

import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { ESTADOS_PAGO, ESTADOS_VENTA, FORMAS_PAGO } from './enums';
import { esDiaValido } from './fechas';
import { diaSchema } from './fechas-schemas';
import { trabajoEnDetalleSchema } from './impresion';
import { MENSAJES } from './mensajes';
import { cantidadEntera, idEntero, numeroArgentino } from './numeros';
import { paginacionQuery, paginaDe } from './paginacion';

const id = z.number().int();
const MAX_ID = 2_147_483_647;

/** A product as a sale line shows it. */
export const productoDeDetalleSchema = z.object({
  id,
  denominacion: z.string(),
  codigo: z.string(),
  precio: z.number(),
  imagen: z.string().nullable(),
});

/** A sale line as the API answers it. */
export const detalleVentaSchema = z.object({
  id,
  cantidad: z.number().int(),
  /** Unit price charged: the product price when the line was added, or the promotion unit price. */
  precioAplicado: z.number(),
  /** Set when the line came from a promotion. */
  promocionId: id.nullable(),
  ventaId: id,
  /** The sale it belongs to, as the spec's entity has it (the same as `ventaId`). */
  venta: z.object({ id }),
  /** A product line's product (also a promotion's product). Absent on a print line. */
  producto: productoDeDetalleSchema.optional(),
  /** A print line's job (issue 21), instead of `producto`. */
  trabajoImpresion: trabajoEnDetalleSchema.optional(),
});
export type DetalleVenta = z.infer<typeof detalleVentaSchema>;

export const usuarioDeVentaSchema = z.object({ id, usuario: z.string() }).nullable();

/** One row of the sales grid. */
export const ventaResumenSchema = z.object({
  id,
  /** ISO instant. */
  fecha: z.string(),
  formaPago: z.enum(FORMAS_PAGO),
  total: z.number(),
  /** Shipping charge entered by the admin, included in the total. */
  envio: z.number(),
  /** The customer asked for delivery in the cart. */
  conEnvio: z.boolean(),
  estadoVenta: z.enum(ESTADOS_VENTA),
  /** Online payment state (Mercado Pago); null for other payment methods. */
  estadoPago: z.enum(ESTADOS_PAGO).nullable(),
  pagoId: z.string().nullable(),
  user: usuarioDeVentaSchema,
});
export type VentaResumen = z.infer<typeof ventaResumenSchema>;

/** A sale with its lines. */
export const ventaSchema = ventaResumenSchema.extend({
  detalleVentas: z.array(detalleVentaSchema),
  /** The school list a cart order came from (issue 20), or null. */
  listaEscolar: z.object({ id, escuela: z.string(), grado: z.string(), anio: z.number().int() }).nullable(),
});
export type Venta = z.infer<typeof ventaSchema>;

const diaOpcional = z
  .string()
  .trim()
  .refine(esDiaValido, MENSAJES.fechaInvalida)
  .optional();

/** Filters of the sales grid: whole Mendoza days, inclusive on both dates. */
export const ventaFiltrosSchema = z.object({
  desde: diaOpcional,
  hasta: diaOpcional,
  estado: z.enum(ESTADOS_VENTA).optional(),
  ...paginacionQuery(50, 200),
});
export type VentaFiltros = z.infer<typeof ventaFiltrosSchema>;

export const paginaVentasSchema = paginaDe(ventaResumenSchema);
export type PaginaVentas = z.infer<typeof paginaVentasSchema>;

export const pendientesSchema = z.object({ pendientes: z.number().int() });

/** Shipping charge: an es-AR number ('1.500', '1.234,50') or a JSON number, not negative. */
const envioSchema = numeroArgentino('El envío', MENSAJES.envioNoNegativo).pipe(
  z.number().min(0, MENSAJES.envioNoNegativo).max(10_000_000, MENSAJES.envioNoNegativo),
);

const cantidadSchema = cantidadEntera(MENSAJES.cantidadInvalida, { max: 1_000_000 });
const productoIdSchema = z
  .number({ error: MENSAJES.productoInvalido })
  .int({ error: MENSAJES.productoInvalido })
  .positive({ error: MENSAJES.productoInvalido })
  .max(MAX_ID, { error: MENSAJES.productoInvalido });
const productoRefSchema = z.object({ id: productoIdSchema }, { error: MENSAJES.productoInvalido });

/**
 * An admin's new sale, with its first lines (what the sale form sends: no sale is ever stored empty
 * by it) or without them (the spec's API: lines are added afterwards). A sale as the API answers it may
 * be sent (`id: null`, total, payment state, and in each line `id`, `precioAplicado`...: ignored); the
 * total is always computed, each line at its product's current price.
 */
export const ventaCrearSchema = cuerpoDe(
  z
    .object({
      /** 'yyyy-MM-dd' (a Mendoza day: now when it is today, else 12:00 of that day) or an ISO instant; default now. */
      fecha: z.string().trim().max(40).optional(),
      estadoVenta: z.enum(ESTADOS_VENTA).default('PENDIENTE'),
      formaPago: z.enum(FORMAS_PAGO).default('EFECTIVO'),
      envio: envioSchema.default(0),
      /** Default: the admin who creates it. */
      user: z.object({ id: z.number().int().positive().max(MAX_ID) }).strict().nullable().optional(),
      /** Lines saved with the sale, in one transaction: if one cannot be, no sale is stored. */
      detalleVentas: z
        .array(z.object({ cantidad: cantidadSchema, producto: productoRefSchema }).strict())
        .max(200)
        .optional(),
    })
    .strict(),
  ventaSchema,
);
export type VentaCrear = z.input<typeof ventaCrearSchema>;

/**
 * An admin's edit of a sale: status, payment method and shipping. The rest of the sale as `GET` answers
 * it is accepted and ignored: the date and the customer do not change, the total is recomputed.
 */
export const ventaActualizarSchema = cuerpoDe(
  z
    .object({
      estadoVenta: z.enum(ESTADOS_VENTA),
      formaPago: z.enum(FORMAS_PAGO),
      envio: envioSchema,
    })
    .strict(),
  ventaSchema,
);
export type VentaActualizar = z.input<typeof ventaActualizarSchema>;

/** Bulk delete: both days required, whole Mendoza days. */
export const eliminarEntreFechasSchema = z.object({
  desde: diaSchema(MENSAJES.completaAmbasFechas, MENSAJES.fechaInvalida),
  hasta: diaSchema(MENSAJES.completaAmbasFechas, MENSAJES.fechaInvalida),
});

export const ventaIdParam = z.object({ ventaId: idEntero() });
export const userIdParam = z.object({ userId: idEntero() });

// Sale lines.

const ventaIdSchema = z
  .number({ error: MENSAJES.ventaNoEncontrada })
  .int({ error: MENSAJES.ventaNoEncontrada })
  .positive({ error: MENSAJES.ventaNoEncontrada })
  .max(MAX_ID, { error: MENSAJES.ventaNoEncontrada });

/** POST detalleVenta: the line form; a line as the API answers it may be sent (`id: null`, price...: ignored). */
export const detalleCrearSchema = cuerpoDe(
  z
    .object({
      cantidad: cantidadSchema,
      producto: productoRefSchema,
      venta: z.object({ id: ventaIdSchema }, { error: MENSAJES.ventaNoEncontrada }),
    })
    .strict(),
  detalleVentaSchema,
);
export type DetalleCrear = z.input<typeof detalleCrearSchema>;

/** POST detalleVenta/dto: precioAplicado is accepted but not trusted (the product's price is used). */
export const detalleDtoSchema = cuerpoDe(
  z
    .object({
      cantidad: cantidadSchema,
      productoId: productoIdSchema,
      ventaId: ventaIdSchema,
    })
    .strict(),
  detalleVentaSchema,
);
export type DetalleDto = z.input<typeof detalleDtoSchema>;

/** PUT detalleVenta/{id}: new quantity and, optionally, another product; the rest of the line is ignored. */
export const detalleActualizarSchema = cuerpoDe(
  z
    .object({
      cantidad: cantidadSchema,
      producto: z.object({ id: productoIdSchema }, { error: MENSAJES.productoInvalido }).optional(),
      /** Accepted when it names the line's own sale; a line does not move between sales. */
      venta: z.object({ id: ventaIdSchema }).optional(),
    })
    .strict(),
  detalleVentaSchema,
);
export type DetalleActualizar = z.input<typeof detalleActualizarSchema>;

export const agregarPromocionParams = z.object({ ventaId: idEntero(), promocionId: idEntero() });

/** What a sale line is, for people: the product's name, or 'Impresión: apunte.pdf' for a print job. */
export const nombreDeLinea = (d: Pick<DetalleVenta, 'producto' | 'trabajoImpresion'>): string =>
  d.producto?.denominacion ?? (d.trabajoImpresion ? `Impresión: ${d.trabajoImpresion.nombreArchivo}` : '');

type EstadoDeVenta = Pick<VentaResumen, 'estadoVenta' | 'estadoPago'>;

/** Paid online: the money is in Mercado Pago, so what was charged stays as charged. */
export const pagadaEnLinea = (v: Pick<VentaResumen, 'estadoPago'>): boolean => v.estadoPago === 'APROBADO';

/**
 * Why a sale's amount (lines, promotions, shipping) and payment method cannot change, or null when
 * they can: it was paid online, or it is concluded and counts in a closed cash day
 * (docs/decisions/044-ventas-pagadas.md).
 */
export function motivoMontoFijo(v: EstadoDeVenta): string | null {
  if (pagadaEnLinea(v)) return MENSAJES.ventaPagadaNoCambia;
  if (v.estadoVenta === 'CONCLUIDO') return MENSAJES.ventaConcluidaNoCambia;
  return null;
}

/** Why a sale cannot be deleted, or null when it can. */
export const motivoNoSeElimina = (v: Pick<VentaResumen, 'estadoPago'>): string | null => (pagadaEnLinea(v) ? MENSAJES.ventaPagadaNoSeElimina : null);

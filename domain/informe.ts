import { z } from 'zod';
import { FORMAS_PAGO } from './enums';
import { diaSchema } from './fechas-schemas';
import { MENSAJES } from './mensajes';

/** A cash-closing or report range: both Mendoza days required, inclusive. */
export const rangoFechasSchema = z.object({
  desde: diaSchema(MENSAJES.seleccionaAmbasFechas, MENSAJES.fechaInvalida),
  hasta: diaSchema(MENSAJES.seleccionaAmbasFechas, MENSAJES.fechaInvalida),
});
export type RangoFechas = z.infer<typeof rangoFechasSchema>;

const productoVendidoSchema = z.object({
  productoId: z.number().int(),
  denominacion: z.string(),
  unidades: z.number().int(),
  importe: z.number(),
});

/**
 * The dashboard's figures for a range: every amount includes shipping, like the sale totals. Each
 * sale counts as `estadoDeCobro` (domain/cierre.ts) says: the sales not collected (payment rejected
 * or expired) are left out of every figure but `noCobradas`, products included.
 */
export const resumenInformeSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** Collected and pending sales. */
  cantidadVentas: z.number().int(),
  /** cobrado + pendiente. */
  total: z.number(),
  /** Sales COBRADO: approved online payment, or concluded. */
  cobrado: z.number(),
  /** Sales PENDIENTE de cobro. */
  pendiente: z.number(),
  /** Sales NO_COBRADO (payment rejected or expired): how many and their totals, apart. */
  noCobradas: z.object({ cantidad: z.number().int(), total: z.number() }),
  /** Every day of the range (up to 366 days; longer ranges list only days with sales). */
  porDia: z.array(z.object({ fecha: z.string(), cantidad: z.number().int(), total: z.number() })),
  porFormaPago: z.array(z.object({ formaPago: z.enum(FORMAS_PAGO), cantidad: z.number().int(), total: z.number(), cobrado: z.number(), pendiente: z.number() })),
  /** Print jobs (issue 21), apart from the products: how many and what they were charged. */
  impresiones: z.object({ trabajos: z.number().int(), importe: z.number() }),
  /** Top 10 products by units sold, and top 10 by amount (cantidad x precioAplicado). */
  topPorUnidades: z.array(productoVendidoSchema),
  topPorImporte: z.array(productoVendidoSchema),
});
export type ResumenInforme = z.infer<typeof resumenInformeSchema>;

export const nombreArchivoCierre = (desde: string, hasta: string) => `cierre_caja_${desde}_a_${hasta}.xlsx`;
export const NOMBRE_ARCHIVO_CIERRE_HOY = 'cierre_caja_hoy.xlsx';

import { z } from 'zod';
import { FORMAS_PAGO_CARRITO } from './enums';
import { impresionEnPedidoSchema } from './impresion';
import { MENSAJES } from './mensajes';

const MAX_ID = 2_147_483_647;
const idSchema = z.number().int().positive().max(MAX_ID);
const cantidadSchema = z
  .number({ error: MENSAJES.cantidadInvalida })
  .int({ error: MENSAJES.cantidadInvalida })
  .min(1, { error: MENSAJES.cantidadInvalida })
  .max(10_000, { error: MENSAJES.cantidadInvalida });

/**
 * The cart order: ids and quantities only. Prices and totals are the server's business, so a body
 * that carries one is refused (strict objects).
 */
export const pedidoSchema = z
  .object({
    lineas: z.array(z.object({ productoId: idSchema, cantidad: cantidadSchema }).strict()).max(200).default([]),
    promociones: z.array(z.object({ promocionId: idSchema, cantidad: cantidadSchema }).strict()).max(50).default([]),
    /** Print jobs (issue 21): each uploaded by the customer, ordered once; priced by the server. */
    impresiones: z.array(impresionEnPedidoSchema).max(20).default([]),
    formaPago: z.enum(FORMAS_PAGO_CARRITO),
    /** The cart's '¿Deseás envío?' flag: 1 or 0. */
    envio: z.union([z.literal(0), z.literal(1)]),
  })
  .strict()
  .refine((p) => p.lineas.length + p.promociones.length + p.impresiones.length > 0, { message: MENSAJES.pedidoVacio });
export type Pedido = z.input<typeof pedidoSchema>;

export const pedidoRespuestaSchema = z.object({
  id: z.number().int(),
  total: z.number(),
  /** With print jobs: ISO instant they are expected ready (queue's pending sides / pace); else absent. */
  impresionesListas: z.string().nullable().optional(),
});
export type PedidoRespuesta = z.infer<typeof pedidoRespuestaSchema>;

export const IDEMPOTENCY_KEY_MAX = 100;
export const pedidoHeadersSchema = z.looseObject({
  'idempotency-key': z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX).optional(),
});

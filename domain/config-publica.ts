import { z } from 'zod';

export const configPublicaSchema = z.object({
  whatsappContacto: z.string(),
  whatsappArrepentimiento: z.string(),
  mercadoPagoSimulado: z.boolean(),
  /** False without MP_ACCESS_TOKEN nor MP_SIMULADO=1: the cart offers cash only. */
  mercadoPagoDisponible: z.boolean(),
  /** MP_PAGO_VENCE_MINUTOS: how long after the order 'Pagar' is offered (domain/pago.ts, sePuedePagar). */
  mercadoPagoVenceMinutos: z.number().int(),
  /** IMPRESION_MAX_MB: the largest PDF the print page sends (the server refuses larger ones too). */
  impresionMaxMb: z.number().int(),
});
export type ConfigPublica = z.infer<typeof configPublicaSchema>;

// Kept importable from here too; code on the first page imports it from ./whatsapp (no zod).
export { enlaceWhatsapp } from './whatsapp';

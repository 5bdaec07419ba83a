import { z } from 'zod';

export const configPublicaSchema = z.object({
  whatsappContacto: z.string(),
  whatsappArrepentimiento: z.string(),
  mercadoPagoSimulado: z.boolean(),
});
export type ConfigPublica = z.infer<typeof configPublicaSchema>;

// Kept importable from here too; code on the first page imports it from ./whatsapp (no zod).
export { enlaceWhatsapp } from './whatsapp';

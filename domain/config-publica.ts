import { z } from 'zod';

export const configPublicaSchema = z.object({
  whatsappContacto: z.string(),
  whatsappArrepentimiento: z.string(),
  mercadoPagoSimulado: z.boolean(),
});
export type ConfigPublica = z.infer<typeof configPublicaSchema>;

/** A chat link with a prefilled message. */
export const enlaceWhatsapp = (numero: string, mensaje: string) =>
  `https://wa.me/${numero}?text=${encodeURIComponent(mensaje)}`;

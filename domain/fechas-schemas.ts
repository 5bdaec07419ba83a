// The zod schemas of dates in requests and forms (the date arithmetic itself: fechas.ts).
import { z } from 'zod';
import { esDiaValido, parsearFecha } from './fechas';

/** A 'yyyy-MM-dd' day in a query or a body. */
export const diaSchema = (mensajeObligatorio: string, mensajeInvalido = 'La fecha no es válida (formato aaaa-mm-dd).') =>
  z
    .string({ error: mensajeObligatorio })
    .trim()
    .min(1, mensajeObligatorio)
    .refine(esDiaValido, mensajeInvalido);

/** A date field of a request: a day or a date-time, as `parsearFecha` reads it. */
export const fechaEntradaSchema = (limite: 'inicio' | 'fin', mensajeObligatorio: string, mensajeInvalido: string) =>
  z
    .string({ error: mensajeObligatorio })
    .trim()
    .min(1, mensajeObligatorio)
    .max(40, mensajeInvalido)
    .transform((texto, ctx) => {
      const fecha = parsearFecha(texto, limite);
      if (!fecha) {
        ctx.addIssue({ code: 'custom', message: mensajeInvalido });
        return z.NEVER;
      }
      return fecha;
    });

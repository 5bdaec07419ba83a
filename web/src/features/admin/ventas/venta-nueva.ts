// A new sale is stored only with its first line (docs/decisions/019): until then, what the sale form
// has typed travels to the line form and back in the history entry's state, so nothing is saved
// when the admin goes back without adding a product.
import { z } from 'zod';
import { ESTADOS_VENTA, FORMAS_PAGO } from '../../../../../domain/enums';
import { diaMendoza } from '../comun/fechas';

const ventaNuevaSchema = z.object({
  fecha: z.string().optional(),
  estadoVenta: z.enum(ESTADOS_VENTA),
  formaPago: z.enum(FORMAS_PAGO),
  envio: z.number().min(0),
});
export type VentaNueva = z.output<typeof ventaNuevaSchema> & { fecha: string };

export const ventaNuevaPorDefecto = (): VentaNueva => ({ fecha: diaMendoza(), estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: 0 });

/** The state to navigate with. */
export const estadoConVentaNueva = (venta: VentaNueva) => ({ ventaNueva: venta });

/** The new sale carried in a history entry's state; the defaults when there is none (a typed URL, a reload elsewhere). */
export function ventaNuevaDe(estado: unknown): VentaNueva {
  const leida = ventaNuevaSchema.safeParse((estado as { ventaNueva?: unknown } | null)?.ventaNueva);
  const porDefecto = ventaNuevaPorDefecto();
  return leida.success ? { ...leida.data, fecha: leida.data.fecha ?? porDefecto.fecha } : porDefecto;
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { configPublicaSchema } from '../../domain/config-publica';
import { modoMercadoPago } from '../config';

/** Settings the browser needs at run time, so changing them needs no rebuild. */
export async function configRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      config: { acceso: 'publico' },
      schema: { tags: ['config'], summary: 'Configuración pública de la tienda', response: { 200: configPublicaSchema } },
    },
    async () => ({
      whatsappContacto: app.config.WHATSAPP_CONTACTO,
      whatsappArrepentimiento: app.config.WHATSAPP_ARREPENTIMIENTO,
      mercadoPagoSimulado: modoMercadoPago(app.config) === 'simulado',
      mercadoPagoDisponible: modoMercadoPago(app.config) !== 'desactivado',
      mercadoPagoVenceMinutos: app.config.MP_PAGO_VENCE_MINUTOS,
      impresionMaxMb: app.config.IMPRESION_MAX_MB,
    }),
  );
}

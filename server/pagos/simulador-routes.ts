import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCIONES_SIMULADOR } from '../../domain/pago';
import { AppError } from '../errors';
import { firmar } from './firma';
import { obtenerPreferenciaSimulada, pagarEnSimulador, urlDeRetorno } from './pasarela-simulada';
import { paginaMensaje, paginaSimulador } from './simulador-pagina';

const preferenciaParam = z.object({ preferenciaId: z.string().min(1).max(100) });

/** The simulated Checkout Pro (only without MP_ACCESS_TOKEN): a page, and its form's POST. */
export async function simuladorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tienda = app.config.PUBLIC_URL;

  // The page's form posts urlencoded; the parser lives only in this plugin's scope.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, cuerpo, hecho) => {
    hecho(null, Object.fromEntries(new URLSearchParams(String(cuerpo))));
  });

  const html = (reply: FastifyReply, status: number, contenido: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(contenido);

  r.get(
    '/api/mercadoPago/simulador/:preferenciaId',
    {
      config: { acceso: 'publico' },
      schema: { tags: ['pagos'], summary: 'Checkout simulado de Mercado Pago (página HTML)', params: preferenciaParam },
    },
    async (request, reply) => {
      try {
        return html(reply, 200, paginaSimulador(await obtenerPreferenciaSimulada(app.db, request.params.preferenciaId), tienda));
      } catch (error) {
        if (error instanceof AppError) return html(reply, error.status, paginaMensaje('Pago no disponible', error.message, tienda));
        throw error;
      }
    },
  );

  r.post(
    '/api/mercadoPago/simulador/:preferenciaId',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['pagos'],
        summary: 'Resultado elegido en el checkout simulado: notifica al webhook firmado y redirige a la URL de retorno',
        params: preferenciaParam,
        consumes: ['application/x-www-form-urlencoded'],
        body: z.strictObject({ accion: z.enum(ACCIONES_SIMULADOR) }),
      },
    },
    async (request, reply) => {
      let resultado;
      try {
        resultado = await pagarEnSimulador(app.db, request.params.preferenciaId, request.body.accion);
      } catch (error) {
        if (error instanceof AppError) return html(reply, error.status, paginaMensaje('Pago no disponible', error.message, tienda));
        throw error;
      }
      const { preferencia, pago } = resultado;

      // Like Mercado Pago: a signed notification to the preference's notification_url, through the
      // same route and signature check as a real one. Delivered to this instance, so no network.
      const destino = new URL(preferencia.datos.notification_url);
      destino.searchParams.set('data.id', pago.id);
      destino.searchParams.set('type', 'payment');
      const requestId = crypto.randomUUID();
      const ts = String(Math.floor(Date.now() / 1000));
      const notificacion = await app.inject({
        method: 'POST',
        url: `${destino.pathname}${destino.search}`,
        headers: { 'content-type': 'application/json', 'x-signature': firmar(app.mercadoPago.secretoWebhook ?? '', pago.id, requestId, ts), 'x-request-id': requestId },
        payload: {
          action: pago.status === 'approved' || pago.status === 'rejected' ? 'payment.updated' : 'payment.created',
          api_version: 'v1',
          data: { id: pago.id },
          date_created: new Date().toISOString(),
          id: crypto.randomInt(1, 2 ** 47),
          live_mode: false,
          type: 'payment',
          user_id: '0',
        },
      });
      // A failed delivery is what Mercado Pago would retry; the return page checks the state anyway.
      if (notificacion.statusCode !== 200) request.log.error({ status: notificacion.statusCode, body: notificacion.body }, 'el webhook rechazó la notificación simulada');

      return reply.header('cache-control', 'no-store').redirect(urlDeRetorno(preferencia, pago), 303);
    },
  );
}

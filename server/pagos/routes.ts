import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idEntero } from '../../domain/numeros';
import { crearPreferenciaSchema, estadoPagoVentaSchema, MENSAJES_PAGO, preferenciaCreadaSchema } from '../../domain/pago';
import { contextoDe, contextoDeMercadoPago } from '../auditoria/auditoria';
import { usuarioRequerido } from '../auth/acceso';
import { NoDisponible } from '../errors';
import { errorSchema } from '../http/schemas';
import { firmaValida, firmaVigente } from './firma';
import { ErrorDePasarela } from './pasarela';
import { consultarEstadoDePago, crearPreferencia, procesarNotificacionDePago, type ResultadoPago } from './service';
import { simuladorRoutes } from './simulador-routes';

const ventaIdParam = z.object({ ventaId: idEntero() });

// Mercado Pago's notification, as Mercado Pago sends it: we read a few fields and let the rest be.
const notificacionQuery = z.looseObject({
  'data.id': z.string().max(100).optional(),
  type: z.string().max(100).optional(),
  topic: z.string().max(100).optional(),
});
const notificacionBody = z
  .looseObject({
    type: z.string().max(100).optional(),
    action: z.string().max(100).optional(),
    data: z.looseObject({ id: z.union([z.string().max(100), z.number()]).optional() }).optional(),
  })
  .optional();

const cabecera = (valor: string | string[] | undefined) => (Array.isArray(valor) ? valor[0] : valor);

export async function pagosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const opciones = {
    publicUrl: app.config.PUBLIC_URL,
    venceMinutos: app.config.MP_PAGO_VENCE_MINUTOS,
    limites: { pedidosPendientes: app.config.PEDIDOS_PENDIENTES_MAX, unidadesPorProducto: app.config.UNIDADES_POR_PRODUCTO_MAX },
  };

  r.post(
    '/api/mercadoPago/createPreference',
    {
      config: { acceso: 'propio' },
      schema: {
        tags: ['pagos'],
        summary: 'Crea la preferencia de Checkout Pro de una venta propia sin pagar y devuelve el link de pago',
        description:
          'Después del pedido y cada vez que el cliente toca "Pagar" (checkout abandonado, pago pendiente o rechazado), hasta que vence el pedido (MP_PAGO_VENCE_MINUTOS desde su fecha; no se extiende). Antes consulta a Mercado Pago: un pago aprobado en una preferencia anterior se registra y la venta no se cobra de nuevo (409). Si un rechazo devolvió las unidades, las vuelve a tomar (todas o ninguna, 409 si no alcanzan), una sola vez. El monto sale de las líneas de la venta.',
        body: crearPreferenciaSchema,
        response: { 200: preferenciaCreadaSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 502: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      if (app.mercadoPago.pasarela.modo === 'desactivado') throw new NoDisponible(MENSAJES_PAGO.mercadoPagoNoDisponible);
      return crearPreferencia(app.db, app.mercadoPago.pasarela, opciones, { ventaId: request.body.id, usuario: usuarioRequerido(request), contexto: contextoDe(request) });
    },
  );

  r.post(
    '/api/mercadoPago/webhook',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['pagos'],
        summary: 'Notificaciones de Mercado Pago (firmadas con x-signature)',
        querystring: notificacionQuery,
        body: notificacionBody,
        response: { 200: z.object({ recibido: z.boolean() }), 400: errorSchema, 401: errorSchema, 502: errorSchema },
      },
    },
    async (request, reply) => {
      const tipo = request.body?.type ?? request.query.type ?? request.query.topic;
      if (tipo !== undefined && tipo !== 'payment') {
        // Other topics (merchant_order, legacy IPN, ...) change nothing here: acknowledged so they stop.
        request.log.info({ tipo }, 'notificación de Mercado Pago ignorada');
        return { recibido: true };
      }
      const idDelCuerpo = request.body?.data?.id;
      const dataId = request.query['data.id'] ?? (idDelCuerpo === undefined ? undefined : String(idDelCuerpo));
      const firmada = { firma: cabecera(request.headers['x-signature']), requestId: cabecera(request.headers['x-request-id']), dataId };
      if (!firmaValida(app.mercadoPago.secretoWebhook, firmada)) {
        request.log.warn({ requestId: firmada.requestId, dataId }, 'notificación de Mercado Pago con firma inválida o ausente');
        return reply.code(401).send({ message: MENSAJES_PAGO.firmaInvalida });
      }
      // A validly signed notification from long ago is a replay (or a clock far off): refused.
      if (!firmaVigente(firmada.firma!, Date.now(), app.config.MP_WEBHOOK_TOLERANCIA_SEGUNDOS)) {
        request.log.warn({ requestId: firmada.requestId, dataId }, 'notificación de Mercado Pago con la hora firmada fuera de margen');
        return reply.code(401).send({ message: MENSAJES_PAGO.notificacionVencida });
      }
      if (!dataId) {
        request.log.info('notificación de Mercado Pago sin data.id ignorada');
        return { recibido: true };
      }
      try {
        registrarEnLog(request.log, await procesarNotificacionDePago(app.db, app.mercadoPago.pasarela, dataId, contextoDeMercadoPago(request)));
      } catch (error) {
        if (!(error instanceof ErrorDePasarela)) throw error;
        // Not acknowledged: Mercado Pago sends it again later.
        request.log.error({ err: error, pagoId: dataId }, 'no se pudo consultar el pago notificado');
        return reply.code(502).send({ message: MENSAJES_PAGO.pagoNoConsultado });
      }
      return { recibido: true };
    },
  );

  r.get(
    '/api/mercadoPago/estado/:ventaId',
    {
      config: { acceso: 'propio' },
      schema: {
        tags: ['pagos'],
        summary: 'Estado del pago de una venta, confirmado con Mercado Pago (lo llaman las páginas de retorno)',
        params: ventaIdParam,
        response: { 200: estadoPagoVentaSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { estado, resultado } = await consultarEstadoDePago(
        app.db,
        app.mercadoPago.pasarela,
        request.params.ventaId,
        usuarioRequerido(request),
        app.config.MP_PAGO_VENCE_MINUTOS,
        (error) => request.log.warn({ err: error }, 'Mercado Pago no respondió; se informa el estado conocido'),
        contextoDeMercadoPago(request),
      );
      if (resultado) registrarEnLog(request.log, resultado);
      return estado;
    },
  );

  if (app.mercadoPago.pasarela.modo === 'simulado') await app.register(simuladorRoutes);
}

function registrarEnLog(log: FastifyInstance['log'], resultado: ResultadoPago) {
  switch (resultado.tipo) {
    case 'registrado':
      if (resultado.sinStockParaAprobacionTardia) {
        log.error(resultado, 'pago aprobado de una venta cuyo stock ya se había liberado y no alcanza: revisar (reponer o devolver el dinero)');
      } else log.info(resultado, 'pago de Mercado Pago registrado');
      return;
    case 'cobrado-dos-veces':
      log.error(resultado, 'segundo pago aprobado de una venta ya pagada: revisar (devolver el dinero)');
      return;
    case 'monto-no-coincide':
      log.error(resultado, 'el monto pagado no coincide con el total de la venta: no se marca como pagada');
      return;
    case 'venta-desconocida':
      log.warn(resultado, 'pago de Mercado Pago de una venta desconocida');
      return;
    default:
      log.info(resultado, 'pago de Mercado Pago sin cambios');
  }
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_PAGO } from '../../domain/pago';
import { pedidoHeadersSchema, pedidoRespuestaSchema, pedidoSchema } from '../../domain/pedido';
import { contextoDe } from '../auditoria/auditoria';
import { Conflicto } from '../errors';
import { errorSchema } from '../http/schemas';
import { crearPedido } from './pedido';

export async function pedidoRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/pedido',
    {
      config: { acceso: 'usuario', mensajeNoAutenticado: MENSAJES.usuarioNoAutenticado },
      schema: {
        tags: ['pedidos'],
        summary:
          'Pedido del carrito: productos y promociones (ids y cantidades), trabajos de impresión subidos (ids), forma de pago y envío 0/1. ' +
          'Header Idempotency-Key opcional: un reintento con la misma clave recibe la primera respuesta.',
        headers: pedidoHeadersSchema,
        body: pedidoSchema,
        response: { 201: pedidoRespuestaSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      // No Mercado Pago configured (neither MP_ACCESS_TOKEN nor MP_SIMULADO=1): no order waits for it.
      if (request.body.formaPago === 'MERCADOPAGO' && app.mercadoPago.pasarela.modo === 'desactivado') throw new Conflicto(MENSAJES_PAGO.mercadoPagoNoDisponible);
      const { respuesta, repetido } = await crearPedido(app.db, contextoDe(request), request.body, request.headers['idempotency-key'], {
        pedidosPendientes: app.config.PEDIDOS_PENDIENTES_MAX,
        unidadesPorProducto: app.config.UNIDADES_POR_PRODUCTO_MAX,
      }, { carillasPorHora: app.config.IMPRESION_CARILLAS_POR_HORA });
      if (repetido) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(respuesta);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mensajeRespuestaSchema, MENSAJES_RECUPERACION, olvideClaveSchema, restablecerClaveSchema } from '../../domain/recuperar-clave';
import { contextoDe } from '../auditoria/auditoria';
import { errorSchema } from '../http/schemas';
import { contarPedidoDeDireccion, enviarEnlaces, restablecerClave } from './recuperar-clave';
import { COOKIE_SESION } from './sesiones';

const tags = ['auth'];

/**
 * A forgotten password (docs/decisions/031-correo-y-recuperar-clave.md). The request is answered at
 * once, the same for any account or none: looking the account up and queuing its link happen after
 * the answer, so neither the words nor the time tell whether it exists.
 */
export async function recuperarClaveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Work still running after its answer; closing the app waits for it.
  const enCurso = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...enCurso]);
  });

  r.post(
    '/api/auth/olvide-clave',
    {
      config: { acceso: 'publico', privada: true },
      schema: {
        tags,
        summary: 'Pide un enlace para elegir una contraseña nueva (usuario o correo); la respuesta es la misma exista o no la cuenta',
        body: olvideClaveSchema,
        response: { 200: mensajeRespuestaSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await contarPedidoDeDireccion(app.db, request.ip, app.config.RECUPERAR_CLAVE_POR_DIRECCION_HORA);
      const contexto = contextoDe(request);
      const trabajo = enviarEnlaces(app.db, request.body.usuario, contexto, { porCuenta: app.config.RECUPERAR_CLAVE_POR_CUENTA_HORA })
        .then((resultado) => {
          if (resultado.omitidos.length > 0) app.log.info({ omitidos: resultado.omitidos }, 'pedido de enlace de contraseña sin correo para algunas cuentas');
          // Queued after the answer went out: the sender is woken here, not by the answer.
          if (resultado.enviados.length > 0) app.correo.despertar();
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'falló el pedido de un enlace de contraseña'))
        .finally(() => enCurso.delete(trabajo));
      enCurso.add(trabajo);
      return { message: MENSAJES_RECUPERACION.enlacePedido };
    },
  );

  r.post(
    '/api/auth/restablecer-clave',
    {
      config: { acceso: 'publico', privada: true },
      schema: {
        tags,
        summary: 'Guarda una contraseña nueva con el enlace del correo (una vez, 30 minutos) y cierra todas las sesiones de la cuenta',
        body: restablecerClaveSchema,
        response: { 200: mensajeRespuestaSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await restablecerClave(app.db, request.body, contextoDe(request));
      // Every session of the account ended, this browser's too if it was one of them.
      if (request.usuario?.id === userId) reply.clearCookie(COOKIE_SESION, { path: '/' });
      return { message: MENSAJES_RECUPERACION.claveRestablecida };
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codigoSchema,
  codigosDeRecuperacionSchema,
  estadoSegundoFactorSchema,
  inscripcionSchema,
  segundoFactorDeUsuarioSchema,
} from '../../domain/segundo-factor';
import type { AccionAuditoria } from '../../domain/auditoria';
import { contextoDe, registrarEvento } from '../auditoria/auditoria';
import { errorSchema, idParam } from '../http/schemas';
import { usuarioRequerido } from './acceso';
import {
  confirmarInscripcion,
  desactivarPropio,
  estadoDeSegundoFactor,
  iniciarInscripcion,
  regenerarCodigos,
  restablecerDeOtro,
  revisarSecretosGuardados,
  segundoFactorDeUsuario,
} from './segundo-factor';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const tags = ['auth'];

/**
 * The signed-in admin's own second factor (reachable before it exists, even when it is obligatory) and
 * another admin's reset. The secret is answered once, when the QR is made; recovery codes once, when made.
 */
export async function segundoFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clave = () => app.config.ADMIN_MFA_CLAVE;
  // Recorded once the change is stored (the second-factor service keeps its own transactions); never a code or a secret.
  const auditar = (request: FastifyRequest, accion: AccionAuditoria, userId: number) =>
    registrarEvento(app.db, contextoDe(request), { accion, entidadId: userId });
  const propia = { acceso: 'admin', antesDelSegundoFactor: true } as const;

  app.addHook('onReady', () => revisarSecretosGuardados(app.db, clave()));

  r.get(
    '/api/auth/segundo-factor',
    {
      config: propia,
      schema: { tags, summary: 'La verificación en dos pasos propia: activa, obligatoria, códigos de recuperación sin usar', response: { 200: estadoSegundoFactorSchema, ...errores } },
    },
    async (request) => estadoDeSegundoFactor(app.db, usuarioRequerido(request).id, app.config),
  );

  r.post(
    '/api/auth/segundo-factor/inscripcion',
    {
      config: propia,
      schema: {
        tags,
        summary: 'Genera un secreto nuevo sin confirmar: el código QR y la clave para escribir a mano (la única respuesta que los lleva)',
        response: { 200: inscripcionSchema, ...errores },
      },
    },
    async (request) => iniciarInscripcion(app.db, usuarioRequerido(request), clave()),
  );

  r.post(
    '/api/auth/segundo-factor/confirmacion',
    {
      config: propia,
      schema: {
        tags,
        summary: 'Activa la verificación con un primer código; responde, esta única vez, los diez códigos de recuperación',
        body: codigoSchema,
        response: { 200: codigosDeRecuperacionSchema, ...errores },
      },
    },
    async (request) => {
      const codigosDeRecuperacion = await confirmarInscripcion(app.db, usuarioRequerido(request), request.body.codigo, request.ip, clave());
      await auditar(request, 'segundo-factor.activar', usuarioRequerido(request).id);
      return { codigosDeRecuperacion };
    },
  );

  r.post(
    '/api/auth/segundo-factor/codigos-de-recuperacion',
    {
      config: propia,
      schema: {
        tags,
        summary: 'Diez códigos de recuperación nuevos en lugar de los anteriores, con un código de la aplicación o de recuperación',
        body: codigoSchema,
        response: { 200: codigosDeRecuperacionSchema, ...errores },
      },
    },
    async (request) => {
      const codigosDeRecuperacion = await regenerarCodigos(app.db, usuarioRequerido(request), request.body.codigo, request.ip, clave());
      await auditar(request, 'segundo-factor.renovar-codigos', usuarioRequerido(request).id);
      return { codigosDeRecuperacion };
    },
  );

  r.post(
    '/api/auth/segundo-factor/desactivacion',
    {
      config: propia,
      schema: {
        tags,
        summary: 'Quita la verificación en dos pasos propia, con un código de la aplicación o de recuperación',
        body: codigoSchema,
        response: { 204: z.null(), ...errores },
      },
    },
    async (request, reply) => {
      await desactivarPropio(app.db, usuarioRequerido(request), request.body.codigo, request.ip, clave());
      await auditar(request, 'segundo-factor.desactivar', usuarioRequerido(request).id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/user/:id/segundo-factor',
    {
      config: { acceso: 'admin' },
      schema: { tags, summary: 'Si un usuario tiene la verificación en dos pasos activa', params: idParam, response: { 200: segundoFactorDeUsuarioSchema, ...errores } },
    },
    async (request) => segundoFactorDeUsuario(app.db, request.params.id),
  );

  r.delete(
    '/api/user/:id/segundo-factor',
    {
      config: { acceso: 'admin' },
      schema: {
        tags,
        summary: 'Quita la verificación en dos pasos de otro usuario (perdió su teléfono) y cierra sus sesiones; la propia, no',
        params: idParam,
        response: { 204: z.null(), ...errores },
      },
    },
    async (request, reply) => {
      await restablecerDeOtro(app.db, usuarioRequerido(request), request.params.id);
      await auditar(request, 'segundo-factor.restablecer', request.params.id);
      return reply.code(204).send(null);
    },
  );
}

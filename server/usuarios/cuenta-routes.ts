import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cerrarOtrasSesionesRespuestaSchema, perfilActualizarSchema, perfilSchema, sesionPropiaSchema } from '../../domain/cuenta';
import { contextoDe, registrarEvento } from '../auditoria/auditoria';
import { usuarioRequerido } from '../auth/acceso';
import { cerrarOtrasSesiones, COOKIE_SESION, listarSesionesDe } from '../auth/sesiones';
import { errorSchema } from '../http/schemas';
import { actualizarPerfil, obtenerPerfil } from './cuenta-service';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * 'Mi cuenta' (docs/decisions/025-mi-cuenta.md): the signed-in user's own data and sessions. No id in
 * any path: each route acts on the session's user, so nobody reaches another's (access 'usuario').
 * The password is changed with `PUT /api/user/{id}` and `claveActual`.
 */
export async function cuentaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cuenta'];

  r.get(
    '/api/cuenta',
    { config: { acceso: 'usuario' }, schema: { tags, summary: 'Mis datos personales y mi domicilio', response: { 200: perfilSchema, ...errores } } },
    async (request) => obtenerPerfil(app.db, usuarioRequerido(request).id),
  );
  r.put(
    '/api/cuenta',
    {
      config: { acceso: 'usuario' },
      schema: {
        tags,
        summary: 'Cambia mis datos personales y mi domicilio (fuera de Mendoza: localidadTexto y codigoPostal)',
        body: perfilActualizarSchema,
        response: { 200: perfilSchema, ...errores },
      },
    },
    async (request) => actualizarPerfil(app.db, usuarioRequerido(request).id, request.body, contextoDe(request)),
  );
  r.get(
    '/api/cuenta/sesiones',
    {
      config: { acceso: 'usuario' },
      schema: { tags, summary: 'Mis sesiones abiertas (cuándo empezó, último uso, navegador; la actual primero)', response: { 200: z.array(sesionPropiaSchema), ...errores } },
    },
    async (request) => listarSesionesDe(app.db, usuarioRequerido(request), request.cookies[COOKIE_SESION], app.config),
  );
  r.post(
    '/api/cuenta/sesiones/cerrar-otras',
    {
      config: { acceso: 'usuario' },
      schema: { tags, summary: 'Cierra todas mis sesiones menos esta', response: { 200: cerrarOtrasSesionesRespuestaSchema, ...errores } },
    },
    async (request) => {
      const quien = usuarioRequerido(request);
      const contexto = contextoDe(request);
      const cerradas = await app.db.transaction(async (tx) => {
        const cantidad = await cerrarOtrasSesiones(tx, quien.id, request.cookies[COOKIE_SESION]);
        if (cantidad > 0) await registrarEvento(tx, contexto, { accion: 'sesion.cerrar-otras', entidadId: quien.id, detalle: { cerradas: cantidad } });
        return cantidad;
      });
      return { cerradas };
    },
  );
}

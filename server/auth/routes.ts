import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRespuestaSchema, loginSchema, usuarioSesionSchema } from '../../domain/auth';
import { MENSAJES } from '../../domain/mensajes';
import { usuario } from '../db/schema';
import { hashParaUsuarioInexistente, verificarClave } from './claves';
import { estaBloqueado, limpiarFallos, registrarFallo } from './intentos';
import { borrarSesion, COOKIE_SESION, crearSesion, dejarCookieSesion } from './sesiones';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieSegura = app.config.PUBLIC_URL.startsWith('https://');

  r.post(
    '/api/auth/login',
    {
      config: { acceso: 'publico', privada: true },
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión y deja la cookie de sesión',
        body: loginSchema,
        response: { 200: loginRespuestaSchema, 400: loginRespuestaSchema, 401: loginRespuestaSchema, 429: loginRespuestaSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send({ success: false, message: MENSAJES.loginCamposObligatorios });
      }
      const { usuario: nombre, clave } = request.body;
      if (await estaBloqueado(app.db, nombre, request.ip)) {
        return reply.code(429).send({ success: false, message: MENSAJES.loginDemasiadosIntentos });
      }
      const [encontrado] = await app.db.select().from(usuario).where(eq(usuario.usuario, nombre)).limit(1);
      const valida = await verificarClave(encontrado?.clave ?? (await hashParaUsuarioInexistente()), clave);
      if (!encontrado || !valida) {
        await registrarFallo(app.db, nombre, request.ip);
        return reply.code(401).send({ success: false, message: MENSAJES.loginIncorrecto });
      }
      await limpiarFallos(app.db, nombre, request.ip);
      dejarCookieSesion(reply, await crearSesion(app.db, encontrado, app.config), cookieSegura);
      return {
        success: true,
        message: 'Inicio de sesión exitoso',
        data: { id: encontrado.id, usuario: encontrado.usuario, rol: encontrado.rol, mensaje: encontrado.mensaje },
      };
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { acceso: 'publico', privada: true }, schema: { tags: ['auth'], summary: 'Cierra la sesión', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[COOKIE_SESION];
      if (token) await borrarSesion(app.db, token);
      reply.clearCookie(COOKIE_SESION, { path: '/' });
      return reply.code(204).send(null);
    },
  );

  // A visitor without a session gets null, not a 401: every page load asks this.
  r.get(
    '/api/auth/me',
    {
      config: { acceso: 'publico', privada: true },
      schema: { tags: ['auth'], summary: 'El usuario de la sesión, o null', response: { 200: usuarioSesionSchema.nullable() } },
    },
    async (request) => request.usuario,
  );
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRespuestaSchema, loginSchema, usuarioSesionSchema } from '../../domain/auth';
import { MENSAJES } from '../../domain/mensajes';
import { codigoSchema, MENSAJES_SEGUNDO_FACTOR } from '../../domain/segundo-factor';
import { conUsuario, contextoDe, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import { usuario } from '../db/schema';
import { hashParaUsuarioInexistente, verificarClave } from './claves';
import { conNombre } from './nombre-de-usuario';
import { codigoBloqueado, estaBloqueado, limpiarFallos, limpiarFallosDeCodigo, registrarFallo, registrarFalloDeCodigo } from './intentos';
import {
  buscarInicioPendiente,
  consumirInicioPendiente,
  COOKIE_INICIO_PENDIENTE,
  crearInicioPendiente,
  dejarCookieInicioPendiente,
  quitarCookieInicioPendiente,
} from './inicio-pendiente';
import { tieneSegundoFactor, verificarCodigo } from './segundo-factor';
import { recuperarClaveRoutes } from './recuperar-clave-routes';
import { segundoFactorRoutes } from './segundo-factor-routes';
import { borrarSesion, COOKIE_SESION, crearSesion, dejarCookieSesion, usuarioDeSesion } from './sesiones';

const MENSAJE_EXITO = 'Inicio de sesión exitoso';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieSegura = app.config.PUBLIC_URL.startsWith('https://');

  /** The session and its cookie, and the sign-in in the audit trail, in one transaction. */
  const iniciarSesion = async (
    reply: FastifyReply,
    quien: typeof usuario.$inferSelect,
    contexto: ContextoAuditoria,
    detalle: { segundoFactor: false | 'totp' | 'recuperacion' },
  ) => {
    const creada = await app.db.transaction(async (tx) => {
      const sesionCreada = await crearSesion(tx, quien, app.config, contexto.navegador);
      await registrarEvento(tx, conUsuario(contexto, quien), { accion: 'sesion.iniciar', entidadId: quien.id, detalle });
      return sesionCreada;
    });
    dejarCookieSesion(reply, creada, cookieSegura);
  };

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
      const [encontrado] = await app.db.select().from(usuario).where(conNombre(nombre)).limit(1);
      const valida = await verificarClave(encontrado?.clave ?? (await hashParaUsuarioInexistente()), clave);
      if (!encontrado || !valida) {
        await registrarFallo(app.db, nombre, request.ip);
        // The name typed is kept only when an account has it: a mistyped password is no one's data.
        await registrarEvento(app.db, contextoDe(request), {
          accion: 'sesion.fallida',
          entidadId: encontrado?.id ?? null,
          detalle: { motivo: encontrado ? 'contraseña incorrecta' : 'usuario inexistente', ...(encontrado ? { usuario: encontrado.usuario } : {}) },
        });
        return reply.code(401).send({ success: false, message: MENSAJES.loginIncorrecto });
      }
      if (await tieneSegundoFactor(app.db, encontrado.id)) {
        // No session yet, and the failures stay counted: the code is guessed under the same limits.
        dejarCookieInicioPendiente(reply, await crearInicioPendiente(app.db, encontrado.id), cookieSegura);
        return { success: true, message: MENSAJES_SEGUNDO_FACTOR.ingresaCodigo, requiereCodigo: true as const };
      }
      await limpiarFallos(app.db, nombre, request.ip);
      await iniciarSesion(reply, encontrado, contextoDe(request), { segundoFactor: false });
      return { success: true, message: MENSAJE_EXITO, data: usuarioDeSesion(encontrado, false, app.config) };
    },
  );

  r.post(
    '/api/auth/login/codigo',
    {
      config: { acceso: 'publico', privada: true },
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Segundo paso del inicio de sesión: el código de la aplicación o uno de recuperación; deja la cookie de sesión',
        description: 'Necesita la cookie de pocos minutos que deja el primer paso cuando la cuenta tiene verificación en dos pasos.',
        body: codigoSchema,
        response: { 200: loginRespuestaSchema, 400: loginRespuestaSchema, 401: loginRespuestaSchema, 429: loginRespuestaSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send({ success: false, message: MENSAJES_SEGUNDO_FACTOR.codigoObligatorio });
      }
      const token = request.cookies[COOKIE_INICIO_PENDIENTE];
      const userId = token ? await buscarInicioPendiente(app.db, token) : null;
      const [encontrado] = userId === null ? [] : await app.db.select().from(usuario).where(eq(usuario.id, userId)).limit(1);
      if (!token || !encontrado) {
        quitarCookieInicioPendiente(reply);
        return reply.code(401).send({ success: false, message: MENSAJES_SEGUNDO_FACTOR.inicioVencido });
      }
      if (await codigoBloqueado(app.db, encontrado.usuario, request.ip)) {
        return reply.code(429).send({ success: false, message: MENSAJES.loginDemasiadosIntentos });
      }
      const aceptado = await verificarCodigo(app.db, encontrado.id, request.body.codigo, app.config.ADMIN_MFA_CLAVE);
      if (!aceptado) {
        await registrarFalloDeCodigo(app.db, encontrado.usuario, request.ip);
        await registrarEvento(app.db, contextoDe(request), {
          accion: 'sesion.fallida',
          entidadId: encontrado.id,
          detalle: { motivo: 'código incorrecto', usuario: encontrado.usuario },
        });
        return reply.code(401).send({ success: false, message: MENSAJES_SEGUNDO_FACTOR.codigoIncorrecto });
      }
      quitarCookieInicioPendiente(reply);
      // The same half-way sign-in, sent twice with two good codes, makes one session.
      if (!(await consumirInicioPendiente(app.db, token))) {
        return reply.code(401).send({ success: false, message: MENSAJES_SEGUNDO_FACTOR.inicioVencido });
      }
      await limpiarFallos(app.db, encontrado.usuario, request.ip);
      await limpiarFallosDeCodigo(app.db, encontrado.usuario);
      await iniciarSesion(reply, encontrado, contextoDe(request), { segundoFactor: aceptado.tipo });
      return {
        success: true,
        message: aceptado.tipo === 'recuperacion' ? MENSAJES_SEGUNDO_FACTOR.codigosRestantes(aceptado.restantes) : MENSAJE_EXITO,
        data: usuarioDeSesion(encontrado, true, app.config),
        ...(aceptado.tipo === 'recuperacion' ? { codigosRestantes: aceptado.restantes } : {}),
      };
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { acceso: 'publico', privada: true }, schema: { tags: ['auth'], summary: 'Cierra la sesión', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[COOKIE_SESION];
      if (token) await borrarSesion(app.db, token);
      if (request.usuario) await registrarEvento(app.db, contextoDe(request), { accion: 'sesion.cerrar', entidadId: request.usuario.id });
      reply.clearCookie(COOKIE_SESION, { path: '/' });
      quitarCookieInicioPendiente(reply);
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

  await app.register(segundoFactorRoutes);
  await app.register(recuperarClaveRoutes);
}

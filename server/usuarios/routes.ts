import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRespuestaSchema } from '../../domain/auth';
import { domicilioCuerpoSchema, domicilioSchema, personaInputSchema, personaSchema } from '../../domain/persona';
import {
  MENSAJES_USUARIO,
  registroSchema,
  usuarioActualizarSchema,
  usuarioCompletoActualizarSchema,
  usuarioCompletoCrearSchema,
  usuarioCompletoSchema,
  usuarioCrearSchema,
  usuarioFiltrosSchema,
  usuarioSchema,
} from '../../domain/usuario';
import { contextoDe } from '../auditoria/auditoria';
import { asegurarPropio, usuarioRequerido } from '../auth/acceso';
import { exigirClaveActual } from '../auth/clave-actual';
import { cerrarOtrasSesiones, COOKIE_SESION, crearSesion, dejarCookieSesion } from '../auth/sesiones';
import { errorSchema, idParam } from '../http/schemas';
import {
  actualizarDomicilio,
  actualizarPersona,
  crearDomicilio,
  crearPersona,
  duenoDeDomicilio,
  eliminarPersona,
  listarPersonas,
  obtenerPersona,
  obtenerPersonaDeUsuario,
} from './persona-service';
import {
  actualizarUsuario,
  actualizarUsuarioCompleto,
  crearUsuario,
  crearUsuarioCompleto,
  eliminarUsuario,
  listarUsuarios,
  obtenerUsuario,
  obtenerUsuarioCompleto,
  registrar,
} from './service';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const userIdParam = z.object({ userId: idParam.shape.id });

/**
 * Checks ownership before the body is validated, so someone else's record answers 403 whatever the
 * body says (and validation never tells a stranger anything). A malformed id is left to validation.
 */
const propioAntesDeValidar = (dueno: (id: number) => Promise<number | null | undefined>) => async (request: FastifyRequest) => {
  const leido = idParam.safeParse(request.params);
  if (leido.success) asegurarPropio(request, await dueno(leido.data.id));
};

export async function usuarioRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieSegura = app.config.PUBLIC_URL.startsWith('https://');

  // ---- Registration ----
  r.post(
    '/api/registro',
    {
      config: { acceso: 'publico', privada: true },
      schema: {
        tags: ['usuarios'],
        summary: 'Registro de un cliente (persona, domicilio y usuario, siempre rol USER); deja la sesión iniciada',
        body: registroSchema,
        response: { 201: loginRespuestaSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const creado = await registrar(app.db, request.body, contextoDe(request), {
        direccion: request.ip,
        porDireccion: app.config.REGISTROS_POR_DIRECCION_HORA,
        porHora: app.config.REGISTROS_POR_HORA,
      });
      dejarCookieSesion(reply, await crearSesion(app.db, creado, app.config, contextoDe(request).navegador), cookieSegura);
      return reply.code(201).send({ success: true, message: MENSAJES_USUARIO.registroExitoso, data: creado });
    },
  );

  // ---- persona ----
  const tagsPersona = ['personas'];
  r.get(
    '/api/persona',
    { config: { acceso: 'admin' }, schema: { tags: tagsPersona, summary: 'Todas las personas', response: { 200: z.array(personaSchema), ...errores } } },
    async () => listarPersonas(app.db),
  );
  r.get(
    '/api/persona/user/:userId',
    {
      config: { acceso: 'propio' },
      schema: { tags: tagsPersona, summary: 'La persona de un usuario (la propia, o cualquiera para un admin)', params: userIdParam, response: { 200: personaSchema, ...errores } },
    },
    async (request) => {
      asegurarPropio(request, request.params.userId);
      return obtenerPersonaDeUsuario(app.db, request.params.userId);
    },
  );
  r.get(
    '/api/persona/:id',
    {
      config: { acceso: 'propio' },
      schema: { tags: tagsPersona, summary: 'Una persona (la propia, o cualquiera para un admin)', params: idParam, response: { 200: personaSchema, ...errores } },
    },
    async (request) => {
      const encontrada = await obtenerPersona(app.db, request.params.id);
      asegurarPropio(request, encontrada.user?.id);
      return encontrada;
    },
  );
  r.post(
    '/api/persona',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: tagsPersona,
        summary: 'Crea una persona con su domicilio embebido y, opcionalmente, su usuario {id}',
        body: personaInputSchema,
        response: { 201: personaSchema, ...errores, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await crearPersona(app.db, request.body)),
  );
  r.put(
    '/api/persona/:id',
    {
      config: { acceso: 'propio' },
      preValidation: propioAntesDeValidar(async (id) => (await obtenerPersona(app.db, id)).user?.id),
      schema: {
        tags: tagsPersona,
        summary: 'Actualiza una persona y su domicilio (la propia, o cualquiera para un admin)',
        params: idParam,
        body: personaInputSchema,
        response: { 200: personaSchema, ...errores, 409: errorSchema },
      },
    },
    async (request) => actualizarPersona(app.db, usuarioRequerido(request), request.params.id, request.body),
  );
  r.delete(
    '/api/persona/:id',
    {
      config: { acceso: 'admin' },
      schema: { tags: tagsPersona, summary: 'Elimina una persona y su domicilio (el usuario queda)', params: idParam, response: { 204: z.null(), ...errores } },
    },
    async (request, reply) => {
      await eliminarPersona(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---- domicilio ----
  r.post(
    '/api/domicilio',
    {
      config: { acceso: 'usuario' },
      schema: {
        tags: tagsPersona,
        summary: 'Crea un domicilio (el de un cliente pasa a ser el de su persona)',
        body: domicilioCuerpoSchema,
        response: { 201: domicilioSchema, ...errores },
      },
    },
    async (request, reply) => reply.code(201).send(await crearDomicilio(app.db, usuarioRequerido(request), request.body)),
  );
  r.put(
    '/api/domicilio/:id',
    {
      config: { acceso: 'propio' },
      preValidation: propioAntesDeValidar((id) => duenoDeDomicilio(app.db, id)),
      schema: {
        tags: tagsPersona,
        summary: 'Actualiza un domicilio (el propio, o cualquiera para un admin)',
        params: idParam,
        body: domicilioCuerpoSchema,
        response: { 200: domicilioSchema, ...errores },
      },
    },
    async (request) => actualizarDomicilio(app.db, request.params.id, request.body),
  );

  // ---- user ----
  const tagsUsuario = ['usuarios'];
  r.get(
    '/api/user',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: tagsUsuario,
        summary: 'Usuarios con su persona; filtros nombre (contiene, sin acentos) y rol',
        querystring: usuarioFiltrosSchema,
        response: { 200: z.array(usuarioSchema), ...errores },
      },
    },
    async (request) => listarUsuarios(app.db, request.query),
  );
  r.get(
    '/api/user/:id',
    {
      config: { acceso: 'propio' },
      schema: { tags: tagsUsuario, summary: 'Un usuario (el propio, o cualquiera para un admin)', params: idParam, response: { 200: usuarioSchema, ...errores } },
    },
    async (request) => {
      asegurarPropio(request, request.params.id);
      return obtenerUsuario(app.db, request.params.id);
    },
  );
  r.post(
    '/api/user',
    {
      config: { acceso: 'admin' },
      schema: { tags: tagsUsuario, summary: 'Crea un usuario', body: usuarioCrearSchema, response: { 201: usuarioSchema, ...errores, 409: errorSchema } },
    },
    async (request, reply) => reply.code(201).send(await crearUsuario(app.db, request.body, contextoDe(request))),
  );
  r.put(
    '/api/user/:id',
    {
      config: { acceso: 'propio' },
      preValidation: propioAntesDeValidar(async (id) => id),
      schema: {
        tags: tagsUsuario,
        summary: 'Actualiza un usuario; un cliente solo cambia su contraseña y su mensaje; la contraseña propia pide claveActual',
        params: idParam,
        body: usuarioActualizarSchema,
        response: { 200: usuarioSchema, ...errores, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const quien = usuarioRequerido(request);
      if (request.body.clave && quien.id === request.params.id) {
        await exigirClaveActual(app.db, quien, request.body.claveActual, request.ip, 'claveActual');
      }
      const actualizado = await actualizarUsuario(app.db, quien, request.params.id, request.body, contextoDe(request));
      if (request.body.clave) await cerrarOtrasSesiones(app.db, request.params.id, request.cookies[COOKIE_SESION]);
      return actualizado;
    },
  );
  r.delete(
    '/api/user/:id',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: tagsUsuario,
        summary: 'Elimina un usuario, su persona y su domicilio; sus ventas quedan sin usuario',
        params: idParam,
        response: { 204: z.null(), ...errores, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await eliminarUsuario(app.db, request.params.id, contextoDe(request));
      return reply.code(204).send(null);
    },
  );

  // ---- 'Formulario de Usuarios' ----
  r.get(
    '/api/usuario-completo/:userId',
    {
      config: { acceso: 'admin' },
      schema: { tags: tagsUsuario, summary: 'Usuario, rol, persona y domicilio juntos', params: userIdParam, response: { 200: usuarioCompletoSchema, ...errores } },
    },
    async (request) => obtenerUsuarioCompleto(app.db, request.params.userId),
  );
  r.post(
    '/api/usuario-completo',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: tagsUsuario,
        summary: 'Crea usuario, persona y domicilio en una transacción',
        body: usuarioCompletoCrearSchema,
        response: { 201: usuarioCompletoSchema, ...errores, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await crearUsuarioCompleto(app.db, request.body, contextoDe(request))),
  );
  r.put(
    '/api/usuario-completo/:userId',
    {
      config: { acceso: 'admin' },
      schema: {
        tags: tagsUsuario,
        summary: 'Actualiza usuario, rol, persona y domicilio en una transacción (contraseña vacía: no cambia; la propia pide claveActual)',
        params: userIdParam,
        body: usuarioCompletoActualizarSchema,
        response: { 200: usuarioCompletoSchema, ...errores, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const quien = usuarioRequerido(request);
      if (request.body.usuario.clave && quien.id === request.params.userId) {
        await exigirClaveActual(app.db, quien, request.body.usuario.claveActual, request.ip, 'usuario.claveActual');
      }
      const actualizado = await actualizarUsuarioCompleto(app.db, request.params.userId, request.body, contextoDe(request));
      if (request.body.usuario.clave) await cerrarOtrasSesiones(app.db, request.params.userId, request.cookies[COOKIE_SESION]);
      return actualizado;
    },
  );
}

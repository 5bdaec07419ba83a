import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { UsuarioSesion } from '../../domain/auth';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_PERSONA, valoresDeDomicilio } from '../../domain/persona';
import {
  MENSAJES_USUARIO,
  type registroSchema,
  type Usuario,
  type usuarioActualizarSchema,
  type UsuarioCompleto,
  type usuarioCompletoActualizarSchema,
  type usuarioCompletoCrearSchema,
  type usuarioCrearSchema,
  type UsuarioFiltros,
} from '../../domain/usuario';
import { conUsuario, diferencias, idDeUsuario, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import { hashearClave } from '../auth/claves';
import { conNombre } from '../auth/nombre-de-usuario';
import { asegurarClaveAceptable } from '../auth/politica-de-claves';
import type { Db } from '../db/client';
import { domicilio, persona, usuario } from '../db/schema';
import { Conflicto, Invalido, NoEncontrado, Prohibido } from '../errors';
import { codigoPg } from '../http/manejar-errores';
import { cadaPalabraEnAlguno } from '../db/texto-sql';
import { columnasDomicilio, guardarDomicilioDe } from './persona-service';
import { asegurarCupoDeRegistro, contarRegistro, type CupoDeRegistro } from './limite-de-registros';

const columnasUsuario = {
  id: usuario.id,
  usuario: usuario.usuario,
  rol: usuario.rol,
  mensaje: usuario.mensaje,
  persona: { id: persona.id, nombre: persona.nombre, apellido: persona.apellido, email: persona.email, telefono: persona.telefono },
};

/** Users grid: each user with its person; each word of `nombre` in the name, surname, login name or e-mail. */
export async function listarUsuarios(db: Db, filtros: UsuarioFiltros): Promise<Usuario[]> {
  const condiciones: SQL[] = [];
  const palabras = cadaPalabraEnAlguno([persona.nombre, persona.apellido, usuario.usuario, persona.email], filtros.nombre);
  if (palabras) condiciones.push(palabras);
  if (filtros.rol) condiciones.push(eq(usuario.rol, filtros.rol));
  return db
    .select(columnasUsuario)
    .from(usuario)
    .leftJoin(persona, eq(persona.userId, usuario.id))
    .where(condiciones.length ? and(...condiciones) : undefined)
    .orderBy(asc(usuario.id));
}

export async function obtenerUsuario(db: Db, id: number): Promise<Usuario> {
  const [fila] = await db.select(columnasUsuario).from(usuario).leftJoin(persona, eq(persona.userId, usuario.id)).where(eq(usuario.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES_USUARIO.usuarioNoEncontrado);
  return fila;
}

/** 'ADMIN' is taken when 'admin' exists: the same name to sign in with, and to pass for its owner. */
async function asegurarNombreLibre(db: Db, nombre: string, salvoId?: number): Promise<void> {
  const condicion = salvoId ? and(conNombre(nombre), ne(usuario.id, salvoId)) : conNombre(nombre);
  const [otro] = await db.select({ id: usuario.id }).from(usuario).where(condicion).limit(1);
  if (otro) throw new Conflicto(MENSAJES.usuarioExistente);
}

/** Whose name a new password must not contain (server/auth/politica-de-claves.ts). */
const cuentaDe = (datos: { usuario: { usuario: string }; persona: { nombre: string; apellido: string } }) => ({
  usuario: datos.usuario.usuario,
  nombre: datos.persona.nombre,
  apellido: datos.persona.apellido,
});

/** Two requests for the same name at once: the unique index decides, with the same message. */
async function conNombreUnico<T>(operacion: () => Promise<T>): Promise<T> {
  try {
    return await operacion();
  } catch (error) {
    if (codigoPg(error) === '23505') throw new Conflicto(MENSAJES.usuarioExistente);
    throw error;
  }
}

/** The login as the audit trail keeps it (never its password). */
const columnasAuditadas = { usuario: usuario.usuario, rol: usuario.rol, mensaje: usuario.mensaje };

async function usuarioParaCambiar(tx: Db, id: number) {
  const [fila] = await tx.select(columnasAuditadas).from(usuario).where(eq(usuario.id, id)).for('update');
  if (!fila) throw new NoEncontrado(MENSAJES_USUARIO.usuarioNoEncontrado);
  return fila;
}

/**
 * The audit events of a change to a login, in the change's transaction: its name or message
 * (usuario.editar, with the names of the personal fields that changed), its role (usuario.cambiar-rol)
 * and its password (usuario.cambiar-clave, which says only that it changed).
 */
async function auditarCambioDeUsuario(
  tx: Db,
  contexto: ContextoAuditoria,
  id: number,
  antes: { usuario: string; rol: string; mensaje: string | null },
  cambio: { clave: boolean; camposPersonales?: string[] },
): Promise<void> {
  const despues = await usuarioParaCambiar(tx, id);
  const datos = diferencias(antes, despues, ['usuario', 'mensaje']);
  const camposPersonales = cambio.camposPersonales?.length ? { camposPersonales: cambio.camposPersonales } : null;
  if (datos || camposPersonales) await registrarEvento(tx, contexto, { accion: 'usuario.editar', entidadId: id, ...datos, detalle: camposPersonales });
  const rol = diferencias(antes, despues, ['rol']);
  if (rol) await registrarEvento(tx, contexto, { accion: 'usuario.cambiar-rol', entidadId: id, ...rol });
  if (cambio.clave) await registrarEvento(tx, contexto, { accion: 'usuario.cambiar-clave', entidadId: id });
}

export async function crearUsuario(db: Db, datos: z.output<typeof usuarioCrearSchema>, contexto: ContextoAuditoria): Promise<Usuario> {
  await asegurarNombreLibre(db, datos.usuario);
  await asegurarClaveAceptable(datos.clave, { usuario: datos.usuario }, 'clave');
  const clave = await hashearClave(datos.clave);
  const id = await conNombreUnico(() =>
    db.transaction(async (tx) => {
      const [creado] = await tx
        .insert(usuario)
        .values({ usuario: datos.usuario, clave, rol: datos.rol, mensaje: datos.mensaje ?? null })
        .returning({ id: usuario.id, ...columnasAuditadas });
      const { id, ...despues } = creado!;
      await registrarEvento(tx, contexto, { accion: 'usuario.crear', entidadId: id, despues });
      return id;
    }),
  );
  return obtenerUsuario(db, id);
}

/**
 * An admin changes anything; a customer (on their own user: the route checks it) only the password and
 * the message. Sending their current name or role back is tolerated, a different one is refused.
 */
export async function actualizarUsuario(
  db: Db,
  quien: UsuarioSesion,
  id: number,
  datos: z.output<typeof usuarioActualizarSchema>,
  contexto: ContextoAuditoria,
): Promise<Usuario> {
  const actual = await obtenerUsuario(db, id);
  if (quien.rol !== 'ADMIN') {
    const cambiaNombre = datos.usuario !== undefined && datos.usuario !== actual.usuario;
    const cambiaRol = datos.rol !== undefined && datos.rol !== actual.rol;
    if (cambiaNombre || cambiaRol) throw new Prohibido(MENSAJES_USUARIO.soloClaveYMensaje);
  }
  // An admin cannot lock themselves out of the back office.
  if (quien.id === id && quien.rol === 'ADMIN' && datos.rol === 'USER') throw new Conflicto(MENSAJES_USUARIO.quitarseAdmin);
  if (datos.usuario !== undefined) await asegurarNombreLibre(db, datos.usuario, id);
  if (datos.clave !== undefined) {
    const cuenta = { usuario: datos.usuario ?? actual.usuario, nombre: actual.persona?.nombre, apellido: actual.persona?.apellido };
    await asegurarClaveAceptable(datos.clave, cuenta, 'clave');
  }
  const cambios: Partial<typeof usuario.$inferInsert> = {};
  if (datos.usuario !== undefined) cambios.usuario = datos.usuario;
  if (datos.rol !== undefined && quien.rol === 'ADMIN') cambios.rol = datos.rol;
  if (datos.mensaje !== undefined) cambios.mensaje = datos.mensaje;
  if (datos.clave !== undefined) cambios.clave = await hashearClave(datos.clave);
  if (Object.keys(cambios).length > 0) {
    await conNombreUnico(() =>
      db.transaction(async (tx) => {
        const antes = await usuarioParaCambiar(tx, id);
        await tx.update(usuario).set(cambios).where(eq(usuario.id, id));
        await auditarCambioDeUsuario(tx, contexto, id, antes, { clave: cambios.clave !== undefined });
      }),
    );
  }
  return obtenerUsuario(db, id);
}

/**
 * Deletes the login, its person and its address; its sales stay as history (user set to null). The
 * audit trail keeps the login's name and role, none of the person's data.
 */
export async function eliminarUsuario(db: Db, id: number, contexto: ContextoAuditoria): Promise<void> {
  if (idDeUsuario(contexto) === id) throw new Conflicto(MENSAJES_USUARIO.eliminarseASiMismo);
  await db.transaction(async (tx) => {
    const { mensaje: _mensaje, ...antes } = await usuarioParaCambiar(tx, id);
    const personas = await tx.select({ domicilioId: persona.domicilioId }).from(persona).where(eq(persona.userId, id));
    // The person goes with the user (FK cascade); its address is deleted explicitly.
    await tx.delete(usuario).where(eq(usuario.id, id));
    for (const { domicilioId } of personas) if (domicilioId) await tx.delete(domicilio).where(eq(domicilio.id, domicilioId));
    await registrarEvento(tx, contexto, { accion: 'usuario.eliminar', entidadId: id, antes });
  });
}

/**
 * Public registration: login (always USER), address and person in one transaction; the new user is the
 * event's actor. With `cupo`, past the sign-ups allowed per address or per hour: 429, nothing stored.
 */
export async function registrar(
  db: Db,
  datos: z.output<typeof registroSchema>,
  contexto: ContextoAuditoria,
  cupo?: CupoDeRegistro,
): Promise<UsuarioSesion> {
  if (cupo) await asegurarCupoDeRegistro(db, cupo);
  await asegurarNombreLibre(db, datos.usuario.usuario);
  await asegurarClaveAceptable(datos.usuario.clave, cuentaDe(datos), 'usuario.clave');
  const clave = await hashearClave(datos.usuario.clave);
  return conNombreUnico(() =>
    db.transaction(async (tx) => {
      if (cupo) await contarRegistro(tx, cupo);
      const [u] = await tx
        .insert(usuario)
        .values({ usuario: datos.usuario.usuario, clave, rol: 'USER' })
        .returning({ id: usuario.id, usuario: usuario.usuario, rol: usuario.rol, mensaje: usuario.mensaje });
      const [d] = await tx.insert(domicilio).values(valoresDeDomicilio(datos.domicilio)).returning({ id: domicilio.id });
      await tx.insert(persona).values({ ...datos.persona, domicilioId: d!.id, userId: u!.id });
      await registrarEvento(tx, conUsuario(contexto, u!), { accion: 'usuario.registrar', entidadId: u!.id, despues: { usuario: u!.usuario, rol: u!.rol } });
      return u!;
    }),
  );
}

// ---- 'Formulario de Usuarios' (admin) ----

export async function obtenerUsuarioCompleto(db: Db, userId: number): Promise<UsuarioCompleto> {
  const [fila] = await db
    .select({
      usuario: { id: usuario.id, usuario: usuario.usuario, mensaje: usuario.mensaje },
      rol: usuario.rol,
      persona: { id: persona.id, nombre: persona.nombre, apellido: persona.apellido, telefono: persona.telefono, email: persona.email },
      domicilio: columnasDomicilio,
    })
    .from(usuario)
    .leftJoin(persona, eq(persona.userId, usuario.id))
    .leftJoin(domicilio, eq(domicilio.id, persona.domicilioId))
    .where(eq(usuario.id, userId));
  if (!fila) throw new NoEncontrado(MENSAJES_USUARIO.usuarioNoEncontrado);
  return fila;
}

export async function crearUsuarioCompleto(db: Db, datos: z.output<typeof usuarioCompletoCrearSchema>, contexto: ContextoAuditoria): Promise<UsuarioCompleto> {
  await asegurarNombreLibre(db, datos.usuario.usuario);
  await asegurarClaveAceptable(datos.usuario.clave, cuentaDe(datos), 'usuario.clave');
  const clave = await hashearClave(datos.usuario.clave);
  const id = await conNombreUnico(() =>
    db.transaction(async (tx) => {
      const [u] = await tx.insert(usuario).values({ usuario: datos.usuario.usuario, clave, rol: datos.rol }).returning({ id: usuario.id, ...columnasAuditadas });
      const [d] = await tx.insert(domicilio).values(valoresDeDomicilio(datos.domicilio)).returning({ id: domicilio.id });
      await tx.insert(persona).values({ ...datos.persona, domicilioId: d!.id, userId: u!.id });
      const { id, ...despues } = u!;
      await registrarEvento(tx, contexto, { accion: 'usuario.crear', entidadId: id, despues });
      return id;
    }),
  );
  return obtenerUsuarioCompleto(db, id);
}

/**
 * Edits login, role, person and address at once; a person or address missing is created. `persona` or
 * `domicilio` null (how `GET` answers a user without them) leaves them as they are; an address needs a
 * person to belong to.
 */
export async function actualizarUsuarioCompleto(
  db: Db,
  userId: number,
  datos: z.output<typeof usuarioCompletoActualizarSchema>,
  contexto: ContextoAuditoria,
): Promise<UsuarioCompleto> {
  if (idDeUsuario(contexto) === userId && datos.rol === 'USER') throw new Conflicto(MENSAJES_USUARIO.quitarseAdmin);
  await asegurarNombreLibre(db, datos.usuario.usuario, userId);
  if (datos.usuario.clave !== undefined) {
    const nombres = datos.persona ?? (await obtenerUsuarioCompleto(db, userId)).persona;
    const cuenta = { usuario: datos.usuario.usuario, nombre: nombres?.nombre, apellido: nombres?.apellido };
    await asegurarClaveAceptable(datos.usuario.clave, cuenta, 'usuario.clave');
  }
  const clave = datos.usuario.clave === undefined ? undefined : await hashearClave(datos.usuario.clave);
  await conNombreUnico(() =>
    db.transaction(async (tx) => {
      const antes = await usuarioParaCambiar(tx, userId);
      await tx
        .update(usuario)
        .set({ usuario: datos.usuario.usuario, rol: datos.rol, ...(clave ? { clave } : {}) })
        .where(eq(usuario.id, userId));
      const [p] = await tx.select().from(persona).where(eq(persona.userId, userId)).for('update');
      if (!p && !datos.persona && datos.domicilio) throw new Invalido(MENSAJES_PERSONA.nombreObligatorio);
      let domicilioId = p?.domicilioId ?? null;
      const [domicilioAntes] = domicilioId ? await tx.select().from(domicilio).where(eq(domicilio.id, domicilioId)) : [];
      const domicilioNuevo = datos.domicilio ? valoresDeDomicilio(datos.domicilio) : null;
      if (datos.domicilio) domicilioId = await guardarDomicilioDe(tx, domicilioId, datos.domicilio);
      if (p) await tx.update(persona).set({ ...datos.persona, domicilioId }).where(eq(persona.id, p.id));
      else if (datos.persona) await tx.insert(persona).values({ ...datos.persona, domicilioId, userId });
      // Personal data is named, never copied: the trail cannot be erased, a person's data must be.
      const camposPersonales = [...camposCambiados(p, datos.persona), ...camposCambiados(domicilioAntes, domicilioNuevo)];
      await auditarCambioDeUsuario(tx, contexto, userId, antes, { clave: clave !== undefined, camposPersonales });
    }),
  );
  return obtenerUsuarioCompleto(db, userId);
}

/** The names of the fields `nuevos` sets to something other than what `actuales` holds (those with a value, for a new record). */
export function camposCambiados(actuales: Record<string, unknown> | undefined, nuevos: Record<string, unknown> | null | undefined): string[] {
  if (!nuevos) return [];
  return Object.keys(nuevos).filter(
    (campo) => nuevos[campo] !== undefined && (actuales ? actuales[campo] !== nuevos[campo] : nuevos[campo] !== null),
  );
}

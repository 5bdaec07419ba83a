import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { UsuarioSesion } from '../../domain/auth';
import { MENSAJES_PERSONA, valoresDeDomicilio, type Domicilio, type DomicilioDatos, type Persona, type personaInputSchema } from '../../domain/persona';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import type { Db } from '../db/client';
import { domicilio, persona, usuario } from '../db/schema';
import { Conflicto, NoEncontrado, Prohibido } from '../errors';

type PersonaInput = z.output<typeof personaInputSchema>;

/** An address as the API answers it. */
export const columnasDomicilio = {
  id: domicilio.id,
  calle: domicilio.calle,
  numero: domicilio.numero,
  localidad: domicilio.localidad,
  provincia: domicilio.provincia,
  localidadTexto: domicilio.localidadTexto,
  codigoPostal: domicilio.codigoPostal,
};

const columnasPersona = {
  id: persona.id,
  nombre: persona.nombre,
  apellido: persona.apellido,
  telefono: persona.telefono,
  email: persona.email,
  domicilio: columnasDomicilio,
  user: { id: usuario.id, usuario: usuario.usuario, rol: usuario.rol, mensaje: usuario.mensaje },
};

const consultaPersonas = (db: Db) =>
  db.select(columnasPersona).from(persona).leftJoin(domicilio, eq(domicilio.id, persona.domicilioId)).leftJoin(usuario, eq(usuario.id, persona.userId));

export async function listarPersonas(db: Db): Promise<Persona[]> {
  return consultaPersonas(db).orderBy(asc(persona.apellido), asc(persona.nombre), asc(persona.id));
}

export async function obtenerPersona(db: Db, id: number): Promise<Persona> {
  const [fila] = await consultaPersonas(db).where(eq(persona.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES_PERSONA.personaNoEncontrada);
  return fila;
}

export async function obtenerPersonaDeUsuario(db: Db, userId: number): Promise<Persona> {
  const [fila] = await consultaPersonas(db).where(eq(persona.userId, userId));
  if (!fila) throw new NoEncontrado(MENSAJES_PERSONA.personaNoEncontrada);
  return fila;
}

/** Links a login to a person: it must exist and have no other person. */
async function asegurarUsuarioLibre(tx: Db, userId: number, salvoPersonaId?: number): Promise<void> {
  const [u] = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, userId));
  if (!u) throw new NoEncontrado(MENSAJES_USUARIO.usuarioNoEncontrado);
  const condicion = salvoPersonaId ? and(eq(persona.userId, userId), ne(persona.id, salvoPersonaId)) : eq(persona.userId, userId);
  const [otra] = await tx.select({ id: persona.id }).from(persona).where(condicion);
  if (otra) throw new Conflicto(MENSAJES_PERSONA.usuarioConPersona);
}

/** Writes the embedded address over the person's own one, or creates it; the id of the address. */
export async function guardarDomicilioDe(tx: Db, actualId: number | null, datos: DomicilioDatos): Promise<number> {
  const valores = valoresDeDomicilio(datos);
  if (actualId) {
    await tx.update(domicilio).set(valores).where(eq(domicilio.id, actualId));
    return actualId;
  }
  const [d] = await tx.insert(domicilio).values(valores).returning({ id: domicilio.id });
  return d!.id;
}

/**
 * `POST /api/persona` (admin). The spec's flow creates the address first and embeds it with its id:
 * that address is linked (and its fields saved); an address without id is created.
 */
export async function crearPersona(db: Db, datos: PersonaInput): Promise<Persona> {
  const id = await db.transaction(async (tx) => {
    let domicilioId: number | null = null;
    if (datos.domicilio) {
      const { id: existente, ...campos } = datos.domicilio;
      if (existente) {
        const [d] = await tx.select({ id: domicilio.id }).from(domicilio).where(eq(domicilio.id, existente));
        if (!d) throw new NoEncontrado(MENSAJES_PERSONA.domicilioNoEncontrado);
      }
      domicilioId = await guardarDomicilioDe(tx, existente ?? null, campos);
    }
    if (datos.user) await asegurarUsuarioLibre(tx, datos.user.id);
    const [p] = await tx
      .insert(persona)
      .values({ nombre: datos.nombre, apellido: datos.apellido, telefono: datos.telefono, email: datos.email, domicilioId, userId: datos.user?.id ?? null })
      .returning({ id: persona.id });
    return p!.id;
  });
  return obtenerPersona(db, id);
}

/**
 * `PUT /api/persona/{id}`: the data and the embedded address (written over the person's own address).
 * Only an admin links the person to another login; a customer sending a different one is refused.
 */
export async function actualizarPersona(db: Db, quien: UsuarioSesion, id: number, datos: PersonaInput): Promise<Persona> {
  await db.transaction(async (tx) => {
    const [actual] = await tx.select({ domicilioId: persona.domicilioId, userId: persona.userId }).from(persona).where(eq(persona.id, id)).for('update');
    if (!actual) throw new NoEncontrado(MENSAJES_PERSONA.personaNoEncontrada);
    let userId = actual.userId;
    if (datos.user !== undefined && (datos.user?.id ?? null) !== actual.userId) {
      if (quien.rol !== 'ADMIN') throw new Prohibido();
      if (datos.user) await asegurarUsuarioLibre(tx, datos.user.id, id);
      userId = datos.user?.id ?? null;
    }
    let domicilioId = actual.domicilioId;
    if (datos.domicilio) {
      const { id: _ignorado, ...campos } = datos.domicilio;
      domicilioId = await guardarDomicilioDe(tx, actual.domicilioId, campos);
    }
    await tx
      .update(persona)
      .set({ nombre: datos.nombre, apellido: datos.apellido, telefono: datos.telefono, email: datos.email, domicilioId, userId })
      .where(eq(persona.id, id));
  });
  return obtenerPersona(db, id);
}

/** Deletes the person and its address; the login, if any, stays. */
export async function eliminarPersona(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [borrada] = await tx.delete(persona).where(eq(persona.id, id)).returning({ domicilioId: persona.domicilioId });
    if (!borrada) throw new NoEncontrado(MENSAJES_PERSONA.personaNoEncontrada);
    if (borrada.domicilioId) await tx.delete(domicilio).where(eq(domicilio.id, borrada.domicilioId));
  });
}

/** The login whose person lives at this address (null: nobody's yet). 404 when it does not exist. */
export async function duenoDeDomicilio(db: Db, id: number): Promise<number | null> {
  const [fila] = await db
    .select({ id: domicilio.id, userId: persona.userId })
    .from(domicilio)
    .leftJoin(persona, eq(persona.domicilioId, domicilio.id))
    .where(eq(domicilio.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES_PERSONA.domicilioNoEncontrado);
  return fila.userId;
}

/**
 * `POST /api/domicilio`. An admin creates a free address (to embed in a person next). A customer's
 * new address becomes their person's address, replacing (and deleting) the previous one.
 */
export async function crearDomicilio(db: Db, quien: UsuarioSesion, datos: DomicilioDatos): Promise<Domicilio> {
  return db.transaction(async (tx) => {
    let propia: { id: number; domicilioId: number | null } | undefined;
    if (quien.rol !== 'ADMIN') {
      [propia] = await tx.select({ id: persona.id, domicilioId: persona.domicilioId }).from(persona).where(eq(persona.userId, quien.id)).for('update');
      if (!propia) throw new NoEncontrado(MENSAJES_PERSONA.personaNoEncontrada);
    }
    const [creado] = await tx.insert(domicilio).values(valoresDeDomicilio(datos)).returning(columnasDomicilio);
    if (propia) {
      await tx.update(persona).set({ domicilioId: creado!.id }).where(eq(persona.id, propia.id));
      if (propia.domicilioId) await tx.delete(domicilio).where(eq(domicilio.id, propia.domicilioId));
    }
    return creado!;
  });
}

export async function actualizarDomicilio(db: Db, id: number, datos: DomicilioDatos): Promise<Domicilio> {
  const [actualizado] = await db.update(domicilio).set(valoresDeDomicilio(datos)).where(eq(domicilio.id, id)).returning(columnasDomicilio);
  if (!actualizado) throw new NoEncontrado(MENSAJES_PERSONA.domicilioNoEncontrado);
  return actualizado;
}

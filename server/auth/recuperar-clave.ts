// A forgotten password (docs/decisions/031-correo-y-recuperar-clave.md): a one-use link valid 30
// minutes, e-mailed through the outbox; only the SHA-256 of its random token is stored. Using it sets
// the new password under the same rules as the change-password form and ends every session.
import crypto from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { MENSAJES_RECUPERACION, type RestablecerClave } from '../../domain/recuperar-clave';
import { conUsuario, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import { encolarCorreo } from '../correo/cola';
import { MINUTOS_ENLACE_CLAVE } from '../correo/plantillas';
import type { Db } from '../db/client';
import { inicioPendiente, intentoLogin, persona, recuperacionClave, sesion, usuario } from '../db/schema';
import { DemasiadosIntentos, Invalido } from '../errors';
import { redDeDireccion } from '../usuarios/limite-de-registros';
import { hashearClave } from './claves';
import { conNombre } from './nombre-de-usuario';
import { asegurarClaveAceptable } from './politica-de-claves';
import { tieneSegundoFactor } from './segundo-factor';
import { hashToken } from './sesiones';

const HORA_MS = 60 * 60_000;
/** At most this many accounts get a link from one request (several accounts may share an e-mail). */
const CUENTAS_POR_PEDIDO = 3;

export const claveDePedidosDeDireccion = (direccion: string) => `recuperar:dir:${redDeDireccion(direccion)}`;

/**
 * Counts one request from an address (an IPv6 /64) in the shared counters (`intento_login`) and
 * refuses it past the hourly limit. Counted before anything is looked up, so the answer is the same
 * whether or not the account exists.
 */
export async function contarPedidoDeDireccion(db: Db, direccion: string, limite: number, ahora = new Date()): Promise<void> {
  const inicioVentana = new Date(ahora.getTime() - HORA_MS);
  const [fila] = await db
    .insert(intentoLogin)
    .values({ clave: claveDePedidosDeDireccion(direccion), fallos: 1, desde: ahora })
    .onConflictDoUpdate({
      target: intentoLogin.clave,
      set: {
        fallos: sql`case when ${intentoLogin.desde} <= ${inicioVentana} then 1 else ${intentoLogin.fallos} + 1 end`,
        desde: sql`case when ${intentoLogin.desde} <= ${inicioVentana} then ${ahora} else ${intentoLogin.desde} end`,
      },
    })
    .returning({ cuenta: intentoLogin.fallos });
  if (fila!.cuenta > limite) throw new DemasiadosIntentos(MENSAJES_RECUPERACION.demasiadosPedidos);
}

export interface ResultadoDePedido {
  /** Accounts a link went to. */
  enviados: number[];
  /** Accounts found but left without a link, and why (for the log). */
  omitidos: Array<{ userId: number; motivo: 'sin correo' | 'administrador sin verificación en dos pasos' | 'límite por cuenta' }>;
}

/**
 * The work behind a request for a link, done after its answer: finds the accounts by user name or by
 * e-mail, and gives each a fresh link (at most `porCuenta` an hour), its message and its audit event
 * in one transaction. An admin gets one only with a confirmed second factor, which sign-in still asks.
 */
export async function enviarEnlaces(
  db: Db,
  identificador: string,
  contexto: ContextoAuditoria,
  opciones: { porCuenta: number; ahora?: Date },
): Promise<ResultadoDePedido> {
  const ahora = opciones.ahora ?? new Date();
  const buscado = identificador.trim();
  const porCorreo = buscado.includes('@');
  const cuentas = await db
    .select({ id: usuario.id, usuario: usuario.usuario, rol: usuario.rol, email: persona.email, nombre: persona.nombre })
    .from(usuario)
    .leftJoin(persona, eq(persona.userId, usuario.id))
    .where(porCorreo ? sql`lower(${persona.email}) = ${buscado.toLowerCase()}` : conNombre(buscado))
    .orderBy(usuario.id)
    .limit(CUENTAS_POR_PEDIDO);
  const resultado: ResultadoDePedido = { enviados: [], omitidos: [] };
  for (const cuenta of cuentas) {
    const email = cuenta.email?.trim();
    if (!email) {
      resultado.omitidos.push({ userId: cuenta.id, motivo: 'sin correo' });
      continue;
    }
    if (cuenta.rol === 'ADMIN' && !(await tieneSegundoFactor(db, cuenta.id))) {
      resultado.omitidos.push({ userId: cuenta.id, motivo: 'administrador sin verificación en dos pasos' });
      continue;
    }
    const token = crypto.randomBytes(32).toString('base64url');
    const vence = new Date(ahora.getTime() + MINUTOS_ENLACE_CLAVE * 60_000);
    const enviado = await db.transaction(async (tx) => {
      // The account's row, locked: two requests at once count one after the other.
      await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, cuenta.id)).for('update');
      const [recientes] = await tx
        .select({ n: count() })
        .from(recuperacionClave)
        .where(and(eq(recuperacionClave.userId, cuenta.id), gt(recuperacionClave.creado, new Date(ahora.getTime() - HORA_MS))));
      if ((recientes?.n ?? 0) >= opciones.porCuenta) return false;
      await tx.insert(recuperacionClave).values({ id: hashToken(token), userId: cuenta.id, creado: ahora, expira: vence });
      await encolarCorreo(tx, email, { tipo: 'recuperar-clave', datos: { usuario: cuenta.usuario, nombre: cuenta.nombre, token, vence: vence.toISOString() } });
      await registrarEvento(tx, contexto, {
        accion: 'usuario.pedir-enlace-clave',
        entidadId: cuenta.id,
        detalle: { usuario: cuenta.usuario, por: porCorreo ? 'correo' : 'usuario', vence: vence.toISOString() },
      });
      return true;
    });
    if (enviado) resultado.enviados.push(cuenta.id);
    else resultado.omitidos.push({ userId: cuenta.id, motivo: 'límite por cuenta' });
  }
  return resultado;
}

/**
 * Sets a new password with a link's token, once: the link must exist, be unused and within its 30
 * minutes. The password passes the same checks as the change-password form. Every session of the
 * user ends, and so do the user's other links and half-way sign-ins; the audit trail records it.
 */
export async function restablecerClave(db: Db, datos: RestablecerClave, contexto: ContextoAuditoria, ahora = new Date()): Promise<{ userId: number }> {
  return db.transaction(async (tx) => {
    const [enlace] = await tx.select().from(recuperacionClave).where(eq(recuperacionClave.id, hashToken(datos.token))).for('update');
    if (!enlace || enlace.usado || enlace.expira.getTime() <= ahora.getTime()) throw new Invalido(MENSAJES_RECUPERACION.enlaceInvalido);
    const [cuenta] = await tx
      .select({ id: usuario.id, usuario: usuario.usuario, nombre: persona.nombre, apellido: persona.apellido })
      .from(usuario)
      .leftJoin(persona, eq(persona.userId, usuario.id))
      .where(eq(usuario.id, enlace.userId))
      .for('update', { of: usuario });
    if (!cuenta) throw new Invalido(MENSAJES_RECUPERACION.enlaceInvalido);
    await asegurarClaveAceptable(datos.clave, cuenta, 'clave');
    await tx.update(usuario).set({ clave: await hashearClave(datos.clave) }).where(eq(usuario.id, cuenta.id));
    // This link and any other still open for the account stop working.
    await tx.update(recuperacionClave).set({ usado: ahora }).where(and(eq(recuperacionClave.userId, cuenta.id), isNull(recuperacionClave.usado)));
    const cerradas = await tx.delete(sesion).where(eq(sesion.userId, cuenta.id)).returning({ id: sesion.id });
    await tx.delete(inicioPendiente).where(eq(inicioPendiente.userId, cuenta.id));
    await registrarEvento(tx, conUsuario(contexto, cuenta), { accion: 'usuario.recuperar-clave', entidadId: cuenta.id, detalle: { sesionesCerradas: cerradas.length } });
    return { userId: cuenta.id };
  });
}

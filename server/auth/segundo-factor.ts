import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { UsuarioSesion } from '../../domain/auth';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_SEGUNDO_FACTOR as M, type EstadoSegundoFactor, type Inscripcion } from '../../domain/segundo-factor';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { codigoRecuperacion, inicioPendiente, segundoFactor, sesion, usuario } from '../db/schema';
import { Conflicto, DemasiadosIntentos, Invalido, NoEncontrado } from '../errors';
import { codigoBloqueado, registrarFalloDeCodigo } from './intentos';
import {
  coincideCodigo,
  datosDeInscripcion,
  estaCifrado,
  guardarCodigo,
  guardarSecreto,
  leerSecreto,
  normalizarCodigoDeRecuperacion,
  normalizarCodigoTotp,
  nuevosCodigosDeRecuperacion,
  nuevoSecreto,
  pasoDelCodigo,
} from './totp';

// Admins' second factor: enrolment, checking a code (TOTP or recovery), turning it off, and another
// admin's reset (docs/decisions/021-segundo-factor.md). Every decision uses the JavaScript clock, so
// tests move it with fake timers.

type ClaveDeCifrado = Config['ADMIN_MFA_CLAVE'];

/** Only a confirmed factor counts: an enrolment waiting for its first code asks nothing at sign-in. */
export async function tieneSegundoFactor(db: Db, userId: number): Promise<boolean> {
  const [fila] = await db
    .select({ userId: segundoFactor.userId })
    .from(segundoFactor)
    .where(and(eq(segundoFactor.userId, userId), isNotNull(segundoFactor.confirmado)))
    .limit(1);
  return !!fila;
}

const codigosSinUsar = async (db: Db, userId: number): Promise<number> => {
  const [fila] = await db
    .select({ n: count() })
    .from(codigoRecuperacion)
    .where(and(eq(codigoRecuperacion.userId, userId), isNull(codigoRecuperacion.usado)));
  return fila?.n ?? 0;
};

export async function estadoDeSegundoFactor(db: Db, userId: number, config: Pick<Config, 'ADMIN_MFA'>): Promise<EstadoSegundoFactor> {
  const activa = await tieneSegundoFactor(db, userId);
  return { activa, obligatoria: config.ADMIN_MFA === 'obligatorio', codigosRestantes: activa ? await codigosSinUsar(db, userId) : null };
}

/**
 * A new secret for the signed-in admin, kept unconfirmed until a first code proves their app has it.
 * Asking again replaces an unconfirmed one (a new QR); an active factor is never replaced here.
 */
export async function iniciarInscripcion(db: Db, quien: UsuarioSesion, clave: ClaveDeCifrado): Promise<Inscripcion> {
  const secreto = nuevoSecreto();
  const guardado = guardarSecreto(secreto, quien.id, clave);
  const escritas = await db
    .insert(segundoFactor)
    .values({ userId: quien.id, secreto: guardado, creado: new Date() })
    .onConflictDoUpdate({
      target: segundoFactor.userId,
      set: { secreto: guardado, ultimoPaso: null, creado: new Date() },
      setWhere: isNull(segundoFactor.confirmado),
    })
    .returning({ userId: segundoFactor.userId });
  if (escritas.length === 0) throw new Conflicto(M.yaActiva);
  return datosDeInscripcion(secreto, quien.usuario);
}

async function guardarCodigosNuevos(tx: Db, userId: number): Promise<string[]> {
  const codigos = nuevosCodigosDeRecuperacion();
  await tx.delete(codigoRecuperacion).where(eq(codigoRecuperacion.userId, userId));
  await tx.insert(codigoRecuperacion).values(codigos.map((c) => ({ userId, ...guardarCodigo(c) })));
  return codigos;
}

/** Throttled like a password; a wrong code counts as a failed sign-in of that account. */
async function antesDeProbarUnCodigo(db: Db, quien: { usuario: string }, ip: string): Promise<void> {
  if (await codigoBloqueado(db, quien.usuario, ip)) throw new DemasiadosIntentos(MENSAJES.loginDemasiadosIntentos);
}
async function codigoEquivocado(db: Db, quien: { usuario: string }, ip: string): Promise<never> {
  await registrarFalloDeCodigo(db, quien.usuario, ip);
  throw new Invalido(M.codigoIncorrecto, [{ campo: 'codigo', mensaje: M.codigoIncorrecto }]);
}

/** The first code turns the factor on and makes the ten recovery codes, answered this once. */
export async function confirmarInscripcion(db: Db, quien: UsuarioSesion, codigo: string, ip: string, clave: ClaveDeCifrado): Promise<string[]> {
  await antesDeProbarUnCodigo(db, quien, ip);
  const [fila] = await db.select().from(segundoFactor).where(eq(segundoFactor.userId, quien.id)).limit(1);
  if (!fila) throw new Invalido(M.sinInscripcion);
  if (fila.confirmado) throw new Conflicto(M.yaActiva);
  const totp = normalizarCodigoTotp(codigo);
  const paso = totp === null ? null : pasoDelCodigo(leerSecreto(fila.secreto, quien.id, clave), totp, Date.now());
  if (paso === null) return codigoEquivocado(db, quien, ip);
  return db.transaction(async (tx) => {
    const confirmadas = await tx
      .update(segundoFactor)
      .set({ confirmado: new Date(), ultimoPaso: paso })
      // The secret that code belongs to, still unconfirmed: a QR asked again meanwhile, or a second tab, loses.
      .where(and(eq(segundoFactor.userId, quien.id), eq(segundoFactor.secreto, fila.secreto), isNull(segundoFactor.confirmado)))
      .returning({ userId: segundoFactor.userId });
    if (confirmadas.length === 0) throw new Conflicto(M.yaActiva);
    return guardarCodigosNuevos(tx, quien.id);
  });
}

export type CodigoAceptado = { tipo: 'totp' } | { tipo: 'recuperacion'; restantes: number };

/**
 * A code of a user's active factor: the app's, only if its time step is newer than the last one
 * accepted (so a code seen once cannot be used again), or an unused recovery code, which is spent.
 * Both checks and their writes are single conditional updates: two requests with the same code, one wins.
 */
export async function verificarCodigo(db: Db, userId: number, codigo: string, clave: ClaveDeCifrado): Promise<CodigoAceptado | null> {
  const [fila] = await db
    .select()
    .from(segundoFactor)
    .where(and(eq(segundoFactor.userId, userId), isNotNull(segundoFactor.confirmado)))
    .limit(1);
  if (!fila) return null;
  const totp = normalizarCodigoTotp(codigo);
  if (totp) {
    const paso = pasoDelCodigo(leerSecreto(fila.secreto, userId, clave), totp, Date.now());
    if (paso === null) return null;
    const aceptados = await db
      .update(segundoFactor)
      .set({ ultimoPaso: paso })
      .where(and(eq(segundoFactor.userId, userId), or(isNull(segundoFactor.ultimoPaso), lt(segundoFactor.ultimoPaso, paso))))
      .returning({ userId: segundoFactor.userId });
    return aceptados.length === 1 ? { tipo: 'totp' } : null;
  }
  const recuperacion = normalizarCodigoDeRecuperacion(codigo);
  if (!recuperacion) return null;
  const guardados = await db
    .select()
    .from(codigoRecuperacion)
    .where(and(eq(codigoRecuperacion.userId, userId), isNull(codigoRecuperacion.usado)));
  const coincide = guardados.find((g) => coincideCodigo(recuperacion, g));
  if (!coincide) return null;
  const usados = await db
    .update(codigoRecuperacion)
    .set({ usado: new Date() })
    .where(and(eq(codigoRecuperacion.id, coincide.id), isNull(codigoRecuperacion.usado)))
    .returning({ id: codigoRecuperacion.id });
  return usados.length === 1 ? { tipo: 'recuperacion', restantes: await codigosSinUsar(db, userId) } : null;
}

/** The signed-in admin proves they hold their factor (to turn it off or make new recovery codes). */
async function exigirCodigoPropio(db: Db, quien: UsuarioSesion, codigo: string, ip: string, clave: ClaveDeCifrado): Promise<void> {
  if (!(await tieneSegundoFactor(db, quien.id))) throw new Conflicto(M.noActiva);
  await antesDeProbarUnCodigo(db, quien, ip);
  if (!(await verificarCodigo(db, quien.id, codigo, clave))) await codigoEquivocado(db, quien, ip);
}

/** Ten new recovery codes in place of the old ones, with a code of the app or a recovery code. */
export async function regenerarCodigos(db: Db, quien: UsuarioSesion, codigo: string, ip: string, clave: ClaveDeCifrado): Promise<string[]> {
  await exigirCodigoPropio(db, quien, codigo, ip, clave);
  return db.transaction((tx) => guardarCodigosNuevos(tx, quien.id));
}

/** One's own factor goes only with one of its codes: a session alone (a stolen cookie) is not enough. */
export async function desactivarPropio(db: Db, quien: UsuarioSesion, codigo: string, ip: string, clave: ClaveDeCifrado): Promise<void> {
  await exigirCodigoPropio(db, quien, codigo, ip, clave);
  await db.delete(segundoFactor).where(eq(segundoFactor.userId, quien.id));
}

async function usuarioExistente(db: Db, userId: number): Promise<{ id: number; usuario: string }> {
  const [fila] = await db.select({ id: usuario.id, usuario: usuario.usuario }).from(usuario).where(eq(usuario.id, userId)).limit(1);
  if (!fila) throw new NoEncontrado(M.usuarioNoEncontrado);
  return fila;
}

export async function segundoFactorDeUsuario(db: Db, userId: number): Promise<{ activa: boolean }> {
  await usuarioExistente(db, userId);
  return { activa: await tieneSegundoFactor(db, userId) };
}

/**
 * Another admin lost their phone: their factor, recovery codes, sessions and half-way sign-ins go, in one
 * transaction (whoever held their session is out). Never one's own: that takes a code (`desactivarPropio`).
 */
export async function restablecerDeOtro(db: Db, quien: UsuarioSesion, userId: number): Promise<void> {
  if (quien.id === userId) throw new Conflicto(M.propiaSinCodigo);
  await usuarioExistente(db, userId);
  await db.transaction(async (tx) => {
    await tx.delete(segundoFactor).where(eq(segundoFactor.userId, userId));
    await tx.delete(sesion).where(eq(sesion.userId, userId));
    await tx.delete(inicioPendiente).where(eq(inicioPendiente.userId, userId));
  });
}

/**
 * At start: with ADMIN_MFA_CLAVE, secrets kept before it existed are encrypted now, and one encrypted
 * secret must decrypt (a wrong key stops the start instead of every admin's sign-in); without it, an
 * encrypted secret stops the start.
 */
export async function revisarSecretosGuardados(db: Db, clave: ClaveDeCifrado): Promise<void> {
  const filas = await db.select({ userId: segundoFactor.userId, secreto: segundoFactor.secreto }).from(segundoFactor);
  const cifrada = filas.find((f) => estaCifrado(f.secreto));
  if (!clave) {
    if (cifrada) throw new Error('Configuración inválida:\n- ADMIN_MFA_CLAVE: hay secretos de segundo factor cifrados en la base y falta la clave que los descifra');
    return;
  }
  if (cifrada) {
    try {
      leerSecreto(cifrada.secreto, cifrada.userId, clave);
    } catch {
      throw new Error('Configuración inválida:\n- ADMIN_MFA_CLAVE: no descifra los secretos de segundo factor guardados en la base');
    }
  }
  for (const f of filas.filter((fila) => !estaCifrado(fila.secreto))) {
    const secreto = leerSecreto(f.secreto, f.userId, undefined);
    await db
      .update(segundoFactor)
      .set({ secreto: guardarSecreto(secreto, f.userId, clave) })
      .where(and(eq(segundoFactor.userId, f.userId), eq(segundoFactor.secreto, f.secreto)));
  }
}

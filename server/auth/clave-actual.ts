import { eq } from 'drizzle-orm';
import type { UsuarioSesion } from '../../domain/auth';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import type { Db } from '../db/client';
import { usuario } from '../db/schema';
import { DemasiadosIntentos, Invalido } from '../errors';
import { verificarClave } from './claves';
import { estaBloqueado, registrarFallo } from './intentos';

/**
 * Whoever changes their own password proves they know the current one: a stolen session cookie alone
 * must not be enough to take the account. A wrong one counts as a failed login and is throttled the
 * same way, so the form cannot be used to guess it.
 */
export async function exigirClaveActual(db: Db, quien: UsuarioSesion, claveActual: string | undefined, ip: string, campo: string): Promise<void> {
  const M = MENSAJES_USUARIO;
  if (!claveActual) throw new Invalido(M.claveActualObligatoria, [{ campo, mensaje: M.claveActualObligatoria }]);
  if (await estaBloqueado(db, quien.usuario, ip)) throw new DemasiadosIntentos(MENSAJES.loginDemasiadosIntentos);
  const [fila] = await db.select({ clave: usuario.clave }).from(usuario).where(eq(usuario.id, quien.id)).limit(1);
  if (!fila || !(await verificarClave(fila.clave, claveActual))) {
    await registrarFallo(db, quien.usuario, ip);
    throw new Invalido(M.claveActualIncorrecta, [{ campo, mensaje: M.claveActualIncorrecta }]);
  }
}

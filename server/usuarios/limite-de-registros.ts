// Anti-automation for sign-ups: at most REGISTROS_POR_DIRECCION_HORA accounts per address and
// REGISTROS_POR_HORA in all, per hour. Counted in the database (the `intento_login` table of
// counters, under keys of their own), so every instance agrees; counted in the registration's own
// transaction, so concurrent sign-ups cannot slip past the limit and a refused or failed one counts
// nothing.
import net from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import type { Db } from '../db/client';
import { intentoLogin } from '../db/schema';
import { DemasiadosIntentos } from '../errors';

export const VENTANA_REGISTROS_MS = 60 * 60_000;
export const CLAVE_REGISTROS_TOTAL = 'registro:total';

export interface CupoDeRegistro {
  /** The client's address (request.ip: the connection's, or TRUST_PROXY's forwarded one). */
  direccion: string;
  porDireccion: number;
  porHora: number;
}

/**
 * Where a sign-up comes from, as counted: an IPv4 address as is (also written as ::ffff:a.b.c.d), an
 * IPv6 address by its /64 network, which one subscriber usually holds whole.
 */
export function redDeDireccion(direccion: string): string {
  const mapeada = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(direccion);
  if (mapeada) return mapeada[1]!;
  if (net.isIPv6(direccion)) {
    const [izquierda = '', derecha = ''] = direccion.split('::');
    const grupos = izquierda.split(':').filter(Boolean);
    const finales = derecha.split(':').filter(Boolean);
    const completos = [...grupos, ...Array<string>(Math.max(0, 8 - grupos.length - finales.length)).fill('0'), ...finales];
    return `${completos
      .slice(0, 4)
      .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return direccion;
}

export const claveDeDireccion = (direccion: string) => `registro:dir:${redDeDireccion(direccion)}`;

const mensajeDe = (clave: string) => (clave === CLAVE_REGISTROS_TOTAL ? MENSAJES_USUARIO.demasiadosRegistros : MENSAJES_USUARIO.demasiadosRegistrosDesdeDireccion);

/**
 * Refuses at once when a window is already full, before the costly part of a sign-up (hashing the
 * password). Reads only: `contarRegistro` decides for good.
 */
export async function asegurarCupoDeRegistro(db: Db, cupo: CupoDeRegistro, ahora = new Date()): Promise<void> {
  const limites = new Map([
    [claveDeDireccion(cupo.direccion), cupo.porDireccion],
    [CLAVE_REGISTROS_TOTAL, cupo.porHora],
  ]);
  const filas = await db.select().from(intentoLogin).where(inArray(intentoLogin.clave, [...limites.keys()]));
  for (const fila of filas) {
    const vigente = ahora.getTime() - fila.desde.getTime() < VENTANA_REGISTROS_MS;
    if (vigente && fila.fallos >= limites.get(fila.clave)!) throw new DemasiadosIntentos(mensajeDe(fila.clave));
  }
}

/**
 * Counts one sign-up, inside its transaction: each counter's row stays locked until the transaction
 * ends, so concurrent sign-ups are counted one after the other (always the address's row first, then
 * the total's). Past either limit it throws a 429, and the transaction's rollback undoes the count.
 */
export async function contarRegistro(tx: Db, cupo: CupoDeRegistro, ahora = new Date()): Promise<void> {
  const inicioVentana = new Date(ahora.getTime() - VENTANA_REGISTROS_MS);
  for (const [clave, limite] of [
    [claveDeDireccion(cupo.direccion), cupo.porDireccion],
    [CLAVE_REGISTROS_TOTAL, cupo.porHora],
  ] as const) {
    // A window that has passed starts again at 1.
    const [fila] = await tx
      .insert(intentoLogin)
      .values({ clave, fallos: 1, desde: ahora })
      .onConflictDoUpdate({
        target: intentoLogin.clave,
        set: {
          fallos: sql`case when ${intentoLogin.desde} <= ${inicioVentana} then 1 else ${intentoLogin.fallos} + 1 end`,
          desde: sql`case when ${intentoLogin.desde} <= ${inicioVentana} then ${ahora} else ${intentoLogin.desde} end`,
        },
      })
      .returning({ cuenta: intentoLogin.fallos });
    if (fila!.cuenta > limite) throw new DemasiadosIntentos(mensajeDe(clave));
  }
}

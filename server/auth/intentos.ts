import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { intentoLogin } from '../db/schema';
import { redDeDireccion } from '../usuarios/limite-de-registros';

// Failed logins, in the database so every instance agrees, counted per address and per (account,
// address) pair: an attacker elsewhere cannot lock the owner out of their own account, and one address
// cannot try many accounts nor many passwords on one. Nothing is counted per account alone. An IPv6
// address counts as its /64, as sign-ups do: one subscriber holds all of it, and could otherwise spread
// guesses over its 2^64 addresses.
export const VENTANA_MS = 15 * 60_000;
export const MAX_FALLOS_POR_CUENTA_Y_DIRECCION = 5;
export const MAX_FALLOS_POR_DIRECCION = 20;

const normalizar = (nombre: string) => nombre.trim().toLowerCase();
export const claveDireccion = (ip: string) => `ip:${redDeDireccion(ip)}`;
export const claveCuentaYDireccion = (nombre: string, ip: string) => `ua:${normalizar(nombre)}|${redDeDireccion(ip)}`;

export async function estaBloqueado(db: Db, nombre: string, ip: string): Promise<boolean> {
  const filas = await db
    .select()
    .from(intentoLogin)
    .where(inArray(intentoLogin.clave, [claveDireccion(ip), claveCuentaYDireccion(nombre, ip)]));
  const fallos = (clave: string) => {
    const fila = filas.find((f) => f.clave === clave);
    return fila && Date.now() - fila.desde.getTime() <= VENTANA_MS ? fila.fallos : 0;
  };
  return fallos(claveDireccion(ip)) >= MAX_FALLOS_POR_DIRECCION || fallos(claveCuentaYDireccion(nombre, ip)) >= MAX_FALLOS_POR_CUENTA_Y_DIRECCION;
}

export async function registrarFallo(db: Db, nombre: string, ip: string, otrasClaves: string[] = []): Promise<void> {
  const ahora = new Date();
  const inicioVentana = new Date(ahora.getTime() - VENTANA_MS);
  for (const clave of [claveDireccion(ip), claveCuentaYDireccion(nombre, ip), ...otrasClaves]) {
    // A window that has passed starts again at 1.
    await db
      .insert(intentoLogin)
      .values({ clave, fallos: 1, desde: ahora })
      .onConflictDoUpdate({
        target: intentoLogin.clave,
        set: {
          fallos: sql`case when ${intentoLogin.desde} < ${inicioVentana} then 1 else ${intentoLogin.fallos} + 1 end`,
          desde: sql`case when ${intentoLogin.desde} < ${inicioVentana} then ${ahora} else ${intentoLogin.desde} end`,
        },
      });
  }
}

/** After a successful login: that account's failures from that address are forgotten, not the address's. */
export async function limpiarFallos(db: Db, nombre: string, ip: string): Promise<void> {
  await db.delete(intentoLogin).where(eq(intentoLogin.clave, claveCuentaYDireccion(nombre, ip)));
}

// Wrong second-factor codes count like wrong passwords (the same two keys) and also per account: only
// someone who already knows the password can make them, so this limit cannot be used by a stranger to
// lock the owner out, and it bounds guessing the six digits from many addresses.
export const MAX_FALLOS_DE_CODIGO_POR_CUENTA = 10;
export const claveCodigoDeCuenta = (nombre: string) => `codigo:${normalizar(nombre)}`;

export async function codigoBloqueado(db: Db, nombre: string, ip: string): Promise<boolean> {
  if (await estaBloqueado(db, nombre, ip)) return true;
  const [fila] = await db.select().from(intentoLogin).where(eq(intentoLogin.clave, claveCodigoDeCuenta(nombre)));
  return !!fila && Date.now() - fila.desde.getTime() <= VENTANA_MS && fila.fallos >= MAX_FALLOS_DE_CODIGO_POR_CUENTA;
}

export async function registrarFalloDeCodigo(db: Db, nombre: string, ip: string): Promise<void> {
  await registrarFallo(db, nombre, ip, [claveCodigoDeCuenta(nombre)]);
}

/** After a complete sign-in: that account's code failures are forgotten too. */
export async function limpiarFallosDeCodigo(db: Db, nombre: string): Promise<void> {
  await db.delete(intentoLogin).where(eq(intentoLogin.clave, claveCodigoDeCuenta(nombre)));
}

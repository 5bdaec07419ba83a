import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { intentoLogin } from '../db/schema';

// Failed logins are counted per user name and per address, in the database so every instance agrees.
export const VENTANA_MS = 15 * 60_000;
export const MAX_FALLOS_POR_USUARIO = 5;
export const MAX_FALLOS_POR_DIRECCION = 20;

export const claveUsuario = (nombre: string) => `u:${nombre.trim().toLowerCase()}`;
export const claveDireccion = (ip: string) => `ip:${ip}`;

async function fallosRecientes(db: Db, clave: string): Promise<number> {
  const [fila] = await db.select().from(intentoLogin).where(eq(intentoLogin.clave, clave)).limit(1);
  if (!fila || Date.now() - fila.desde.getTime() > VENTANA_MS) return 0;
  return fila.fallos;
}

export async function estaBloqueado(db: Db, nombre: string, ip: string): Promise<boolean> {
  const [porUsuario, porDireccion] = await Promise.all([
    fallosRecientes(db, claveUsuario(nombre)),
    fallosRecientes(db, claveDireccion(ip)),
  ]);
  return porUsuario >= MAX_FALLOS_POR_USUARIO || porDireccion >= MAX_FALLOS_POR_DIRECCION;
}

export async function registrarFallo(db: Db, nombre: string, ip: string): Promise<void> {
  const inicioVentana = new Date(Date.now() - VENTANA_MS);
  for (const clave of [claveUsuario(nombre), claveDireccion(ip)]) {
    // A window that has passed starts again at 1.
    await db
      .insert(intentoLogin)
      .values({ clave, fallos: 1, desde: new Date() })
      .onConflictDoUpdate({
        target: intentoLogin.clave,
        set: {
          fallos: sql`case when ${intentoLogin.desde} < ${inicioVentana} then 1 else ${intentoLogin.fallos} + 1 end`,
          desde: sql`case when ${intentoLogin.desde} < ${inicioVentana} then now() else ${intentoLogin.desde} end`,
        },
      });
  }
}

export async function limpiarFallos(db: Db, nombre: string): Promise<void> {
  await db.delete(intentoLogin).where(eq(intentoLogin.clave, claveUsuario(nombre)));
}

import { sql, type SQL } from 'drizzle-orm';
import { usuario } from '../db/schema';

/**
 * The account whose name is `nombre` whatever its capitals: names are unique that way (migration 0024),
 * so sign-in, password reset and the check for a free name all mean the same account by 'Admin' and
 * 'admin'. Written as the unique index's expression, so the index answers it.
 */
export const conNombre = (nombre: string): SQL => sql`lower(${usuario.usuario}) = lower(${nombre.trim()})`;

import path from 'node:path';
import { z } from 'zod';

const opcional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    UPLOADS_DIR: opcional,
    DATABASE_URL: opcional,
    PUBLIC_URL: opcional,
    ADMIN_PASSWORD: opcional,
    SEED: z.enum(['demo', 'none']).default('demo'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WHATSAPP_CONTACTO: z.string().regex(/^\d{8,15}$/, 'solo dígitos, con código de país').default('5492610000000'),
    WHATSAPP_ARREPENTIMIENTO: z.string().regex(/^\d{8,15}$/, 'solo dígitos, con código de país').default('5492610000001'),
    MP_ACCESS_TOKEN: opcional,
    MP_WEBHOOK_SECRET: opcional,
    MP_API_BASE_URL: opcional,
    MP_PAGO_VENCE_MINUTOS: z.coerce.number().int().min(1).default(60),
    /** Time limit of one call to the Mercado Pago API. */
    MP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    SESION_DIAS: z.coerce.number().int().min(1).default(30),
    /** Seconds the public reads stay in memory (server/http/cache-http.ts); 0 turns it off. */
    CACHE_API_SEGUNDOS: z.coerce.number().min(0).max(300).default(2),
    /** Sessions (server/auth/sesiones.ts): a customer's ends after SESION_DIAS, or this many days unused. */
    SESION_INACTIVIDAD_DIAS: z.coerce.number().int().min(1).default(7),
    /** An admin's session ends after this many hours, or SESION_ADMIN_INACTIVIDAD_MINUTOS unused. */
    SESION_ADMIN_HORAS: z.coerce.number().int().min(1).default(12),
    SESION_ADMIN_INACTIVIDAD_MINUTOS: z.coerce.number().int().min(2).default(30),
  })
  .transform((c) => ({
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    UPLOADS_DIR: path.resolve(c.UPLOADS_DIR ?? path.join(c.DATA_DIR, 'uploads')),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
  }));

export type Config = z.infer<typeof configSchema>;

/** Parses the environment once at start; a wrong variable stops the start with the list of problems. */
export function leerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const resultado = configSchema.safeParse(env);
  if (!resultado.success) {
    const problemas = resultado.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuración inválida:\n${problemas}`);
  }
  return resultado.data;
}

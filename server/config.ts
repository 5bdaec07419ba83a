import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { TIENDA } from '../domain/tienda';

const opcional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** An IPv4 or IPv6 address, or a network in CIDR notation ('10.0.0.0/8'). */
function esDireccionORed(texto: string): boolean {
  const [direccion = '', bits, ...resto] = texto.split('/');
  const version = net.isIP(direccion);
  if (version === 0 || resto.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

export type ModoMercadoPago = 'real' | 'simulado' | 'desactivado';

interface AjustesMercadoPago {
  MP_ACCESS_TOKEN?: string | undefined;
  MP_SIMULADO?: '0' | '1' | undefined;
}

/**
 * Which Mercado Pago the shop uses: the real one with MP_ACCESS_TOKEN, the built-in simulator only
 * with MP_SIMULADO=1 (it marks orders paid without charging anything), and otherwise none.
 */
export const modoMercadoPago = (c: AjustesMercadoPago): ModoMercadoPago => (c.MP_ACCESS_TOKEN ? 'real' : c.MP_SIMULADO === '1' ? 'simulado' : 'desactivado');

/**
 * A shop that looks like a real deployment: NODE_ENV=production, an https PUBLIC_URL or a PostgreSQL
 * server (DATABASE_URL). There, an unsafe default stops the start instead of running.
 */
export const pareceProduccion = (c: { NODE_ENV?: string | undefined; PUBLIC_URL?: string | undefined; DATABASE_URL?: string | undefined }): boolean =>
  c.NODE_ENV === 'production' || (c.PUBLIC_URL ?? '').toLowerCase().startsWith('https://') || Boolean(c.DATABASE_URL);

/** What stops the start in the Mercado Pago settings (each with the variable it is about). */
function problemasDeMercadoPago(
  c: AjustesMercadoPago & { MP_WEBHOOK_SECRET?: string | undefined; NODE_ENV?: string | undefined; PUBLIC_URL?: string | undefined; DATABASE_URL?: string | undefined },
): Array<{ path: string[]; message: string }> {
  const problemas: Array<{ path: string[]; message: string }> = [];
  if (c.MP_ACCESS_TOKEN && c.MP_SIMULADO === '1') {
    problemas.push({ path: ['MP_SIMULADO'], message: 'no se puede usar junto con MP_ACCESS_TOKEN: elegí el checkout simulado o las credenciales reales' });
  }
  if (c.MP_ACCESS_TOKEN && !c.MP_WEBHOOK_SECRET) {
    problemas.push({ path: ['MP_WEBHOOK_SECRET'], message: 'obligatoria cuando MP_ACCESS_TOKEN está definida (clave secreta de las notificaciones)' });
  }
  if (!c.MP_ACCESS_TOKEN && c.MP_SIMULADO === undefined && pareceProduccion(c)) {
    problemas.push({
      path: ['MP_SIMULADO'],
      message:
        'sin MP_ACCESS_TOKEN, en producción (NODE_ENV=production, PUBLIC_URL https o DATABASE_URL) hay que elegir: ' +
        'MP_ACCESS_TOKEN y MP_WEBHOOK_SECRET para cobrar con Mercado Pago, MP_SIMULADO=1 para el checkout simulado ' +
        '(solo demostración: marca pedidos como pagados sin cobrar) o MP_SIMULADO=0 para no ofrecer Mercado Pago',
    });
  }
  return problemas;
}

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
    /** `json`: one JSON object per line (production, log collectors); `texto`: short lines for a person (the demo). */
    LOG_FORMATO: z.enum(['json', 'texto']).default('json'),
    /** The level each request's line is logged at: `debug` leaves requests out of a log at `info`. */
    LOG_PEDIDOS: z.enum(['info', 'debug']).default('info'),
    WHATSAPP_CONTACTO: z.string().regex(/^\d{8,15}$/, 'solo dígitos, con código de país').default('5492610000000'),
    WHATSAPP_ARREPENTIMIENTO: z.string().regex(/^\d{8,15}$/, 'solo dígitos, con código de país').default('5492610000001'),
    MP_ACCESS_TOKEN: opcional,
    MP_WEBHOOK_SECRET: opcional,
    MP_API_BASE_URL: opcional,
    MP_PAGO_VENCE_MINUTOS: z.coerce.number().int().min(1).default(60),
    /** Time limit of one call to the Mercado Pago API. */
    MP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /**
     * Which proxies' X-Forwarded-For to believe: a hop count ('1') or their addresses and networks
     * ('10.0.0.1,10.0.1.0/24'). Empty: none, the client's address is the connection's.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx): number | string[] | false => {
        const valor = v?.trim() ?? '';
        if (valor === '') return false;
        if (/^\d+$/.test(valor)) return Number(valor);
        const direcciones = valor.split(',').map((d) => d.trim());
        const invalidas = direcciones.filter((d) => !esDireccionORed(d));
        if (invalidas.length > 0) {
          ctx.addIssue({ code: 'custom', message: `la cantidad de proxies (un número) o sus direcciones separadas por comas; no válidas: ${invalidas.join(', ')}` });
          return z.NEVER;
        }
        return direcciones;
      }),
    SESION_DIAS: z.coerce.number().int().min(1).default(30),
    /** Seconds the public reads stay in memory (server/http/cache-http.ts); 0 turns it off. */
    CACHE_API_SEGUNDOS: z.coerce.number().min(0).max(300).default(2),
    /** Sessions (server/auth/sesiones.ts): a customer's ends after SESION_DIAS, or this many days unused. */
    SESION_INACTIVIDAD_DIAS: z.coerce.number().int().min(1).default(7),
    /** An admin's session ends after this many hours, or SESION_ADMIN_INACTIVIDAD_MINUTOS unused. */
    SESION_ADMIN_HORAS: z.coerce.number().int().min(1).default(12),
    SESION_ADMIN_INACTIVIDAD_MINUTOS: z.coerce.number().int().min(2).default(30),
    /**
     * Admins' second factor (server/auth/segundo-factor.ts): 'opcional', each admin decides; 'obligatorio',
     * an admin without one can do nothing but enrol.
     */
    ADMIN_MFA: z.enum(['opcional', 'obligatorio']).default('opcional'),
    /** 32 bytes in hex (`openssl rand -hex 32`) that encrypt the TOTP secrets at rest; empty: stored as they are. */
    ADMIN_MFA_CLAVE: z
      .string()
      .optional()
      .transform((v, ctx): Buffer | undefined => {
        const valor = v?.trim() ?? '';
        if (valor === '') return undefined;
        if (!/^[0-9a-fA-F]{64}$/.test(valor)) {
          ctx.addIssue({ code: 'custom', message: '64 caracteres hexadecimales (32 bytes), por ejemplo de `openssl rand -hex 32`' });
          return z.NEVER;
        }
        return Buffer.from(valor, 'hex');
      }),
    /**
     * Time limits of a connection (server/app.ts): the whole request, body included; its headers; an
     * idle kept-alive connection between requests; any connection without activity (a client that
     * stops reading an answer). A request that never finishes is answered 408 and closed.
     */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
    HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
    /** A Mercado Pago notification signed further than this from now (before or after) is refused. */
    MP_WEBHOOK_TOLERANCIA_SEGUNDOS: z.coerce.number().int().min(1).max(86_400).default(300),
    /**
     * The simulated Mercado Pago checkout runs only when asked for: '1'. '0' or nothing, without
     * MP_ACCESS_TOKEN: no online payment (cash only). See `modoMercadoPago` and the start-up guard below.
     */
    MP_SIMULADO: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(z.enum(['0', '1'], { error: "'1' para el checkout simulado, '0' o vacía para no usarlo" }).optional()),
    /** Read only by the start-up guard: behaviour never depends on it (docs/decisions/023-sin-valores-inseguros.md). */
    NODE_ENV: opcional,
    /** Sign-ups per hour from one address (an IPv6 /64) and in all (server/usuarios/limite-de-registros.ts). */
    REGISTROS_POR_DIRECCION_HORA: z.coerce.number().int().min(1).max(100_000).default(5),
    REGISTROS_POR_HORA: z.coerce.number().int().min(1).max(1_000_000).default(200),
    /**
     * A customer's cart orders not yet paid (cash ones not concluded, Mercado Pago ones pending) and
     * the units of one product among them (server/ventas/limites-de-pedido.ts).
     */
    PEDIDOS_PENDIENTES_MAX: z.coerce.number().int().min(1).max(1_000_000).default(3),
    UNIDADES_POR_PRODUCTO_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** A cash cart order not concluded this many hours after it was placed expires and frees its units. */
    EFECTIVO_VENCE_HORAS: z.coerce.number().int().min(1).max(8760).default(72),
    /**
     * E-mail (server/correo/): the SMTP server as a URL ('smtps://usuario:clave@smtp.example.com');
     * empty: messages go to the log and to .eml files in DATA_DIR/correo (the demo, offline).
     */
    SMTP_URL: opcional.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, "una URL smtp:// o smtps:// (por ejemplo 'smtps://usuario:clave@smtp.example.com:465')")
        .optional(),
    ),
    /** The sender of every message. */
    MAIL_FROM: opcional.pipe(z.string().max(200).optional()),
    /** The owner's address for new-order notices; empty: none are sent. */
    MAIL_DUENO: opcional.pipe(z.email('una dirección de correo').optional()),
    /** Forgotten-password links asked per hour from one address (an IPv6 /64) and for one account. */
    RECUPERAR_CLAVE_POR_DIRECCION_HORA: z.coerce.number().int().min(1).max(100_000).default(10),
    RECUPERAR_CLAVE_POR_CUENTA_HORA: z.coerce.number().int().min(1).max(1000).default(3),
    /** Days sent messages and expired password links are kept before they are deleted (server/correo/limpieza.ts). */
    CORREO_RETENER_DIAS: z.coerce.number().int().min(1).max(3650).default(30),
    // ---- Operation (server/operacion/, docs/decisions/029-operacion.md) ----
    /** Bearer token of GET /metrics; without it the route does not exist (404). */
    METRICS_TOKEN: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(z.string().min(16, 'al menos 16 caracteres (por ejemplo `openssl rand -hex 32`)').optional()),
    /** Backups kept in the backup folder; older ones are deleted after each new one. */
    BACKUP_CONSERVAR: z.coerce.number().int().min(1).max(1000).default(7),
    /** Hours between the server's own backups (one instance among several); 0: none. */
    BACKUP_CADA_HORAS: z.coerce.number().min(0).max(500).default(0),
    /** PGlite only (it has no autovacuum): hours between the server's own VACUUM (ANALYZE); 0: never. */
    PGLITE_VACUUM_HORAS: z.coerce.number().min(0).max(500).default(24),
    // ---- Online printing (server/impresiones/, docs/decisions/035-impresiones.md) ----
    /** Largest PDF a customer may upload, in MB. */
    IMPRESION_MAX_MB: z.coerce.number().int().min(1).max(500).default(50),
    /** Most pages a PDF may have. */
    IMPRESION_MAX_PAGINAS: z.coerce.number().int().min(1).max(10_000).default(500),
    /** Where the customers' PDFs are kept (never served statically); default DATA_DIR/impresiones. Shared by several instances. */
    IMPRESIONES_DIR: opcional,
    /** The shop's printing pace, for the 'ready by' estimate: sides printed per hour. */
    IMPRESION_CARILLAS_POR_HORA: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Days after a job is delivered or cancelled before its file is deleted (privacy). */
    IMPRESION_BORRAR_DIAS: z.coerce.number().int().min(1).max(3650).default(30),
    /** On SIGTERM, how long requests in flight may still run before their connections are cut. */
    APAGADO_MAXIMO_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  })
  .superRefine((c, ctx) => {
    // Node refuses a headers limit above the request's: the headers are part of the request.
    if (c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HTTP_HEADERS_TIMEOUT_MS'], message: 'no puede ser mayor que HTTP_REQUEST_TIMEOUT_MS' });
    }
    for (const problema of problemasDeMercadoPago(c)) ctx.addIssue({ code: 'custom', ...problema });
  })
  .transform((c) => ({
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    UPLOADS_DIR: path.resolve(c.UPLOADS_DIR ?? path.join(c.DATA_DIR, 'uploads')),
    IMPRESIONES_DIR: path.resolve(c.IMPRESIONES_DIR ?? path.join(c.DATA_DIR, 'impresiones')),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    MAIL_FROM: c.MAIL_FROM ?? `${TIENDA.nombre} <no-responder@${hostDe(c.PUBLIC_URL ?? 'http://localhost')}>`,
  }));

/** The host name of a URL, for the default sender's address ('localhost' if it cannot be read). */
function hostDe(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

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

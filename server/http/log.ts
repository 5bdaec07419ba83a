// What the logs may hold: never a password, hash, token, cookie, second-factor secret or someone's
// personal data, and never the parameters of an SQL statement (drizzle's error message lists them:
// an argon2 hash, a name, a phone). Applied to every logger the app builds (server/app.ts).
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

const OCULTO = '[oculto]';

/** Keys whose values are secrets, wherever they appear in a logged object. */
const SECRETOS = [
  'clave',
  'claveActual',
  'password',
  'hash',
  'token',
  'accessToken',
  'secreto',
  'secret',
  'secretoWebhook',
  'secretoTotp',
  'totp',
  'codigoTotp',
  'codigosRecuperacion',
  'cookie',
  'cookies',
  'authorization',
  'x-signature',
  'set-cookie',
  'sesion',
];
/** Keys whose values are a person's data (names, contact, address). */
const PERSONALES = ['nombre', 'apellido', 'telefono', 'email', 'calle', 'numero', 'domicilio', 'persona'];

const ruta = (clave: string) => (/^[A-Za-z_$][\w$]*$/.test(clave) ? `.${clave}` : `["${clave}"]`);

/**
 * pino's `redact` paths: each key at the top of a log object and one and two levels down
 * (`{clave}`, `{usuario: {clave}}`, `{req: {headers: {cookie}}}`).
 */
export const RUTAS_OCULTAS: string[] = [...SECRETOS, ...PERSONALES].flatMap((clave) => {
  const r = ruta(clave);
  return [r.startsWith('.') ? r.slice(1) : r, `*${r}`, `*.*${r}`];
});

/** Query parameters whose values say nothing about anyone: kept in the logged URL; the rest are hidden. */
const PARAMETROS_VISIBLES = new Set(['pagina', 'porPagina', 'orden', 'campo', 'limite', 'estado', 'desde', 'hasta', 'categoriaId', 'type', 'topic', 'data.id']);

/** The URL as logged: the path, and the query string with the values of searches and names hidden. */
export function urlParaLog(url: string): string {
  const pregunta = url.indexOf('?');
  if (pregunta === -1) return url;
  const parametros = url
    .slice(pregunta + 1)
    .split('&')
    .map((par) => {
      const igual = par.indexOf('=');
      const nombre = igual === -1 ? par : par.slice(0, igual);
      let decodificado = nombre;
      try {
        decodificado = decodeURIComponent(nombre);
      } catch {
        // a malformed name is shown as sent
      }
      return igual === -1 || PARAMETROS_VISIBLES.has(decodificado) ? par : `${nombre}=${OCULTO}`;
    });
  return `${url.slice(0, pregunta)}?${parametros.join('&')}`;
}

/** PostgreSQL's fields that say what failed without saying with which values (no `detail`, no `where`). */
const CAMPOS_DE_ERROR = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType', 'statusCode', 'status'];

/**
 * An error as logged: its type, its message without the SQL parameters drizzle appends ('Failed
 * query: ...\nparams: ...'), the SQL text (placeholders only), PostgreSQL's code, table and
 * constraint, the stack frames (the stack's first line repeats the message) and its causes, the same
 * way. Anything else the error carries (drizzle's `params`, PostgreSQL's `detail` with the row's
 * values) is left out.
 */
export interface ErrorEnLog {
  [campo: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function errorParaLog(error: unknown, profundidad = 0): ErrorEnLog {
  if (error === null || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const e = error as Record<string, unknown>;
  const salida: ErrorEnLog = {
    type: typeof e.name === 'string' ? e.name : ((e.constructor as { name?: string } | undefined)?.name ?? 'Error'),
    message: typeof e.message === 'string' ? (e.message.split('\nparams:')[0] ?? '') : '',
    stack: '',
  };
  for (const campo of CAMPOS_DE_ERROR) {
    if (typeof e[campo] === 'string' || typeof e[campo] === 'number') salida[campo] = e[campo];
  }
  if (typeof e.query === 'string') salida.query = e.query;
  if (typeof e.stack === 'string') {
    salida.stack = e.stack
      .split('\n')
      .filter((linea) => /^\s+at /.test(linea))
      .join('\n');
  }
  if (e.cause !== undefined && profundidad < 3) salida.cause = errorParaLog(e.cause, profundidad + 1);
  return salida;
}

/** The options every logger of the app gets, whatever else it is given (level, stream). */
export const opcionesDeLog = {
  redact: { paths: RUTAS_OCULTAS, censor: OCULTO },
  serializers: {
    err: (error: unknown): ErrorEnLog => errorParaLog(error),
    // Fastify's own, with the query string's values hidden; anything else logged as `req` goes as it is
    // (and is redacted like the rest).
    req: (request: FastifyRequest | Record<string, unknown>): Record<string, unknown> =>
      typeof request.url === 'string' && typeof request.method === 'string'
        ? {
            method: request.method,
            url: urlParaLog(request.url),
            host: (request as FastifyRequest).host,
            remoteAddress: (request as FastifyRequest).ip,
            remotePort: (request as FastifyRequest).socket?.remotePort,
          }
        : (request as Record<string, unknown>),
  },
};

const VALOR_DE_NIVEL: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
type FabricaDeHijos = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type ArgumentosDeHijo = Parameters<FastifyBaseLogger['child']>;
type ArgumentosDeLinea = Parameters<FastifyBaseLogger['info']>;
type Metodo = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** A class, so that a request's logger is one small object (its methods on the prototype). */
class LogPerezoso {
  #hijo: FastifyBaseLogger | undefined;
  #nivel: string;

  constructor(
    private readonly padre: FastifyBaseLogger,
    private readonly bindings: ArgumentosDeHijo[0],
    private readonly opciones: NonNullable<ArgumentosDeHijo[1]>,
  ) {
    this.#nivel = opciones.level ?? padre.level;
  }

  #real(): FastifyBaseLogger {
    return (this.#hijo ??= this.padre.child(this.bindings, this.opciones));
  }

  #escribir(metodo: Metodo, args: ArgumentosDeLinea): void {
    if (VALOR_DE_NIVEL[metodo]! >= (VALOR_DE_NIVEL[this.#nivel] ?? 0)) this.#real()[metodo](...args);
  }

  get level(): string {
    return this.#hijo?.level ?? this.#nivel;
  }

  set level(valor: string) {
    this.#real().level = valor;
    this.#nivel = valor;
  }

  child(...args: ArgumentosDeHijo): FastifyBaseLogger {
    return this.#real().child(...args);
  }

  silent(): void {}

  trace(...args: ArgumentosDeLinea): void {
    this.#escribir('trace', args);
  }

  debug(...args: ArgumentosDeLinea): void {
    this.#escribir('debug', args);
  }

  info(...args: ArgumentosDeLinea): void {
    this.#escribir('info', args);
  }

  warn(...args: ArgumentosDeLinea): void {
    this.#escribir('warn', args);
  }

  error(...args: ArgumentosDeLinea): void {
    this.#escribir('error', args);
  }

  fatal(...args: ArgumentosDeLinea): void {
    this.#escribir('fatal', args);
  }
}

/**
 * Fastify's per-request logger, made when the request first logs a line its level lets through.
 * Fastify asks for a child logger on every request (its id bound); with `redact`, pino runs the
 * redaction over the bindings for each child, about 3.5 % of the server's CPU while answering the
 * catalogue, for requests that mostly log nothing (LOG_PEDIDOS below LOG_LEVEL). The lines it does
 * log are pino's own child's: the same bindings, level, serializers and redaction.
 */
export const hijoPerezoso: FabricaDeHijos = (padre, bindings, opciones) => new LogPerezoso(padre, bindings, opciones) as unknown as FastifyBaseLogger;

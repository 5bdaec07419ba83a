// The one way to write the audit trail (server/auditoria/README.md): `registrarEvento`, called with
// the transaction of the change it records, so a change that fails leaves no row and a row always
// means the change happened.
import type { FastifyRequest } from 'fastify';
import { ACCIONES_AUDITORIA, ACTORES, type AccionAuditoria } from '../../domain/auditoria';
import type { Db } from '../db/client';
import { auditoria } from '../db/schema';

/**
 * Who acts and from where: built once in the route (`contextoDe(request)`) and handed to the service,
 * which writes it with each event. Services also take the acting user's id from it (stock movements).
 */
export interface ContextoAuditoria {
  /** The signed-in user (id and name at the time), or null. */
  usuario: { id: number; usuario: string } | null;
  /** Who acted without a user: 'Mercado Pago', 'Sistema'; 'Anónimo' when neither is given. */
  actor?: string;
  /** The client's address as fastify reads it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  direccion: string | null;
  /** The User-Agent header. */
  navegador: string | null;
}

export interface EventoAuditoria {
  accion: AccionAuditoria;
  /** The id of the record it is about (the entity comes from the action); null for none (a bulk delete). */
  entidadId?: number | null;
  /** The values that matter before and after (price, stock, role, state); only what changed on an edit. */
  antes?: Valores | null;
  despues?: Valores | null;
  /** Facts that are neither (the quantity loaded, the range of a bulk delete). */
  detalle?: Valores | null;
}

export type Valores = Record<string, unknown>;

const LARGO_MAXIMO_NAVEGADOR = 400;
const LARGO_MAXIMO_DIRECCION = 100;

const recortar = (texto: string | string[] | undefined | null, largo: number): string | null => {
  const valor = Array.isArray(texto) ? texto[0] : texto;
  return valor ? valor.slice(0, largo) : null;
};

/** The context of a request: its signed-in user (if any), address and user agent. */
export function contextoDe(request: FastifyRequest): ContextoAuditoria {
  const u = request.usuario;
  return {
    usuario: u ? { id: u.id, usuario: u.usuario } : null,
    direccion: recortar(request.ip, LARGO_MAXIMO_DIRECCION),
    navegador: recortar(request.headers['user-agent'], LARGO_MAXIMO_NAVEGADOR),
  };
}

/** The same context with another user: the one who just registered or signed in. */
export const conUsuario = (contexto: ContextoAuditoria, usuario: { id: number; usuario: string }): ContextoAuditoria => ({
  ...contexto,
  usuario: { id: usuario.id, usuario: usuario.usuario },
});

/**
 * What Mercado Pago tells the shop (a payment's state): no user acts. With the request that brought the
 * news (the webhook's, or the return page's status check), its address and user agent.
 */
export const contextoDeMercadoPago = (request?: FastifyRequest): ContextoAuditoria => ({
  ...(request ? contextoDe(request) : { direccion: null, navegador: null }),
  usuario: null,
  actor: ACTORES.mercadoPago,
});

/** The shop itself, on its own schedule (a payment that expired): no user, no request. */
export const CONTEXTO_SISTEMA: ContextoAuditoria = Object.freeze({ usuario: null, actor: ACTORES.sistema, direccion: null, navegador: null });

/** The acting user's id (stock movements carry it), or null. */
export const idDeUsuario = (contexto: ContextoAuditoria): number | null => contexto.usuario?.id ?? null;

// Defence in depth: no caller passes these, and a test scans every row for them. A key that names a
// secret is dropped whatever its value; a value shaped like a password hash is replaced.
const CLAVE_SECRETA = /clave|contrase|password|passwd|hash|token|secret|cookie|totp|recuperacion/i;
const PARECE_HASH = /^\$(argon2|2[aby]\$|scrypt|pbkdf2)/i;
export const OMITIDO = '[omitido]';

/** A copy of the values without anything secret (see CLAVE_SECRETA); exported for its unit test. */
export function sinSecretos(valor: unknown): unknown {
  if (typeof valor === 'string') return PARECE_HASH.test(valor) ? OMITIDO : valor;
  if (Array.isArray(valor)) return valor.map(sinSecretos);
  if (valor instanceof Date) return valor.toISOString();
  if (valor && typeof valor === 'object') {
    return Object.fromEntries(
      Object.entries(valor)
        .filter(([clave, v]) => v !== undefined && !CLAVE_SECRETA.test(clave))
        .map(([clave, v]) => [clave, sinSecretos(v)]),
    );
  }
  return valor;
}

const valores = (v: Valores | null | undefined) => (v && Object.keys(v).length > 0 ? (sinSecretos(v) as Valores) : null);

/**
 * Appends one event to the audit trail. Call it with the transaction of the change (`tx`), after the
 * change's own statements, so both commit or neither does; outside a change (a failed sign-in), with
 * `app.db`. There is no function to change or delete an event, and the database refuses it.
 */
export async function registrarEvento(tx: Db, contexto: ContextoAuditoria, evento: EventoAuditoria): Promise<void> {
  await tx.insert(auditoria).values({
    usuarioId: contexto.usuario?.id ?? null,
    usuario: contexto.usuario?.usuario ?? contexto.actor ?? ACTORES.anonimo,
    accion: evento.accion,
    entidad: ACCIONES_AUDITORIA[evento.accion].entidad,
    entidadId: evento.entidadId ?? null,
    direccion: contexto.direccion,
    navegador: contexto.navegador,
    antes: valores(evento.antes),
    despues: valores(evento.despues),
    detalle: valores(evento.detalle),
  });
}

/**
 * The fields of `campos` whose value differs between two versions of a record, as `{antes, despues}`
 * holding only those (numbers compared as numbers, so 1360 and 1360.00 are the same). Null when
 * nothing changed: an edit that changes nothing writes no event.
 */
export function diferencias<T extends Valores>(antes: T, despues: T, campos: ReadonlyArray<keyof T & string>): { antes: Valores; despues: Valores } | null {
  const a: Valores = {};
  const d: Valores = {};
  for (const campo of campos) {
    if (!mismoValor(antes[campo], despues[campo])) {
      a[campo] = antes[campo] ?? null;
      d[campo] = despues[campo] ?? null;
    }
  }
  return Object.keys(a).length > 0 ? { antes: a, despues: d } : null;
}

const mismoValor = (a: unknown, b: unknown): boolean => {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
};

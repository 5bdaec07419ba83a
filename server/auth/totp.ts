import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TIENDA } from '../../domain/tienda';

// The pieces of the second factor that touch no database: TOTP codes (RFC 6238 through otpauth), the
// secret's encryption at rest, and recovery codes (docs/decisions/021-segundo-factor.md).

/** What every authenticator app assumes when the URI says nothing else: SHA-1, 6 digits, 30 seconds. */
const PERIODO_S = 30;
const DIGITOS = 6;
/** One step either side: a phone whose clock is up to 30 seconds off still works. */
const VENTANA = 1;
/** 160 bits, the size RFC 4226 recommends for HMAC-SHA-1. */
const BYTES_DEL_SECRETO = 20;

export const nuevoSecreto = (): string => new Secret({ size: BYTES_DEL_SECRETO }).base32;

/** The 30-second time step of a moment. */
export const pasoDeTiempo = (ms: number): number => TOTP.counter({ period: PERIODO_S, timestamp: ms });

/** The code of a secret at a moment (tests, and nothing else, compute codes). */
export const codigoEn = (secreto: string, ms: number): string =>
  TOTP.generate({ secret: Secret.fromBase32(secreto), digits: DIGITOS, period: PERIODO_S, timestamp: ms });

/** Six digits, spaces allowed ('123 456'); null for anything else. */
export function normalizarCodigoTotp(texto: string): string | null {
  const limpio = texto.replace(/\s/g, '');
  return /^\d{6}$/.test(limpio) ? limpio : null;
}

/** The time step whose code this is, within one step of `ms`; null when it is none of them. */
export function pasoDelCodigo(secreto: string, codigo: string, ms: number): number | null {
  const delta = TOTP.validate({ token: codigo, secret: Secret.fromBase32(secreto), digits: DIGITOS, period: PERIODO_S, timestamp: ms, window: VENTANA });
  return delta === null ? null : pasoDeTiempo(ms) + delta;
}

/** The manual key in groups of four, as apps show and accept it. */
export const claveEnGrupos = (secreto: string): string => secreto.match(/.{1,4}/g)!.join(' ');

/** The otpauth:// URI and its QR code (an SVG data URL, drawn here so the browser needs no QR library). */
export async function datosDeInscripcion(secreto: string, usuario: string): Promise<{ clave: string; uri: string; qr: string }> {
  const totp = new TOTP({ issuer: TIENDA.nombre, label: usuario, secret: Secret.fromBase32(secreto), digits: DIGITOS, period: PERIODO_S });
  const uri = totp.toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { clave: claveEnGrupos(secreto), uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

// ---- The secret at rest ----
// With ADMIN_MFA_CLAVE: AES-256-GCM, a fresh IV per write, the user id as associated data (a row copied
// onto another user does not decrypt). Without it: kept as is, marked so that a key added later
// encrypts it at the next start (`volverACifrar`).

const CLARO = 'claro:';
const V1 = 'v1:';
const datosAsociados = (userId: number) => Buffer.from(`segundo_factor:${userId}`);

export const estaCifrado = (guardado: string): boolean => guardado.startsWith(V1);

export function guardarSecreto(secreto: string, userId: number, clave: Buffer | undefined): string {
  if (!clave) return CLARO + secreto;
  const iv = randomBytes(12);
  const cifrador = createCipheriv('aes-256-gcm', clave, iv);
  cifrador.setAAD(datosAsociados(userId));
  const cifrado = Buffer.concat([cifrador.update(secreto, 'utf8'), cifrador.final()]);
  return V1 + [iv, cifrador.getAuthTag(), cifrado].map((b) => b.toString('base64url')).join(':');
}

/** Throws when the row is encrypted and there is no key, or not with this key. */
export function leerSecreto(guardado: string, userId: number, clave: Buffer | undefined): string {
  if (guardado.startsWith(CLARO)) return guardado.slice(CLARO.length);
  const partes = guardado.startsWith(V1) ? guardado.slice(V1.length).split(':') : [];
  if (partes.length !== 3) throw new Error('Un secreto de segundo factor guardado tiene un formato desconocido.');
  if (!clave) throw new Error('Hay secretos de segundo factor cifrados y falta ADMIN_MFA_CLAVE.');
  const [iv, etiqueta, cifrado] = partes.map((p) => Buffer.from(p, 'base64url'));
  const descifrador = createDecipheriv('aes-256-gcm', clave, iv!);
  descifrador.setAAD(datosAsociados(userId));
  descifrador.setAuthTag(etiqueta!);
  return Buffer.concat([descifrador.update(cifrado!), descifrador.final()]).toString('utf8');
}

// ---- Recovery codes ----
// Twelve symbols of Crockford's base32 (no I, L, O, U: nothing to misread) are 60 random bits. Codes that
// random cannot be guessed from a list the way passwords are, so a salted SHA-256 is enough to keep them
// (a slow hash protects low-entropy secrets); each code has its own salt.

const ALFABETO = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SIMBOLOS_POR_CODIGO = 12;
export const CANTIDAD_DE_CODIGOS = 10;

function codigoAlAzar(): string {
  // 256 is a multiple of 32: every symbol equally likely.
  const simbolos = [...randomBytes(SIMBOLOS_POR_CODIGO)].map((b) => ALFABETO[b % 32]).join('');
  return simbolos.match(/.{4}/g)!.join('-');
}

export const nuevosCodigosDeRecuperacion = (): string[] => Array.from({ length: CANTIDAD_DE_CODIGOS }, codigoAlAzar);

/** Upper case without spaces or dashes, with Crockford's look-alikes read as he says (O is 0; I and L are 1); null if it cannot be one. */
export function normalizarCodigoDeRecuperacion(texto: string): string | null {
  const limpio = texto
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return limpio.length === SIMBOLOS_POR_CODIGO && [...limpio].every((c) => ALFABETO.includes(c)) ? limpio : null;
}

export const hashDeCodigo = (codigoNormalizado: string, sal: Buffer): Buffer =>
  createHash('sha256').update(sal).update(codigoNormalizado).digest();

export function guardarCodigo(codigo: string): { hash: string; sal: string } {
  const sal = randomBytes(16);
  return { hash: hashDeCodigo(normalizarCodigoDeRecuperacion(codigo)!, sal).toString('hex'), sal: sal.toString('hex') };
}

export const coincideCodigo = (codigoNormalizado: string, guardado: { hash: string; sal: string }): boolean =>
  timingSafeEqual(hashDeCodigo(codigoNormalizado, Buffer.from(guardado.sal, 'hex')), Buffer.from(guardado.hash, 'hex'));

import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_SEGUNDO_FACTOR as M } from '../../domain/segundo-factor';
import { buildApp } from '../app';
import { leerConfig } from '../config';
import { codigoRecuperacion, inicioPendiente, segundoFactor, sesion } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';
import { codigoEn } from './totp';

// Codes are computed here from the secret the enrolment answered, at a clock the test sets: only Date
// is faked, so the database and Fastify keep their real timers.

const PASO = 30_000;
const MINUTO = 60_000;
let inicio = 0;

function relojFalso() {
  vi.useFakeTimers({ toFake: ['Date'] });
  // The start of a time step, a good while after the real now: each test starts from its own clean slate.
  inicio = (Math.floor(Date.now() / PASO) + 1000) * PASO;
  vi.setSystemTime(inicio);
}
const relojEn = (ms: number) => vi.setSystemTime(inicio + ms);
afterEach(() => {
  vi.useRealTimers();
});

type Usuario = Awaited<ReturnType<typeof crearUsuario>>;
let t: AppDePrueba;
/** Every answer of the tests, to look for secrets afterwards, and every secret enrolled. */
const respuestas: Array<{ url: string; cuerpo: string }> = [];
const secretos = new Set<string>();

/** Six digits that are not the code of any step within reach of now. */
function codigoEquivocado(secreto: string, n: number): string {
  const validos = [-1, 0, 1].map((d) => codigoEn(secreto, Date.now() + d * PASO));
  let codigo = 100000 + n * 7;
  while (validos.includes(String(codigo))) codigo++;
  return String(codigo);
}
let direccion = 0;
/** A fresh address per test, so one test's failures do not throttle another. */
const nuevaDireccion = () => `10.77.${Math.floor(++direccion / 250)}.${direccion % 250}`;

async function pedir(
  app: AppDePrueba,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opciones: { cookie?: string; payload?: object; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const r = await app.app.inject({
    method,
    url,
    payload: opciones.payload,
    remoteAddress: opciones.ip ?? '10.0.0.1',
    headers: opciones.cookie ? { cookie: opciones.cookie } : {},
  });
  respuestas.push({ url, cuerpo: r.body });
  return r;
}

const galleta = (r: LightMyRequestResponse, nombre: string) => r.cookies.find((c) => c.name === nombre && c.value !== '');

/** Password step: the half-way cookie, or the session cookie when the account has no second factor. */
async function primerPaso(app: AppDePrueba, u: Usuario, ip: string) {
  const r = await pedir(app, 'POST', '/api/auth/login', { payload: { usuario: u.usuario, clave: u.clave }, ip });
  expect(r.statusCode).toBe(200);
  return r;
}
async function loginConCodigo(app: AppDePrueba, u: Usuario, codigo: string, ip = nuevaDireccion()) {
  const paso1 = await primerPaso(app, u, ip);
  const pendiente = galleta(paso1, 'inicio_pendiente');
  expect(pendiente, 'el primer paso deja la cookie de inicio pendiente').toBeDefined();
  const r = await pedir(app, 'POST', '/api/auth/login/codigo', { payload: { codigo }, cookie: `inicio_pendiente=${pendiente!.value}`, ip });
  const s = galleta(r, 'sesion');
  return { r, cookie: s ? `sesion=${s.value}` : undefined, pendiente: `inicio_pendiente=${pendiente!.value}` };
}
async function cookieSinFactor(app: AppDePrueba, u: Usuario) {
  const r = await primerPaso(app, u, nuevaDireccion());
  return `sesion=${galleta(r, 'sesion')!.value}`;
}

/** Enrols the user of `cookie` at the current clock: the secret (from the manual key) and the recovery codes. */
async function inscribir(app: AppDePrueba, cookie: string) {
  const ins = await pedir(app, 'POST', '/api/auth/segundo-factor/inscripcion', { cookie });
  expect(ins.statusCode).toBe(200);
  const { clave } = ins.json() as { clave: string };
  const secreto = clave.replaceAll(' ', '');
  secretos.add(secreto);
  const conf = await pedir(app, 'POST', '/api/auth/segundo-factor/confirmacion', { cookie, payload: { codigo: codigoEn(secreto, Date.now()) } });
  expect(conf.statusCode).toBe(200);
  return { secreto, codigos: (conf.json() as { codigosDeRecuperacion: string[] }).codigosDeRecuperacion };
}

async function adminInscripto(app: AppDePrueba = t) {
  const admin = await crearUsuario(app.db, { rol: 'ADMIN' });
  const cookie = await cookieSinFactor(app, admin);
  const { secreto, codigos } = await inscribir(app, cookie);
  return { admin, cookie, secreto, codigos };
}

beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

describe('enrolment', () => {
  it('answers a QR and the manual key once, takes a first code, and answers ten recovery codes kept only hashed', async () => {
    relojFalso();
    const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const cookie = await cookieSinFactor(t, admin);
    const estado = await pedir(t, 'GET', '/api/auth/segundo-factor', { cookie });
    expect(estado.json()).toEqual({ activa: false, obligatoria: false, codigosRestantes: null });

    const ins = await pedir(t, 'POST', '/api/auth/segundo-factor/inscripcion', { cookie });
    expect(ins.statusCode).toBe(200);
    const { clave, uri, qr } = ins.json() as { clave: string; uri: string; qr: string };
    expect(clave).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
    const secreto = clave.replaceAll(' ', '');
    secretos.add(secreto);
    expect(secreto).toHaveLength(32); // 160 bits
    const url = new URL(uri);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Librería Mendoza:${admin.usuario}`);
    expect(url.searchParams.get('secret')).toBe(secreto);
    expect(url.searchParams.get('issuer')).toBe('Librería Mendoza');
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Not active until a first code: a sign-in still asks only the password.
    expect((await pedir(t, 'GET', '/api/auth/segundo-factor', { cookie })).json()).toMatchObject({ activa: false });
    expect(galleta(await primerPaso(t, admin, nuevaDireccion()), 'sesion')).toBeDefined();

    const mal = await pedir(t, 'POST', '/api/auth/segundo-factor/confirmacion', { cookie, payload: { codigo: codigoEn(secreto, Date.now() + 5 * PASO) } });
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toEqual({ message: M.codigoIncorrecto, errors: [{ campo: 'codigo', mensaje: M.codigoIncorrecto }] });

    const conf = await pedir(t, 'POST', '/api/auth/segundo-factor/confirmacion', { cookie, payload: { codigo: codigoEn(secreto, Date.now()) } });
    expect(conf.statusCode).toBe(200);
    const codigos = (conf.json() as { codigosDeRecuperacion: string[] }).codigosDeRecuperacion;
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    for (const c of codigos) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    const guardados = await t.db.select().from(codigoRecuperacion).where(eq(codigoRecuperacion.userId, admin.id));
    expect(guardados).toHaveLength(10);
    const textoGuardado = JSON.stringify(guardados);
    for (const c of codigos) {
      expect(textoGuardado).not.toContain(c);
      expect(textoGuardado).not.toContain(c.replaceAll('-', ''));
    }
    expect(new Set(guardados.map((g) => g.sal)).size).toBe(10);

    expect((await pedir(t, 'GET', '/api/auth/segundo-factor', { cookie })).json()).toEqual({ activa: true, obligatoria: false, codigosRestantes: 10 });
    // An active factor is not replaced by asking for a new QR, and the secret is not answered again.
    const otra = await pedir(t, 'POST', '/api/auth/segundo-factor/inscripcion', { cookie });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(M.yaActiva);
    expect((await pedir(t, 'POST', '/api/auth/segundo-factor/confirmacion', { cookie, payload: { codigo: codigoEn(secreto, Date.now() + PASO) } })).statusCode).toBe(409);
  });

  it('asking for the QR again before confirming replaces the secret: a code of the first one no longer confirms', async () => {
    relojFalso();
    const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const cookie = await cookieSinFactor(t, admin);
    const primero = ((await pedir(t, 'POST', '/api/auth/segundo-factor/inscripcion', { cookie })).json() as { clave: string }).clave.replaceAll(' ', '');
    const segundo = ((await pedir(t, 'POST', '/api/auth/segundo-factor/inscripcion', { cookie })).json() as { clave: string }).clave.replaceAll(' ', '');
    secretos.add(primero).add(segundo);
    expect(segundo).not.toBe(primero);
    const viejo = await pedir(t, 'POST', '/api/auth/segundo-factor/confirmacion', { cookie, payload: { codigo: codigoEn(primero, Date.now()) } });
    expect(viejo.statusCode).toBe(400);
    const nuevo = await pedir(t, 'POST', '/api/auth/segundo-factor/confirmacion', { cookie, payload: { codigo: codigoEn(segundo, Date.now()) } });
    expect(nuevo.statusCode).toBe(200);
  });

  it('confirming without a QR first is a 400; the enrolment routes are for admins only', async () => {
    const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const cookie = await cookieSinFactor(t, admin);
    const r = await pedir(t, 'POST', '/api/auth/segundo-factor/confirmacion', { cookie, payload: { codigo: '123456' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(M.sinInscripcion);
    const cliente = await crearUsuario(t.db);
    const deCliente = await cookieSinFactor(t, cliente);
    expect((await pedir(t, 'POST', '/api/auth/segundo-factor/inscripcion', { cookie: deCliente })).statusCode).toBe(403);
    expect((await pedir(t, 'GET', '/api/auth/segundo-factor')).statusCode).toBe(401);
  });
});

describe('sign-in in two steps', () => {
  it('the password gives no session, only a five-minute HttpOnly cookie for the login routes; the code gives the session', async () => {
    relojFalso();
    const { admin, secreto } = await adminInscripto();
    relojEn(PASO);
    const ip = nuevaDireccion();
    const paso1 = await primerPaso(t, admin, ip);
    expect(paso1.json()).toEqual({ success: true, message: M.ingresaCodigo, requiereCodigo: true });
    expect(galleta(paso1, 'sesion')).toBeUndefined();
    const pendiente = galleta(paso1, 'inicio_pendiente')!;
    expect(pendiente.httpOnly).toBe(true);
    expect(pendiente.sameSite).toBe('Strict');
    expect(pendiente.path).toBe('/api/auth/login');
    expect(pendiente.expires?.getTime()).toBe(inicio + PASO + 5 * MINUTO);
    expect(paso1.headers['cache-control']).toBe('no-store');
    // Half-way is nobody: not a session anywhere.
    const cookiePendiente = `inicio_pendiente=${pendiente.value}`;
    expect((await pedir(t, 'GET', '/api/user', { cookie: cookiePendiente })).statusCode).toBe(401);
    expect((await pedir(t, 'GET', '/api/auth/me', { cookie: cookiePendiente })).json()).toBeNull();
    expect(await t.db.select().from(sesion).where(eq(sesion.userId, admin.id))).toHaveLength(1); // the enrolment's own

    const paso2 = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: codigoEn(secreto, Date.now()) }, cookie: cookiePendiente, ip });
    expect(paso2.statusCode).toBe(200);
    expect(paso2.json()).toEqual({ success: true, message: 'Inicio de sesión exitoso', data: { id: admin.id, usuario: admin.usuario, rol: 'ADMIN', mensaje: null } });
    const s = galleta(paso2, 'sesion')!;
    expect(s.httpOnly).toBe(true);
    expect(paso2.cookies.find((c) => c.name === 'inicio_pendiente')?.value).toBe(''); // cleared
    expect((await pedir(t, 'GET', '/api/user', { cookie: `sesion=${s.value}` })).statusCode).toBe(200);
    // The half-way cookie is spent.
    const otraVez = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: codigoEn(secreto, Date.now() + PASO) }, cookie: cookiePendiente, ip });
    expect(otraVez.statusCode).toBe(401);
    expect(otraVez.json()).toEqual({ success: false, message: M.inicioVencido });
  });

  it('accepts a code one step off either way (a phone clock a little wrong), not two', async () => {
    relojFalso();
    const { admin, secreto } = await adminInscripto();
    relojEn(10 * PASO);
    expect((await loginConCodigo(t, admin, codigoEn(secreto, Date.now() - PASO))).r.statusCode).toBe(200);
    relojEn(20 * PASO);
    expect((await loginConCodigo(t, admin, codigoEn(secreto, Date.now() + PASO))).r.statusCode).toBe(200);
    relojEn(30 * PASO);
    expect((await loginConCodigo(t, admin, codigoEn(secreto, Date.now() + 2 * PASO))).r.statusCode).toBe(401);
    expect((await loginConCodigo(t, admin, codigoEn(secreto, Date.now() - 2 * PASO))).r.statusCode).toBe(401);
  });

  it('a code used once is refused again, and so is an older one; the next step’s code works', async () => {
    relojFalso();
    const { admin, secreto } = await adminInscripto();
    relojEn(PASO);
    const codigo = codigoEn(secreto, Date.now());
    expect((await loginConCodigo(t, admin, codigo)).r.statusCode).toBe(200);
    const repetido = await loginConCodigo(t, admin, codigo);
    expect(repetido.r.statusCode).toBe(401);
    expect(repetido.r.json()).toEqual({ success: false, message: M.codigoIncorrecto });
    expect(repetido.cookie).toBeUndefined();
    // Still within the window, the previous step's code is older than the one used: refused.
    expect((await loginConCodigo(t, admin, codigoEn(secreto, Date.now() - PASO))).r.statusCode).toBe(401);
    relojEn(2 * PASO);
    expect((await loginConCodigo(t, admin, codigoEn(secreto, Date.now()))).r.statusCode).toBe(200);
  });

  it('the same code sent twice at once, from two half-way sign-ins, makes exactly one session', async () => {
    relojFalso();
    const { admin, secreto } = await adminInscripto();
    relojEn(PASO);
    const codigo = codigoEn(secreto, Date.now());
    const pendientes = await Promise.all([0, 1].map(async () => galleta(await primerPaso(t, admin, nuevaDireccion()), 'inicio_pendiente')!.value));
    const sesionesAntes = (await t.db.select().from(sesion).where(eq(sesion.userId, admin.id))).length;
    const resultados = await Promise.all(
      pendientes.map((p) => pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo }, cookie: `inicio_pendiente=${p}`, ip: nuevaDireccion() })),
    );
    expect(resultados.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(await t.db.select().from(sesion).where(eq(sesion.userId, admin.id))).toHaveLength(sesionesAntes + 1);
  });

  it('the half-way sign-in lasts five minutes; without it the code step is a 401', async () => {
    relojFalso();
    const { admin, secreto } = await adminInscripto();
    const ip = nuevaDireccion();
    const pendiente = galleta(await primerPaso(t, admin, ip), 'inicio_pendiente')!;
    relojEn(5 * MINUTO);
    const tarde = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: codigoEn(secreto, Date.now()) }, cookie: `inicio_pendiente=${pendiente.value}`, ip });
    expect(tarde.statusCode).toBe(401);
    expect(tarde.json()).toEqual({ success: false, message: M.inicioVencido });
    expect(await t.db.select().from(inicioPendiente).where(eq(inicioPendiente.userId, admin.id))).toHaveLength(0);
    const sinCookie = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: codigoEn(secreto, Date.now()) }, ip });
    expect(sinCookie.statusCode).toBe(401);
    const inventada = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: codigoEn(secreto, Date.now()) }, cookie: 'inicio_pendiente=inventada', ip });
    expect(inventada.statusCode).toBe(401);
    const vacio = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: ' ' }, cookie: `inicio_pendiente=${pendiente.value}`, ip });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json()).toEqual({ success: false, message: M.codigoObligatorio });
  });

  it('a recovery code signs in once (typed in lower case, without dashes), and says how many are left', async () => {
    relojFalso();
    const { admin, codigos } = await adminInscripto();
    const [primero, segundo] = codigos;
    const con = await loginConCodigo(t, admin, primero!.replaceAll('-', '').toLowerCase());
    expect(con.r.statusCode).toBe(200);
    expect(con.r.json()).toMatchObject({ success: true, message: M.codigosRestantes(9), codigosRestantes: 9, data: { id: admin.id } });
    expect(con.cookie).toBeDefined();
    const otraVez = await loginConCodigo(t, admin, primero!);
    expect(otraVez.r.statusCode).toBe(401);
    expect(otraVez.r.json().message).toBe(M.codigoIncorrecto);
    expect((await loginConCodigo(t, admin, ` ${segundo} `)).r.json()).toMatchObject({ codigosRestantes: 8 });
    expect((await pedir(t, 'GET', '/api/auth/segundo-factor', { cookie: con.cookie })).json()).toMatchObject({ codigosRestantes: 8 });
    // Another admin's codes are no use here.
    const otro = await adminInscripto();
    expect((await loginConCodigo(t, admin, otro.codigos[0]!)).r.statusCode).toBe(401);
  });

  it('an account without a second factor still signs in with the password alone', async () => {
    const cliente = await crearUsuario(t.db);
    const r = await primerPaso(t, cliente, nuevaDireccion());
    expect(r.json()).toEqual({ success: true, message: 'Inicio de sesión exitoso', data: { id: cliente.id, usuario: cliente.usuario, rol: 'USER', mensaje: null } });
    expect(galleta(r, 'inicio_pendiente')).toBeUndefined();
  });
});

describe('wrong codes are throttled like passwords', () => {
  it('five wrong codes from one address: 429 there even with the right code (and for the password), not from another', async () => {
    relojFalso();
    const { admin, secreto } = await adminInscripto();
    relojEn(PASO);
    const ip = nuevaDireccion();
    const pendiente = `inicio_pendiente=${galleta(await primerPaso(t, admin, ip), 'inicio_pendiente')!.value}`;
    for (let i = 0; i < 5; i++) {
      const r = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: codigoEquivocado(secreto, i) }, cookie: pendiente, ip });
      expect(r.statusCode).toBe(401);
    }
    const bloqueado = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: codigoEn(secreto, Date.now()) }, cookie: pendiente, ip });
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json()).toEqual({ success: false, message: MENSAJES.loginDemasiadosIntentos });
    expect((await pedir(t, 'POST', '/api/auth/login', { payload: { usuario: admin.usuario, clave: admin.clave }, ip })).statusCode).toBe(429);
    expect((await loginConCodigo(t, admin, codigoEn(secreto, Date.now()))).r.statusCode).toBe(200);
    // Fifteen minutes later that address may try again.
    relojEn(PASO + 16 * MINUTO);
    expect((await loginConCodigo(t, admin, codigoEn(secreto, Date.now()), ip)).r.statusCode).toBe(200);
  });

  it('ten wrong codes on one account from several addresses: the code step is refused from any address', async () => {
    relojFalso();
    const { admin, secreto } = await adminInscripto();
    relojEn(PASO);
    for (let i = 0; i < 10; i++) {
      expect((await loginConCodigo(t, admin, codigoEquivocado(secreto, i))).r.statusCode).toBe(401);
    }
    const desdeOtra = await loginConCodigo(t, admin, codigoEn(secreto, Date.now()));
    expect(desdeOtra.r.statusCode).toBe(429);
    // Somebody else's account is not affected.
    const otro = await adminInscripto();
    expect((await loginConCodigo(t, otro.admin, codigoEn(otro.secreto, Date.now() + PASO))).r.statusCode).toBe(200);
  });

  it('wrong codes when turning the factor off are counted too', async () => {
    relojFalso();
    const { cookie, secreto } = await adminInscripto();
    const ip = nuevaDireccion();
    for (let i = 0; i < 5; i++) {
      const r = await pedir(t, 'POST', '/api/auth/segundo-factor/desactivacion', { cookie, payload: { codigo: codigoEquivocado(secreto, i) }, ip });
      expect(r.statusCode).toBe(400);
    }
    relojEn(PASO);
    const bloqueado = await pedir(t, 'POST', '/api/auth/segundo-factor/desactivacion', { cookie, payload: { codigo: codigoEn(secreto, Date.now()) }, ip });
    expect(bloqueado.statusCode).toBe(429);
    expect((await pedir(t, 'GET', '/api/auth/segundo-factor', { cookie })).json()).toMatchObject({ activa: true });
  });
});

describe("one's own factor: off only with a code; new recovery codes", () => {
  it('turning it off needs a code of the app or a recovery code; the session alone is not enough', async () => {
    relojFalso();
    const { admin, cookie, secreto } = await adminInscripto();
    const sinCodigo = await pedir(t, 'POST', '/api/auth/segundo-factor/desactivacion', { cookie, payload: {} });
    expect(sinCodigo.statusCode).toBe(400);
    const mal = await pedir(t, 'POST', '/api/auth/segundo-factor/desactivacion', { cookie, payload: { codigo: codigoEn(secreto, Date.now() + 4 * PASO) } });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toBe(M.codigoIncorrecto);
    // Through the admin's reset of someone else: refused for oneself, whoever asks.
    const propio = await pedir(t, 'DELETE', `/api/user/${admin.id}/segundo-factor`, { cookie });
    expect(propio.statusCode).toBe(409);
    expect(propio.json().message).toBe(M.propiaSinCodigo);
    expect((await pedir(t, 'GET', '/api/auth/segundo-factor', { cookie })).json()).toMatchObject({ activa: true });

    relojEn(PASO);
    const ok = await pedir(t, 'POST', '/api/auth/segundo-factor/desactivacion', { cookie, payload: { codigo: codigoEn(secreto, Date.now()) } });
    expect(ok.statusCode).toBe(204);
    expect((await pedir(t, 'GET', '/api/auth/segundo-factor', { cookie })).json()).toEqual({ activa: false, obligatoria: false, codigosRestantes: null });
    expect(await t.db.select().from(codigoRecuperacion).where(eq(codigoRecuperacion.userId, admin.id))).toHaveLength(0);
    expect(galleta(await primerPaso(t, admin, nuevaDireccion()), 'sesion')).toBeDefined();
    expect((await pedir(t, 'POST', '/api/auth/segundo-factor/desactivacion', { cookie, payload: { codigo: '123456' } })).statusCode).toBe(409);
  });

  it('a recovery code turns it off too', async () => {
    relojFalso();
    const { cookie, codigos } = await adminInscripto();
    expect((await pedir(t, 'POST', '/api/auth/segundo-factor/desactivacion', { cookie, payload: { codigo: codigos[3]! } })).statusCode).toBe(204);
  });

  it('new recovery codes replace the old ones', async () => {
    relojFalso();
    const { admin, cookie, secreto, codigos } = await adminInscripto();
    relojEn(PASO);
    const r = await pedir(t, 'POST', '/api/auth/segundo-factor/codigos-de-recuperacion', { cookie, payload: { codigo: codigoEn(secreto, Date.now()) } });
    expect(r.statusCode).toBe(200);
    const nuevos = (r.json() as { codigosDeRecuperacion: string[] }).codigosDeRecuperacion;
    expect(nuevos).toHaveLength(10);
    expect(nuevos.filter((c) => codigos.includes(c))).toEqual([]);
    expect((await loginConCodigo(t, admin, codigos[0]!)).r.statusCode).toBe(401);
    expect((await loginConCodigo(t, admin, nuevos[0]!)).r.statusCode).toBe(200);
  });
});

describe("an admin resets another admin's second factor", () => {
  it('removes it, ends their sessions and half-way sign-ins; they sign in next with the password alone', async () => {
    relojFalso();
    const perdido = await adminInscripto();
    const { cookie: otro } = await adminInscripto();
    const pendiente = galleta(await primerPaso(t, perdido.admin, nuevaDireccion()), 'inicio_pendiente')!;
    expect((await pedir(t, 'GET', `/api/user/${perdido.admin.id}/segundo-factor`, { cookie: otro })).json()).toEqual({ activa: true });

    const r = await pedir(t, 'DELETE', `/api/user/${perdido.admin.id}/segundo-factor`, { cookie: otro });
    expect(r.statusCode).toBe(204);
    expect((await pedir(t, 'GET', `/api/user/${perdido.admin.id}/segundo-factor`, { cookie: otro })).json()).toEqual({ activa: false });
    expect((await pedir(t, 'GET', '/api/user', { cookie: perdido.cookie })).statusCode).toBe(401);
    expect(await t.db.select().from(segundoFactor).where(eq(segundoFactor.userId, perdido.admin.id))).toHaveLength(0);
    expect(await t.db.select().from(codigoRecuperacion).where(eq(codigoRecuperacion.userId, perdido.admin.id))).toHaveLength(0);
    const tarde = await pedir(t, 'POST', '/api/auth/login/codigo', { payload: { codigo: perdido.codigos[0]! }, cookie: `inicio_pendiente=${pendiente.value}` });
    expect(tarde.statusCode).toBe(401);
    expect(galleta(await primerPaso(t, perdido.admin, nuevaDireccion()), 'sesion')).toBeDefined();
  });

  it('an unknown user is a 404; a customer may not reset anybody', async () => {
    const { cookie } = await adminInscripto();
    const r = await pedir(t, 'DELETE', '/api/user/999999/segundo-factor', { cookie });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(M.usuarioNoEncontrado);
    const admin = await adminInscripto();
    const cliente = await crearUsuario(t.db);
    const deCliente = await cookieSinFactor(t, cliente);
    expect((await pedir(t, 'DELETE', `/api/user/${admin.admin.id}/segundo-factor`, { cookie: deCliente })).statusCode).toBe(403);
    expect((await pedir(t, 'GET', `/api/user/${admin.admin.id}/segundo-factor`, { cookie: deCliente })).statusCode).toBe(403);
  });
});

describe('ADMIN_MFA=obligatorio', () => {
  let o: AppDePrueba;
  beforeAll(async () => {
    o = await crearAppDePrueba({ ADMIN_MFA: 'obligatorio' });
  });
  afterAll(() => o.cerrar());

  /** The routes an admin who must enrol may still use: the enrolment's. */
  const DE_INSCRIPCION = new Set([
    'GET /api/auth/segundo-factor',
    'POST /api/auth/segundo-factor/inscripcion',
    'POST /api/auth/segundo-factor/confirmacion',
    'POST /api/auth/segundo-factor/codigos-de-recuperacion',
    'POST /api/auth/segundo-factor/desactivacion',
  ]);

  it('an admin without a second factor gets 403 from every route that needs a session but the enrolment ones, until enrolling', async () => {
    relojFalso();
    const admin = await crearUsuario(o.db, { rol: 'ADMIN' });
    const paso1 = await primerPaso(o, admin, nuevaDireccion());
    expect(paso1.json().data).toEqual({ id: admin.id, usuario: admin.usuario, rol: 'ADMIN', mensaje: null, debeActivarSegundoFactor: true });
    const cookie = `sesion=${galleta(paso1, 'sesion')!.value}`;
    expect((await pedir(o, 'GET', '/api/auth/me', { cookie })).json()).toMatchObject({ debeActivarSegundoFactor: true });

    const conSesion = o.app.rutasApi.filter((r) => r.acceso !== 'publico');
    expect(conSesion.filter((r) => r.acceso === 'admin').length).toBeGreaterThan(40);
    expect(conSesion.filter((r) => DE_INSCRIPCION.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`).sort()).toEqual([...DE_INSCRIPCION].sort());
    const noRefusadas: string[] = [];
    for (const ruta of conSesion) {
      if (DE_INSCRIPCION.has(`${ruta.method} ${ruta.url}`)) continue;
      const url = ruta.url.replace(/:\w+/g, String(admin.id));
      const r = await o.app.inject({ method: ruta.method as 'GET', url, headers: { cookie }, payload: ['POST', 'PUT', 'PATCH'].includes(ruta.method) ? {} : undefined });
      if (r.statusCode !== 403 || r.json().message !== M.debeActivar) noRefusadas.push(`${ruta.method} ${url} (${ruta.acceso}) -> ${r.statusCode} ${r.body.slice(0, 80)}`);
    }
    expect(noRefusadas).toEqual([]);
    // Public routes answer as to anyone: no costs in the catalogue.
    const catalogo = await pedir(o, 'GET', '/api/producto', { cookie });
    expect(catalogo.statusCode).toBe(200);
    const esAdminAhi = await o.app.inject({ method: 'GET', url: '/api/producto?porPagina=1', headers: { cookie } });
    expect(esAdminAhi.body).not.toContain('"costo"');

    expect((await pedir(o, 'GET', '/api/auth/segundo-factor', { cookie })).json()).toEqual({ activa: false, obligatoria: true, codigosRestantes: null });
    await inscribir(o, cookie);
    // The same session, at once: everything.
    expect((await pedir(o, 'GET', '/api/user', { cookie })).statusCode).toBe(200);
    expect((await pedir(o, 'GET', '/api/auth/me', { cookie })).json()).toEqual({ id: admin.id, usuario: admin.usuario, rol: 'ADMIN', mensaje: null });
  });

  it('turning one\'s factor off, or being reset, puts an admin back to enrol-first; customers are not concerned', async () => {
    relojFalso();
    const a = await adminInscripto(o);
    const b = await adminInscripto(o);
    relojEn(PASO);
    const sesionB = (await loginConCodigo(o, b.admin, codigoEn(b.secreto, Date.now()))).cookie!;
    expect((await pedir(o, 'POST', '/api/auth/segundo-factor/desactivacion', { cookie: sesionB, payload: { codigo: b.codigos[0]! } })).statusCode).toBe(204);
    const r = await pedir(o, 'GET', '/api/venta', { cookie: sesionB });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(M.debeActivar);

    expect((await pedir(o, 'DELETE', `/api/user/${b.admin.id}/segundo-factor`, { cookie: a.cookie })).statusCode).toBe(204);
    const sinFactor = await primerPaso(o, b.admin, nuevaDireccion());
    expect(sinFactor.json().data.debeActivarSegundoFactor).toBe(true);

    const cliente = await crearUsuario(o.db);
    const deCliente = await cookieSinFactor(o, cliente);
    expect((await pedir(o, 'GET', `/api/venta/user/${cliente.id}`, { cookie: deCliente })).statusCode).toBe(200);
    expect((await pedir(o, 'GET', '/api/auth/me', { cookie: deCliente })).json()).not.toHaveProperty('debeActivarSegundoFactor');
  });
});

describe('nothing secret in any answer', () => {
  it('the secret only in the enrolment answer, recovery codes only where they are made, no hash nor salt anywhere', async () => {
    const filas = await t.db.select().from(codigoRecuperacion);
    const factores = await t.db.select().from(segundoFactor);
    expect(respuestas.length).toBeGreaterThan(100);
    expect(factores.every((f) => secretos.has(f.secreto.replace(/^claro:/, '')))).toBe(true);
    const conSecreto = respuestas.filter((r) => [...secretos].some((secreto) => r.cuerpo.includes(secreto)));
    expect(conSecreto.length).toBeGreaterThanOrEqual(secretos.size);
    expect(conSecreto.every((r) => r.url === '/api/auth/segundo-factor/inscripcion')).toBe(true);
    for (const r of respuestas) {
      for (const f of filas) {
        expect(r.cuerpo).not.toContain(f.hash);
        expect(r.cuerpo).not.toContain(f.sal);
      }
      expect(r.cuerpo).not.toMatch(/secreto|"hash"|"sal"|clave-\d+-segura/);
    }
    const conCodigos = respuestas.filter((r) => r.cuerpo.includes('codigosDeRecuperacion'));
    expect(conCodigos.length).toBeGreaterThan(0);
    expect(conCodigos.every((r) => ['/api/auth/segundo-factor/confirmacion', '/api/auth/segundo-factor/codigos-de-recuperacion'].includes(r.url))).toBe(true);
  });
});

// Last: it changes how the secrets of this file's database are kept.
describe('the secret at rest (ADMIN_MFA_CLAVE)', () => {
  const CLAVE = 'a1'.repeat(32);

  it('without a key the secret is kept as it is, and a key added later encrypts it at the next start; sign-in keeps working', async () => {
    relojFalso();
    const { admin, secreto } = await adminInscripto();
    const [antes] = await t.db.select().from(segundoFactor).where(eq(segundoFactor.userId, admin.id));
    expect(antes!.secreto).toBe(`claro:${secreto}`);

    const conClave = await buildApp({ config: leerConfig({ ...envDe(t), ADMIN_MFA_CLAVE: CLAVE }), base: t.base });
    try {
      await conClave.ready();
      const [despues] = await t.db.select().from(segundoFactor).where(eq(segundoFactor.userId, admin.id));
      expect(despues!.secreto).toMatch(/^v1:/);
      expect(despues!.secreto).not.toContain(secreto);
      relojEn(PASO);
      const app = { ...t, app: conClave };
      expect((await loginConCodigo(app, admin, codigoEn(secreto, Date.now()))).r.statusCode).toBe(200);

      // Now the database holds an encrypted secret: no start without the key, nor with another one.
      await expect(arrancar({})).rejects.toThrow(/ADMIN_MFA_CLAVE: hay secretos de segundo factor cifrados/);
      await expect(arrancar({ ADMIN_MFA_CLAVE: 'b2'.repeat(32) })).rejects.toThrow(/ADMIN_MFA_CLAVE: no descifra/);
    } finally {
      await conClave.close();
    }
    // Put back as the rest of this file expects (no key): the encrypted rows go.
    await t.db.delete(segundoFactor);
  });

  it('with a key, a new enrolment is stored encrypted with the user as associated data', async () => {
    relojFalso();
    const c = await crearAppDePrueba({ ADMIN_MFA_CLAVE: CLAVE });
    try {
      const { admin, secreto } = await adminInscripto(c);
      const [fila] = await c.db.select().from(segundoFactor).where(eq(segundoFactor.userId, admin.id));
      expect(fila!.secreto).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
      expect(fila!.secreto).not.toContain(secreto);
      relojEn(PASO);
      expect((await loginConCodigo(c, admin, codigoEn(secreto, Date.now()))).r.statusCode).toBe(200);
      // The row moved onto another admin does not decrypt: that admin's code step fails closed.
      const otro = await adminInscripto(c);
      await c.db.update(segundoFactor).set({ secreto: fila!.secreto }).where(eq(segundoFactor.userId, otro.admin.id));
      relojEn(2 * PASO);
      const movido = await loginConCodigo(c, otro.admin, codigoEn(secreto, Date.now()));
      expect(movido.r.statusCode).toBe(500);
      expect(movido.r.body).not.toContain(secreto);
    } finally {
      await c.cerrar();
    }
  });

  it('refuses a key that is not 32 bytes in hex', () => {
    expect(() => leerConfig({ ADMIN_MFA_CLAVE: 'corta' })).toThrow(/ADMIN_MFA_CLAVE/);
    expect(() => leerConfig({ ADMIN_MFA: 'siempre' })).toThrow(/ADMIN_MFA/);
    expect(leerConfig({}).ADMIN_MFA).toBe('opcional');
    expect(leerConfig({ ADMIN_MFA_CLAVE: CLAVE }).ADMIN_MFA_CLAVE).toEqual(Buffer.from(CLAVE, 'hex'));
  });

  const envDe = (app: AppDePrueba) => ({ DATA_DIR: app.config.DATA_DIR, PUBLIC_URL: app.config.PUBLIC_URL, LOG_LEVEL: 'silent' });
  async function arrancar(env: Record<string, string>) {
    const otra = await buildApp({ config: leerConfig({ ...envDe(t), ...env }), base: t.base });
    try {
      await otra.ready();
    } finally {
      await otra.close();
    }
  }
});

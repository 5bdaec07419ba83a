import { desc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { leerConfig } from '../config';
import { auditoria } from '../db/schema';
import { crearUsuario } from '../test/fabricas';
import { ACCESOS } from './acceso';

let t: AppDePrueba;
let admin: Awaited<ReturnType<typeof crearUsuario>>;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;

beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await crearUsuario(t.db, { usuario: 'admin', rol: 'ADMIN' });
  cliente = await crearUsuario(t.db, { usuario: 'cliente' });
});
afterAll(() => t.cerrar());

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('answers the session user and sets an HttpOnly cookie', async () => {
    const r = await login({ usuario: 'admin', clave: admin.clave });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      success: true,
      message: 'Inicio de sesión exitoso',
      data: { id: admin.id, usuario: 'admin', rol: 'ADMIN', mensaje: null },
    });
    const cookie = r.cookies.find((c) => c.name === 'sesion');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(r.body).not.toContain('clave');
  });

  it('refuses a wrong password with 401 and the spec message', async () => {
    const r = await login({ usuario: 'cliente', clave: 'otra' }, '10.0.0.2');
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ success: false, message: MENSAJES.loginIncorrecto });
  });

  it('refuses an unknown user with the same answer', async () => {
    const r = await login({ usuario: 'nadie', clave: 'x' }, '10.0.0.3');
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toBe(MENSAJES.loginIncorrecto);
  });

  it.each([{ usuario: '', clave: 'x' }, { usuario: '  ', clave: 'x' }, { usuario: 'a', clave: '' }, {}])(
    'blank fields %j get "Ambos campos son obligatorios"',
    async (payload) => {
      const r = await login(payload);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ success: false, message: MENSAJES.loginCamposObligatorios });
    },
  );

  it('throttles one account from one address: that address gets 429 even with the right password, another does not', async () => {
    const victima = await crearUsuario(t.db, { usuario: 'victima' });
    for (let i = 0; i < 5; i++) expect((await login({ usuario: 'victima', clave: 'mal' }, '10.1.0.1')).statusCode).toBe(401);
    const bloqueado = await login({ usuario: 'victima', clave: victima.clave }, '10.1.0.1');
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json()).toEqual({ success: false, message: MENSAJES.loginDemasiadosIntentos });
    expect((await login({ usuario: 'Victima ', clave: victima.clave }, '10.1.0.1')).statusCode).toBe(429);
    expect((await login({ usuario: 'victima', clave: victima.clave }, '10.1.0.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 address by its /64: guesses spread over one network share its limit, another network does not', async () => {
    const v6 = await crearUsuario(t.db, { usuario: 'victima-v6' });
    for (let i = 0; i < 5; i++) {
      expect((await login({ usuario: 'victima-v6', clave: 'mal' }, `2001:db8:7:1::${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login({ usuario: 'victima-v6', clave: v6.clave }, '2001:db8:7:1:ffff::9')).statusCode).toBe(429);
    expect((await login({ usuario: 'victima-v6', clave: v6.clave }, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('twelve failures on the admin from one address do not keep the admin out from another', async () => {
    for (let i = 0; i < 12; i++) {
      expect([401, 429]).toContain((await login({ usuario: 'admin', clave: `adivinada-${i}` }, '127.0.0.2')).statusCode);
    }
    expect((await login({ usuario: 'admin', clave: admin.clave }, '127.0.0.2')).statusCode).toBe(429);
    expect((await login({ usuario: 'admin', clave: admin.clave }, '127.0.0.3')).statusCode).toBe(200);
  });

  it('rate limits failed logins per address across user names', async () => {
    for (let i = 0; i < 20; i++) await login({ usuario: `inventado${i}`, clave: 'mal' }, '10.2.0.1');
    const r = await login({ usuario: 'cliente', clave: cliente.clave }, '10.2.0.1');
    expect(r.statusCode).toBe(429);
    expect((await login({ usuario: 'cliente', clave: cliente.clave }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('without TRUST_PROXY, a changing X-Forwarded-For does not escape the per-address limit', async () => {
    const estados: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { usuario: `probado${i}`, clave: 'mal' },
        remoteAddress: '10.3.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      estados.push(r.statusCode);
    }
    expect(estados.slice(0, 20).every((e) => e === 401)).toBe(true);
    expect(estados.slice(20).every((e) => e === 429)).toBe(true);
  });
});

describe('behind a configured proxy (TRUST_PROXY)', () => {
  let conProxy: AppDePrueba;
  beforeAll(async () => {
    conProxy = await crearAppDePrueba({ TRUST_PROXY: '127.0.0.1' });
    await crearUsuario(conProxy.db, { usuario: 'detras' });
  });
  afterAll(() => conProxy.cerrar());

  let intento = 0;
  const desde = (cliente: string, remoteAddress = '127.0.0.1') =>
    conProxy.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { usuario: `nadie${++intento}`, clave: 'mal' },
      remoteAddress,
      headers: { 'x-forwarded-for': cliente },
    });

  it("counts the client's address the trusted proxy forwards, and ignores the header from anyone else", async () => {
    for (let i = 0; i < 20; i++) expect((await desde('203.0.113.7')).statusCode).toBe(401);
    expect((await desde('203.0.113.7')).statusCode).toBe(429);
    expect((await desde('203.0.113.8')).statusCode).toBe(401);
    // Not the proxy: its X-Forwarded-For is the client's own word, and its address is what counts.
    for (let i = 0; i < 20; i++) await desde(`192.0.2.${i}`, '10.9.0.1');
    expect((await desde('192.0.2.200', '10.9.0.1')).statusCode).toBe(429);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    expect(() => leerConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => leerConfig({ TRUST_PROXY: '10.0.0.1,nada' })).toThrow(/nada/);
    expect(leerConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(leerConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
    expect(leerConfig({}).TRUST_PROXY).toBe(false);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the user of the cookie, and null without one', async () => {
    const cookie = await t.cookieDe('cliente', cliente.clave);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ id: cliente.id, usuario: 'cliente', rol: 'USER', mensaje: null });
    const anonimo = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonimo.statusCode).toBe(200);
    expect(anonimo.json()).toBeNull();
  });

  it('logout deletes the session: the old cookie no longer works', async () => {
    const cookie = await t.cookieDe('cliente', cliente.clave);
    const salir = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(salir.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toBeNull();
  });

  it('a forged cookie is no session', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: 'sesion=inventada' } });
    expect(me.json()).toBeNull();
  });
});

describe('route access rules', () => {
  it('every API route declares who may call it', () => {
    expect(t.app.rutasApi.length).toBeGreaterThan(0);
    for (const ruta of t.app.rutasApi) expect(ACCESOS).toContain(ruta.acceso);
  });
});

describe('the audit trail of sign-ins', () => {
  it('records a sign-in, a failed one (no password, no name of a missing account) and a sign-out', async () => {
    const eventos = async (desde: number) =>
      (await t.db.select().from(auditoria).where(gt(auditoria.id, desde)).orderBy(auditoria.id)).map((e) => ({
        accion: e.accion,
        usuarioId: e.usuarioId,
        entidadId: e.entidadId,
        direccion: e.direccion,
        texto: JSON.stringify(e),
      }));
    const [ultimo] = await t.db.select({ id: auditoria.id }).from(auditoria).orderBy(desc(auditoria.id)).limit(1);
    const desde = ultimo?.id ?? 0;
    await login({ usuario: 'cliente', clave: 'clave-equivocada-123' }, '10.7.0.1');
    await login({ usuario: 'alguien-que-no-existe', clave: 'otra-clave-456' }, '10.7.0.1');
    const ok = await login({ usuario: 'cliente', clave: cliente.clave }, '10.7.0.2');
    const cookie = `sesion=${ok.cookies.find((c) => c.name === 'sesion')!.value}`;
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie }, remoteAddress: '10.7.0.2' });
    const registrados = await eventos(desde);
    expect(registrados.map((e) => [e.accion, e.usuarioId, e.entidadId, e.direccion])).toEqual([
      ['sesion.fallida', null, cliente.id, '10.7.0.1'],
      ['sesion.fallida', null, null, '10.7.0.1'],
      ['sesion.iniciar', cliente.id, cliente.id, '10.7.0.2'],
      ['sesion.cerrar', cliente.id, cliente.id, '10.7.0.2'],
    ]);
    const todo = registrados.map((e) => e.texto).join('\n');
    for (const secreto of ['clave-equivocada-123', 'otra-clave-456', cliente.clave, 'alguien-que-no-existe', cookie.slice(7)]) expect(todo).not.toContain(secreto);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sesion, usuario } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';
import { borrarSesionesVencidas, crearSesion } from './sesiones';

// Sessions decide with the JavaScript clock: these tests move it with fake timers (only Date is faked,
// so the database and Fastify keep their real timers).

const MINUTO = 60_000;
const HORA = 60 * MINUTO;
const DIA = 24 * HORA;

let t: AppDePrueba;
let inicio: number;

beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes the clock at `inicio` (a fixed round time, so each test starts from the same place). */
function relojEn(ms: number) {
  vi.setSystemTime(inicio + ms);
}
function relojFalso() {
  vi.useFakeTimers({ toFake: ['Date'] });
  inicio = Math.floor(Date.now() / HORA) * HORA;
  relojEn(0);
}

const me = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json() as { id: number } | null;
const rutaAdmin = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode;
const sesionesDe = (userId: number) => t.db.select().from(sesion).where(eq(sesion.userId, userId));

async function login(u: { usuario: string; clave: string }) {
  const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario: u.usuario, clave: u.clave } });
  expect(r.statusCode).toBe(200);
  const galleta = r.cookies.find((c) => c.name === 'sesion')!;
  return { cookie: `sesion=${galleta.value}`, expira: galleta.expires };
}

describe('admin sessions: 30 minutes idle, 12 hours at most', () => {
  it('an admin idle for 31 minutes is out: 401 on an admin route, null from /api/auth/me, the session deleted', async () => {
    relojFalso();
    const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const { cookie, expira } = await login(admin);
    expect(expira?.getTime()).toBe(inicio + 12 * HORA);
    expect(await rutaAdmin(cookie)).toBe(200);
    relojEn(29 * MINUTO);
    expect(await rutaAdmin(cookie)).toBe(200);
    relojEn(29 * MINUTO + 31 * MINUTO);
    expect(await rutaAdmin(cookie)).toBe(401);
    expect(await sesionesDe(admin.id)).toHaveLength(0);
    expect(await me(cookie)).toBeNull();
  });

  it('/api/auth/me answers null once the admin has been idle too long', async () => {
    relojFalso();
    const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const { cookie } = await login(admin);
    relojEn(31 * MINUTO);
    expect(await me(cookie)).toBeNull();
  });

  it('an admin who uses the shop every 20 minutes stays in until 12 hours after logging in', async () => {
    relojFalso();
    const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const { cookie } = await login(admin);
    for (let minutos = 20; minutos < 12 * 60; minutos += 20) {
      relojEn(minutos * MINUTO);
      expect(await rutaAdmin(cookie), `a los ${minutos} minutos`).toBe(200);
    }
    relojEn(12 * HORA - MINUTO);
    expect(await rutaAdmin(cookie)).toBe(200);
    relojEn(12 * HORA);
    expect(await rutaAdmin(cookie)).toBe(401);
    expect(await me(cookie)).toBeNull();
  });
});

describe('customer sessions: 7 days idle, 30 days at most', () => {
  it('a customer idle for 31 minutes, or for almost 7 days, is still in; after 7 days idle, out', async () => {
    relojFalso();
    const cliente = await crearUsuario(t.db);
    const { cookie, expira } = await login(cliente);
    expect(expira?.getTime()).toBe(inicio + 30 * DIA);
    relojEn(31 * MINUTO);
    expect(await me(cookie)).toMatchObject({ id: cliente.id });
    relojEn(31 * MINUTO + 7 * DIA - MINUTO);
    expect(await me(cookie)).toMatchObject({ id: cliente.id });
    relojEn(31 * MINUTO + 7 * DIA - MINUTO + 7 * DIA);
    expect(await me(cookie)).toBeNull();
    expect(await sesionesDe(cliente.id)).toHaveLength(0);
  });

  it('a customer who comes back every 6 days stays in until 30 days after logging in', async () => {
    relojFalso();
    const cliente = await crearUsuario(t.db);
    const { cookie } = await login(cliente);
    for (const dias of [6, 12, 18, 24, 29]) {
      relojEn(dias * DIA);
      expect(await me(cookie), `a los ${dias} días`).toMatchObject({ id: cliente.id });
    }
    relojEn(30 * DIA);
    expect(await me(cookie)).toBeNull();
  });

  it('a customer made admin gets the admin limits at once', async () => {
    relojFalso();
    const cliente = await crearUsuario(t.db);
    const { cookie } = await login(cliente);
    relojEn(13 * HORA);
    expect(await me(cookie)).toMatchObject({ id: cliente.id, rol: 'USER' });
    await t.db.update(usuario).set({ rol: 'ADMIN' }).where(eq(usuario.id, cliente.id));
    relojEn(13 * HORA + MINUTO);
    // Logged in 13 hours ago: past an admin's 12.
    expect(await me(cookie)).toBeNull();
  });

  it('the settings change the limits', async () => {
    const otra = await crearAppDePrueba({ SESION_INACTIVIDAD_DIAS: '1', SESION_ADMIN_INACTIVIDAD_MINUTOS: '10', SESION_ADMIN_HORAS: '2' });
    try {
      relojFalso();
      const cliente = await crearUsuario(otra.db);
      const admin = await crearUsuario(otra.db, { rol: 'ADMIN' });
      const [cCliente, cAdmin] = [await otra.cookieDe(cliente.usuario, cliente.clave), await otra.cookieDe(admin.usuario, admin.clave)];
      const quien = async (cookie: string) => (await otra.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();
      relojEn(9 * MINUTO);
      expect(await quien(cAdmin)).toMatchObject({ id: admin.id });
      relojEn(20 * MINUTO);
      expect(await quien(cAdmin)).toBeNull();
      relojEn(DIA + MINUTO);
      expect(await quien(cCliente)).toBeNull();
    } finally {
      await otra.cerrar();
    }
  });
});

describe('renewal on use', () => {
  it('writes ultimo_uso at most once a minute per session', async () => {
    relojFalso();
    const cliente = await crearUsuario(t.db);
    const { cookie } = await login(cliente);
    const ultimoUso = async () => (await sesionesDe(cliente.id))[0]!.ultimoUso.getTime();
    expect(await ultimoUso()).toBe(inicio);
    for (const segundos of [1, 30, 59]) {
      relojEn(segundos * 1000);
      await me(cookie);
      expect(await ultimoUso(), `a los ${segundos} s`).toBe(inicio);
    }
    relojEn(60_000);
    await me(cookie);
    expect(await ultimoUso()).toBe(inicio + 60_000);
    relojEn(90_000);
    await me(cookie);
    expect(await ultimoUso()).toBe(inicio + 60_000);
    relojEn(125_000);
    await me(cookie);
    expect(await ultimoUso()).toBe(inicio + 125_000);
  });
});

describe('borrarSesionesVencidas (at start)', () => {
  it('deletes the sessions past the limits of their user role, and keeps the rest', async () => {
    relojFalso();
    const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const cliente = await crearUsuario(t.db);
    await crearSesion(t.db, admin, t.config); // will be idle 40 minutes
    await crearSesion(t.db, cliente, t.config); // will be idle 40 minutes: fine for a customer
    relojEn(35 * MINUTO);
    await crearSesion(t.db, admin, t.config); // will be idle 5 minutes
    relojEn(40 * MINUTO);
    await borrarSesionesVencidas(t.db, t.config);
    expect((await sesionesDe(admin.id)).map((s) => s.creada.getTime())).toEqual([inicio + 35 * MINUTO]);
    expect(await sesionesDe(cliente.id)).toHaveLength(1);
    relojEn(8 * DIA);
    await borrarSesionesVencidas(t.db, t.config);
    expect(await sesionesDe(admin.id)).toHaveLength(0);
    expect(await sesionesDe(cliente.id)).toHaveLength(0);
  });
});

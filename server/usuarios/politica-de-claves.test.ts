import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import { persona, usuario } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';

// Wherever a password is set, a common one or one with the account's own name is refused (400, on
// the field), and nothing is stored.

const M = MENSAJES_USUARIO;
const FUERTE = 'cuaderno-rayado-7';

let t: AppDePrueba;
let cAdmin: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
  cAdmin = await t.cookieDe(admin.usuario, admin.clave);
});
afterAll(() => t.cerrar());

const pedir = (method: 'POST' | 'PUT', url: string, payload: object, cookie = cAdmin) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const entra = async (nombre: string, clave: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario: nombre, clave } })).statusCode === 200;

const rechazo = (mensaje: string, campo: string) => ({ message: mensaje, errors: [{ campo, mensaje }] });

/** A user with a person named Gregorio Ñañez. */
async function gregorio() {
  const u = await crearUsuario(t.db);
  await t.db.update(persona).set({ nombre: 'Gregorio', apellido: 'Ñañez' }).where(eq(persona.userId, u.id));
  return u;
}

describe('POST /api/registro', () => {
  const registro = (nombre: string, clave: string) => ({
    persona: { nombre: 'Sofía', apellido: 'Morales Ortiz', telefono: '261 555-1234', email: 'sofia@example.com' },
    domicilio: { calle: 'Belgrano', numero: '1200' },
    usuario: { usuario: nombre, clave },
  });

  it.each([
    ['password123', M.claveComun],
    ['Superman', M.claveComun],
    ['Sofia-2024-xyz', M.claveConNombre],
    ['tinta.MORALES', M.claveConNombre],
    ['ortiz-azul-99', M.claveConNombre],
    ['x-sofi.pol-x', M.claveConNombre],
  ])('refuses %s and creates nobody', async (clave, mensaje) => {
    const antes = await t.db.$count(usuario);
    const r = await pedir('POST', '/api/registro', registro('sofi.pol', clave), '');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual(rechazo(mensaje, 'usuario.clave'));
    expect(await t.db.$count(usuario)).toBe(antes);
  });

  it('accepts a strong password', async () => {
    const r = await pedir('POST', '/api/registro', registro('sofi.pol', FUERTE), '');
    expect(r.statusCode).toBe(201);
    expect(await entra('sofi.pol', FUERTE)).toBe(true);
  });
});

describe('POST /api/user', () => {
  it('refuses a common password (whatever its case) and one with the user name; accepts a strong one', async () => {
    const antes = await t.db.$count(usuario);
    expect((await pedir('POST', '/api/user', { usuario: 'ramiro.v', clave: 'QWERTY123' })).json()).toEqual(rechazo(M.claveComun, 'clave'));
    expect((await pedir('POST', '/api/user', { usuario: 'ramiro.v', clave: '2024ramiro.v' })).json()).toEqual(rechazo(M.claveConNombre, 'clave'));
    expect(await t.db.$count(usuario)).toBe(antes);
    const r = await pedir('POST', '/api/user', { usuario: 'ramiro.v', clave: FUERTE });
    expect(r.statusCode).toBe(201);
    expect(await entra('ramiro.v', FUERTE)).toBe(true);
  });
});

describe('PUT /api/user/:id', () => {
  it('an admin setting someone\'s password: common and own-name ones refused, the old one kept; a strong one accepted', async () => {
    const u = await gregorio();
    for (const [clave, mensaje] of [
      ['iloveyou', M.claveComun],
      ['gregorio-2024', M.claveConNombre],
      ['NANEZ-azul-77', M.claveConNombre],
      [`hola-${u.usuario}`, M.claveConNombre],
    ] as const) {
      const r = await pedir('PUT', `/api/user/${u.id}`, { clave, mensaje: 'no se guarda' });
      expect(r.statusCode, clave).toBe(400);
      expect(r.json()).toEqual(rechazo(mensaje, 'clave'));
    }
    expect(await entra(u.usuario, u.clave)).toBe(true);
    const [fila] = await t.db.select({ mensaje: usuario.mensaje }).from(usuario).where(eq(usuario.id, u.id));
    expect(fila!.mensaje).toBeNull();
    expect((await pedir('PUT', `/api/user/${u.id}`, { clave: FUERTE })).statusCode).toBe(200);
    expect(await entra(u.usuario, FUERTE)).toBe(true);
  });

  it('the new user name counts when it changes with the password', async () => {
    const u = await crearUsuario(t.db);
    const r = await pedir('PUT', `/api/user/${u.id}`, { usuario: 'bautista.r', clave: 'mi-bautista.r-99' });
    expect(r.json()).toEqual(rechazo(M.claveConNombre, 'clave'));
  });

  it('a customer changing their own password gets the same refusals', async () => {
    const u = await gregorio();
    const cookie = await t.cookieDe(u.usuario, u.clave);
    const comun = await pedir('PUT', `/api/user/${u.id}`, { clave: 'sunshine', claveActual: u.clave }, cookie);
    expect(comun.json()).toEqual(rechazo(M.claveComun, 'clave'));
    const conNombre = await pedir('PUT', `/api/user/${u.id}`, { clave: 'Grégorio.1990', claveActual: u.clave }, cookie);
    expect(conNombre.json()).toEqual(rechazo(M.claveConNombre, 'clave'));
    expect(await entra(u.usuario, u.clave)).toBe(true);
    expect((await pedir('PUT', `/api/user/${u.id}`, { clave: FUERTE, claveActual: u.clave }, cookie)).statusCode).toBe(200);
  });
});

describe('usuario-completo', () => {
  const completo = (nombre: string, clave: string) => ({
    persona: { nombre: 'María José', apellido: 'Sosa', telefono: '2613334444', email: 'mj@example.com' },
    domicilio: { calle: 'España', numero: '900' },
    usuario: { usuario: nombre, clave },
    rol: 'USER',
  });

  it('POST refuses common and own-name passwords and creates nothing; accepts a strong one', async () => {
    const antes = await t.db.$count(usuario);
    for (const [clave, mensaje] of [
      ['1q2w3e4r5t', M.claveComun],
      ['jose-maria-22', M.claveConNombre],
      ['maria jose', M.claveConNombre],
      ['xx-mjsosa-xx', M.claveConNombre],
    ] as const) {
      const r = await pedir('POST', '/api/usuario-completo', completo('mjsosa', clave));
      expect(r.statusCode, clave).toBe(400);
      expect(r.json()).toEqual(rechazo(mensaje, 'usuario.clave'));
    }
    expect(await t.db.$count(usuario)).toBe(antes);
    expect((await pedir('POST', '/api/usuario-completo', completo('mjsosa', FUERTE))).statusCode).toBe(201);
    expect(await entra('mjsosa', FUERTE)).toBe(true);
  });

  it('PUT refuses them against the names being saved, keeps the old password; accepts a strong one', async () => {
    const u = await crearUsuario(t.db);
    for (const [clave, mensaje] of [
      ['baseball1', M.claveComun],
      ['sosa-sosa-sosa', M.claveConNombre],
    ] as const) {
      const r = await pedir('PUT', `/api/usuario-completo/${u.id}`, completo(u.usuario, clave));
      expect(r.statusCode, clave).toBe(400);
      expect(r.json()).toEqual(rechazo(mensaje, 'usuario.clave'));
    }
    expect(await entra(u.usuario, u.clave)).toBe(true);
    expect((await pedir('PUT', `/api/usuario-completo/${u.id}`, completo(u.usuario, FUERTE))).statusCode).toBe(200);
    expect(await entra(u.usuario, FUERTE)).toBe(true);
  });
});

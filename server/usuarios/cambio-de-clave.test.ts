import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';

// Changing one's own password asks for the current one: a stolen session cookie is not enough.

let t: AppDePrueba;
let admin: Awaited<ReturnType<typeof crearUsuario>>;
let cAdmin: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await crearUsuario(t.db, { rol: 'ADMIN' });
  cAdmin = await t.cookieDe(admin.usuario, admin.clave);
});
afterAll(() => t.cerrar());

let direcciones = 0;
/** Each request from an address of its own, so that failed attempts of one test throttle no other. */
const otraDireccion = () => `10.9.${Math.floor(++direcciones / 200)}.${direcciones % 200}`;

const pedir = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object, ip = otraDireccion()) =>
  t.app.inject({ method, url, headers: { cookie }, remoteAddress: ip, ...(payload ? { payload } : {}) });

const entra = async (usuario: string, clave: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario, clave }, remoteAddress: otraDireccion() })).statusCode === 200;

const completo = (u: { usuario: string }, usuario: Record<string, string>) => ({
  persona: { nombre: 'Mirta', apellido: 'Lucero', telefono: '2614445566', email: 'mirta@example.com' },
  domicilio: { calle: 'Rivadavia', numero: '55' },
  usuario: { usuario: u.usuario, ...usuario },
  rol: 'ADMIN',
});

describe('PUT /api/user/:id on one\'s own user', () => {
  it('refuses a new password without the current one, and changes nothing', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    for (const cuerpo of [{ clave: 'tinta-azul-2024' }, { clave: 'tinta-azul-2024', claveActual: '' }]) {
      const r = await pedir('PUT', `/api/user/${cliente.id}`, cookie, { ...cuerpo, mensaje: 'cambiado' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({
        message: MENSAJES_USUARIO.claveActualObligatoria,
        errors: [{ campo: 'claveActual', mensaje: MENSAJES_USUARIO.claveActualObligatoria }],
      });
    }
    expect(await entra(cliente.usuario, cliente.clave)).toBe(true);
    expect(await entra(cliente.usuario, 'tinta-azul-2024')).toBe(false);
    expect((await pedir('GET', `/api/user/${cliente.id}`, cookie)).json().mensaje).toBeNull();
  });

  it('refuses a wrong current password, and the old password still works', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const r = await pedir('PUT', `/api/user/${cliente.id}`, cookie, { clave: 'tinta-azul-2024', claveActual: 'no-es-la-actual' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      message: MENSAJES_USUARIO.claveActualIncorrecta,
      errors: [{ campo: 'claveActual', mensaje: MENSAJES_USUARIO.claveActualIncorrecta }],
    });
    expect(await entra(cliente.usuario, cliente.clave)).toBe(true);
    expect(await entra(cliente.usuario, 'tinta-azul-2024')).toBe(false);
  });

  it('with the right current password: changed, and every other session of the user ended', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const otraSesion = await t.cookieDe(cliente.usuario, cliente.clave);
    const r = await pedir('PUT', `/api/user/${cliente.id}`, cookie, { clave: 'tinta-azul-2024', claveActual: cliente.clave });
    expect(r.statusCode).toBe(200);
    expect(await entra(cliente.usuario, 'tinta-azul-2024')).toBe(true);
    expect(await entra(cliente.usuario, cliente.clave)).toBe(false);
    expect((await pedir('GET', `/api/user/${cliente.id}`, otraSesion)).statusCode).toBe(401);
    expect((await pedir('GET', `/api/user/${cliente.id}`, cookie)).statusCode).toBe(200);
  });

  it('no current password is asked when the password does not change', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    expect((await pedir('PUT', `/api/user/${cliente.id}`, cookie, { mensaje: 'hola' })).statusCode).toBe(200);
    expect((await pedir('PUT', `/api/user/${cliente.id}`, cookie, { clave: '', mensaje: 'chau' })).statusCode).toBe(200);
    expect(await entra(cliente.usuario, cliente.clave)).toBe(true);
  });

  it('wrong current passwords count as failed logins: from one address they end in 429, even with the right one', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const ip = '10.7.0.1';
    const estados: number[] = [];
    for (let i = 0; i < 25 && !estados.includes(429); i++) {
      estados.push((await pedir('PUT', `/api/user/${cliente.id}`, cookie, { clave: 'tinta-azul-2024', claveActual: `adivinanza-${i}` }, ip)).statusCode);
    }
    expect(estados.at(-1)).toBe(429);
    expect(new Set(estados.slice(0, -1))).toEqual(new Set([400]));
    const correcta = await pedir('PUT', `/api/user/${cliente.id}`, cookie, { clave: 'tinta-azul-2024', claveActual: cliente.clave }, ip);
    expect(correcta.statusCode).toBe(429);
    expect(correcta.json().message).toBe(MENSAJES.loginDemasiadosIntentos);
  });

  it('an admin changing their own password through PUT /api/user/:id also needs it', async () => {
    const otroAdmin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const cookie = await t.cookieDe(otroAdmin.usuario, otroAdmin.clave);
    expect((await pedir('PUT', `/api/user/${otroAdmin.id}`, cookie, { clave: 'tinta-azul-2024' })).statusCode).toBe(400);
    expect((await pedir('PUT', `/api/user/${otroAdmin.id}`, cookie, { clave: 'tinta-azul-2024', claveActual: otroAdmin.clave })).statusCode).toBe(200);
    expect(await entra(otroAdmin.usuario, 'tinta-azul-2024')).toBe(true);
  });
});

describe('an admin and someone else\'s password', () => {
  it('PUT /api/user/:id and PUT /api/usuario-completo/:userId need no current password of anybody', async () => {
    const cliente = await crearUsuario(t.db);
    expect((await pedir('PUT', `/api/user/${cliente.id}`, cAdmin, { clave: 'tinta-azul-2024' })).statusCode).toBe(200);
    expect(await entra(cliente.usuario, 'tinta-azul-2024')).toBe(true);
    const r = await pedir('PUT', `/api/usuario-completo/${cliente.id}`, cAdmin, completo(cliente, { clave: 'goma-de-borrar-8' }));
    expect(r.statusCode).toBe(200);
    expect(await entra(cliente.usuario, 'goma-de-borrar-8')).toBe(true);
  });
});

describe('PUT /api/usuario-completo/:userId on the admin\'s own user', () => {
  it('refuses a missing or wrong current password and changes nothing; the right one changes it and ends the other sessions', async () => {
    const yo = await crearUsuario(t.db, { rol: 'ADMIN' });
    const cookie = await t.cookieDe(yo.usuario, yo.clave);
    const otraSesion = await t.cookieDe(yo.usuario, yo.clave);

    const sin = await pedir('PUT', `/api/usuario-completo/${yo.id}`, cookie, completo(yo, { clave: 'tinta-azul-2024' }));
    expect(sin.statusCode).toBe(400);
    expect(sin.json()).toEqual({
      message: MENSAJES_USUARIO.claveActualObligatoria,
      errors: [{ campo: 'usuario.claveActual', mensaje: MENSAJES_USUARIO.claveActualObligatoria }],
    });
    const mal = await pedir('PUT', `/api/usuario-completo/${yo.id}`, cookie, completo(yo, { clave: 'tinta-azul-2024', claveActual: 'otra-cualquiera' }));
    expect(mal.statusCode).toBe(400);
    expect(mal.json().errors).toEqual([{ campo: 'usuario.claveActual', mensaje: MENSAJES_USUARIO.claveActualIncorrecta }]);
    expect(await entra(yo.usuario, yo.clave)).toBe(true);
    // Nothing else of the form was saved either.
    expect((await pedir('GET', `/api/usuario-completo/${yo.id}`, cookie)).json().persona.nombre).not.toBe('Mirta');

    // Without a new password, the rest of the form saves without it.
    expect((await pedir('PUT', `/api/usuario-completo/${yo.id}`, cookie, completo(yo, { clave: '' }))).statusCode).toBe(200);

    const bien = await pedir('PUT', `/api/usuario-completo/${yo.id}`, cookie, completo(yo, { clave: 'tinta-azul-2024', claveActual: yo.clave }));
    expect(bien.statusCode).toBe(200);
    expect(await entra(yo.usuario, 'tinta-azul-2024')).toBe(true);
    expect(await entra(yo.usuario, yo.clave)).toBe(false);
    expect((await pedir('GET', `/api/usuario-completo/${yo.id}`, otraSesion)).statusCode).toBe(401);
    expect((await pedir('GET', `/api/usuario-completo/${yo.id}`, cookie)).statusCode).toBe(200);
  });
});

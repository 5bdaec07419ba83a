import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_CUENTA } from '../../domain/cuenta';
import { MENSAJES_RECUPERACION } from '../../domain/recuperar-clave';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import { CONTEXTO_SISTEMA } from '../auditoria/auditoria';
import { auditoria, recuperacionClave, segundoFactor } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';
import { iniciarSmtpDePrueba, type SmtpDePrueba } from '../test/smtp-de-prueba';
import { enviarEnlaces } from './recuperar-clave';

// A forgotten password: the same answer for any account or none, a one-use 30-minute link by e-mail
// (read here from a real SMTP server), the password rules, every session ended, throttled.

let t: AppDePrueba;
let smtp: SmtpDePrueba;

beforeAll(async () => {
  smtp = await iniciarSmtpDePrueba();
  t = await crearAppDePrueba({ SMTP_URL: smtp.url, RECUPERAR_CLAVE_POR_DIRECCION_HORA: '3', RECUPERAR_CLAVE_POR_CUENTA_HORA: '2' });
});
afterAll(async () => {
  await t.cerrar();
  await smtp.detener();
});

let direcciones = 0;
const otraDireccion = () => `10.31.${Math.floor(++direcciones / 200)}.${direcciones % 200}`;

const pedirEnlace = (usuario: string, ip = otraDireccion()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/olvide-clave', payload: { usuario }, remoteAddress: ip });
const restablecer = (cuerpo: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/restablecer-clave', payload: cuerpo, remoteAddress: otraDireccion(), headers: cookie ? { cookie } : {} });
const entra = async (usuario: string, clave: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario, clave }, remoteAddress: otraDireccion() })).statusCode === 200;

/** The token of the latest link e-mailed to `para` (waits for the n-th message). */
async function tokenDelCorreo(para: string, cuantos = 1): Promise<string> {
  const mensajes = await smtp.esperarPara(para, cuantos);
  const ultimo = mensajes[mensajes.length - 1]!;
  const token = /\/restablecerClave#token=([\w-]+)/.exec(ultimo.texto)?.[1];
  if (!token) throw new Error(`sin enlace en: ${ultimo.texto}`);
  return token;
}

describe('POST /api/auth/olvide-clave', () => {
  it('answers the same for a user name, an e-mail, an unknown name and an unknown e-mail', async () => {
    const cliente = await crearUsuario(t.db);
    const respuestas = await Promise.all([cliente.usuario, `${cliente.usuario.toUpperCase()}@EXAMPLE.COM`, 'nadie-se-llama-asi', 'nadie@example.com'].map((u) => pedirEnlace(u)));
    for (const r of respuestas) {
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ message: MENSAJES_RECUPERACION.enlacePedido });
    }
    // Two links for the account (by name and by e-mail), none for anyone else.
    const mensajes = await smtp.esperarPara(`${cliente.usuario}@example.com`, 2);
    expect(mensajes[0]!.asunto).toBe('Elegí una contraseña nueva');
    expect(mensajes[0]!.texto).toContain(`tu cuenta "${cliente.usuario}"`);
    expect(mensajes[0]!.texto).toContain('antes de 30 minutos');
    expect(mensajes[0]!.html).toMatch(/href="http:\/\/localhost:3000\/restablecerClave#token=[\w-]{43}"/);
    expect(smtp.recibidos.some((m) => m.para.includes('nadie@example.com'))).toBe(false);
  });

  it('refuses an empty field with a Spanish 400', async () => {
    const r = await pedirEnlace('  ');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_RECUPERACION.identificadorObligatorio);
  });

  it('throttles per address: the 4th request in an hour is a 429, for any account or none', async () => {
    const ip = '10.32.0.1';
    for (let i = 0; i < 3; i++) expect((await pedirEnlace(`alguien${i}`, ip)).statusCode).toBe(200);
    const r = await pedirEnlace('otro', ip);
    expect(r.statusCode).toBe(429);
    expect(r.json().message).toBe(MENSAJES_RECUPERACION.demasiadosPedidos);
    expect((await pedirEnlace('otro')).statusCode).toBe(200);
  });

  it('throttles per account: at most 2 links an hour, whatever the address', async () => {
    const cliente = await crearUsuario(t.db);
    const resultados = [];
    for (let i = 0; i < 3; i++) resultados.push(await enviarEnlaces(t.db, cliente.usuario, CONTEXTO_SISTEMA, { porCuenta: 2 }));
    expect(resultados.map((r) => r.enviados.length)).toEqual([1, 1, 0]);
    expect(resultados[2]!.omitidos).toEqual([{ userId: cliente.id, motivo: 'límite por cuenta' }]);
    expect(await t.db.select().from(recuperacionClave).where(eq(recuperacionClave.userId, cliente.id))).toHaveLength(2);
  });

  it('gives an admin a link only with a confirmed second factor, which sign-in still asks', async () => {
    const sinMfa = await crearUsuario(t.db, { rol: 'ADMIN' });
    expect(await enviarEnlaces(t.db, sinMfa.usuario, CONTEXTO_SISTEMA, { porCuenta: 2 })).toEqual({
      enviados: [],
      omitidos: [{ userId: sinMfa.id, motivo: 'administrador sin verificación en dos pasos' }],
    });
    const conMfa = await crearUsuario(t.db, { rol: 'ADMIN' });
    await t.db.insert(segundoFactor).values({ userId: conMfa.id, secreto: 'JBSWY3DPEHPK3PXP', confirmado: new Date() });
    expect((await pedirEnlace(conMfa.usuario)).statusCode).toBe(200);
    const token = await tokenDelCorreo(`${conMfa.usuario}@example.com`);
    expect((await restablecer({ token, clave: 'cartulina-violeta-77', repetida: 'cartulina-violeta-77' })).statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario: conMfa.usuario, clave: 'cartulina-violeta-77' }, remoteAddress: otraDireccion() });
    expect(login.json().requiereCodigo).toBe(true);
    expect(login.cookies.find((c) => c.name === 'sesion')).toBeUndefined();
  });
});

describe('POST /api/auth/restablecer-clave', () => {
  it('sets the new password once, ends every session, and records it', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    await pedirEnlace(cliente.usuario);
    const token = await tokenDelCorreo(`${cliente.usuario}@example.com`);

    const r = await restablecer({ token, clave: 'regla-de-madera-42', repetida: 'regla-de-madera-42' }, cookie);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ message: MENSAJES_RECUPERACION.claveRestablecida });
    expect(await entra(cliente.usuario, cliente.clave)).toBe(false);
    expect(await entra(cliente.usuario, 'regla-de-madera-42')).toBe(true);
    // The session opened before is over.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json()).toBeNull();
    // One use only.
    const otraVez = await restablecer({ token, clave: 'otra-clave-larga-9', repetida: 'otra-clave-larga-9' });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().message).toBe(MENSAJES_RECUPERACION.enlaceInvalido);
    const eventos = await t.db.select().from(auditoria).where(eq(auditoria.entidadId, cliente.id));
    expect(eventos.map((e) => e.accion)).toEqual(expect.arrayContaining(['usuario.pedir-enlace-clave', 'usuario.recuperar-clave']));
    expect(JSON.stringify(eventos)).not.toContain(token);
  });

  it('applies the password rules of the change-password form, and the link still works after a refusal', async () => {
    const cliente = await crearUsuario(t.db);
    await pedirEnlace(cliente.usuario);
    const token = await tokenDelCorreo(`${cliente.usuario}@example.com`);
    const comun = await restablecer({ token, clave: 'password123', repetida: 'password123' });
    expect(comun.statusCode).toBe(400);
    expect(comun.json()).toEqual({ message: MENSAJES_USUARIO.claveComun, errors: [{ campo: 'clave', mensaje: MENSAJES_USUARIO.claveComun }] });
    const conNombre = await restablecer({ token, clave: `${cliente.usuario}-2024!`, repetida: `${cliente.usuario}-2024!` });
    expect(conNombre.json().message).toBe(MENSAJES_USUARIO.claveConNombre);
    const corta = await restablecer({ token, clave: 'corta', repetida: 'corta' });
    expect(corta.statusCode).toBe(400);
    expect(corta.json().errors).toContainEqual({ campo: 'clave', mensaje: MENSAJES_USUARIO.claveMinima });
    const distintas = await restablecer({ token, clave: 'goma-de-borrar-81', repetida: 'goma-de-borrar-18' });
    expect(distintas.json().errors).toContainEqual({ campo: 'repetida', mensaje: MENSAJES_CUENTA.clavesDistintas });
    expect((await restablecer({ token, clave: 'goma-de-borrar-81', repetida: 'goma-de-borrar-81' })).statusCode).toBe(200);
  });

  it('refuses an unknown or expired link', async () => {
    const cliente = await crearUsuario(t.db);
    await pedirEnlace(cliente.usuario);
    const token = await tokenDelCorreo(`${cliente.usuario}@example.com`);
    await t.db.update(recuperacionClave).set({ expira: new Date(Date.now() - 1000) }).where(eq(recuperacionClave.userId, cliente.id));
    for (const probado of [token, 'no-es-un-token']) {
      const r = await restablecer({ token: probado, clave: 'lapicera-azul-55', repetida: 'lapicera-azul-55' });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(MENSAJES_RECUPERACION.enlaceInvalido);
    }
    expect(await entra(cliente.usuario, cliente.clave)).toBe(true);
  });
});

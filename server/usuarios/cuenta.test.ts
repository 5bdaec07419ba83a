import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_PERSONA, mensajeDemasiadoLargo } from '../../domain/persona';
import { auditoria, domicilio, persona, sesion } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';

// 'Mi cuenta': a customer's own data and address (PUT /api/cuenta), their sessions and closing the others.

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function entrar(usuario: string, clave: string, agente?: string): Promise<string> {
  const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario, clave }, headers: agente ? { 'user-agent': agente } : {} });
  expect(r.statusCode).toBe(200);
  return `sesion=${r.cookies.find((c) => c.name === 'sesion')!.value}`;
}

const pedir = (method: 'GET' | 'PUT' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const datos = (domicilioNuevo: object = { calle: 'Belgrano', numero: '1020', localidad: 'MAIPU', provincia: 'MENDOZA' }) => ({
  persona: { nombre: 'Carla', apellido: 'Sosa', telefono: '261 555-0101', email: 'carla@example.com' },
  domicilio: domicilioNuevo,
});

const eventos = async (accion: string, entidadId: number) =>
  t.db.select().from(auditoria).where(sql`${auditoria.accion} = ${accion} and ${auditoria.entidadId} = ${entidadId}`).orderBy(desc(auditoria.id));

describe('GET and PUT /api/cuenta', () => {
  it('answers 401 without a session', async () => {
    expect((await pedir('GET', '/api/cuenta')).statusCode).toBe(401);
    expect((await pedir('PUT', '/api/cuenta', undefined, datos())).statusCode).toBe(401);
  });

  it('reads and changes only the session\'s own person and address, in one go, and audits the field names', async () => {
    const cliente = await crearUsuario(t.db);
    const otro = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const antesDelOtro = (await pedir('GET', `/api/persona/${otro.personaId}`, await t.cookieDe(otro.usuario, otro.clave))).json();

    const leido = await pedir('GET', '/api/cuenta', cookie);
    expect(leido.statusCode).toBe(200);
    expect(leido.json()).toMatchObject({ usuario: cliente.usuario, persona: { nombre: expect.any(String) }, domicilio: { localidad: 'CAPITAL', provincia: 'MENDOZA' } });

    const r = await pedir('PUT', '/api/cuenta', cookie, datos());
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      usuario: cliente.usuario,
      persona: { nombre: 'Carla', apellido: 'Sosa', telefono: '261 555-0101', email: 'carla@example.com' },
      domicilio: { id: expect.any(Number), calle: 'Belgrano', numero: '1020', localidad: 'MAIPU', provincia: 'MENDOZA', localidadTexto: null, codigoPostal: null },
    });
    // The existing routes answer the same person, with the new fields.
    expect((await pedir('GET', `/api/persona/user/${cliente.id}`, cookie)).json()).toMatchObject({ id: cliente.personaId, nombre: 'Carla', domicilio: { localidad: 'MAIPU' } });
    // Nobody else's changed.
    expect((await pedir('GET', `/api/persona/${otro.personaId}`, await t.cookieDe(otro.usuario, otro.clave))).json()).toEqual(antesDelOtro);

    const [evento] = await eventos('usuario.editar-datos', cliente.id);
    expect(evento).toMatchObject({ usuarioId: cliente.id, detalle: { camposPersonales: ['nombre', 'apellido', 'telefono', 'email', 'calle', 'numero', 'localidad'] } });
    // Names of fields, never their values.
    expect(JSON.stringify(evento)).not.toMatch(/Carla|Sosa|Belgrano|carla@example/);
  });

  it('moves the address outside Mendoza: written locality and a postal code, stored in capitals', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const fuera = { calle: 'San Jerónimo', numero: '250', provincia: 'CORDOBA', localidad: 'CAPITAL', localidadTexto: 'Villa Carlos Paz', codigoPostal: 'x5152 abc' };
    const r = await pedir('PUT', '/api/cuenta', cookie, datos(fuera));
    expect(r.statusCode).toBe(200);
    // The listed locality (Mendoza's) is dropped outside Mendoza.
    expect(r.json().domicilio).toMatchObject({ provincia: 'CORDOBA', localidad: null, localidadTexto: 'Villa Carlos Paz', codigoPostal: 'X5152ABC' });
    const [evento] = await eventos('usuario.editar-datos', cliente.id);
    expect(evento!.detalle).toEqual({ camposPersonales: expect.arrayContaining(['provincia', 'localidad', 'localidadTexto', 'codigoPostal']) });

    // Back to Mendoza: the written locality and the postal code go.
    const vuelta = await pedir('PUT', '/api/cuenta', cookie, datos({ calle: 'Colón', numero: '10', provincia: 'MENDOZA', localidad: 'LAS_HERAS', localidadTexto: 'x', codigoPostal: '5500' }));
    expect(vuelta.json().domicilio).toMatchObject({ provincia: 'MENDOZA', localidad: 'LAS_HERAS', localidadTexto: null, codigoPostal: null });
  });

  it.each([
    ['without a locality outside Mendoza', { provincia: 'SAN_JUAN', codigoPostal: '5400' }, 'domicilio.localidadTexto', MENSAJES_PERSONA.localidadTextoObligatoria],
    ['without a postal code outside Mendoza', { provincia: 'SAN_JUAN', localidadTexto: 'Rivadavia' }, 'domicilio.codigoPostal', MENSAJES_PERSONA.codigoPostalObligatorio],
    ['with a malformed postal code', { provincia: 'SAN_JUAN', localidadTexto: 'Rivadavia', codigoPostal: '54' }, 'domicilio.codigoPostal', MENSAJES_PERSONA.codigoPostalInvalido],
    ["with another province's CPA", { provincia: 'SAN_JUAN', localidadTexto: 'Rivadavia', codigoPostal: 'M5500ABC' }, 'domicilio.codigoPostal', MENSAJES_PERSONA.codigoPostalDeOtraProvincia],
    ['with no locality in Mendoza', { provincia: 'MENDOZA', localidad: null }, 'domicilio.localidad', MENSAJES_PERSONA.localidadInvalida],
    ['with a 500-character street', { calle: 'x'.repeat(500) }, 'domicilio.calle', mensajeDemasiadoLargo('calle')],
  ])('refuses an address %s, naming the field, and changes nothing', async (_caso, cambio, campo, mensaje) => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const antes = (await pedir('GET', '/api/cuenta', cookie)).json();
    const r = await pedir('PUT', '/api/cuenta', cookie, datos({ calle: 'Belgrano', numero: '1', ...cambio }));
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toContainEqual({ campo, mensaje });
    expect((await pedir('GET', '/api/cuenta', cookie)).json()).toEqual(antes);
    expect(await eventos('usuario.editar-datos', cliente.id)).toEqual([]);
  });

  it('refuses a 300-character name with the length message, not "es obligatorio"', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const cuerpo = datos();
    const r = await pedir('PUT', '/api/cuenta', cookie, { ...cuerpo, persona: { ...cuerpo.persona, nombre: 'n'.repeat(300) } });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual([{ campo: 'persona.nombre', mensaje: 'El nombre no puede superar los 100 caracteres' }]);
  });

  it('creates the person and address of a user who had none', async () => {
    const sinPersona = await crearUsuario(t.db, { conPersona: false });
    const cookie = await t.cookieDe(sinPersona.usuario, sinPersona.clave);
    expect((await pedir('GET', '/api/cuenta', cookie)).json()).toEqual({ usuario: sinPersona.usuario, persona: null, domicilio: null });
    const r = await pedir('PUT', '/api/cuenta', cookie, datos());
    expect(r.statusCode).toBe(200);
    const [p] = await t.db.select().from(persona).where(eq(persona.userId, sinPersona.id));
    expect(p).toMatchObject({ nombre: 'Carla', domicilioId: r.json().domicilio.id });
    const [evento] = await eventos('usuario.editar-datos', sinPersona.id);
    // A new record: only the fields that hold something.
    expect(evento!.detalle).toEqual({ camposPersonales: ['nombre', 'apellido', 'telefono', 'email', 'calle', 'numero', 'provincia', 'localidad'] });
  });

  it('the same again writes no event', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    await pedir('PUT', '/api/cuenta', cookie, datos());
    await pedir('PUT', '/api/cuenta', cookie, datos());
    expect(await eventos('usuario.editar-datos', cliente.id)).toHaveLength(1);
  });
});

describe('the existing address routes keep their contract', () => {
  it('PUT /api/domicilio/{id} with the old body (Mendoza) still works, and outside Mendoza asks for locality and postal code', async () => {
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const [p] = await t.db.select({ domicilioId: persona.domicilioId }).from(persona).where(eq(persona.userId, cliente.id));
    const url = `/api/domicilio/${p!.domicilioId}`;
    const viejo = await pedir('PUT', url, cookie, { calle: 'Rivadavia', numero: '100', localidad: 'MAIPU', provincia: 'MENDOZA' });
    expect(viejo.statusCode).toBe(200);
    expect(viejo.json()).toEqual({ id: p!.domicilioId, calle: 'Rivadavia', numero: '100', localidad: 'MAIPU', provincia: 'MENDOZA', localidadTexto: null, codigoPostal: null });
    const sinCodigo = await pedir('PUT', url, cookie, { calle: 'Rivadavia', numero: '100', localidad: 'CAPITAL', provincia: 'SALTA' });
    expect(sinCodigo.statusCode).toBe(400);
    expect(sinCodigo.json().errors.map((e: { campo: string }) => e.campo).sort()).toEqual(['codigoPostal', 'localidadTexto']);
    const fuera = await pedir('PUT', url, cookie, { calle: 'Rivadavia', numero: '100', provincia: 'SALTA', localidadTexto: 'Cafayate', codigoPostal: '4427' });
    expect(fuera.json()).toMatchObject({ localidad: null, localidadTexto: 'Cafayate', codigoPostal: '4427' });
  });

  it('the database refuses a Mendoza locality outside Mendoza (the check holds whatever writes)', async () => {
    await expect(t.db.insert(domicilio).values({ calle: 'x', numero: '1', provincia: 'SALTA', localidad: 'CAPITAL' })).rejects.toThrow();
    await expect(t.db.insert(domicilio).values({ calle: 'x', numero: '1', provincia: 'MENDOZA', localidad: null })).rejects.toThrow();
  });
});

describe('sessions: GET /api/cuenta/sesiones and POST /api/cuenta/sesiones/cerrar-otras', () => {
  it('lists the own sessions in words, this one first and marked, without tokens', async () => {
    const cliente = await crearUsuario(t.db);
    await entrar(cliente.usuario, cliente.clave, SAFARI_IPHONE);
    const cookie = await entrar(cliente.usuario, cliente.clave, CHROME_WINDOWS);
    const otro = await crearUsuario(t.db);
    await entrar(otro.usuario, otro.clave, CHROME_WINDOWS);

    const r = await pedir('GET', '/api/cuenta/sesiones', cookie);
    expect(r.statusCode).toBe(200);
    const lista = r.json() as Array<Record<string, unknown>>;
    expect(lista).toEqual([
      { creada: expect.any(String), ultimoUso: expect.any(String), dispositivo: 'Chrome en Windows', actual: true },
      { creada: expect.any(String), ultimoUso: expect.any(String), dispositivo: 'Safari en iPhone', actual: false },
    ]);
    const tokens = await t.db.select({ id: sesion.id }).from(sesion).where(eq(sesion.userId, cliente.id));
    for (const { id } of tokens) expect(r.body).not.toContain(id);
  });

  it('closes every other session of the user (they get 401), keeps this one and the other users\', and audits how many', async () => {
    const cliente = await crearUsuario(t.db);
    const primera = await entrar(cliente.usuario, cliente.clave, SAFARI_IPHONE);
    const segunda = await entrar(cliente.usuario, cliente.clave, SAFARI_IPHONE);
    const esta = await entrar(cliente.usuario, cliente.clave, CHROME_WINDOWS);
    const otro = await crearUsuario(t.db);
    const delOtro = await entrar(otro.usuario, otro.clave);

    const r = await pedir('POST', '/api/cuenta/sesiones/cerrar-otras', esta);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ cerradas: 2 });
    expect((await pedir('GET', '/api/cuenta', primera)).statusCode).toBe(401);
    expect((await pedir('GET', '/api/cuenta', segunda)).statusCode).toBe(401);
    expect((await pedir('GET', '/api/cuenta', esta)).statusCode).toBe(200);
    expect((await pedir('GET', '/api/cuenta', delOtro)).statusCode).toBe(200);
    expect((await pedir('GET', '/api/cuenta/sesiones', esta)).json()).toHaveLength(1);

    const [evento] = await eventos('sesion.cerrar-otras', cliente.id);
    expect(evento).toMatchObject({ usuarioId: cliente.id, detalle: { cerradas: 2 } });

    // Nothing left to close: 0, and no event.
    expect((await pedir('POST', '/api/cuenta/sesiones/cerrar-otras', esta)).json()).toEqual({ cerradas: 0 });
    expect(await eventos('sesion.cerrar-otras', cliente.id)).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await pedir('GET', '/api/cuenta/sesiones')).statusCode).toBe(401);
    expect((await pedir('POST', '/api/cuenta/sesiones/cerrar-otras')).statusCode).toBe(401);
  });
});

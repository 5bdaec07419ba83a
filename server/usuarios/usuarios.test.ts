import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_PAGINACION } from '../../domain/paginacion-reglas';
import { MENSAJES_PERSONA } from '../../domain/persona';
import { MENSAJES_USUARIO, type Usuario } from '../../domain/usuario';
import { domicilio, persona, usuario, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';

let t: AppDePrueba;
let admin: Awaited<ReturnType<typeof crearUsuario>>;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let otro: Awaited<ReturnType<typeof crearUsuario>>;
let cAdmin: string;
let cCliente: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await crearUsuario(t.db, { usuario: 'admin-usr', rol: 'ADMIN' });
  cliente = await crearUsuario(t.db, { usuario: 'cliente-usr' });
  otro = await crearUsuario(t.db, { usuario: 'otro-usr' });
  cAdmin = await t.cookieDe(admin.usuario, admin.clave);
  cCliente = await t.cookieDe(cliente.usuario, cliente.clave);
});
afterAll(() => t.cerrar());

const pedir = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = cAdmin) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });

const registroValido = (usuarioNombre: string, extra: Record<string, unknown> = {}) => ({
  persona: { nombre: 'Sofía', apellido: 'Morales', telefono: '261 555-1234', email: 'sofia@example.com' },
  domicilio: { calle: 'Belgrano', numero: '1200' },
  usuario: { usuario: usuarioNombre, clave: 'una-clave-larga' },
  ...extra,
});

describe('POST /api/registro', () => {
  it('creates person, address and a USER login, answers like login and starts the session', async () => {
    const r = await pedir('POST', '/api/registro', registroValido('sofi.reg'), '');
    expect(r.statusCode).toBe(201);
    const cuerpo = r.json();
    expect(cuerpo).toEqual({ success: true, message: 'Registro exitoso', data: { id: expect.any(Number), usuario: 'sofi.reg', rol: 'USER', mensaje: null } });
    expect(r.body).not.toContain('"clave"');
    const cookie = r.cookies.find((c) => c.name === 'sesion');
    expect(cookie?.httpOnly).toBe(true);
    const me = await pedir('GET', '/api/auth/me', undefined, `sesion=${cookie!.value}`);
    expect(me.json()).toMatchObject({ id: cuerpo.data.id, rol: 'USER' });
    const suya = await pedir('GET', `/api/persona/user/${cuerpo.data.id}`, undefined, `sesion=${cookie!.value}`);
    expect(suya.json()).toMatchObject({
      nombre: 'Sofía',
      domicilio: { calle: 'Belgrano', numero: '1200', localidad: 'CAPITAL', provincia: 'MENDOZA' },
      user: { id: cuerpo.data.id, usuario: 'sofi.reg', rol: 'USER' },
    });
    // And the password works for login.
    expect((await t.cookieDe('sofi.reg', 'una-clave-larga')).startsWith('sesion=')).toBe(true);
  });

  it('refuses a role, wherever it is sent, and creates nothing', async () => {
    const antes = await t.db.$count(usuario);
    for (const cuerpo of [
      registroValido('quiere.admin', { rol: 'ADMIN' }),
      registroValido('quiere.admin', { usuario: { usuario: 'quiere.admin', clave: 'una-clave-larga', rol: 'ADMIN' } }),
    ]) {
      const r = await pedir('POST', '/api/registro', cuerpo, '');
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(MENSAJES_USUARIO.rolEnRegistro);
    }
    expect(await t.db.$count(usuario)).toBe(antes);
  });

  it('requires every field, each with its message', async () => {
    const r = await pedir('POST', '/api/registro', { persona: {}, domicilio: {}, usuario: {} }, '');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(
      'El nombre es obligatorio. El apellido es obligatorio. El teléfono es obligatorio. El email es obligatorio. La calle es obligatoria. El número es obligatorio. El nombre de usuario es obligatorio. La contraseña es obligatoria',
    );
    expect(r.json().errors).toContainEqual({ campo: 'persona.email', mensaje: 'El email es obligatorio' });
  });

  it.each([
    [{ persona: { nombre: 'A', apellido: 'B', telefono: '2615551234', email: 'no-es-mail' } }, 'El email no es válido'],
    [{ persona: { nombre: 'A', apellido: 'B', telefono: 'abc', email: 'a@b.com' } }, 'El teléfono no es válido'],
    [{ usuario: { usuario: 'corta.clave', clave: '1234567' } }, 'La contraseña debe tener al menos 8 caracteres'],
    [{ usuario: { usuario: 'a b', clave: '12345678' } }, MENSAJES_USUARIO.usuarioInvalido],
    [{ domicilio: { calle: 'X', numero: '1', localidad: 'PARIS' } }, 'Seleccioná una localidad válida'],
    [{ domicilio: { calle: 'X', numero: '1', provincia: 'MARTE' } }, 'Seleccioná una provincia válida'],
  ])('refuses %j', async (extra, mensaje) => {
    const r = await pedir('POST', '/api/registro', registroValido('valido.x', extra), '');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(mensaje);
  });

  it('two registrations of the same name at once: one 201, one 409, one person', async () => {
    const [a, b] = await Promise.all([
      pedir('POST', '/api/registro', registroValido('al.mismo.tiempo'), ''),
      pedir('POST', '/api/registro', registroValido('al.mismo.tiempo'), ''),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    expect([a!, b!].find((r) => r.statusCode === 409)!.json().message).toBe('El nombre de usuario ya existe');
    const [u] = await t.db.select().from(usuario).where(eq(usuario.usuario, 'al.mismo.tiempo'));
    expect(await t.db.$count(persona, eq(persona.userId, u!.id))).toBe(1);
  });

  it("refuses a taken name with 409 'El nombre de usuario ya existe' and creates nothing", async () => {
    const personas = await t.db.$count(persona);
    const r = await pedir('POST', '/api/registro', registroValido('cliente-usr'), '');
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('El nombre de usuario ya existe');
    expect(await t.db.$count(persona)).toBe(personas);
  });
});

describe('user', () => {
  it('GET /api/user lists users with their person for admins, never a password', async () => {
    const r = await pedir('GET', '/api/user');
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('"clave"');
    const lista = r.json() as Usuario[];
    expect(lista.find((u) => u.id === cliente.id)).toEqual({
      id: cliente.id,
      usuario: 'cliente-usr',
      rol: 'USER',
      mensaje: null,
      persona: { id: cliente.personaId, nombre: expect.any(String), apellido: expect.any(String), email: 'cliente-usr@example.com', telefono: '2610000000' },
    });
    expect((await pedir('GET', '/api/user', undefined, cCliente)).statusCode).toBe(403);
    expect((await pedir('GET', '/api/user', undefined, '')).statusCode).toBe(401);
  });

  it('filters by name without accents (name, surname or login) and by role', async () => {
    await pedir('POST', '/api/usuario-completo', {
      persona: { nombre: 'Joaquín', apellido: 'Ñúñez' },
      domicilio: { calle: 'X', numero: '1' },
      usuario: { usuario: 'jnunez', clave: 'clave-segura-1' },
    });
    const porNombre = (await pedir('GET', '/api/user?nombre=JOAQUIN')).json() as Usuario[];
    expect(porNombre.map((u) => u.usuario)).toEqual(['jnunez']);
    expect(((await pedir('GET', '/api/user?nombre=nunez')).json() as Usuario[]).map((u) => u.usuario)).toEqual(['jnunez']);
    expect(((await pedir('GET', '/api/user?nombre=otro-us')).json() as Usuario[]).map((u) => u.usuario)).toEqual(['otro-usr']);
    // Each word in any of the fields, in any order: a full name is two fields.
    const nombres = async (texto: string) =>
      ((await pedir('GET', `/api/user?nombre=${encodeURIComponent(texto)}`)).json() as Usuario[]).map((u) => u.usuario);
    expect(await nombres('Joaquin Nunez')).toEqual(['jnunez']);
    expect(await nombres('  ñúñez   JOAQUÍN ')).toEqual(['jnunez']);
    expect(await nombres('joaquin perez')).toEqual([]);
    expect(await nombres('%')).toEqual([]);
    const admins = (await pedir('GET', '/api/user?rol=ADMIN')).json() as Usuario[];
    expect(admins.every((u) => u.rol === 'ADMIN')).toBe(true);
    expect(admins.map((u) => u.id)).toContain(admin.id);
    expect((await pedir('GET', '/api/user?rol=JEFE')).statusCode).toBe(400);
    const largo = await pedir('GET', `/api/user?nombre=${'j'.repeat(101)}`);
    expect(largo.statusCode).toBe(400);
    expect(largo.json().message).toBe(MENSAJES_PAGINACION.busquedaLarga);
  });

  it('GET /api/user/:id: own or admin; another customer is 403; unknown 404', async () => {
    expect((await pedir('GET', `/api/user/${cliente.id}`, undefined, cCliente)).json()).toMatchObject({ id: cliente.id, usuario: 'cliente-usr' });
    expect((await pedir('GET', `/api/user/${otro.id}`, undefined, cCliente)).statusCode).toBe(403);
    expect((await pedir('GET', `/api/user/${otro.id}`)).statusCode).toBe(200);
    const no = await pedir('GET', '/api/user/999999');
    expect(no.statusCode).toBe(404);
    expect(no.json().message).toBe(MENSAJES_USUARIO.usuarioNoEncontrado);
  });

  it('POST /api/user (admin) creates a user; a taken name is 409', async () => {
    const r = await pedir('POST', '/api/user', { usuario: 'nuevo.admin', clave: 'clave-segura', rol: 'ADMIN', mensaje: 'hola' });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({ id: expect.any(Number), usuario: 'nuevo.admin', rol: 'ADMIN', mensaje: 'hola', persona: null });
    const repetido = await pedir('POST', '/api/user', { usuario: 'nuevo.admin', clave: 'clave-segura' });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().message).toBe(MENSAJES.usuarioExistente);
    expect((await pedir('POST', '/api/user', { usuario: 'corto', clave: 'x' })).json().message).toBe(MENSAJES_USUARIO.claveMinima);
    expect((await pedir('POST', '/api/user', { usuario: 'x.y.z', clave: 'clave-segura' }, cCliente)).statusCode).toBe(403);
  });

  it('PUT /api/user/:id: a customer changes only their own password and message', async () => {
    const propio = await crearUsuario(t.db, { usuario: 'cambia.clave' });
    const cookie = await t.cookieDe(propio.usuario, propio.clave);
    const r = await pedir(
      'PUT',
      `/api/user/${propio.id}`,
      { clave: 'nueva-clave-segura', claveActual: propio.clave, mensaje: 'Hola', rol: 'USER', usuario: 'cambia.clave' },
      cookie,
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ usuario: 'cambia.clave', rol: 'USER', mensaje: 'Hola' });
    await t.cookieDe('cambia.clave', 'nueva-clave-segura');

    await t.cookieDe('cambia.clave', 'nueva-clave-segura');
    // The password change ended every other session of that user, not the one that made it.
    const otraSesion = await t.cookieDe('cambia.clave', 'nueva-clave-segura');
    await pedir('PUT', `/api/user/${propio.id}`, { clave: 'otra-clave-segura', claveActual: 'nueva-clave-segura' }, cookie);
    expect((await pedir('GET', `/api/user/${propio.id}`, undefined, otraSesion)).statusCode).toBe(401);
    expect((await pedir('GET', `/api/user/${propio.id}`, undefined, cookie)).statusCode).toBe(200);

    const subeRol = await pedir('PUT', `/api/user/${propio.id}`, { rol: 'ADMIN' }, cookie);
    expect(subeRol.statusCode).toBe(403);
    expect(subeRol.json().message).toBe(MENSAJES_USUARIO.soloClaveYMensaje);
    expect((await pedir('PUT', `/api/user/${propio.id}`, { usuario: 'otro.nombre' }, cookie)).statusCode).toBe(403);
    expect((await pedir('PUT', `/api/user/${otro.id}`, { mensaje: 'x' }, cookie)).statusCode).toBe(403);
    const [fila] = await t.db.select({ rol: usuario.rol }).from(usuario).where(eq(usuario.id, propio.id));
    expect(fila!.rol).toBe('USER');
  });

  it('PUT /api/user/:id: an admin changes name and role; empty password keeps it; taken name 409', async () => {
    const u = await crearUsuario(t.db, { usuario: 'a.promover' });
    const r = await pedir('PUT', `/api/user/${u.id}`, { usuario: 'promovido', rol: 'ADMIN', clave: '' });
    expect(r.json()).toMatchObject({ usuario: 'promovido', rol: 'ADMIN' });
    await t.cookieDe('promovido', u.clave);
    const tomado = await pedir('PUT', `/api/user/${u.id}`, { usuario: 'otro-usr' });
    expect(tomado.statusCode).toBe(409);
    expect(tomado.json().message).toBe('El nombre de usuario ya existe');
    expect((await pedir('PUT', `/api/user/${u.id}`, { clave: 'corta' })).json().message).toBe(MENSAJES_USUARIO.claveMinima);
  });

  it('DELETE /api/user/:id deletes login, person and address, keeps the sales; an admin never deletes or demotes themselves', async () => {
    const u = await crearUsuario(t.db, { usuario: 'a.borrar' });
    const [p] = await t.db.select().from(persona).where(eq(persona.userId, u.id));
    const [v] = await t.db.insert(venta).values({ userId: u.id }).returning();
    expect((await pedir('DELETE', `/api/user/${u.id}`, undefined, cCliente)).statusCode).toBe(403);
    expect((await pedir('DELETE', `/api/user/${u.id}`)).statusCode).toBe(204);
    expect(await t.db.$count(persona, eq(persona.id, p!.id))).toBe(0);
    expect(await t.db.$count(domicilio, eq(domicilio.id, p!.domicilioId!))).toBe(0);
    const [ventaQueda] = await t.db.select().from(venta).where(eq(venta.id, v!.id));
    expect(ventaQueda!.userId).toBeNull();
    expect((await pedir('DELETE', `/api/user/${u.id}`)).statusCode).toBe(404);

    const bajarse = await pedir('PUT', `/api/user/${admin.id}`, { rol: 'USER' });
    expect(bajarse.statusCode).toBe(409);
    expect(bajarse.json().message).toBe('No podés quitarte el rol de administrador.');
    const bajarseCompleto = await pedir('PUT', `/api/usuario-completo/${admin.id}`, {
      persona: { nombre: 'A', apellido: 'B' },
      domicilio: { calle: 'C', numero: '1' },
      usuario: { usuario: admin.usuario },
      rol: 'USER',
    });
    expect(bajarseCompleto.statusCode).toBe(409);

    const yo = await pedir('DELETE', `/api/user/${admin.id}`);
    expect(yo.statusCode).toBe(409);
    expect(yo.json().message).toBe('No podés eliminar tu propio usuario.');
  });
});

describe('persona and domicilio', () => {
  it('GET /api/persona lists everybody for admins only', async () => {
    const r = await pedir('GET', '/api/persona');
    expect(r.statusCode).toBe(200);
    expect(r.json().length).toBeGreaterThanOrEqual(3);
    expect(r.body).not.toContain('"clave"');
    expect((await pedir('GET', '/api/persona', undefined, cCliente)).statusCode).toBe(403);
  });

  it('GET /api/persona/:id and /api/persona/user/:userId: own or admin', async () => {
    const propia = await pedir('GET', `/api/persona/${cliente.personaId}`, undefined, cCliente);
    expect(propia.statusCode).toBe(200);
    expect(propia.json()).toMatchObject({ id: cliente.personaId, user: { id: cliente.id }, domicilio: { calle: 'Colón' } });
    expect((await pedir('GET', `/api/persona/${otro.personaId}`, undefined, cCliente)).statusCode).toBe(403);
    expect((await pedir('GET', `/api/persona/user/${cliente.id}`, undefined, cCliente)).json().id).toBe(cliente.personaId);
    expect((await pedir('GET', `/api/persona/user/${otro.id}`, undefined, cCliente)).statusCode).toBe(403);
    expect((await pedir('GET', `/api/persona/user/${otro.id}`)).json().id).toBe(otro.personaId);
    const sinPersona = await crearUsuario(t.db, { conPersona: false });
    const no = await pedir('GET', `/api/persona/user/${sinPersona.id}`);
    expect(no.statusCode).toBe(404);
    expect(no.json().message).toBe(MENSAJES_PERSONA.personaNoEncontrada);
    expect((await pedir('GET', '/api/persona/999999')).statusCode).toBe(404);
  });

  it("the spec's flow: address first, then the person with address and user embedded", async () => {
    const sinPersona = await crearUsuario(t.db, { conPersona: false });
    const d = await pedir('POST', '/api/domicilio', { calle: 'Mitre', numero: '55', localidad: 'MAIPU' });
    expect(d.statusCode).toBe(201);
    expect(d.json()).toEqual({ id: expect.any(Number), calle: 'Mitre', numero: '55', localidad: 'MAIPU', provincia: 'MENDOZA', localidadTexto: null, codigoPostal: null });
    const r = await pedir('POST', '/api/persona', {
      nombre: 'Ana',
      apellido: 'Ruiz',
      telefono: '2614000000',
      email: 'ana@example.com',
      domicilio: { ...d.json(), numero: '56' },
      user: { id: sinPersona.id },
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ nombre: 'Ana', domicilio: { id: d.json().id, numero: '56' }, user: { id: sinPersona.id } });
    const otraVez = await pedir('POST', '/api/persona', { nombre: 'B', apellido: 'C', user: { id: sinPersona.id } });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().message).toBe(MENSAJES_PERSONA.usuarioConPersona);
    expect((await pedir('POST', '/api/persona', { nombre: '', apellido: 'C' })).json().message).toBe('El nombre es obligatorio');
    expect((await pedir('POST', '/api/persona', { nombre: 'A', apellido: 'C', email: 'x' })).json().message).toBe('El email no es válido');
    expect((await pedir('POST', '/api/persona', { nombre: 'A', apellido: 'C' }, cCliente)).statusCode).toBe(403);
  });

  it('PUT /api/persona/:id: a customer edits their own data and address, not the link to a login', async () => {
    const u = await crearUsuario(t.db, { usuario: 'edita.persona' });
    const cookie = await t.cookieDe(u.usuario, u.clave);
    const r = await pedir(
      'PUT',
      `/api/persona/${u.personaId}`,
      { nombre: 'Nuevo', apellido: 'Apellido', telefono: '2615550000', email: 'nuevo@example.com', domicilio: { calle: 'Rioja', numero: '10', localidad: 'LAS_HERAS', provincia: 'MENDOZA' }, user: { id: u.id } },
      cookie,
    );
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ nombre: 'Nuevo', domicilio: { calle: 'Rioja', localidad: 'LAS_HERAS' }, user: { id: u.id } });
    const robar = await pedir('PUT', `/api/persona/${u.personaId}`, { nombre: 'A', apellido: 'B', user: { id: otro.id } }, cookie);
    expect(robar.statusCode).toBe(403);
    expect((await pedir('PUT', `/api/persona/${otro.personaId}`, { nombre: 'A', apellido: 'B' }, cookie)).statusCode).toBe(403);
    // Someone else's record is a 403 even with an invalid body: ownership is checked first.
    expect((await pedir('PUT', `/api/persona/${otro.personaId}`, {}, cookie)).statusCode).toBe(403);
    expect((await pedir('PUT', `/api/user/${otro.id}`, { clave: 'x' }, cookie)).statusCode).toBe(403);
    const [ajeno] = await t.db.select().from(persona).where(eq(persona.userId, otro.id));
    expect((await pedir('PUT', `/api/domicilio/${ajeno!.domicilioId}`, {}, cookie)).statusCode).toBe(403);
    expect((await pedir('PUT', '/api/persona/abc', {}, cookie)).statusCode).toBe(400);
    expect((await pedir('PUT', `/api/persona/${u.personaId}`, { nombre: 'A', apellido: 'B', secreto: 1 }, cookie)).statusCode).toBe(400);
  });

  it('DELETE /api/persona/:id (admin) removes the person and its address, keeps the login', async () => {
    const u = await crearUsuario(t.db);
    const [p] = await t.db.select().from(persona).where(eq(persona.userId, u.id));
    expect((await pedir('DELETE', `/api/persona/${p!.id}`, undefined, cCliente)).statusCode).toBe(403);
    expect((await pedir('DELETE', `/api/persona/${p!.id}`)).statusCode).toBe(204);
    expect(await t.db.$count(domicilio, eq(domicilio.id, p!.domicilioId!))).toBe(0);
    expect(await t.db.$count(usuario, eq(usuario.id, u.id))).toBe(1);
    expect((await pedir('DELETE', `/api/persona/${p!.id}`)).statusCode).toBe(404);
  });

  it("a customer's new address replaces their own; PUT /api/domicilio/:id is own or admin", async () => {
    const u = await crearUsuario(t.db, { usuario: 'muda.domicilio' });
    const cookie = await t.cookieDe(u.usuario, u.clave);
    const [antes] = await t.db.select().from(persona).where(eq(persona.userId, u.id));
    const nuevo = await pedir('POST', '/api/domicilio', { calle: 'Godoy Cruz', numero: '300', localidad: 'GODOY_CRUZ' }, cookie);
    expect(nuevo.statusCode).toBe(201);
    const [despues] = await t.db.select().from(persona).where(eq(persona.userId, u.id));
    expect(despues!.domicilioId).toBe(nuevo.json().id);
    expect(await t.db.$count(domicilio, eq(domicilio.id, antes!.domicilioId!))).toBe(0);

    const cambio = await pedir('PUT', `/api/domicilio/${nuevo.json().id}`, { id: nuevo.json().id, calle: 'Godoy Cruz', numero: '301' }, cookie);
    expect(cambio.statusCode).toBe(200);
    expect(cambio.json()).toMatchObject({ numero: '301', localidad: 'CAPITAL', provincia: 'MENDOZA' });
    const [ajeno] = await t.db.select().from(persona).where(eq(persona.userId, otro.id));
    expect((await pedir('PUT', `/api/domicilio/${ajeno!.domicilioId}`, { calle: 'X', numero: '1' }, cookie)).statusCode).toBe(403);
    expect((await pedir('PUT', `/api/domicilio/${ajeno!.domicilioId}`, { calle: 'X', numero: '1' })).statusCode).toBe(200);
    expect((await pedir('PUT', '/api/domicilio/999999', { calle: 'X', numero: '1' })).statusCode).toBe(404);
    const invalido = await pedir('PUT', `/api/domicilio/${nuevo.json().id}`, { calle: '', numero: '' }, cookie);
    expect(invalido.json().message).toBe('La calle es obligatoria. El número es obligatorio');
    expect((await pedir('POST', '/api/domicilio', { calle: 'X', numero: '1' }, '')).statusCode).toBe(401);
  });
});

describe('usuario-completo', () => {
  const completo = (usuarioNombre: string, extra: Record<string, unknown> = {}) => ({
    persona: { nombre: 'Carla', apellido: 'Díaz', telefono: '2613334444', email: 'carla@example.com' },
    domicilio: { calle: 'España', numero: '900', localidad: 'GUAYMALLEN', provincia: 'MENDOZA' },
    usuario: { usuario: usuarioNombre, clave: 'cuaderno-rayado-7' },
    rol: 'ADMIN',
    ...extra,
  });

  it('creates, reads and edits user, role, person and address at once, never showing the password', async () => {
    const r = await pedir('POST', '/api/usuario-completo', completo('carla.d'));
    expect(r.statusCode).toBe(201);
    const creado = r.json();
    expect(creado).toEqual({
      usuario: { id: expect.any(Number), usuario: 'carla.d', mensaje: null },
      rol: 'ADMIN',
      persona: { id: expect.any(Number), nombre: 'Carla', apellido: 'Díaz', telefono: '2613334444', email: 'carla@example.com' },
      domicilio: { id: expect.any(Number), calle: 'España', numero: '900', localidad: 'GUAYMALLEN', provincia: 'MENDOZA', localidadTexto: null, codigoPostal: null },
    });
    const id = creado.usuario.id;
    const leido = await pedir('GET', `/api/usuario-completo/${id}`);
    expect(leido.json()).toEqual(creado);
    expect(leido.body).not.toContain('"clave"');

    const sinClave = await pedir('PUT', `/api/usuario-completo/${id}`, completo('carla.diaz', { usuario: { usuario: 'carla.diaz', clave: '' }, rol: 'USER', domicilio: { calle: 'Sarmiento', numero: '1' } }));
    expect(sinClave.statusCode).toBe(200);
    expect(sinClave.json()).toMatchObject({ usuario: { id, usuario: 'carla.diaz' }, rol: 'USER', domicilio: { id: creado.domicilio.id, calle: 'Sarmiento', localidad: 'CAPITAL' }, persona: { id: creado.persona.id } });
    await t.cookieDe('carla.diaz', 'cuaderno-rayado-7');
    await pedir('PUT', `/api/usuario-completo/${id}`, completo('carla.diaz', { usuario: { usuario: 'carla.diaz', clave: 'otra-clave-nueva' } }));
    await t.cookieDe('carla.diaz', 'otra-clave-nueva');
  });

  it('creates the person and address of a user that had none', async () => {
    const u = await crearUsuario(t.db, { conPersona: false });
    const r = await pedir('PUT', `/api/usuario-completo/${u.id}`, completo(u.usuario, { usuario: { usuario: u.usuario } }));
    expect(r.statusCode).toBe(200);
    expect(r.json().persona).toMatchObject({ nombre: 'Carla' });
    expect(r.json().domicilio).toMatchObject({ calle: 'España' });
  });

  it('refuses taken names, a missing password on create, unknown users and customers', async () => {
    const repetido = await pedir('POST', '/api/usuario-completo', completo('cliente-usr'));
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().message).toBe('El nombre de usuario ya existe');
    const sinClave = await pedir('POST', '/api/usuario-completo', completo('sin.clave', { usuario: { usuario: 'sin.clave' } }));
    expect(sinClave.statusCode).toBe(400);
    expect(sinClave.json().message).toBe(MENSAJES_USUARIO.claveObligatoria);
    expect((await pedir('PUT', '/api/usuario-completo/999999', completo('fantasma'))).statusCode).toBe(404);
    expect((await pedir('GET', '/api/usuario-completo/999999')).statusCode).toBe(404);
    expect((await pedir('POST', '/api/usuario-completo', completo('de.cliente'), cCliente)).statusCode).toBe(403);
    expect((await pedir('GET', `/api/usuario-completo/${cliente.id}`, undefined, cCliente)).statusCode).toBe(403);
    const tomado = await pedir('PUT', `/api/usuario-completo/${otro.id}`, completo('cliente-usr', { usuario: { usuario: 'cliente-usr' } }));
    expect(tomado.statusCode).toBe(409);
  });
});

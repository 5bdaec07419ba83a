import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { CONTEXTO_SISTEMA } from '../auditoria/auditoria';
import { enviarEnlaces } from '../auth/recuperar-clave';
import { codigoPg } from '../http/manejar-errores';
import { auditoria, usuario } from '../db/schema';
import { crearBaseDePrueba } from '../test/base-de-prueba';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';

// 'ADMIN' beside 'admin' passed for the owner in grids, sales, the audit trail and e-mails.
let t: AppDePrueba;
let duenio: Awaited<ReturnType<typeof crearUsuario>>;
let cAdmin: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  duenio = await crearUsuario(t.db, { usuario: 'admin', rol: 'ADMIN' });
  cAdmin = await t.cookieDe(duenio.usuario, duenio.clave);
});
afterAll(() => t.cerrar());

const pedir = (method: 'POST' | 'PUT', url: string, payload: object, cookie = cAdmin) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const persona = { nombre: 'Sofía', apellido: 'Morales', telefono: '261 555-1234', email: 'sofia@example.com' };
const domicilio = { calle: 'Belgrano', numero: '1200' };

const esRepetido = (r: { statusCode: number; json: () => { message: string } }) => {
  expect(r.statusCode).toBe(409);
  expect(r.json().message).toBe(MENSAJES.usuarioExistente);
};

describe('a user name is taken whatever its capitals', () => {
  it('POST /api/registro: ADMIN (and " Admin ") refused while admin exists; nothing stored', async () => {
    const antes = await t.db.$count(usuario);
    for (const nombre of ['ADMIN', ' Admin ']) {
      esRepetido(await pedir('POST', '/api/registro', { persona, domicilio, usuario: { usuario: nombre, clave: 'una-clave-larga' } }, ''));
    }
    expect(await t.db.$count(usuario)).toBe(antes);
  });

  it('POST /api/user and POST /api/usuario-completo (admin): ADMIN refused', async () => {
    esRepetido(await pedir('POST', '/api/user', { usuario: 'ADMIN', clave: 'clave-muy-segura' }));
    esRepetido(await pedir('POST', '/api/usuario-completo', { usuario: { usuario: 'aDmIn', clave: 'clave-muy-segura' }, rol: 'USER', persona, domicilio }));
  });

  it('PUT /api/user/:id and PUT /api/usuario-completo/:id: renaming another user to ADMIN refused; a user may change their own capitals', async () => {
    const otro = await crearUsuario(t.db, { usuario: 'otro.nombre' });
    esRepetido(await pedir('PUT', `/api/user/${otro.id}`, { usuario: 'ADMIN' }));
    esRepetido(await pedir('PUT', `/api/usuario-completo/${otro.id}`, { usuario: { usuario: 'Admin' }, rol: 'USER', persona, domicilio }));
    const propio = await pedir('PUT', `/api/user/${otro.id}`, { usuario: 'Otro.Nombre' });
    expect(propio.statusCode).toBe(200);
    expect(propio.json().usuario).toBe('Otro.Nombre');
  });

  it('the database refuses a second admin in other capitals too (unique index on lower)', async () => {
    const error = await t.db
      .insert(usuario)
      .values({ usuario: 'ADMIN', clave: 'x' })
      .then(() => null, (e: unknown) => e);
    expect(codigoPg(error)).toBe('23505');
  });

  it('sign-in and password reset by name find the one account whatever the capitals', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario: 'ADMIN', clave: duenio.clave } });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ id: duenio.id, usuario: 'admin' });
    const cliente = await crearUsuario(t.db, { usuario: 'cliente.reset' });
    expect(await enviarEnlaces(t.db, 'CLIENTE.Reset', CONTEXTO_SISTEMA, { porCuenta: 2 })).toMatchObject({ enviados: [cliente.id] });
  });
});

describe('migration 0024 on a database that already holds names differing only in capitals', () => {
  it('keeps the oldest name, renames each later one deterministically (audited), then enforces the index', async () => {
    const base = await crearBaseDePrueba();
    try {
      const { db } = base;
      // Back to 0023: the exact unique constraint, and 0024 not applied yet.
      await db.execute(sql`drop index usuario_usuario_minusculas_key`);
      await db.execute(sql`alter table usuario add constraint usuario_usuario_unique unique (usuario)`);
      await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      const largo = `a${'b'.repeat(49)}`;
      const nombres = ['admin', 'ADMIN', 'Admin', 'otro', largo, largo.toUpperCase()];
      const ids: number[] = [];
      for (const nombre of nombres) ids.push((await db.insert(usuario).values({ usuario: nombre, clave: 'x' }).returning())[0]!.id);
      // A later duplicate whose natural new name is taken already gets one more suffix.
      await db.insert(usuario).values({ usuario: `admin-${ids[1]}`, clave: 'x' });
      await base.migrar();
      const filas = await db.select({ id: usuario.id, usuario: usuario.usuario }).from(usuario).orderBy(asc(usuario.id));
      const nombreDe = (id: number) => filas.find((f) => f.id === id)!.usuario;
      expect(nombreDe(ids[0]!)).toBe('admin');
      expect(nombreDe(ids[1]!)).toBe(`ADMIN-${ids[1]}-2`);
      expect(nombreDe(ids[2]!)).toBe(`Admin-${ids[2]}`);
      expect(nombreDe(ids[3]!)).toBe('otro');
      expect(nombreDe(ids[4]!)).toBe(largo);
      expect(nombreDe(ids[5]!)).toBe(`${largo.toUpperCase().slice(0, 50 - `-${ids[5]}`.length)}-${ids[5]}`);
      expect(nombreDe(ids[5]!).length).toBeLessThanOrEqual(50);
      const eventos = await db.select().from(auditoria).where(eq(auditoria.usuario, 'Sistema'));
      expect(eventos.filter((e) => e.accion === 'usuario.editar').map((e) => e.entidadId)).toEqual([ids[1], ids[2], ids[5]]);
      expect(eventos.find((e) => e.entidadId === ids[1])).toMatchObject({ antes: { usuario: 'ADMIN' }, despues: { usuario: `ADMIN-${ids[1]}-2` } });
      const error = await db
        .insert(usuario)
        .values({ usuario: 'aDMIN', clave: 'x' })
        .then(() => null, (e: unknown) => e);
      expect(codigoPg(error)).toBe('23505');
    } finally {
      await base.cerrar();
    }
  });
});

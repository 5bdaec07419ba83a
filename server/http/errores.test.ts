import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario } from '../test/fabricas';

let t: AppDePrueba;

beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

describe('bad input gets a 4xx with a Spanish message, never a 500', () => {
  it('malformed JSON', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"usuario": ',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: MENSAJES.jsonInvalido });
  });

  it('a body too large', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ usuario: 'x'.repeat(2 * 1024 * 1024), clave: 'y' }),
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ message: MENSAJES.solicitudDemasiadoGrande });
  });

  it('an unsupported content type', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(r.statusCode).toBe(415);
    expect(r.json()).toEqual({ message: MENSAJES.tipoContenidoNoSoportado });
  });

  it('wrong types in the query string, with the field named', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/producto?pagina=cero&orden=barato' });
    expect(r.statusCode).toBe(400);
    const cuerpo = r.json() as { message: string; errors: Array<{ campo: string }> };
    expect(cuerpo.errors.map((e) => e.campo).sort()).toEqual(['orden', 'pagina']);
    expect(cuerpo.message).not.toMatch(/invalid|expected/i);
  });

  it('a field of the wrong kind is named as such, not as missing; a missing or null one keeps its own message', async () => {
    const admin = await crearUsuario(t.db, { usuario: 'admin-tipos', rol: 'ADMIN' });
    const cookie = await t.cookieDe(admin.usuario, admin.clave);
    const errores = async (url: string, payload: object) => {
      const r = await t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
      expect(r.statusCode).toBe(400);
      return (r.json() as { errors: Array<{ campo: string; mensaje: string }> }).errors;
    };
    expect(await errores('/api/user', { usuario: 1, clave: true, rol: 'USER' })).toEqual([
      { campo: 'usuario', mensaje: 'Tipo inválido en usuario: se esperaba texto, recibido número' },
      { campo: 'clave', mensaje: 'Tipo inválido en clave: se esperaba texto, recibido booleano' },
    ]);
    expect(await errores('/api/user', { rol: 'USER' })).toEqual([
      { campo: 'usuario', mensaje: 'El nombre de usuario es obligatorio' },
      { campo: 'clave', mensaje: 'La contraseña es obligatoria' },
    ]);
    expect(await errores('/api/sinonimo', { termino: [123], equivalente: null })).toEqual([
      { campo: 'termino', mensaje: 'Tipo inválido en termino: se esperaba texto, recibido arreglo' },
      { campo: 'equivalente', mensaje: 'El equivalente es obligatorio' },
    ]);
    // Nothing was created.
    const lista = await t.app.inject({ method: 'GET', url: '/api/sinonimo', headers: { cookie } });
    expect(lista.body).not.toContain('123');
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999'])('an id %j that is not a valid id is a 400', async (id) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/producto/${id}` });
    expect(r.statusCode).toBe(400);
  });

  it('an unknown id is a 404 with its message', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/producto/999999' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ message: MENSAJES.productoNoEncontrado });
  });

  it('an unknown API path is a JSON 404', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ message: MENSAJES.recursoNoEncontrado });
  });
});

describe('responses', () => {
  it('carry security headers', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/categoria' });
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['referrer-policy']).toBe('same-origin');
  });

  it('are compressed when large', async () => {
    for (let i = 0; i < 30; i++) await crearProducto(t.db, { descripcion: 'Descripción larga de un producto. '.repeat(5) });
    const r = await t.app.inject({ method: 'GET', url: '/api/producto?porPagina=30', headers: { 'accept-encoding': 'gzip' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
  });

  it('the OpenAPI description lists the routes', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/producto', '/api/producto/{id}', '/api/categoria']));
  });
});

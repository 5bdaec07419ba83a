// NUL bytes and lone surrogates are a 400 with a Spanish message before any query, wherever the text
// arrives: JSON body (values and keys), query string, route params, urlencoded and multipart fields.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { categoria, producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearUsuario } from '../test/fabricas';
import { multipart } from '../test/multipart';
import { contieneTextoNoValido, textoNoValido } from './texto-valido';

let t: AppDePrueba;
let admin: string;
/** Queries run by a route's own code: none may run for a refused request. */
let consultas = 0;

beforeAll(async () => {
  t = await crearAppDePrueba(
    {},
    {
      antesDeLasRutas: (app) => {
        app.addHook('preHandler', async () => {
          consultas++;
        });
      },
    },
  );
  const a = await crearUsuario(t.db, { usuario: 'admintexto', rol: 'ADMIN' });
  admin = await t.cookieDe(a.usuario, a.clave);
});
afterAll(() => t.cerrar());

const cuantas = async () => {
  const [c] = await t.db.select({ n: count() }).from(categoria);
  const [p] = await t.db.select({ n: count() }).from(producto);
  return { categorias: c!.n, productos: p!.n };
};

const esperarRechazo = (r: { statusCode: number; json: () => unknown }) => {
  expect(r.statusCode).toBe(400);
  expect(r.json()).toEqual({ message: MENSAJES.caracteresNoValidos });
};

describe('the check itself', () => {
  it('finds NUL bytes and lone surrogates, and lets well-formed text (emoji, accents) through', () => {
    for (const malo of ['a\u0000b', '\u0000', 'x\ud800', '\ud800x', '\udc00', 'a\udfffb', '\ud83d']) expect(textoNoValido(malo)).toBe(true);
    for (const bueno of ['', 'Cuaderno Rivadavia ñandú', '😀 lápiz', '\ud83d\ude00', '%00', '\\u0000']) expect(textoNoValido(bueno)).toBe(false);
  });

  it('looks inside objects and arrays, keys too, at any depth', () => {
    expect(contieneTextoNoValido({ a: [{ b: 'ok' }, { c: ['x\u0000'] }] })).toBe(true);
    expect(contieneTextoNoValido({ 'clave\u0000': 1 })).toBe(true);
    expect(contieneTextoNoValido({ a: [1, true, null, { b: 'ok' }] })).toBe(false);
    let profundo: unknown = 'x\ud800';
    for (let i = 0; i < 100_000; i++) profundo = [profundo];
    expect(contieneTextoNoValido(profundo)).toBe(true);
  });
});

describe('refused before any query', () => {
  it('GET /api/producto?q=%00 (a 500 before) and a lone surrogate encoded as UTF-16 escapes in JSON', async () => {
    consultas = 0;
    esperarRechazo(await t.app.inject({ method: 'GET', url: '/api/producto?q=%00' }));
    esperarRechazo(await t.app.inject({ method: 'GET', url: '/api/producto?marca=a%00b&pagina=1' }));
    expect(consultas).toBe(0);
  });

  it('JSON bodies: a value, a nested value, a key; login included (before the password is checked)', async () => {
    const antes = await cuantas();
    consultas = 0;
    const enviar = (url: string, payload: string) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: admin, 'content-type': 'application/json' }, payload });
    esperarRechazo(await enviar('/api/categoria', '{"denominacion":"Útiles\\u0000"}'));
    esperarRechazo(await enviar('/api/categoria', '{"denominacion":"Útiles\\ud800"}'));
    esperarRechazo(await enviar('/api/categoria', '{"denominacion":"ok","x\\u0000":1}'));
    esperarRechazo(await enviar('/api/auth/login', '{"usuario":"admin\\u0000","clave":"x"}'));
    esperarRechazo(await enviar('/api/registro', '{"persona":{"nombre":"A\\udc00"}}'));
    expect(consultas).toBe(0);
    expect(await cuantas()).toEqual(antes);
  });

  it('route params', async () => {
    consultas = 0;
    esperarRechazo(await t.app.inject({ method: 'GET', url: '/api/mercadoPago/simulador/pref%00' }));
    expect(consultas).toBe(0);
  });

  it('urlencoded bodies (the simulated checkout form)', async () => {
    consultas = 0;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/mercadoPago/simulador/pref-1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'accion=aprobar%00',
    });
    esperarRechazo(r);
    expect(consultas).toBe(0);
  });

  it('multipart fields, as a field, as a JSON escape inside it, and as a Blob part', async () => {
    const cat = await crearCategoria(t.db);
    const antes = await cuantas();
    const productoJson = (denominacion: string) =>
      JSON.stringify({ denominacion, marca: 'M', codigo: `T-${Math.random()}`, costo: 100, porcentaje: 10, stock: 1, descripcion: '', categoria: { id: cat.id } });
    const cuerpos = [
      multipart([{ nombre: 'producto', valor: productoJson('Lápiz\u0000') }]),
      // The escapes written in the JSON text: a NUL and a lone surrogate only once parsed.
      multipart([{ nombre: 'producto', valor: productoJson('Lápiz').replace('Lápiz', 'L\\u0000') }]),
      multipart([{ nombre: 'producto', valor: productoJson('Lápiz').replace('Lápiz', 'L\\ud800'), archivo: 'blob', tipo: 'application/json' }]),
      multipart([
        { nombre: 'producto', valor: productoJson('Lápiz') },
        { nombre: 'otro\u0000', valor: 'x' },
      ]),
    ];
    for (const { payload, headers } of cuerpos) {
      esperarRechazo(await t.app.inject({ method: 'POST', url: '/api/producto/with-image', headers: { ...headers, cookie: admin }, payload }));
    }
    expect(await cuantas()).toEqual(antes);
  });

  it('well-formed text with emoji and accents still goes in', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/categoria', headers: { cookie: admin }, payload: { denominacion: 'Regalería 🎁 ñ' } });
    expect(r.statusCode).toBe(201);
    expect(r.json().denominacion).toBe('Regalería 🎁 ñ');
    const busqueda = await t.app.inject({ method: 'GET', url: `/api/producto?q=${encodeURIComponent('lápiz 😀')}` });
    expect(busqueda.statusCode).toBe(200);
  });
});

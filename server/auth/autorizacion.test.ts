// The authorization matrix, generated from `app.rutasApi` (every API route with its declared acceso):
// a route added later is covered without touching this file, except a 'usuario' route, which must be
// listed below with its ownership rule (the test fails until it is).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { persona } from '../db/schema';
import type { RutaApi } from './plugin';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario, crearVentaDirecta } from '../test/fabricas';

interface Datos {
  /** The customer who owns the data. */
  clienteId: number;
  personaId: number;
  domicilioId: number;
  ventaId: number;
}

/**
 * Every 'usuario' route (any logged-in user) and how it protects someone's data:
 * - propio: reads or changes one person's data; `url` points at the customer's own record, and
 *   another customer must get 403 there.
 * - ninguno: acts only on the caller's own session or creates something for them.
 */
type ReglaUsuario = { dueno: 'propio'; url: (d: Datos) => string; cuerpo?: (d: Datos) => object } | { dueno: 'ninguno' };
const RUTAS_USUARIO: Record<string, ReglaUsuario> = {
  'POST /api/pedido': { dueno: 'ninguno' },
  'GET /api/venta/:id': { dueno: 'propio', url: (d) => `/api/venta/${d.ventaId}` },
  'GET /api/venta/user/:userId': { dueno: 'propio', url: (d) => `/api/venta/user/${d.clienteId}` },
  'GET /api/detalleVenta/venta/:ventaId': { dueno: 'propio', url: (d) => `/api/detalleVenta/venta/${d.ventaId}` },
  'GET /api/persona/user/:userId': { dueno: 'propio', url: (d) => `/api/persona/user/${d.clienteId}` },
  'GET /api/persona/:id': { dueno: 'propio', url: (d) => `/api/persona/${d.personaId}` },
  'PUT /api/persona/:id': {
    dueno: 'propio',
    url: (d) => `/api/persona/${d.personaId}`,
    cuerpo: () => ({ nombre: 'Ana', apellido: 'Paz', telefono: '2615551234', email: 'ana@example.com' }),
  },
  // A customer's new address becomes their own person's address: it touches nobody else's data.
  'POST /api/domicilio': { dueno: 'ninguno' },
  'PUT /api/domicilio/:id': {
    dueno: 'propio',
    url: (d) => `/api/domicilio/${d.domicilioId}`,
    cuerpo: () => ({ calle: 'Rivadavia', numero: '100', localidad: 'MAIPU', provincia: 'MENDOZA' }),
  },
  'GET /api/user/:id': { dueno: 'propio', url: (d) => `/api/user/${d.clienteId}` },
  'PUT /api/user/:id': { dueno: 'propio', url: (d) => `/api/user/${d.clienteId}`, cuerpo: () => ({ mensaje: 'hola' }) },
  // The sale named in the body must be the caller's own.
  'POST /api/mercadoPago/createPreference': { dueno: 'propio', url: () => '/api/mercadoPago/createPreference', cuerpo: (d) => ({ id: d.ventaId }) },
  'GET /api/mercadoPago/estado/:ventaId': { dueno: 'propio', url: (d) => `/api/mercadoPago/estado/${d.ventaId}` },
};

let t: AppDePrueba;
let datos: Datos;
const cookies: Record<'cliente' | 'otro' | 'admin', string> = { cliente: '', otro: '', admin: '' };

beforeAll(async () => {
  t = await crearAppDePrueba();
  const admin = await crearUsuario(t.db, { usuario: 'admin-matriz', rol: 'ADMIN' });
  const cliente = await crearUsuario(t.db, { usuario: 'cliente-matriz' });
  const otro = await crearUsuario(t.db, { usuario: 'otro-matriz' });
  const p = await crearProducto(t.db, { stock: 10 });
  const venta = await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 1, precio: p.precio }] });
  const [fila] = await t.db.select({ domicilioId: persona.domicilioId }).from(persona).where(eq(persona.id, cliente.personaId!));
  datos = { clienteId: cliente.id, personaId: cliente.personaId!, domicilioId: fila!.domicilioId!, ventaId: venta.id };
  cookies.admin = await t.cookieDe(admin.usuario, admin.clave);
  cookies.cliente = await t.cookieDe(cliente.usuario, cliente.clave);
  cookies.otro = await t.cookieDe(otro.usuario, otro.clave);
});
afterAll(() => t.cerrar());

const clave = (r: RutaApi) => `${r.method} ${r.url}`;
/** Any id fills a parameter: the access rule is enforced before validation and before the handler. */
const urlGenerica = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

function llamar(method: string, url: string, cookie?: string, cuerpo: object = {}): Promise<LightMyRequestResponse> {
  const conCuerpo = ['POST', 'PUT', 'PATCH'].includes(method);
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(conCuerpo ? { payload: cuerpo } : {}),
  });
}

const rutas = (acceso?: RutaApi['acceso']) => t.app.rutasApi.filter((r) => !acceso || r.acceso === acceso);
const describir = (r: RutaApi, respuesta: LightMyRequestResponse) => `${clave(r)} -> ${respuesta.statusCode} ${respuesta.body.slice(0, 120)}`;

describe('authorization matrix', () => {
  it('every "usuario" route is in the ownership table, and the table names only existing routes', () => {
    const usuario = rutas('usuario').map(clave);
    const faltan = usuario.filter((k) => !(k in RUTAS_USUARIO));
    expect(faltan, 'agregá estas rutas a RUTAS_USUARIO con su control de dueño').toEqual([]);
    const sobran = Object.keys(RUTAS_USUARIO).filter((k) => !usuario.includes(k));
    expect(sobran, 'estas rutas de RUTAS_USUARIO ya no existen o no son de acceso usuario').toEqual([]);
    expect(rutas().length).toBeGreaterThan(20);
  });

  it('anonymous: 401 on every "usuario" and "admin" route', async () => {
    const mal: string[] = [];
    for (const r of [...rutas('usuario'), ...rutas('admin')]) {
      const respuesta = await llamar(r.method, urlGenerica(r.url));
      if (respuesta.statusCode !== 401) mal.push(describir(r, respuesta));
    }
    expect(mal).toEqual([]);
  });

  it('a customer: 403 on every "admin" route', async () => {
    const mal: string[] = [];
    for (const r of rutas('admin')) {
      const respuesta = await llamar(r.method, urlGenerica(r.url), cookies.otro);
      if (respuesta.statusCode !== 403) mal.push(describir(r, respuesta));
    }
    expect(mal).toEqual([]);
  });

  it('another customer: 403 on someone else\'s data; the owner is let in', async () => {
    const mal: string[] = [];
    for (const r of rutas('usuario')) {
      const regla = RUTAS_USUARIO[clave(r)];
      if (regla?.dueno !== 'propio') continue;
      const url = regla.url(datos);
      const ajeno = await llamar(r.method, url, cookies.otro, regla.cuerpo?.(datos));
      if (ajeno.statusCode !== 403) mal.push(`otro cliente: ${describir(r, ajeno)}`);
      const propio = await llamar(r.method, url, cookies.cliente, regla.cuerpo?.(datos));
      if ([401, 403].includes(propio.statusCode)) mal.push(`dueño: ${describir(r, propio)}`);
    }
    expect(mal).toEqual([]);
  });

  it('a customer is never refused a "usuario" route that acts on their own session', async () => {
    const mal: string[] = [];
    for (const r of rutas('usuario')) {
      if (RUTAS_USUARIO[clave(r)]?.dueno !== 'ninguno') continue;
      const respuesta = await llamar(r.method, urlGenerica(r.url), cookies.otro);
      if ([401, 403].includes(respuesta.statusCode)) mal.push(describir(r, respuesta));
    }
    expect(mal).toEqual([]);
  });

  // Last: an admin's calls may change data (DELETE with id 1 and so on).
  it('admin: never 401 or 403 on a "usuario" or "admin" route', async () => {
    const mal: string[] = [];
    for (const r of [...rutas('usuario'), ...rutas('admin')]) {
      const regla = RUTAS_USUARIO[clave(r)];
      const url = regla?.dueno === 'propio' ? regla.url(datos) : urlGenerica(r.url);
      const respuesta = await llamar(r.method, url, cookies.admin, regla?.dueno === 'propio' ? regla.cuerpo?.(datos) : {});
      if ([401, 403].includes(respuesta.statusCode)) mal.push(describir(r, respuesta));
    }
    expect(mal).toEqual([]);
  });
});

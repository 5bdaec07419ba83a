// The authorization matrix, generated from the OpenAPI document (each operation's `x-acceso` comes from
// the route's own `config.acceso`): every operation x {anonymous, customer, another customer, admin} x
// every way to spell its path, sent over a real socket so that nothing normalises the target on the way.
// A route added later is covered without touching this file, except a 'propio' route, which must be
// listed below with the URL of its owner's record (the test fails until it is).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { buildApp } from '../app';
import { persona, trabajoImpresion } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearTrabajoImpresion, crearUsuario, crearVentaDirecta } from '../test/fabricas';
import { ACCESOS, type Acceso } from './acceso';
import { variantesDeRuta } from '../test/variantes-de-ruta';

interface Datos {
  clienteId: number;
  personaId: number;
  domicilioId: number;
  ventaId: number;
  trabajoId: number;
  trabajoPedidoId: number;
}

/** Every 'propio' route: the URL of the customer's own record (and a body, for writes). */
interface ReglaPropio {
  url: (d: Datos) => string;
  cuerpo?: (d: Datos) => object;
}
const RUTAS_PROPIAS: Record<string, ReglaPropio> = {
  'GET /api/venta/{id}': { url: (d) => `/api/venta/${d.ventaId}` },
  'GET /api/venta/user/{userId}': { url: (d) => `/api/venta/user/${d.clienteId}` },
  'GET /api/detalleVenta/venta/{ventaId}': { url: (d) => `/api/detalleVenta/venta/${d.ventaId}` },
  'GET /api/persona/user/{userId}': { url: (d) => `/api/persona/user/${d.clienteId}` },
  'GET /api/persona/{id}': { url: (d) => `/api/persona/${d.personaId}` },
  'PUT /api/persona/{id}': {
    url: (d) => `/api/persona/${d.personaId}`,
    cuerpo: () => ({ nombre: 'Ana', apellido: 'Paz', telefono: '2615551234', email: 'ana@example.com' }),
  },
  'PUT /api/domicilio/{id}': {
    url: (d) => `/api/domicilio/${d.domicilioId}`,
    cuerpo: () => ({ calle: 'Rivadavia', numero: '100', localidad: 'MAIPU', provincia: 'MENDOZA' }),
  },
  'GET /api/user/{id}': { url: (d) => `/api/user/${d.clienteId}` },
  'PUT /api/user/{id}': { url: (d) => `/api/user/${d.clienteId}`, cuerpo: () => ({ mensaje: 'hola' }) },
  // The sale named in the body must be the caller's own.
  'POST /api/mercadoPago/createPreference': { url: () => '/api/mercadoPago/createPreference', cuerpo: (d) => ({ id: d.ventaId }) },
  'GET /api/mercadoPago/estado/{ventaId}': { url: (d) => `/api/mercadoPago/estado/${d.ventaId}` },
  // A print job (issue 21) and its files: the owner's or an admin's.
  'GET /api/impresion/{id}': { url: (d) => `/api/impresion/${d.trabajoId}` },
  'GET /api/impresion/{id}/archivo': { url: (d) => `/api/impresion/${d.trabajoId}/archivo` },
  'GET /api/impresion/{id}/miniatura': { url: (d) => `/api/impresion/${d.trabajoId}/miniatura` },
  // An ordered job: its owner and an admin reach the route (409, it stays); another customer gets 403.
  'DELETE /api/impresion/{id}': { url: (d) => `/api/impresion/${d.trabajoPedidoId}` },
};

interface Operacion {
  method: string;
  /** The OpenAPI path, with {parameters}. */
  plantilla: string;
  acceso: Acceso;
}
type Rol = 'anonimo' | 'cliente' | 'otro' | 'admin';
const ROLES: Rol[] = ['anonimo', 'cliente', 'otro', 'admin'];

let t: AppDePrueba;
let datos: Datos;
let operaciones: Operacion[];
let puerto: number;
const cookies: Record<Rol, string | undefined> = { anonimo: undefined, cliente: '', otro: '', admin: '' };
/** The requests that got past the access check into a route's own code, and which route. */
const alcanzadas = new Map<string, { url: string; acceso: Acceso }>();
const agente = new http.Agent({ keepAlive: true, maxSockets: 8 });
let secuencia = 0;

beforeAll(async () => {
  t = await crearAppDePrueba(
    {},
    {
      // preParsing: past every onRequest hook, before the body, validation and the handler.
      antesDeLasRutas: (app: FastifyInstance) =>
        app.addHook('preParsing', (request, _reply, payload, done) => {
          const marca = request.headers['x-marca'];
          if (typeof marca === 'string' && !request.is404) alcanzadas.set(marca, { url: request.routeOptions.url ?? '', acceso: request.routeOptions.config.acceso! });
          done(null, payload);
        }),
    },
  );
  const admin = await crearUsuario(t.db, { usuario: 'admin-matriz', rol: 'ADMIN' });
  const cliente = await crearUsuario(t.db, { usuario: 'cliente-matriz' });
  const otro = await crearUsuario(t.db, { usuario: 'otro-matriz' });
  const p = await crearProducto(t.db, { stock: 10 });
  const venta = await crearVentaDirecta(t.db, { userId: cliente.id, lineas: [{ productoId: p.id, cantidad: 1, precio: p.precio }] });
  const [fila] = await t.db.select({ domicilioId: persona.domicilioId }).from(persona).where(eq(persona.id, cliente.personaId!));
  const trabajo = await crearTrabajoImpresion(t.db, { userId: cliente.id });
  const pedido = await crearTrabajoImpresion(t.db, { userId: cliente.id });
  await t.db.update(trabajoImpresion).set({ estado: 'RECIBIDO' }).where(eq(trabajoImpresion.id, pedido.id));
  datos = { clienteId: cliente.id, personaId: cliente.personaId!, domicilioId: fila!.domicilioId!, ventaId: venta.id, trabajoId: trabajo.id, trabajoPedidoId: pedido.id };
  cookies.admin = await t.cookieDe(admin.usuario, admin.clave);
  cookies.cliente = await t.cookieDe(cliente.usuario, cliente.clave);
  cookies.otro = await t.cookieDe(otro.usuario, otro.clave);

  const documento = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { 'x-acceso'?: Acceso }>>;
  };
  const documentadas = Object.entries(documento.paths).flatMap(([plantilla, metodos]) =>
    Object.entries(metodos).map(([metodo, op]) => ({ method: metodo.toUpperCase(), plantilla, acceso: op['x-acceso']! })),
  );
  // Every GET also answers HEAD (fastify adds it, the document leaves it out): the same access applies.
  operaciones = [...documentadas, ...documentadas.filter((op) => op.method === 'GET').map((op) => ({ ...op, method: 'HEAD' }))];
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  puerto = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  agente.destroy();
  await t.cerrar();
});

interface Respuesta {
  status: number;
  cuerpo: string;
  /** The route whose own code the request reached, if any. */
  alcanzada?: { url: string; acceso: Acceso };
}

/** One request with the target written exactly as given (no client normalises it). */
function enviar(method: string, objetivo: string, rol: Rol, cuerpo?: object): Promise<Respuesta> {
  const marca = String(++secuencia);
  const texto = cuerpo === undefined ? undefined : JSON.stringify(cuerpo);
  return new Promise((resolve, reject) => {
    const pedido = http.request(
      {
        agent: agente,
        host: '127.0.0.1',
        port: puerto,
        method,
        path: objetivo,
        headers: {
          'x-marca': marca,
          ...(cookies[rol] ? { cookie: cookies[rol] } : {}),
          ...(texto === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(texto) }),
        },
      },
      (respuesta) => {
        let recibido = '';
        respuesta.setEncoding('utf8');
        respuesta.on('data', (parte: string) => (recibido += parte));
        respuesta.on('end', () => resolve({ status: respuesta.statusCode ?? 0, cuerpo: recibido, alcanzada: alcanzadas.get(marca) }));
      },
    );
    pedido.on('error', reject);
    pedido.end(texto);
  });
}

/** Runs the calls a few at a time (a real socket each, kept alive). */
async function enTandas<T>(tareas: Array<() => Promise<T>>, deA = 8): Promise<T[]> {
  const resultados: T[] = [];
  for (let i = 0; i < tareas.length; i += deA) resultados.push(...(await Promise.all(tareas.slice(i, i + deA).map((f) => f()))));
  return resultados;
}

const clave = (op: Operacion) => `${op.method} ${op.plantilla}`;
const conCuerpo = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);
/** Any id fills a parameter: access is decided before validation and before the handler. */
const urlGenerica = (op: Operacion) => op.plantilla.replace(/\{[A-Za-z]+\}/g, '1');
const describir = (op: Operacion, rol: Rol, objetivo: string, r: Respuesta) =>
  `${rol} ${op.method} ${objetivo} (${op.acceso}) -> ${r.status}${r.alcanzada ? ` [alcanzó ${r.alcanzada.url}]` : ''} ${r.cuerpo.slice(0, 100)}`;

/** What the declared access allows a role at the canonical URL: true (let in), or the refusal's status. */
function esperado(op: Operacion, rol: Rol): true | 401 | 403 {
  if (op.acceso === 'publico' || op.acceso === 'contenido') return true;
  if (rol === 'anonimo') return 401;
  if (op.acceso === 'admin' && rol !== 'admin') return 403;
  if (op.acceso === 'propio' && rol === 'otro') return 403;
  return true;
}

describe('authorization matrix', () => {
  it('every operation declares one known access, the same the route declared', () => {
    expect(operaciones.length).toBeGreaterThan(40);
    const sinAcceso = operaciones.filter((op) => !ACCESOS.includes(op.acceso)).map(clave);
    expect(sinAcceso).toEqual([]);
    const declaradas = new Map(t.app.rutasApi.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.acceso]));
    for (const op of operaciones) if (op.method !== 'HEAD') expect(declaradas.get(clave(op)), clave(op)).toBe(op.acceso);
    expect(operaciones.filter((op) => op.method !== 'HEAD').length).toBe(t.app.rutasApi.length);
  });

  it('every "propio" operation is in the ownership table, and the table names only existing ones', () => {
    const propias = operaciones.filter((op) => op.acceso === 'propio' && op.method !== 'HEAD').map(clave);
    expect(propias.filter((k) => !(k in RUTAS_PROPIAS)), 'agregá estas rutas a RUTAS_PROPIAS').toEqual([]);
    expect(Object.keys(RUTAS_PROPIAS).filter((k) => !propias.includes(k)), 'ya no existen o no son "propio"').toEqual([]);
  });

  it('every other spelling of every path, for every role, is refused before any route runs', async () => {
    const tareas: Array<() => Promise<string | null>> = [];
    for (const op of operaciones) {
      const url = urlGenerica(op);
      for (const objetivo of variantesDeRuta(url, puerto)) {
        for (const rol of ROLES) {
          tareas.push(async () => {
            const r = await enviar(op.method, objetivo, rol, conCuerpo(op.method) ? {} : undefined);
            const mensaje = op.method === 'HEAD' ? undefined : (JSON.parse(r.cuerpo) as { message: string }).message;
            // 400 'not the one spelling', 404 no route, or the access check of the route it did match.
            const rechazo =
              (r.status === 400 && (mensaje === undefined || mensaje === MENSAJES.rutaNoCanonica)) ||
              (r.status === 404 && (mensaje === undefined || mensaje === MENSAJES.recursoNoEncontrado)) ||
              r.status === 401 ||
              r.status === 403;
            if (rechazo && !r.alcanzada) return null;
            // Another route's own name ('/api/venta/PENDIENTES' is the sale 'PENDIENTES'), never this
            // one's, and only as that route's access allows.
            const otra = r.alcanzada && r.alcanzada.url.replace(/:(\w+)/g, '{$1}') !== op.plantilla ? r.alcanzada : undefined;
            if (otra && (esperado({ ...op, acceso: otra.acceso }, rol) === true || (otra.acceso === 'propio' && rol !== 'anonimo'))) return null;
            return describir(op, rol, objetivo, r);
          });
        }
      }
    }
    const mal = (await enTandas(tareas)).filter((m) => m !== null);
    expect(tareas.length).toBeGreaterThan(5000);
    expect(mal).toEqual([]);
  });

  it('the canonical path, with or without a trailing slash: each role gets exactly what the route declares', async () => {
    // Reads first; the admin's writes last (DELETE with id 1 and so on may change data).
    // Public operations have no access rule to check (and logging out would end the role's session).
    const orden = operaciones.filter((op) => op.acceso !== 'publico' && op.acceso !== 'contenido').sort((a, b) => Number(conCuerpo(a.method) || a.method === 'DELETE') - Number(conCuerpo(b.method) || b.method === 'DELETE'));
    const mal: string[] = [];
    for (const rol of ROLES) {
      for (const op of orden) {
        const regla = op.acceso === 'propio' ? RUTAS_PROPIAS[clave(op.method === 'HEAD' ? { ...op, method: 'GET' } : op)] : undefined;
        const url = regla ? regla.url(datos) : urlGenerica(op);
        const cuerpo = conCuerpo(op.method) ? (regla?.cuerpo?.(datos) ?? {}) : undefined;
        for (const objetivo of [url, `${url}/`]) {
          const r = await enviar(op.method, objetivo, rol, cuerpo);
          const debe = esperado(op, rol);
          if (debe === true) {
            if (r.status === 401 || r.status === 403) mal.push(describir(op, rol, objetivo, r));
          } else if (r.status !== debe || (op.acceso !== 'propio' && r.alcanzada)) {
            // 'propio': the service decides ownership, so a stranger's request reaches the handler.
            mal.push(describir(op, rol, objetivo, r));
          }
        }
      }
    }
    expect(mal).toEqual([]);
  });

  it('answers that carry someone\'s data are never stored', async () => {
    const mal: string[] = [];
    for (const op of operaciones.filter((o) => o.method === 'GET' && o.acceso !== 'publico' && o.acceso !== 'contenido')) {
      const regla = RUTAS_PROPIAS[clave(op)];
      const url = regla ? regla.url(datos) : urlGenerica(op);
      const r = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin! } });
      if (r.headers['cache-control'] !== 'no-store') mal.push(`${clave(op)} -> ${r.statusCode} ${String(r.headers['cache-control'])}`);
    }
    for (const url of ['/api/auth/me']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.cliente! } });
      if (r.headers['cache-control'] !== 'no-store') mal.push(`${url} -> ${String(r.headers['cache-control'])}`);
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario: 'nadie', clave: 'x' } });
    if (login.headers['cache-control'] !== 'no-store') mal.push(`login -> ${String(login.headers['cache-control'])}`);
    expect(mal).toEqual([]);
  });
});

describe('a route without an access declaration', () => {
  it('stops the app at start-up, naming the route', async () => {
    await expect(
      (async () => {
        const app = await buildApp({
          config: t.config,
          base: t.base,
          antesDeLasRutas: (a) => void a.get('/api/sin-declarar', async () => 'hola'),
        });
        try {
          await app.ready();
        } finally {
          await app.close();
        }
      })(),
    ).rejects.toThrow('Rutas que no declaran config.acceso: GET /api/sin-declarar');
  });
});

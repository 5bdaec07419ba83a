// Malformed requests over every write route (POST, PUT, PATCH, DELETE of `app.rutasApi`), as an admin
// and as a customer: NUL bytes, lone surrogates, huge numbers, coerced types (true, '0x10', '1e3', [],
// {}), overlong texts, and ids of real rows written the ways a coercing parser would still read
// ('0x..', '..e0', '..0', '+..'). None may answer 5xx, and none may change a row of the business
// tables: a digest of each one (count and md5 of its rows) is taken before and after every route.
// Left out of the digest: `sesion` (a request refreshes its session's last use; sign-in and sign-out
// create and delete sessions) and `intento_login` (failed sign-ins are counted there, as they should).
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_RECUPERACION } from '../../domain/recuperar-clave';
import { MENSAJES_SEGUNDO_FACTOR } from '../../domain/segundo-factor';
import { schema } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { TARIFA_DEMO, type OpcionesImpresion } from '../../domain/impresion';
import { crearCategoria, crearProducto, crearPromocion, crearTrabajoImpresion, crearUsuario, crearVenta } from '../test/fabricas';
import { imagenDePrueba, multipart } from '../test/multipart';

const EXCLUIDAS = new Set(['sesion', 'intento_login']);
const TABLAS = Object.values(schema)
  .map((tabla) => getTableName(tabla))
  .filter((nombre) => !EXCLUIDAS.has(nombre));

let t: AppDePrueba;
const cookies: Record<'admin' | 'cliente', string> = { admin: '', cliente: '' };
const claves = { admin: '', cliente: '' };
const usuarios = { admin: '', cliente: '' };
/** Ids of real rows the valid parts of each request point at. */
const ids = {
  producto: 0,
  productoConVentas: 0,
  categoria: 0,
  promocion: 0,
  detallePromocion: 0,
  venta: 0,
  ventaMp: 0,
  detalleVenta: 0,
  domicilioCliente: 0,
  cliente: 0,
  victima: 0,
  personaVictima: 0,
  preferencia: '',
  codigo: '',
  marca: '',
  sinonimo: 0,
  listaEscolar: 0,
  itemListaEscolar: 0,
  trabajo: 0,
};

/** The rows of a raw statement (PGlite and node-postgres answer the same `rows`). */
const filas = async <T>(consulta: SQL): Promise<T[]> => ((await t.db.execute(consulta)) as unknown as { rows: T[] }).rows;

async function iniciarSesiones() {
  cookies.admin = await t.cookieDe(usuarios.admin, claves.admin);
  cookies.cliente = await t.cookieDe(usuarios.cliente, claves.cliente);
}

beforeAll(async () => {
  t = await crearAppDePrueba();
  const admin = await crearUsuario(t.db, { usuario: 'fuzzadmin', rol: 'ADMIN' });
  const cliente = await crearUsuario(t.db, { usuario: 'fuzzcliente' });
  const victima = await crearUsuario(t.db, { usuario: 'fuzzvictima' });
  Object.assign(usuarios, { admin: admin.usuario, cliente: cliente.usuario });
  Object.assign(claves, { admin: admin.clave, cliente: cliente.clave });
  await iniciarSesiones();

  const categoria = await crearCategoria(t.db);
  const libre = await crearProducto(t.db, { stock: 50, categoriaId: categoria.id });
  const vendido = await crearProducto(t.db, { stock: 100, categoriaId: categoria.id });
  const promo = await crearPromocion(t.db, { detalles: [{ productoId: vendido.id, cantidad: 1 }] });
  const venta = await crearVenta(t.db, { userId: cliente.id, formaPago: 'EFECTIVO', lineas: [{ productoId: vendido.id, cantidad: 1 }] });
  const pedidoMp = await t.app.inject({
    method: 'POST',
    url: '/api/pedido',
    headers: { cookie: cookies.cliente },
    payload: { lineas: [{ productoId: vendido.id, cantidad: 1 }], formaPago: 'MERCADOPAGO', envio: 0 },
  });
  const preferencia = await t.app.inject({
    method: 'POST',
    url: '/api/mercadoPago/createPreference',
    headers: { cookie: cookies.cliente },
    payload: { id: pedidoMp.json().id },
  });
  const [detallePromo] = await filas<{ id: number }>(sql`select id from detalle_promocion where promocion_id = ${promo.id}`);
  const [detalleVenta] = await filas<{ id: number }>(sql`select id from detalle_venta where venta_id = ${venta.id}`);
  const [domicilio] = await filas<{ id: number }>(sql`select domicilio_id as id from persona where user_id = ${cliente.id}`);
  const [sinonimo] = await filas<{ id: number }>(sql`select min(id)::int as id from sinonimo`);
  const [lista] = await t.db
    .insert(schema.listaEscolar)
    .values({ escuela: 'Escuela Fuzz', localidad: 'CAPITAL', nivel: 'PRIMARIO', grado: '1er grado', anio: 2027, publicada: true })
    .returning();
  const [item] = await t.db.insert(schema.itemListaEscolar).values({ listaId: lista!.id, orden: 1, cantidad: 2, productoId: libre.id, texto: '2 gomas' }).returning();
  Object.assign(ids, {
    producto: libre.id,
    productoConVentas: vendido.id,
    categoria: categoria.id,
    promocion: promo.id,
    detallePromocion: detallePromo!.id,
    venta: venta.id,
    ventaMp: pedidoMp.json().id,
    detalleVenta: detalleVenta!.id,
    domicilioCliente: domicilio!.id,
    cliente: cliente.id,
    victima: victima.id,
    personaVictima: victima.personaId!,
    preferencia: new URL(preferencia.json().init_point).pathname.split('/').pop()!,
    codigo: libre.codigo,
    marca: libre.marca,
    sinonimo: sinonimo!.id,
    listaEscolar: lista!.id,
    itemListaEscolar: item!.id,
    // Its options are the template's: a body that still parses stores nothing new.
    trabajo: (await crearTrabajoImpresion(t.db, { userId: cliente.id, paginas: 4, opciones: opcionesDelTrabajo() })).id,
  });
  // The order's messages go out before the first digest: the sender must not change a row mid-fuzz.
  await t.app.correo.enviarPendientes();
});
afterAll(() => t.cerrar());

/** Count and md5 of every row of each business table, in one statement. */
const CONSULTA_HUELLA = TABLAS.map(
  (tabla) => `select '${tabla}' as tabla, count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${tabla}" t`,
).join(' union all ');
async function huella(): Promise<Record<string, string>> {
  const tablas = await filas<{ tabla: string; n: number; h: string }>(sql.raw(CONSULTA_HUELLA));
  return Object.fromEntries(tablas.map((f) => [f.tabla, `${f.n}:${f.h}`]));
}

// ---- What each write route takes, with valid values that point at real rows ----

type Cuerpo = Record<string, unknown>;
interface Plantilla {
  /** Valid values of the path's params. */
  params?: () => Record<string, string | number>;
  query?: () => Record<string, string>;
  /** A body that would be accepted as is (never sent as is): each case breaks one part of it. */
  cuerpo?: () => Cuerpo;
  tipo?: 'json' | 'urlencoded' | 'multipart';
}

// The street number is a text ('123 B', 'S/N'): it gets a text's bad values.
const domicilio = () => ({ calle: 'Colón', numero: '123 B', localidad: 'CAPITAL', provincia: 'MENDOZA' });
const domicilioFueraDeMendoza = () => ({ calle: 'Belgrano', numero: '55 B', localidad: null, provincia: 'CORDOBA', localidadTexto: 'Villa Carlos Paz', codigoPostal: 'X5152ABC' });
const persona = () => ({ nombre: 'Ana', apellido: 'Pérez', telefono: '2614000000', email: 'ana@example.com' });
const producto = () => ({
  denominacion: 'Goma blanca',
  marca: 'Staedtler',
  codigo: 'FUZZ-NUEVO',
  costo: 100,
  porcentaje: 30,
  stock: 5,
  descripcion: 'Goma de borrar',
  categoria: { id: ids.categoria },
});

const opcionesDelTrabajo = (): OpcionesImpresion => ({ copias: 2, paginas: '1-4', color: 'COLOR', dobleFaz: true, papel: 'OFICIO', terminacion: 'ABROCHADO' });

const PLANTILLAS: Record<string, Plantilla> = {
  'POST /api/auth/login': { cuerpo: () => ({ usuario: usuarios.cliente, clave: 'una-clave-cualquiera' }) },
  'POST /api/auth/logout': {},
  // No half-way sign-in cookie: a valid code is still a 401; a malformed one must be a 400.
  'POST /api/auth/login/codigo': { cuerpo: () => ({ codigo: '123456' }) },
  'POST /api/auth/segundo-factor/inscripcion': {},
  'POST /api/auth/segundo-factor/confirmacion': { cuerpo: () => ({ codigo: '123456' }) },
  'POST /api/auth/segundo-factor/codigos-de-recuperacion': { cuerpo: () => ({ codigo: '123456' }) },
  'POST /api/auth/segundo-factor/desactivacion': { cuerpo: () => ({ codigo: '123456' }) },
  'DELETE /api/user/:id/segundo-factor': { params: () => ({ id: ids.victima }) },
  // An account no one has: a request that got through would queue nothing (the answer is the same).
  'POST /api/auth/olvide-clave': { cuerpo: () => ({ usuario: 'nadie-fuzz@example.com' }) },
  'POST /api/auth/restablecer-clave': { cuerpo: () => ({ token: 'token-que-no-existe', clave: 'cartulina-roja-2024', repetida: 'cartulina-roja-2024' }) },
  'POST /api/categoria': { cuerpo: () => ({ denominacion: 'Categoría nueva' }) },
  'PUT /api/cuenta': { cuerpo: () => ({ persona: persona(), domicilio: domicilioFueraDeMendoza() }) },
  'POST /api/cuenta/sesiones/cerrar-otras': {},
  'POST /api/detallePromocion': { cuerpo: () => ({ producto: { id: ids.producto }, cantidad: 2, promocion: { id: ids.promocion } }) },
  'DELETE /api/detallePromocion/:id': { params: () => ({ id: ids.detallePromocion }) },
  'POST /api/detalleVenta': { cuerpo: () => ({ cantidad: 1, producto: { id: ids.producto }, venta: { id: ids.venta } }) },
  'DELETE /api/detalleVenta/:id': { params: () => ({ id: ids.detalleVenta }) },
  'PUT /api/detalleVenta/:id': { params: () => ({ id: ids.detalleVenta }), cuerpo: () => ({ cantidad: 2, producto: { id: ids.productoConVentas }, venta: { id: ids.venta } }) },
  'POST /api/detalleVenta/dto': { cuerpo: () => ({ cantidad: 1, productoId: ids.producto, ventaId: ids.venta }) },
  'POST /api/domicilio': { cuerpo: domicilio },
  'PUT /api/domicilio/:id': { params: () => ({ id: ids.domicilioCliente }), cuerpo: domicilio },
  'POST /api/mercadoPago/createPreference': { cuerpo: () => ({ id: ids.ventaMp }) },
  'POST /api/mercadoPago/simulador/:preferenciaId': { params: () => ({ preferenciaId: ids.preferencia }), cuerpo: () => ({ accion: 'aprobar' }), tipo: 'urlencoded' },
  'POST /api/mercadoPago/webhook': { query: () => ({ 'data.id': '1', type: 'payment' }), cuerpo: () => ({ type: 'payment', data: { id: '1' } }) },
  'POST /api/pedido': {
    cuerpo: () => ({
      lineas: [{ productoId: ids.producto, cantidad: 1 }],
      promociones: [{ promocionId: ids.promocion, cantidad: 1 }],
      formaPago: 'EFECTIVO',
      envio: 0,
      listaEscolarId: ids.listaEscolar,
    }),
  },
  'POST /api/persona': { cuerpo: () => ({ ...persona(), domicilio: domicilio() }) },
  'DELETE /api/persona/:id': { params: () => ({ id: ids.personaVictima }) },
  'PUT /api/persona/:id': { params: () => ({ id: ids.personaVictima }), cuerpo: () => ({ ...persona(), domicilio: domicilio() }) },
  'DELETE /api/producto/:id': { params: () => ({ id: ids.producto }) },
  'DELETE /api/producto/:id/imagen': { params: () => ({ id: ids.producto }) },
  'POST /api/producto/:id/imagen': { params: () => ({ id: ids.producto }), tipo: 'multipart' },
  'PATCH /api/producto/:id/stock': { params: () => ({ id: ids.producto }), query: () => ({ cantidad: '5' }) },
  'POST /api/producto/stock': { cuerpo: () => ({ codigo: ids.codigo, cantidad: 5 }) },
  'POST /api/producto/with-image': { cuerpo: producto },
  'PUT /api/producto/with-image': { cuerpo: () => ({ ...producto(), id: ids.producto, codigo: ids.codigo }) },
  'POST /api/promocion': {
    cuerpo: () => ({ denominacion: 'Vuelta al cole', descripcion: 'Útiles', precioPromocional: 5000, fechaInicio: '2026-01-01', fechaFin: '2026-12-31' }),
  },
  'DELETE /api/promocion/:id': { params: () => ({ id: ids.promocion }) },
  'PUT /api/promocion/venta/agregar-promocion/:ventaId/:promocionId': { params: () => ({ ventaId: ids.venta, promocionId: ids.promocion }) },
  'POST /api/registro': {
    cuerpo: () => ({ persona: persona(), domicilio: domicilio(), usuario: { usuario: 'nuevafuzz', clave: 'Tintero-Azul-Mendoza-9' } }),
  },
  'POST /api/user': { cuerpo: () => ({ usuario: 'otrafuzz', clave: 'Tintero-Azul-Mendoza-9', rol: 'USER', mensaje: 'hola' }) },
  'DELETE /api/user/:id': { params: () => ({ id: ids.victima }) },
  'PUT /api/user/:id': { params: () => ({ id: ids.victima }), cuerpo: () => ({ usuario: 'fuzzvictima2', rol: 'USER', mensaje: 'hola' }) },
  'POST /api/usuario-completo': {
    cuerpo: () => ({ persona: persona(), domicilio: domicilio(), usuario: { usuario: 'completafuzz', clave: 'Tintero-Azul-Mendoza-9' }, rol: 'USER' }),
  },
  'PUT /api/usuario-completo/:userId': {
    params: () => ({ userId: ids.victima }),
    cuerpo: () => ({ persona: persona(), domicilio: domicilio(), usuario: { usuario: 'fuzzvictima3', clave: '' }, rol: 'USER' }),
  },
  'POST /api/venta': {
    cuerpo: () => ({ fecha: '2026-03-01', estadoVenta: 'PENDIENTE', formaPago: 'EFECTIVO', envio: 100, user: { id: ids.cliente }, detalleVentas: [{ cantidad: 1, producto: { id: ids.producto } }] }),
  },
  'DELETE /api/venta/:id': { params: () => ({ id: ids.venta }) },
  'PUT /api/venta/:id': { params: () => ({ id: ids.venta }), cuerpo: () => ({ estadoVenta: 'CONCLUIDO', formaPago: 'QR', envio: 50 }) },
  'DELETE /api/venta/eliminar-entre-fechas': { query: () => ({ desde: '2000-01-01', hasta: '2100-12-31' }) },
  'POST /api/sinonimo': { cuerpo: () => ({ termino: 'fuzzpalabra', equivalente: 'goma' }) },
  'PUT /api/sinonimo/:id': { params: () => ({ id: ids.sinonimo }), cuerpo: () => ({ id: ids.sinonimo, termino: 'fuzzpalabra', equivalente: 'goma' }) },
  'DELETE /api/sinonimo/:id': { params: () => ({ id: ids.sinonimo }) },
  // School lists (issue 20). No booleans in the bodies: a text's bad values include `true`, which a
  // boolean field would take (publicada and opcional keep their defaults).
  'POST /api/listaEscolar': { cuerpo: () => listaDeFuzz() },
  'PUT /api/listaEscolar/:id': { params: () => ({ id: ids.listaEscolar }), cuerpo: () => ({ ...listaDeFuzz(), id: ids.listaEscolar }) },
  'DELETE /api/listaEscolar/:id': { params: () => ({ id: ids.listaEscolar }) },
  'POST /api/listaEscolar/:id/duplicar': { params: () => ({ id: ids.listaEscolar }) },
  'POST /api/listaEscolar/importar': { cuerpo: () => ({ texto: '2 cuadernos rayados' }) },
  'POST /api/lista/:id/carrito': {
    params: () => ({ id: ids.listaEscolar }),
    cuerpo: () => ({ items: [ids.itemListaEscolar], carrito: [{ productoId: ids.producto, cantidad: 1 }] }),
  },
  // Online printing (issue 21). The upload is a multipart PDF: impresiones.test.ts sends real ones.
  'POST /api/impresion': { tipo: 'multipart' },
  'DELETE /api/impresion/:id': { params: () => ({ id: ids.trabajo }) },
  'PUT /api/impresion/:id': {
    params: () => ({ id: ids.trabajo }),
    cuerpo: () => ({ opciones: opcionesDelTrabajo() }),
  },
  // A BORRADOR job cannot move: a request that got through would be a 409.
  'PUT /api/impresion/:id/estado': { params: () => ({ id: ids.trabajo }), cuerpo: () => ({ estado: 'EN_PROCESO' }) },
  'PUT /api/tarifaImpresion': { cuerpo: () => structuredClone(TARIFA_DEMO) as unknown as Cuerpo },
  // A spreadsheet is a multipart upload: every JSON body here is the wrong kind of body.
  'POST /api/producto/importacion': {},
  'POST /api/producto/importacion/:token/confirmar': { params: () => ({ token: 'v'.repeat(32) }) },
  'POST /api/producto/precios/vista-previa': { cuerpo: () => ({ alcance: { tipo: 'marca', marca: ids.marca }, porcentaje: 10, aplicarA: 'costo', redondeo: 10 }) },
  // `esperados` far from the real count: a request that got through would be a 409 and change nothing.
  'POST /api/producto/precios/aplicar': {
    cuerpo: () => ({ alcance: { tipo: 'marca', marca: ids.marca }, porcentaje: 10, aplicarA: 'costo', redondeo: 10, esperados: 999_999 }),
  },
};

function listaDeFuzz() {
  return {
    escuela: 'Escuela Fuzz',
    localidad: 'CAPITAL',
    nivel: 'PRIMARIO',
    grado: '2do grado',
    anio: 2027,
    notas: 'Con nombre',
    items: [
      { id: ids.itemListaEscolar, cantidad: 2, productoId: ids.producto, texto: '2 gomas', alternativas: [ids.productoConVentas] },
      { cantidad: 1, productoId: null, texto: 'carpeta forrada' },
    ],
  };
}

// ---- Malformed values ----

const TEXTOS_MALOS: unknown[] = ['a\u0000b', '\u0000', 'x\ud800', '\udfffy', 'x'.repeat(100_000), true, 1e308, [], {}, ['a']];
const NUMEROS_MALOS: unknown[] = ['0x10', '1e3', '1e2', true, false, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 31), '9'.repeat(400), [], {}, [1], 'a\u0000', '\ud800', 'x'.repeat(100_000)];
/** An id of a real row written as a coercing parser would still read it, plus junk. */
const idsMalos = (id: string | number): string[] => {
  if (typeof id === 'string') return [`${id}%00`, '%00', `${id}%ED%A0%80`, 'x'.repeat(3000)];
  return [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `%2B${id}`, `%20${id}`, `${id}%00`, `-${id}`, '99999999999999999999999', 'true', '%00', `${id}%ED%A0%80`];
};
const CUERPOS_CON_TEXTO_NO_VALIDO = ['{"a":"\\u0000"}', '{"a":"\\ud800"}', '["x\\udfff"]', '{"\\u0000":1}'];
const CUERPOS_MALOS = ['[]', '"texto"', '1', 'null', 'true', ...CUERPOS_CON_TEXTO_NO_VALIDO, `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"x":1e999}', '{'];

interface Caso {
  descripcion: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** Every scalar of a body, by its path, with a copy of the body where it is replaced. */
function reemplazos(cuerpo: unknown, ruta: string[] = []): Array<{ ruta: string[]; valor: unknown }> {
  if (cuerpo !== null && typeof cuerpo === 'object') {
    return Object.entries(cuerpo).flatMap(([clave, valor]) => reemplazos(valor, [...ruta, clave]));
  }
  return [{ ruta, valor: cuerpo }];
}

function conValor(cuerpo: unknown, ruta: string[], valor: unknown): unknown {
  const copia = structuredClone(cuerpo) as Record<string, unknown>;
  let actual: Record<string, unknown> = copia;
  for (const clave of ruta.slice(0, -1)) actual = actual[clave] as Record<string, unknown>;
  actual[ruta.at(-1)!] = valor;
  return copia;
}

const esNumerico = (valor: unknown) => typeof valor === 'number' || (typeof valor === 'string' && /^\d+$/.test(valor));

function armarUrl(url: string, params: Record<string, string | number>, query: Record<string, string> | undefined, crudos: Record<string, string> = {}) {
  let camino = url;
  for (const [nombre, valor] of Object.entries(params)) camino = camino.replace(`:${nombre}`, crudos[nombre] ?? encodeURIComponent(String(valor)));
  const texto = query
    ? Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${crudos[`?${k}`] ?? encodeURIComponent(v)}`)
        .join('&')
    : '';
  return texto ? `${camino}?${texto}` : camino;
}

/** Percent-encoded UTF-8; a lone surrogate (no UTF-8 for it) as the bytes CESU-8 would give it. */
const codificarEnUrl = (texto: string) =>
  texto.replace(/[\ud800-\udfff]/g, (s) => {
    const c = s.charCodeAt(0);
    return `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
  }).replace(/[^%A-Za-z0-9\-_.~]/gu, (ch) => encodeURIComponent(ch));

function codificar(p: Plantilla, cuerpo: unknown): { headers: Record<string, string>; payload: string | Buffer } | undefined {
  if (cuerpo === undefined) return undefined;
  if (p.tipo === 'urlencoded') {
    const valor = (cuerpo as { accion: unknown }).accion;
    return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `accion=${codificarEnUrl(String(valor))}` };
  }
  return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(cuerpo) };
}

function casos(method: string, url: string, p: Plantilla): Caso[] {
  const params = p.params?.() ?? {};
  const query = p.query?.();
  const cuerpo = p.cuerpo?.();
  const valido = codificar(p, cuerpo);
  const lista: Caso[] = [];

  // Each path param, broken, with the rest of the request valid.
  for (const [nombre, valor] of Object.entries(params)) {
    for (const malo of idsMalos(valor)) {
      lista.push({ descripcion: `param ${nombre}=${malo.slice(0, 40)}`, method, url: armarUrl(url, params, query, { [nombre]: malo }), ...valido });
    }
  }
  // Each query parameter, broken.
  for (const [nombre, valor] of Object.entries(query ?? {})) {
    const malos = esNumerico(valor)
      ? ['0x10', '1e3', 'true', '-5', '1.5', '99999999999999999999', '%00', '%ED%A0%80', `${valor}&${nombre}=${valor}`]
      : ['%00', `${valor}%00`, '%ED%A0%80', 'x'.repeat(3000), `${valor}&${nombre}=${valor}`];
    for (const malo of malos) lista.push({ descripcion: `query ${nombre}=${malo.slice(0, 40)}`, method, url: armarUrl(url, params, query, { [`?${nombre}`]: malo }), ...valido });
  }
  const urlValida = armarUrl(url, params, query);
  // Each scalar of the body, broken by its kind (a number's or a text's bad values).
  if (cuerpo !== undefined) {
    for (const { ruta, valor } of reemplazos(cuerpo)) {
      for (const malo of esNumerico(valor) ? NUMEROS_MALOS : TEXTOS_MALOS) {
        const roto = codificar(p, conValor(cuerpo, ruta, malo))!;
        lista.push({ descripcion: `${ruta.join('.')}=${JSON.stringify(malo).slice(0, 40)}`, method, url: urlValida, ...roto });
      }
    }
  }
  // Whole bodies that are no body of this route. A route that reads no body ignores one it gets (the
  // request is otherwise valid), except one with a text no route may receive.
  for (const malo of cuerpo === undefined ? CUERPOS_CON_TEXTO_NO_VALIDO : CUERPOS_MALOS) {
    lista.push({ descripcion: `cuerpo ${malo.slice(0, 20)}`, method, url: urlValida, headers: { 'content-type': 'application/json' }, payload: malo });
  }
  if (p.tipo === 'multipart' || url === '/api/producto/with-image') {
    const json = JSON.stringify(cuerpo ?? producto());
    for (const partes of [
      [{ nombre: 'producto', valor: json.replace('Goma', 'Go\\u0000ma') }],
      [{ nombre: 'producto', valor: json.replace('Goma', 'Go\\ud800ma'), archivo: 'blob', tipo: 'application/json' }],
      [{ nombre: 'producto', valor: '{"denominacion":' }],
      [{ nombre: 'imagenFile', valor: Buffer.from('no soy una imagen'), archivo: 'x.png', tipo: 'image/png' }],
      [{ nombre: 'producto\u0000', valor: json }],
    ]) {
      const m = multipart(partes);
      lista.push({ descripcion: `multipart ${partes[0]!.nombre}`, method, url: urlValida, headers: m.headers, payload: m.payload });
    }
  }
  return lista;
}

describe('fuzz: malformed requests on every write route', () => {
  it('no 5xx and no changed row, as an admin and as a customer', { timeout: 600_000 }, async () => {
    const escrituras = t.app.rutasApi.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    // A new write route must be added to the table above to be fuzzed.
    expect(escrituras.map((r) => `${r.method} ${r.url}`).filter((clave) => !PLANTILLAS[clave])).toEqual([]);

    const errores: string[] = [];
    const cambios: string[] = [];
    const estados = new Map<number, number>();
    let enviados = 0;
    let antes = await huella();
    for (const ruta of escrituras) {
      const clave = `${ruta.method} ${ruta.url}`;
      for (const quien of ['admin', 'cliente'] as const) {
        for (const caso of casos(ruta.method, ruta.url, PLANTILLAS[clave]!)) {
          const r = await t.app.inject({
            method: caso.method as 'POST',
            url: caso.url,
            headers: { ...caso.headers, cookie: cookies[quien] },
            ...(caso.payload === undefined ? {} : { payload: caso.payload }),
          });
          enviados++;
          estados.set(r.statusCode, (estados.get(r.statusCode) ?? 0) + 1);
          if (r.statusCode >= 500) errores.push(`${quien} ${clave} [${caso.descripcion}]: ${r.statusCode} ${r.body.slice(0, 200)}`);
          // After every request, so that a change names the request that made it.
          const despues = await huella();
          const distintas = TABLAS.filter((tabla) => despues[tabla] !== antes[tabla]);
          if (distintas.length > 0) cambios.push(`${quien} ${clave} [${caso.descripcion}] ${r.statusCode}: ${distintas.join(', ')}`);
          antes = despues;
          // A sign-out that went through ends the session the next cases use; signing in again is
          // recorded in the audit trail, so the digest starts again after it.
          if (clave === 'POST /api/auth/logout') {
            await iniciarSesiones();
            antes = await huella();
          }
        }
      }
    }
    expect(errores).toEqual([]);
    expect(cambios).toEqual([]);
    expect(enviados).toBeGreaterThanOrEqual(500);
    // Most reached validation (400), not only the access check (401, 403) or a missing row (404).
    expect(estados.get(400) ?? 0).toBeGreaterThan(enviados / 2);
    console.info(
      `fuzz: ${enviados} solicitudes malformadas sobre ${escrituras.length} rutas de escritura; estados ${JSON.stringify(Object.fromEntries(estados))}; ` +
        `tablas comparadas: ${TABLAS.join(', ')}`,
    );
  });

  // Each case above breaks one part of a request that is otherwise valid: shown here by sending every
  // template unbroken, once, as the admin. Each passes validation (it may still be a 401, 404 or 409:
  // a wrong password, an unsigned notification, a product with sales...).
  it('every template, unbroken, passes validation', async () => {
    await iniciarSesiones();
    const orden = (clave: string) => (clave === 'POST /api/auth/logout' ? 2 : clave.startsWith('DELETE') ? 1 : 0);
    const claves = Object.keys(PLANTILLAS).sort((a, b) => orden(a) - orden(b));
    const rechazadas: string[] = [];
    for (const clave of claves) {
      // Its valid body is a spreadsheet upload, not JSON: catalogo-masivo.test.ts sends real ones.
      if (clave === 'POST /api/producto/importacion') continue;
      // Its valid body is a PDF: impresiones.test.ts sends real ones (a PNG here is rightly refused).
      if (clave === 'POST /api/impresion') continue;
      const p = PLANTILLAS[clave]!;
      const [method, url] = clave.split(' ') as [string, string];
      const cuerpo =
        p.tipo === 'multipart' ? multipart([{ nombre: 'imagen', valor: await imagenDePrueba('png'), archivo: 'a.png', tipo: 'image/png' }]) : codificar(p, p.cuerpo?.());
      const r = await t.app.inject({
        method: method as 'POST',
        url: armarUrl(url, p.params?.() ?? {}, p.query?.()),
        headers: { ...cuerpo?.headers, cookie: cookies.admin },
        ...(cuerpo ? { payload: cuerpo.payload } : {}),
      });
      // A well-formed code or link that is not the app's is a 400 of its own, after validation.
      const codigoRechazado =
        r.statusCode === 400 && ([MENSAJES_SEGUNDO_FACTOR.codigoIncorrecto, MENSAJES_RECUPERACION.enlaceInvalido] as string[]).includes(r.json<{ message: string }>().message);
      if (([400, 413, 415].includes(r.statusCode) && !codigoRechazado) || r.statusCode >= 500) rechazadas.push(`${clave}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    }
    expect(rechazadas).toEqual([]);
  });
});

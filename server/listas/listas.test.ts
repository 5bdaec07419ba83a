import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_CARRITO, mensajeSoloHay } from '../../domain/carrito';
import {
  MENSAJES_LISTA,
  type CarritoDeListaRespuesta,
  type ImportacionLista,
  type ListaEscolar,
  type ListaEscolarInput,
  type ListaPublica,
  type PaginaListasEscolares,
  type PaginaListasPublicas,
} from '../../domain/lista-escolar';
import type { Venta } from '../../domain/venta';
import { auditoria, itemListaEscolar, listaEscolar, producto, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto, crearUsuario } from '../test/fabricas';
import { LISTAS_PEGADAS } from '../test/listas-pegadas';

let t: AppDePrueba;
let admin: string;
let cliente: string;
let otroCliente: string;
const p: Record<string, Awaited<ReturnType<typeof crearProducto>>> = {};

beforeAll(async () => {
  t = await crearAppDePrueba();
  const a = await crearUsuario(t.db, { usuario: 'admin-listas', rol: 'ADMIN' });
  const c = await crearUsuario(t.db, { usuario: 'cliente-listas' });
  const o = await crearUsuario(t.db, { usuario: 'otro-listas' });
  admin = await t.cookieDe(a.usuario, a.clave);
  cliente = await t.cookieDe(c.usuario, c.clave);
  otroCliente = await t.cookieDe(o.usuario, o.clave);
  const escolar = (await crearCategoria(t.db, 'Escolar')).id;
  const productos: Array<[clave: string, denominacion: string, marca: string, stock: number, costo: number]> = [
    ['cuaderno', 'Cuaderno tapa dura 50 hojas rayadas', 'Rivadavia', 20, 3800],
    ['cuadernoEspiral', 'Cuaderno universitario A4 84 hojas cuadriculadas', 'Rivadavia', 10, 5200],
    ['lapiz', 'Lápiz negro HB Ecolápiz x 12', 'Faber-Castell', 30, 2900],
    ['colores', 'Lápices de colores x 24 largos', 'Faber-Castell', 5, 6200],
    ['goma', 'Goma de borrar blanca Dust Free', 'Faber-Castell', 1, 650],
    ['tijera', 'Tijera escolar punta roma 13 cm', 'Maped', 3, 1800],
    ['adhesivo', 'Adhesivo vinílico 90 g', 'Filgo', 50, 1200],
    ['marcadores', 'Marcadores escolares x 12', 'Filgo', 0, 3500],
    ['crayones', 'Crayones x 12', 'Filgo', 0, 1600],
    ['acuarelables', 'Marcadores acuarelables x 10', 'Staedtler', 4, 7200],
    ['temperas', 'Témperas x 6 pomos', 'Alba', 8, 4100],
    ['glase', 'Papel glasé x 40 hojas', 'El Nene', 12, 1300],
  ];
  for (const [clave, denominacion, marca, stock, costo] of productos) {
    p[clave] = await crearProducto(t.db, { denominacion, marca, stock, costo, porcentaje: 50, categoriaId: escolar, codigo: `LST-${clave}` });
  }
});
afterAll(() => t.cerrar());

/** `cookie` null: an anonymous visitor. */
const pedir = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie: string | null = admin) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });

const listaDePrueba = (datos: Partial<ListaEscolarInput> = {}): ListaEscolarInput => ({
  id: null,
  escuela: 'Escuela N° 1-001 Gral. José de San Martín',
  localidad: 'CAPITAL',
  nivel: 'PRIMARIO',
  grado: '1er grado',
  anio: 2027,
  notas: 'Todo con nombre y apellido.',
  publicada: true,
  items: [
    { cantidad: 2, productoId: p.cuaderno!.id, texto: '2 cuadernos tapa dura rayados', alternativas: [] },
    { cantidad: 1, productoId: p.marcadores!.id, texto: 'marcadores x12', alternativas: [p.crayones!.id, p.acuarelables!.id] },
    { cantidad: 1, productoId: null, texto: 'carpeta N° 3 forrada con papel araña azul', alternativas: [], opcional: true },
    { cantidad: 3, productoId: p.goma!.id, texto: '3 gomas', alternativas: [] },
  ],
  ...datos,
});

async function crearLista(datos: Partial<ListaEscolarInput> = {}): Promise<ListaEscolar> {
  const r = await pedir('POST', '/api/listaEscolar', listaDePrueba(datos));
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

describe('the admin CRUD', () => {
  it('creates a list with id null, answers it with its items in order, and takes back what it answered', async () => {
    const creada = await crearLista();
    expect(creada).toMatchObject({ escuela: 'Escuela N° 1-001 Gral. José de San Martín', anio: 2027, publicada: true, familias: 0, unidadesVendidas: 0 });
    expect(creada.items.map((i) => [i.orden, i.cantidad, i.productoId, i.alternativas])).toEqual([
      [1, 2, p.cuaderno!.id, []],
      [2, 1, p.marcadores!.id, [p.crayones!.id, p.acuarelables!.id]],
      [3, 1, null, []],
      [4, 3, p.goma!.id, []],
    ]);
    expect(creada.items[1]!.productosAlternativos.map((x) => x.id)).toEqual([p.crayones!.id, p.acuarelables!.id]);
    expect(creada.items[0]!.producto).toMatchObject({ id: p.cuaderno!.id, denominacion: 'Cuaderno tapa dura 50 hojas rayadas', precio: 5700, stock: 20 });

    const leida = await pedir('GET', `/api/listaEscolar/${creada.id}`);
    expect(leida.json()).toEqual(creada);
    // What GET answered goes back as it came: nothing changes, the items keep their ids.
    const igual = await pedir('PUT', `/api/listaEscolar/${creada.id}`, creada);
    expect(igual.statusCode, igual.body).toBe(200);
    expect((igual.json() as ListaEscolar).items.map((i) => i.id)).toEqual(creada.items.map((i) => i.id));
  });

  it('keeps the items sent with their id, adds the new ones, deletes the rest, in the order sent', async () => {
    const creada = await crearLista();
    const [cuaderno, marcadores, carpeta] = creada.items;
    const r = await pedir('PUT', `/api/listaEscolar/${creada.id}`, {
      ...creada,
      grado: '2do grado',
      items: [
        { ...carpeta!, productoId: p.glase!.id, cantidad: 2 },
        { id: null, cantidad: 1, productoId: p.tijera!.id, texto: 'tijera punta roma', alternativas: [], opcional: false },
        { ...cuaderno!, alternativas: [p.cuadernoEspiral!.id] },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const editada: ListaEscolar = r.json();
    expect(editada.grado).toBe('2do grado');
    expect(editada.items.map((i) => [i.id === carpeta!.id || i.id === cuaderno!.id ? i.id : 'nuevo', i.orden, i.productoId, i.alternativas])).toEqual([
      [carpeta!.id, 1, p.glase!.id, []],
      ['nuevo', 2, p.tijera!.id, []],
      [cuaderno!.id, 3, p.cuaderno!.id, [p.cuadernoEspiral!.id]],
    ]);
    const [{ n }] = (await t.db.select({ n: count() }).from(itemListaEscolar).where(eq(itemListaEscolar.id, marcadores!.id))) as [{ n: number }];
    expect(n).toBe(0);
    const eventos = await t.db.select().from(auditoria).where(eq(auditoria.entidadId, creada.id));
    expect(eventos.map((e) => e.accion)).toEqual(expect.arrayContaining(['listaEscolar.crear', 'listaEscolar.editar']));
  });

  it('refuses bad bodies with Spanish messages and changes nothing', async () => {
    const creada = await crearLista();
    const otra = await crearLista({ grado: 'Sala de 5', nivel: 'INICIAL' });
    const casos: Array<[unknown, string, string?]> = [
      [{ ...listaDePrueba(), colegio: 'x' }, 'Campo desconocido: colegio'],
      [{ ...listaDePrueba(), escuela: '  ' }, MENSAJES_LISTA.escuelaObligatoria],
      [{ ...listaDePrueba(), localidad: 'ROSARIO' }, MENSAJES_LISTA.localidadObligatoria],
      [{ ...listaDePrueba(), anio: 1990 }, MENSAJES_LISTA.anioInvalido],
      [{ ...listaDePrueba(), items: [] }, MENSAJES_LISTA.sinItems],
      [{ ...listaDePrueba(), items: [{ cantidad: 0, productoId: null, texto: 'x' }] }, MENSAJES_LISTA.cantidadInvalida],
      [{ ...listaDePrueba(), items: [{ cantidad: 1, productoId: 999_999, texto: 'x' }] }, MENSAJES_LISTA.productosInexistentes([999_999])],
      [{ ...listaDePrueba(), items: [{ cantidad: 1, productoId: p.goma!.id, texto: 'x', alternativas: [999_998] }] }, MENSAJES_LISTA.productosInexistentes([999_998])],
      [{ ...creada, items: [{ ...otra.items[0]! }] }, MENSAJES_LISTA.itemAjeno([otra.items[0]!.id]), `/api/listaEscolar/${creada.id}`],
      [{ ...creada, id: otra.id }, MENSAJES_LISTA.idDistinto, `/api/listaEscolar/${creada.id}`],
    ];
    for (const [cuerpo, mensaje, url] of casos) {
      const r = await pedir(url ? 'PUT' : 'POST', url ?? '/api/listaEscolar', cuerpo);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.body).toContain(mensaje);
    }
    expect((await pedir('GET', `/api/listaEscolar/${creada.id}`)).json()).toEqual(creada);
    expect((await pedir('PUT', '/api/listaEscolar/999999', listaDePrueba())).statusCode).toBe(404);
    expect((await pedir('GET', '/api/listaEscolar/abc')).statusCode).toBe(400);
  });

  it('duplicates a list for next year, unpublished, with the same items and alternatives', async () => {
    const origen = await crearLista({ grado: '3er grado' });
    const r = await pedir('POST', `/api/listaEscolar/${origen.id}/duplicar`);
    expect(r.statusCode, r.body).toBe(201);
    const copia: ListaEscolar = r.json();
    expect(copia.id).not.toBe(origen.id);
    expect(copia).toMatchObject({ anio: 2028, publicada: false, grado: '3er grado', escuela: origen.escuela, familias: 0 });
    expect(copia.items.map(({ id: _, ...i }) => i)).toEqual(origen.items.map(({ id: _, ...i }) => i));
    expect((await pedir('POST', '/api/listaEscolar/999999/duplicar')).statusCode).toBe(404);
    const [evento] = await t.db.select().from(auditoria).where(eq(auditoria.entidadId, copia.id));
    expect(evento).toMatchObject({ accion: 'listaEscolar.duplicar', entidad: 'listaEscolar', detalle: { origen: origen.id } });
  });

  it('deletes a list (404 after), and only admins may use any of it', async () => {
    const creada = await crearLista();
    for (const cookie of [cliente, null]) {
      expect((await pedir('GET', '/api/listaEscolar', undefined, cookie)).statusCode).toBe(cookie ? 403 : 401);
      expect((await pedir('DELETE', `/api/listaEscolar/${creada.id}`, undefined, cookie)).statusCode).toBe(cookie ? 403 : 401);
      expect((await pedir('POST', '/api/listaEscolar/importar', { texto: 'goma' }, cookie)).statusCode).toBe(cookie ? 403 : 401);
    }
    expect((await pedir('DELETE', `/api/listaEscolar/${creada.id}`)).statusCode).toBe(204);
    expect((await pedir('GET', `/api/listaEscolar/${creada.id}`)).statusCode).toBe(404);
    expect((await pedir('DELETE', `/api/listaEscolar/${creada.id}`)).statusCode).toBe(404);
    const eventos = await t.db.select().from(auditoria).where(eq(auditoria.entidadId, creada.id));
    expect(eventos.map((e) => e.accion)).toContain('listaEscolar.eliminar');
  });

  it('the grid filters by school without accents, level, locality, year and state, a page at a time', async () => {
    await crearLista({ escuela: 'Escuela N° 1-123 Maestro Quiroga', localidad: 'GODOY_CRUZ', grado: '1er año', nivel: 'SECUNDARIO', publicada: false });
    const pagina = async (query: string): Promise<PaginaListasEscolares> => {
      const r = await pedir('GET', `/api/listaEscolar?${query}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const quiroga = await pagina('q=MAESTRO%20quiroga%201er');
    expect(quiroga.items.map((l) => [l.escuela, l.grado, l.publicada, l.cantidadItems])).toEqual([['Escuela N° 1-123 Maestro Quiroga', '1er año', false, 4]]);
    expect((await pagina('q=jose%20martin&localidad=GODOY_CRUZ')).total).toBe(0);
    expect((await pagina('nivel=SECUNDARIO&publicada=false')).items.every((l) => l.nivel === 'SECUNDARIO' && !l.publicada)).toBe(true);
    const todas = await pagina('porPagina=2&pagina=1');
    expect(todas.items).toHaveLength(2);
    expect(todas.total).toBeGreaterThan(2);
    expect((await pedir('GET', '/api/listaEscolar?nivel=UNIVERSITARIO')).statusCode).toBe(400);
  });
});

describe('import by pasting', () => {
  it.each(LISTAS_PEGADAS)('reads $nombre, and proposes catalogue products despite accents, plurals, synonyms and typos', async ({ texto, lineas: esperadas }) => {
    const r = await pedir('POST', '/api/listaEscolar/importar', { texto });
    expect(r.statusCode, r.body).toBe(200);
    const { lineas }: ImportacionLista = r.json();
    expect(lineas.map((l) => ({ linea: l.linea, cantidad: l.cantidad, texto: l.texto, producto: l.propuesta?.denominacion ?? null }))).toEqual(
      esperadas.map((e) => ({ ...e, producto: e.producto === null ? null : p[e.producto]!.denominacion })),
    );
    // The proposal is never among the other candidates, and the line is kept as pasted.
    for (const l of lineas) expect(l.candidatos.map((c) => c.id)).not.toContain(l.propuesta?.id);
    expect(lineas.map((l) => l.original)).toEqual(esperadas.map((e) => texto.split(/\r?\n/)[e.linea - 1]!.trim()));
  });

  it('writes nothing', async () => {
    const antes = (await t.db.select({ n: count() }).from(listaEscolar)) as [{ n: number }];
    const r = await pedir('POST', '/api/listaEscolar/importar', { texto: LISTAS_PEGADAS[0]!.texto });
    expect(r.statusCode).toBe(200);
    expect(await t.db.select({ n: count() }).from(listaEscolar)).toEqual(antes);
  });

  it('refuses an empty text', async () => {
    for (const texto of ['', '  \n \n', '- \n•']) {
      const r = await pedir('POST', '/api/listaEscolar/importar', { texto });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(MENSAJES_LISTA.importarVacio);
    }
    expect((await pedir('POST', '/api/listaEscolar/importar', { texto: 'x', extra: 1 })).statusCode).toBe(400);
  });
});

describe('the public lists', () => {
  let publicada: ListaEscolar;
  let borrador: ListaEscolar;
  beforeAll(async () => {
    publicada = await crearLista({ escuela: 'Escuela N° 1-456 Ángel Peñaloza', localidad: 'GUAYMALLEN', grado: 'Sala de 5', nivel: 'INICIAL' });
    borrador = await crearLista({ escuela: 'Escuela N° 1-456 Ángel Peñaloza', localidad: 'GUAYMALLEN', grado: '1er grado', publicada: false });
  });

  it('finds published lists by school name without accents or case, and by locality and level', async () => {
    const buscar = async (query: string): Promise<PaginaListasPublicas> => {
      const r = await pedir('GET', `/api/lista?${query}`, undefined, null);
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const encontradas = await buscar('escuela=angel%20PENALOZA');
    expect(encontradas.items.map((l) => l.id)).toEqual([publicada.id]);
    expect(encontradas.items[0]).toEqual({
      id: publicada.id,
      escuela: 'Escuela N° 1-456 Ángel Peñaloza',
      localidad: 'GUAYMALLEN',
      nivel: 'INICIAL',
      grado: 'Sala de 5',
      anio: 2027,
      cantidadItems: 4,
    });
    expect((await buscar('escuela=penaloza&nivel=PRIMARIO')).total).toBe(0);
    expect((await buscar('localidad=GUAYMALLEN')).items.map((l) => l.id)).toEqual([publicada.id]);
  });

  it('shows a published list with prices, stock, the alternative with stock and the total; an unpublished one is 404', async () => {
    const r = await pedir('GET', `/api/lista/${publicada.id}`, undefined, null);
    expect(r.statusCode, r.body).toBe(200);
    const lista: ListaPublica = r.json();
    expect(lista.items.map((i) => [i.estado, i.producto?.id ?? null, i.original?.id ?? null, i.subtotal])).toEqual([
      ['DISPONIBLE', p.cuaderno!.id, null, 11400],
      // Marcadores without stock, crayones neither: the second alternative.
      ['ALTERNATIVA', p.acuarelables!.id, p.marcadores!.id, 10800],
      ['TEXTO_LIBRE', null, null, 0],
      ['DISPONIBLE', p.goma!.id, null, 2925],
    ]);
    expect(lista.total).toBe(25125);
    expect(lista.notas).toBe('Todo con nombre y apellido.');
    for (const url of [`/api/lista/${borrador.id}`, '/api/lista/999999', `/api/lista/${borrador.id}/qr.svg`]) {
      const oculta = await pedir('GET', url, undefined, null);
      expect(oculta.statusCode).toBe(404);
      expect(oculta.json().message).toBe(MENSAJES_LISTA.noEncontrada);
    }
    expect((await pedir('POST', `/api/lista/${borrador.id}/carrito`, { items: [], carrito: [] }, null)).statusCode).toBe(404);
  });

  it('answers what to add to the cart with current stock, alternatives and what the cart holds; what is missing and why', async () => {
    const [cuaderno, marcadores, carpeta, goma] = publicada.items;
    const r = await pedir(
      'POST',
      `/api/lista/${publicada.id}/carrito`,
      { items: [cuaderno!.id, marcadores!.id, carpeta!.id, goma!.id], carrito: [{ productoId: p.cuaderno!.id, cantidad: 19 }] },
      undefined,
    );
    expect(r.statusCode, r.body).toBe(200);
    const respuesta: CarritoDeListaRespuesta = r.json();
    expect(respuesta.agregar.map((a) => [a.itemId, a.producto.id, a.cantidad, a.alternativa])).toEqual([
      [cuaderno!.id, p.cuaderno!.id, 1, false],
      [marcadores!.id, p.acuarelables!.id, 1, true],
      [goma!.id, p.goma!.id, 1, false],
    ]);
    expect(respuesta.agregar[0]!.producto).toEqual({
      id: p.cuaderno!.id,
      denominacion: 'Cuaderno tapa dura 50 hojas rayadas',
      marca: 'Rivadavia',
      precio: 5700,
      stock: 20,
      imagen: null,
    });
    expect(respuesta.faltantes).toEqual([
      { itemId: cuaderno!.id, texto: cuaderno!.texto, motivo: 'STOCK_INSUFICIENTE', cantidad: 1, mensaje: mensajeSoloHay(20) },
      { itemId: carpeta!.id, texto: carpeta!.texto, motivo: 'TEXTO_LIBRE', cantidad: 1, mensaje: MENSAJES_LISTA.textoLibre },
      { itemId: goma!.id, texto: goma!.texto, motivo: 'STOCK_INSUFICIENTE', cantidad: 2, mensaje: mensajeSoloHay(1) },
    ]);

    // Unticked items are left out; a cart that already holds the last eraser gets the cart's message.
    const sinCuaderno = await pedir('POST', `/api/lista/${publicada.id}/carrito`, { items: [goma!.id], carrito: [{ productoId: p.goma!.id, cantidad: 1 }] }, null);
    expect((sinCuaderno.json() as CarritoDeListaRespuesta).agregar).toEqual([]);
    expect((sinCuaderno.json() as CarritoDeListaRespuesta).faltantes[0]).toMatchObject({ motivo: 'STOCK_INSUFICIENTE', mensaje: MENSAJES_CARRITO.maximoAgregado });

    // No stock anywhere: 'El producto no tiene stock disponible.'
    await t.db.update(producto).set({ stock: 0 }).where(eq(producto.id, p.acuarelables!.id));
    const sinNada = await pedir('POST', `/api/lista/${publicada.id}/carrito`, { items: [marcadores!.id] }, null);
    expect((sinNada.json() as CarritoDeListaRespuesta).faltantes).toEqual([
      { itemId: marcadores!.id, texto: marcadores!.texto, motivo: 'SIN_STOCK', cantidad: 1, mensaje: MENSAJES_CARRITO.sinStock },
    ]);
    await t.db.update(producto).set({ stock: 4 }).where(eq(producto.id, p.acuarelables!.id));
  });

  it('refuses items of another list and bad carts', async () => {
    const ajeno = borrador.items[0]!.id;
    const r = await pedir('POST', `/api/lista/${publicada.id}/carrito`, { items: [ajeno], carrito: [] }, null);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_LISTA.itemAjeno([ajeno]));
    for (const cuerpo of [{ items: 'todos' }, { items: [1], carrito: [{ productoId: 1, cantidad: 0 }] }, { items: [1], precio: 1 }]) {
      expect((await pedir('POST', `/api/lista/${publicada.id}/carrito`, cuerpo, null)).statusCode).toBe(400);
    }
  });

  it('draws the QR of the list public address as a cacheable SVG', async () => {
    const r = await pedir('GET', `/api/lista/${publicada.id}/qr.svg`, undefined, null);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.headers['cache-control']).toContain('public');
    expect(r.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(r.body).toContain('<path');
  });
});

describe('orders that came from a list', () => {
  it('keep the reference, count in the list figures, and only the owner and admins see it', async () => {
    const lista = await crearLista({ escuela: 'Escuela N° 4-040 Técnica Godoy Cruz', localidad: 'GODOY_CRUZ', grado: '1er año', nivel: 'SECUNDARIO' });
    const pedido = (listaEscolarId: unknown, cookie = cliente) =>
      pedir('POST', '/api/pedido', { lineas: [{ productoId: p.glase!.id, cantidad: 2 }, { productoId: p.lapiz!.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0, listaEscolarId }, cookie);

    const [{ n: antes }] = (await t.db.select({ n: count() }).from(venta)) as [{ n: number }];
    const noPublicada = await crearLista({ publicada: false });
    for (const id of [noPublicada.id, 999_999]) {
      const r = await pedido(id);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toBe(MENSAJES_LISTA.pedidoListaInvalida);
    }
    expect((await pedido('7')).statusCode).toBe(400);
    expect(((await t.db.select({ n: count() }).from(venta)) as [{ n: number }])[0].n).toBe(antes);

    const r = await pedido(lista.id);
    expect(r.statusCode, r.body).toBe(201);
    const { id: ventaId } = r.json() as { id: number };
    const [guardada] = await t.db.select({ listaEscolarId: venta.listaEscolarId }).from(venta).where(eq(venta.id, ventaId));
    expect(guardada!.listaEscolarId).toBe(lista.id);
    expect((await pedido(null)).statusCode).toBe(201);

    const figuras = (await pedir('GET', `/api/listaEscolar/${lista.id}`)).json() as ListaEscolar;
    expect([figuras.familias, figuras.unidadesVendidas]).toEqual([1, 3]);
    const fila = ((await pedir('GET', '/api/listaEscolar?q=tecnica%20godoy')).json() as PaginaListasEscolares).items[0]!;
    expect([fila.familias, fila.unidadesVendidas]).toEqual([1, 3]);

    const propia = await pedir('GET', `/api/venta/${ventaId}`, undefined, cliente);
    expect(propia.statusCode).toBe(200);
    expect((propia.json() as Venta).listaEscolar).toEqual({ id: lista.id, escuela: lista.escuela, grado: '1er año', anio: 2027 });
    expect(((await pedir('GET', `/api/venta/${ventaId}`)).json() as Venta).listaEscolar?.id).toBe(lista.id);
    expect((await pedir('GET', `/api/venta/${ventaId}`, undefined, otroCliente)).statusCode).toBe(403);

    // A cancelled order (its units back in stock) no longer counts; a deleted list leaves the order without reference.
    await t.db.update(venta).set({ stockLiberado: true }).where(eq(venta.id, ventaId));
    expect(((await pedir('GET', `/api/listaEscolar/${lista.id}`)).json() as ListaEscolar).familias).toBe(0);
    expect((await pedir('DELETE', `/api/listaEscolar/${lista.id}`)).statusCode).toBe(204);
    const sinLista = (await pedir('GET', `/api/venta/${ventaId}`)).json() as Venta;
    expect(sinLista.listaEscolar).toBeNull();
    expect(sinLista.detalleVentas).toHaveLength(2);
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diaMendoza } from '../../domain/fechas';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_PAGINACION } from '../../domain/paginacion-reglas';
import { MENSAJES_PROMOCION, type DetallePromocion, type PaginaPromociones, type Promocion, type PromocionActiva } from '../../domain/promocion';
import { producto, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearPromocion, crearUsuario } from '../test/fabricas';
import { estadoProducto } from '../test/stock-de-prueba';

let t: AppDePrueba;
let admin: string;
let cliente: string;

beforeAll(async () => {
  t = await crearAppDePrueba();
  const a = await crearUsuario(t.db, { usuario: 'admin-promo', rol: 'ADMIN' });
  const c = await crearUsuario(t.db, { usuario: 'cliente-promo' });
  admin = await t.cookieDe(a.usuario, a.clave);
  cliente = await t.cookieDe(c.usuario, c.clave);
});
afterAll(() => t.cerrar());

const pedir = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });

const promoValida = (extra: Record<string, unknown> = {}) => ({
  denominacion: 'Vuelta al cole',
  descripcion: 'Útiles para arrancar',
  precioPromocional: 10000,
  fechaInicio: '2026-03-01',
  fechaFin: '2026-03-31',
  ...extra,
});

describe('POST /api/promocion', () => {
  it("takes 'yyyy-MM-dd' days as whole Mendoza days and answers the promotion with its id", async () => {
    const r = await pedir('POST', '/api/promocion', promoValida({ precioPromocional: '1.500,50' }));
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({
      id: expect.any(Number),
      denominacion: 'Vuelta al cole',
      descripcion: 'Útiles para arrancar',
      precioPromocional: 1500.5,
      fechaInicio: '2026-03-01T03:00:00.000Z',
      fechaFin: '2026-04-01T02:59:59.999Z',
      detallePromociones: [],
    });
  });

  it("reads the price as an es-AR number: '5.000' is five thousand", async () => {
    const r = await pedir('POST', '/api/promocion', promoValida({ precioPromocional: '5.000' }));
    expect(r.statusCode).toBe(201);
    expect(r.json().precioPromocional).toBe(5000);
    expect((await pedir('GET', `/api/promocion/${r.json().id}`)).json().precioPromocional).toBe(5000);
  });

  it('takes ISO date-times as they are, and date-times without a zone as Mendoza time', async () => {
    const r = await pedir('POST', '/api/promocion', promoValida({ fechaInicio: '2026-05-01T10:00:00Z', fechaFin: '2026-05-02T18:30' }));
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ fechaInicio: '2026-05-01T10:00:00.000Z', fechaFin: '2026-05-02T21:30:00.000Z' });
  });

  it('requires every field, each with its message', async () => {
    const r = await pedir('POST', '/api/promocion', {});
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(
      'La denominación es obligatoria. La descripción es obligatoria. El precio promocional es obligatorio. La fecha de inicio es obligatoria. La fecha de fin es obligatoria',
    );
    const blancos = await pedir('POST', '/api/promocion', promoValida({ denominacion: ' ', descripcion: '', fechaInicio: '', fechaFin: ' ' }));
    expect(blancos.json().message).toBe(
      'La denominación es obligatoria. La descripción es obligatoria. La fecha de inicio es obligatoria. La fecha de fin es obligatoria',
    );
  });

  it.each([
    [{ precioPromocional: 0 }, MENSAJES_PROMOCION.precioMayorACero],
    [{ precioPromocional: 'abc' }, MENSAJES.numeroInvalido('El precio promocional')],
    [{ precioPromocional: '5.000,5.0' }, MENSAJES.numeroInvalido('El precio promocional')],
    [{ precioPromocional: '-5.000' }, MENSAJES_PROMOCION.precioMayorACero],
    [{ fechaInicio: '2026-02-30' }, MENSAJES_PROMOCION.fechaInicioInvalida],
    [{ fechaFin: 'mañana' }, MENSAJES_PROMOCION.fechaFinInvalida],
    [{ fechaInicio: '2026-04-01', fechaFin: '2026-03-31' }, 'La fecha de fin no puede ser anterior a la fecha de inicio'],
  ])('refuses %j with a clear message', async (extra, mensaje) => {
    const r = await pedir('POST', '/api/promocion', promoValida(extra));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(mensaje);
  });

  it('accepts the same start and end day, refuses unknown fields and customers', async () => {
    expect((await pedir('POST', '/api/promocion', promoValida({ fechaInicio: '2026-03-05', fechaFin: '2026-03-05' }))).statusCode).toBe(201);
    const desconocido = await pedir('POST', '/api/promocion', promoValida({ detalles: [] }));
    expect(desconocido.statusCode).toBe(400);
    expect(desconocido.json().message).toBe('Campo desconocido: detalles');
    expect((await pedir('POST', '/api/promocion', promoValida(), cliente)).statusCode).toBe(403);
    expect((await pedir('POST', '/api/promocion', promoValida(), '')).statusCode).toBe(401);
  });
});

describe('listing promotions', () => {
  let vigente: number;
  let vencida: number;
  let terminaHoy: number;
  let sinProductos: number;
  let futura: number;
  beforeAll(async () => {
    const p1 = await crearProducto(t.db, { costo: 1000, porcentaje: 50 }); // 1500
    const p2 = await crearProducto(t.db, { costo: 200, porcentaje: 100 }); // 400
    vigente = (await crearPromocion(t.db, { precioPromocional: 1000, detalles: [{ productoId: p1.id, cantidad: 1 }, { productoId: p2.id, cantidad: 2 }] })).id;
    vencida = (await crearPromocion(t.db, { fechaInicio: new Date(Date.now() - 9 * 86_400_000), fechaFin: new Date(Date.now() - 60_000) })).id;
    // Created through the API with today's Mendoza day as its end: active until 23:59:59 tonight.
    const hoy = diaMendoza(new Date());
    terminaHoy = (await pedir('POST', '/api/promocion', promoValida({ fechaInicio: hoy, fechaFin: hoy }))).json().id;
    // $10.000 for 7 x $1.500: not dearer than its products (decision 045).
    expect((await pedir('POST', '/api/detallePromocion', { producto: { id: p1.id }, cantidad: 7, promocion: { id: terminaHoy } })).statusCode).toBe(201);
    sinProductos = (await crearPromocion(t.db, {})).id;
    futura = (await crearPromocion(t.db, { fechaInicio: new Date(Date.now() + 86_400_000), fechaFin: new Date(Date.now() + 9 * 86_400_000), detalles: [{ productoId: p1.id, cantidad: 1 }] })).id;
  });

  it('GET /api/promocion lists all for admins, newest first, with their lines', async () => {
    const r = await pedir('GET', '/api/promocion');
    expect(r.statusCode).toBe(200);
    const lista = r.json() as Promocion[];
    const ids = lista.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(expect.arrayContaining([vigente, vencida, terminaHoy]));
    const conDetalles = lista.find((p) => p.id === vigente)!;
    expect(conDetalles.detallePromociones).toHaveLength(2);
    expect(conDetalles.detallePromociones[0]).toEqual({
      id: expect.any(Number),
      cantidad: 1,
      producto: { id: expect.any(Number), denominacion: expect.any(String), precio: 1500, stock: 10, imagen: null },
      promocion: { id: vigente },
    });
    expect((await pedir('GET', '/api/promocion', undefined, cliente)).statusCode).toBe(403);
  });

  it('GET /api/promocion/activas hides expired ones and adds the unit and original prices', async () => {
    const r = await pedir('GET', '/api/promocion/activas', undefined, '');
    expect(r.statusCode).toBe(200);
    const activas = r.json() as PromocionActiva[];
    const ids = activas.map((p) => p.id);
    expect(ids).toContain(vigente);
    expect(ids).toContain(terminaHoy);
    expect(ids).not.toContain(vencida);
    // Not public: one with no products (it could only be bought as nothing), one that has not started.
    expect(ids).not.toContain(sinProductos);
    expect(ids).not.toContain(futura);
    const promo = activas.find((p) => p.id === vigente)!;
    // 1000 / 3 units = 333.33; original 1500 + 2 x 400.
    expect(promo.precioUnitario).toBe(333.33);
    expect(promo.precioOriginal).toBe(2300);
  });

  it('GET /api/promocion/:id answers one promotion, 404 when unknown', async () => {
    const r = await pedir('GET', `/api/promocion/${vigente}`, undefined, '');
    expect(r.statusCode).toBe(200);
    expect(r.json().detallePromociones).toHaveLength(2);
    const no = await pedir('GET', '/api/promocion/999999', undefined, '');
    expect(no.statusCode).toBe(404);
    expect(no.json().message).toBe(MENSAJES_PROMOCION.promocionNoEncontrada);
  });
});

describe('GET /api/promocion/grilla: the admin grid, a page at a time', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    const p = await crearProducto(t.db, { costo: 100, porcentaje: 100, denominacion: 'Témperas Alba x 6', codigo: 'TEM-GRILLA' });
    for (let i = 1; i <= 5; i++) {
      const promo = await crearPromocion(t.db, {
        denominacion: `Grilla Ñandú ${i}`,
        descripcion: i === 3 ? 'Con un 100% de descuento en cartulinas' : 'Una promoción',
        finDias: i === 2 ? -1 : 5,
        detalles: i === 1 ? [{ productoId: p.id, cantidad: 2 }] : [],
      });
      ids.push(promo.id);
    }
  });
  const grilla = (query: string, cookie = admin) => pedir('GET', `/api/promocion/grilla?${query}`, undefined, cookie);

  it('pages the matches newest first, with their lines, and says how many there are in all', async () => {
    const nuevasPrimero = [...ids].reverse();
    const paginas: PaginaPromociones[] = [];
    for (const pagina of [1, 2, 3]) {
      const r = await grilla(`q=grilla%20nandu&porPagina=2&pagina=${pagina}`);
      expect(r.statusCode).toBe(200);
      paginas.push(r.json() as PaginaPromociones);
    }
    expect(paginas.map((p) => p.items.map((x) => x.id))).toEqual([nuevasPrimero.slice(0, 2), nuevasPrimero.slice(2, 4), nuevasPrimero.slice(4)]);
    for (const [i, p] of paginas.entries()) expect(p).toMatchObject({ total: 5, pagina: i + 1, porPagina: 2 });
    const primera = paginas[2]!.items[0]!;
    expect(primera.denominacion).toBe('Grilla Ñandú 1');
    expect(primera.detallePromociones).toEqual([
      { id: expect.any(Number), cantidad: 2, producto: { id: expect.any(Number), denominacion: expect.any(String), precio: 200, stock: 10, imagen: null }, promocion: { id: ids[0] } },
    ]);
    // The expired one is listed like the others: the grid highlights it.
    expect(paginas.flatMap((p) => p.items).find((x) => x.id === ids[1])!.fechaFin < new Date().toISOString()).toBe(true);
  });

  it('past the last page: no items, the same total', async () => {
    const r = await grilla('q=grilla%20nandu&porPagina=2&pagina=4');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ items: [], total: 5, pagina: 4, porPagina: 2 });
  });

  it('searches the name and the description, ignoring case and accents; % is a character', async () => {
    expect((await grilla(`q=${encodeURIComponent('GRILLA ÑANDÚ 4')}`)).json().items.map((x: Promocion) => x.id)).toEqual([ids[3]]);
    expect((await grilla(`q=${encodeURIComponent('100% de descuento')}`)).json().items.map((x: Promocion) => x.id)).toEqual([ids[2]]);
    expect((await grilla(`q=${encodeURIComponent('nandu%')}`)).json().total).toBe(0);
  });

  it("finds each word in any order, in the name, the description or its products' names and codes", async () => {
    const encontradas = async (q: string) => (await grilla(`q=${encodeURIComponent(q)}`)).json().items.map((x: Promocion) => x.id);
    expect(await encontradas('4 ñandu grilla')).toEqual([ids[3]]);
    expect(await encontradas('grilla cartulinas')).toEqual([ids[2]]);
    expect(await encontradas('temperas nandu')).toEqual([ids[0]]);
    expect(await encontradas('tem-grilla')).toEqual([ids[0]]);
    expect(await encontradas('temperas cartulinas')).toEqual([]);
  });

  it('without parameters: the first 20, and the whole count', async () => {
    const r = await grilla('');
    const cuerpo = r.json() as PaginaPromociones;
    const todas = (await pedir('GET', '/api/promocion')).json() as Promocion[];
    expect(cuerpo).toMatchObject({ pagina: 1, porPagina: 20, total: todas.length });
    expect(cuerpo.items.map((x) => x.id)).toEqual(todas.slice(0, 20).map((x) => x.id));
    // GET /api/promocion keeps answering the whole list, whatever the query says.
    expect(Array.isArray((await pedir('GET', '/api/promocion?pagina=2&porPagina=1')).json())).toBe(true);
  });

  it.each([
    ['pagina=0', MENSAJES_PAGINACION.paginaInvalida],
    ['pagina=-1', MENSAJES_PAGINACION.paginaInvalida],
    ['pagina=dos', MENSAJES_PAGINACION.paginaInvalida],
    ['pagina=1.5', MENSAJES_PAGINACION.paginaInvalida],
    ['pagina=100001', MENSAJES_PAGINACION.paginaInvalida],
    ['porPagina=0', MENSAJES_PAGINACION.porPaginaInvalido(100)],
    ['porPagina=101', MENSAJES_PAGINACION.porPaginaInvalido(100)],
    ['porPagina=veinte', MENSAJES_PAGINACION.porPaginaInvalido(100)],
  ])('%s is a 400 with a Spanish message naming the field', async (query, mensaje) => {
    const r = await grilla(query);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: mensaje, errors: [{ campo: query.split('=')[0], mensaje }] });
  });

  it('a search longer than 100 characters is a 400', async () => {
    const r = await grilla(`q=${'a'.repeat(101)}`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ message: MENSAJES_PAGINACION.busquedaLarga, errors: [{ campo: 'q', mensaje: MENSAJES_PAGINACION.busquedaLarga }] });
  });

  it('is for admins only', async () => {
    expect((await grilla('', cliente)).statusCode).toBe(403);
    expect((await grilla('', '')).statusCode).toBe(401);
  });
});

describe('promotion lines', () => {
  it('adds a product, and the same product again adds to its quantity', async () => {
    const promo = (await pedir('POST', '/api/promocion', promoValida())).json() as Promocion;
    const p = await crearProducto(t.db);
    const primero = await pedir('POST', '/api/detallePromocion', { producto: { id: p.id }, cantidad: 2, promocion: { id: promo.id } });
    expect(primero.statusCode).toBe(201);
    expect(primero.json()).toMatchObject({ cantidad: 2, producto: { id: p.id }, promocion: { id: promo.id } });
    const segundo = await pedir('POST', '/api/detallePromocion', { producto: { id: p.id }, cantidad: 3, promocion: { id: promo.id } });
    expect(segundo.json()).toMatchObject({ id: primero.json().id, cantidad: 5 });
    const lineas = await pedir('GET', `/api/detallePromocion/promocion/${promo.id}`, undefined, '');
    expect(lineas.statusCode).toBe(200);
    expect(lineas.json()).toEqual([segundo.json()]);
  });

  it.each([
    { cantidad: 0 },
    { cantidad: -1 },
    { cantidad: 1.5 },
    { cantidad: 'x' },
    { sinCantidad: true },
    { sinProducto: true },
    { productoId: 0 },
  ])("refuses %j with 'Seleccioná un producto válido y una cantidad mayor a 0.'", async (caso) => {
    const promo = await crearPromocion(t.db);
    const p = await crearProducto(t.db);
    const cuerpo: Record<string, unknown> = { producto: { id: 'productoId' in caso ? caso.productoId : p.id }, cantidad: 'cantidad' in caso ? caso.cantidad : 1, promocion: { id: promo.id } };
    if ('sinCantidad' in caso) delete cuerpo.cantidad;
    if ('sinProducto' in caso) delete cuerpo.producto;
    const r = await pedir('POST', '/api/detallePromocion', cuerpo);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Seleccioná un producto válido y una cantidad mayor a 0.');
    expect((await pedir('GET', `/api/detallePromocion/promocion/${promo.id}`)).json()).toEqual([]);
  });

  it('refuses an unknown product (400) and an unknown promotion (404)', async () => {
    const promo = await crearPromocion(t.db);
    const p = await crearProducto(t.db);
    const sinProducto = await pedir('POST', '/api/detallePromocion', { producto: { id: 999_999 }, cantidad: 1, promocion: { id: promo.id } });
    expect(sinProducto.statusCode).toBe(400);
    expect(sinProducto.json().message).toBe(MENSAJES_PROMOCION.detalleInvalido);
    const sinPromo = await pedir('POST', '/api/detallePromocion', { producto: { id: p.id }, cantidad: 1, promocion: { id: 999_999 } });
    expect(sinPromo.statusCode).toBe(404);
    expect(sinPromo.json().message).toBe(MENSAJES_PROMOCION.promocionNoEncontrada);
    expect((await pedir('GET', '/api/detallePromocion/promocion/999999')).statusCode).toBe(404);
    expect((await pedir('POST', '/api/detallePromocion', { producto: { id: p.id }, cantidad: 1, promocion: { id: promo.id } }, cliente)).statusCode).toBe(403);
  });

  it('DELETE /api/detallePromocion/:id removes a line; DELETE /api/promocion/:id removes the promotion', async () => {
    const p = await crearProducto(t.db);
    const promo = await crearPromocion(t.db, { detalles: [{ productoId: p.id, cantidad: 1 }] });
    const [linea] = (await pedir('GET', `/api/detallePromocion/promocion/${promo.id}`)).json();
    expect((await pedir('DELETE', `/api/detallePromocion/${linea.id}`, undefined, cliente)).statusCode).toBe(403);
    expect((await pedir('DELETE', `/api/detallePromocion/${linea.id}`)).statusCode).toBe(204);
    expect((await pedir('DELETE', `/api/detallePromocion/${linea.id}`)).statusCode).toBe(404);
    expect((await pedir('GET', `/api/detallePromocion/promocion/${promo.id}`)).json()).toEqual([]);

    expect((await pedir('DELETE', `/api/promocion/${promo.id}`, undefined, cliente)).statusCode).toBe(403);
    expect((await pedir('DELETE', `/api/promocion/${promo.id}`)).statusCode).toBe(204);
    expect((await pedir('GET', `/api/promocion/${promo.id}`)).statusCode).toBe(404);
    expect((await pedir('DELETE', `/api/promocion/${promo.id}`)).statusCode).toBe(404);
  });
});

describe('a promotion is never sold above its products one by one (decision 045)', () => {
  const activas = async () => ((await pedir('GET', '/api/promocion/activas', undefined, '')).json() as PromocionActiva[]).map((p) => p.id);
  const pedirPromo = (promocionId: number) =>
    pedir('POST', '/api/pedido', { lineas: [], promociones: [{ promocionId, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 }, cliente);
  const ventas = async () => (await t.db.select({ n: count() }).from(venta))[0]!.n;
  const lineasDe = async (promocionId: number) => (await pedir('GET', `/api/detallePromocion/promocion/${promocionId}`)).json() as DetallePromocion[];

  it("the reviewer's case: $5.000 for one product of $13,40 is not listed, and its order is a 409 that takes nothing", async () => {
    const p = await crearProducto(t.db, { costo: 10, porcentaje: 34, stock: 5 }); // $13,40
    const promo = await crearPromocion(t.db, { denominacion: 'Cara', precioPromocional: 5000, detalles: [{ productoId: p.id, cantidad: 1 }] });
    expect(await activas()).not.toContain(promo.id);
    const antes = await ventas();
    const r = await pedirPromo(promo.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PROMOCION.noDisponiblePorPrecio('Cara'));
    expect(await ventas()).toBe(antes);
    expect(await estadoProducto(t.db, p.id)).toEqual({ stock: 5, cantidadVendida: 0, sumaMovimientos: 5 });
  });

  it('built line by line after its price, it is offered once its products add up to at least that price (equal included)', async () => {
    const a = await crearProducto(t.db, { costo: 1000, porcentaje: 50 }); // $1.500
    const b = await crearProducto(t.db, { costo: 1000, porcentaje: 50 });
    const promo = (await pedir('POST', '/api/promocion', promoValida({ precioPromocional: 3000, fechaInicio: '2020-01-01', fechaFin: '2099-12-31' }))).json() as Promocion;
    expect((await pedir('POST', '/api/detallePromocion', { producto: { id: a.id }, cantidad: 1, promocion: { id: promo.id } })).statusCode).toBe(201);
    expect(await activas()).not.toContain(promo.id);
    expect((await pedir('POST', '/api/detallePromocion', { producto: { id: b.id }, cantidad: 1, promocion: { id: promo.id } })).statusCode).toBe(201);
    expect(await activas()).toContain(promo.id);
    expect((await pedirPromo(promo.id)).statusCode).toBe(201);
  });

  it('a product price lowered or a product deleted later takes it off sale: not listed, its order a 409', async () => {
    const a = await crearProducto(t.db, { costo: 1000, porcentaje: 50, stock: 5 });
    const b = await crearProducto(t.db, { costo: 1000, porcentaje: 50, stock: 5 });
    const promo = await crearPromocion(t.db, { precioPromocional: 2000, detalles: [{ productoId: a.id, cantidad: 1 }, { productoId: b.id, cantidad: 1 }] });
    expect(await activas()).toContain(promo.id);
    await t.db.update(producto).set({ precio: 400 }).where(eq(producto.id, b.id)); // $1.900 in all
    expect(await activas()).not.toContain(promo.id);
    expect((await pedirPromo(promo.id)).statusCode).toBe(409);
    await t.db.update(producto).set({ precio: 500 }).where(eq(producto.id, b.id));
    expect(await activas()).toContain(promo.id);
    expect((await pedir('DELETE', `/api/producto/${b.id}`)).statusCode).toBe(204);
    expect(await activas()).not.toContain(promo.id);
    const antes = await ventas();
    expect((await pedirPromo(promo.id)).statusCode).toBe(409);
    expect(await ventas()).toBe(antes);
    expect(await estadoProducto(t.db, a.id)).toEqual({ stock: 5, cantidadVendida: 0, sumaMovimientos: 5 });
  });

  it('refuses (409) removing a line that would leave it dearer than its other products, and changes nothing', async () => {
    const a = await crearProducto(t.db, { costo: 1000, porcentaje: 50 });
    const b = await crearProducto(t.db, { costo: 1000, porcentaje: 50 });
    const promo = await crearPromocion(t.db, { precioPromocional: 2000, detalles: [{ productoId: a.id, cantidad: 1 }, { productoId: b.id, cantidad: 1 }] });
    const antes = await lineasDe(promo.id);
    const r = await pedir('DELETE', `/api/detallePromocion/${antes[1]!.id}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PROMOCION.quitarDejaMasCara(2000, 1500));
    expect(await lineasDe(promo.id)).toEqual(antes);
    expect(await activas()).toContain(promo.id);
  });

  it('two removals at once, each fine alone, together too much: exactly one goes', async () => {
    const productos = await Promise.all([1, 2, 3].map(() => crearProducto(t.db, { costo: 1000, porcentaje: 50 })));
    const promo = await crearPromocion(t.db, { precioPromocional: 3000, detalles: productos.map((p) => ({ productoId: p.id, cantidad: 1 })) });
    const [, segunda, tercera] = await lineasDe(promo.id);
    const estados = (await Promise.all([segunda!, tercera!].map((l) => pedir('DELETE', `/api/detallePromocion/${l.id}`)))).map((r) => r.statusCode);
    expect(estados.sort()).toEqual([204, 409]);
    expect(await lineasDe(promo.id)).toHaveLength(2);
    expect(await activas()).toContain(promo.id);
  });

  it('lets a line go from one not yet for sale, and the last line go', async () => {
    const a = await crearProducto(t.db, { costo: 1000, porcentaje: 50 });
    const b = await crearProducto(t.db, { costo: 1000, porcentaje: 50 });
    const promo = await crearPromocion(t.db, { precioPromocional: 5000, detalles: [{ productoId: a.id, cantidad: 1 }, { productoId: b.id, cantidad: 1 }] });
    const [primera, segunda] = await lineasDe(promo.id);
    expect((await pedir('DELETE', `/api/detallePromocion/${segunda!.id}`)).statusCode).toBe(204);
    expect((await pedir('DELETE', `/api/detallePromocion/${primera!.id}`)).statusCode).toBe(204);
    expect(await lineasDe(promo.id)).toEqual([]);
  });
});

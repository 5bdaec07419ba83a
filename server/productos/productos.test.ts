import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { MENSAJES_PRODUCTO, MENSAJES_STOCK, type Producto } from '../../domain/producto';
import { detalleVenta, movimientoStock, producto, venta } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto, crearUsuario } from '../test/fabricas';
import { imagenDePrueba, multipart, type Parte } from '../test/multipart';

let t: AppDePrueba;
let admin: string;
let cliente: string;
let categoriaId: number;

beforeAll(async () => {
  t = await crearAppDePrueba();
  const a = await crearUsuario(t.db, { usuario: 'admin-prod', rol: 'ADMIN' });
  const c = await crearUsuario(t.db, { usuario: 'cliente-prod' });
  admin = await t.cookieDe(a.usuario, a.clave);
  cliente = await t.cookieDe(c.usuario, c.clave);
  categoriaId = (await crearCategoria(t.db, 'Escolar prueba')).id;
});
afterAll(() => t.cerrar());

const archivoSubido = (nombre: string | null) => (nombre ? fs.existsSync(path.join(t.config.UPLOADS_DIR, nombre)) : false);

async function movimientos(productoId: number) {
  return t.db.select().from(movimientoStock).where(eq(movimientoStock.productoId, productoId)).orderBy(movimientoStock.id);
}

/** The stock invariant: stock = sum of its movements (the INICIAL one included). */
async function cumpleInvariante(productoId: number) {
  const [p] = await t.db.select({ stock: producto.stock }).from(producto).where(eq(producto.id, productoId));
  const [s] = await t.db
    .select({ suma: sql<number>`coalesce(sum(${movimientoStock.delta}), 0)::int` })
    .from(movimientoStock)
    .where(eq(movimientoStock.productoId, productoId));
  expect(s!.suma).toBe(p!.stock);
}

const productoValido = (extra: Record<string, unknown> = {}) => ({
  denominacion: 'Lápiz negro HB',
  marca: 'Faber-Castell',
  codigo: `LAP-${Math.random().toString(36).slice(2, 8)}`,
  costo: '100,50',
  porcentaje: '50',
  stock: 10,
  descripcion: 'Un lápiz',
  categoria: { id: categoriaId },
  ...extra,
});

function guardar(method: 'POST' | 'PUT', datos: unknown, extra: Parte[] = [], cookie = admin) {
  const cuerpo = multipart([{ nombre: 'producto', valor: JSON.stringify(datos) }, ...extra]);
  return t.app.inject({ method, url: '/api/producto/with-image', payload: cuerpo.payload, headers: { ...cuerpo.headers, cookie } });
}

describe('GET /api/producto (public catalogue)', () => {
  let catA: number;
  let catB: number;
  beforeAll(async () => {
    catA = (await crearCategoria(t.db, 'Catálogo A')).id;
    catB = (await crearCategoria(t.db, 'Catálogo B')).id;
    await crearProducto(t.db, { denominacion: 'Lápiz de color rojo', marca: 'Zeta', codigo: 'CAT-1', costo: 100, porcentaje: 100, categoriaId: catA });
    await crearProducto(t.db, { denominacion: 'Cuaderno rayado', marca: 'Yoda', codigo: 'CAT-2', costo: 300, porcentaje: 100, categoriaId: catA });
    await crearProducto(t.db, { denominacion: 'Goma blanca', marca: 'Zeta', codigo: 'CAT-3', costo: 200, porcentaje: 100, categoriaId: catB });
  });
  const listar = (query: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/producto?${query}`, headers: cookie ? { cookie } : {} });

  it("finds 'Lápiz' when searching 'lapiz' (case and accents ignored)", async () => {
    const r = await listar('q=LAPIZ&categoriaId=' + catA);
    expect(r.statusCode).toBe(200);
    expect(r.json().items.map((p: Producto) => p.codigo)).toEqual(['CAT-1']);
  });

  it('filters by brand and by category', async () => {
    const porMarca = await listar(`marca=Zeta&categoriaId=${catA}`);
    expect(porMarca.json().items.map((p: Producto) => p.codigo)).toEqual(['CAT-1']);
    const porCategoria = await listar(`categoriaId=${catB}`);
    expect(porCategoria.json().items.map((p: Producto) => p.codigo)).toEqual(['CAT-3']);
  });

  it('sorts by price ascending by default and descending on request', async () => {
    const asc = await listar(`categoriaId=${catA}`);
    expect(asc.json().items.map((p: Producto) => p.precio)).toEqual([200, 600]);
    const desc = await listar(`categoriaId=${catA}&orden=desc`);
    expect(desc.json().items.map((p: Producto) => p.precio)).toEqual([600, 200]);
  });

  it('pages, with the total of matches', async () => {
    const r = await listar(`porPagina=1&pagina=2&q=cat-`);
    const cuerpo = r.json();
    expect(cuerpo.total).toBe(3);
    expect(cuerpo.pagina).toBe(2);
    expect(cuerpo.porPagina).toBe(1);
    expect(cuerpo.items.map((p: Producto) => p.codigo)).toEqual(['CAT-3']);
    expect((await listar('pagina=0')).statusCode).toBe(400);
  });

  it("the admin grid's text filters ignore case and accents", async () => {
    const r = await listar(`denominacion=LAPIZ DE&codigo=cat-1&marcaContiene=ZET`, admin);
    expect(r.json().items.map((p: Producto) => p.codigo)).toEqual(['CAT-1']);
    expect((await listar('denominacion=100%25&codigo=cat')).json().items).toEqual([]);
  });

  it('answers the distinct brands in Spanish order (accents and case aside, Ñ after N)', async () => {
    for (const [i, marca] of ['Ñandú', 'oso', 'Nube', 'Ábaco'].entries()) {
      await crearProducto(t.db, { denominacion: `Marca ${i}`, marca, codigo: `MARCA-${i}`, categoriaId: catB });
    }
    const marcas: string[] = (await listar('')).json().marcas;
    expect(marcas).toEqual([...new Set(marcas)]);
    expect(marcas.filter((m) => ['Ñandú', 'oso', 'Nube', 'Ábaco', 'Yoda', 'Zeta'].includes(m))).toEqual(['Ábaco', 'Nube', 'Ñandú', 'oso', 'Yoda', 'Zeta']);
  });

  it('hides costo and porcentaje from visitors and customers, shows them to admins', async () => {
    for (const cookie of [undefined, cliente]) {
      const lista = (await listar(`categoriaId=${catA}`, cookie)).json().items as Producto[];
      for (const p of lista) expect(p).not.toHaveProperty('costo');
      const uno = await t.app.inject({ method: 'GET', url: `/api/producto/${lista[0]!.id}`, headers: cookie ? { cookie } : {} });
      expect(uno.json()).not.toHaveProperty('costo');
      expect(uno.json()).not.toHaveProperty('porcentaje');
    }
    const deAdmin = (await listar(`categoriaId=${catA}`, admin)).json().items as Producto[];
    expect(deAdmin[0]).toMatchObject({ costo: 100, porcentaje: 100, precio: 200 });
  });
});

describe('POST /api/producto/with-image', () => {
  it('creates the product with its image, recomputes the price and writes the INICIAL movement', async () => {
    const png = await imagenDePrueba('png');
    const r = await guardar('POST', productoValido({ precio: 1, cantidadVendida: 99 }), [
      { nombre: 'imagenFile', valor: png, archivo: 'foto.jpg', tipo: 'image/jpeg' },
    ]);
    expect(r.statusCode).toBe(201);
    const creado = r.json() as Producto;
    expect(creado).toMatchObject({ denominacion: 'Lápiz negro HB', costo: 100.5, porcentaje: 50, precio: 150.75, stock: 10, cantidadVendida: 0 });
    expect(creado.categoria).toEqual({ id: categoriaId, denominacion: 'Escolar prueba' });
    // Named by its content (PNG), not by the name the browser sent.
    expect(creado.imagen).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(archivoSubido(creado.imagen)).toBe(true);
    const movs = await movimientos(creado.id);
    expect(movs.map((m) => [m.motivo, m.delta])).toEqual([['INICIAL', 10]]);
    // Found at once by the search the triggers keep, without accents or case.
    const encontrados = (await t.app.inject({ method: 'GET', url: '/api/producto?q=LAPIZ%20negro' })).json() as { items: Producto[] };
    expect(encontrados.items.map((p) => p.id)).toContain(creado.id);
  });

  it('accepts the product part as a JSON Blob and no image, and a decimal point', async () => {
    const datos = productoValido({ costo: '80.5', porcentaje: 10 });
    const cuerpo = multipart([{ nombre: 'producto', valor: JSON.stringify(datos), archivo: 'blob', tipo: 'application/json' }]);
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/with-image', payload: cuerpo.payload, headers: { ...cuerpo.headers, cookie: admin } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ precio: 88.55, imagen: null });
  });

  it('accepts the product part as a field declared application/json (curl -F "producto=...;type=application/json")', async () => {
    const cuerpo = multipart([{ nombre: 'producto', valor: JSON.stringify(productoValido()), tipo: 'application/json' }]);
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/with-image', payload: cuerpo.payload, headers: { ...cuerpo.headers, cookie: admin } });
    expect(r.statusCode).toBe(201);
  });

  it("reads cost and margin as es-AR numbers: '1.000' and 36 % give $ 1.360,00, '12.345' is saved as 12345", async () => {
    const mil = await guardar('POST', productoValido({ costo: '1.000', porcentaje: '36' }));
    expect(mil.statusCode).toBe(201);
    expect(mil.json()).toMatchObject({ costo: 1000, porcentaje: 36, precio: 1360 });
    const doce = await guardar('POST', productoValido({ costo: '12.345', porcentaje: '1,5' }));
    expect(doce.statusCode).toBe(201);
    expect(doce.json()).toMatchObject({ costo: 12345, porcentaje: 1.5 });
    const [guardado] = await t.db.select({ costo: producto.costo }).from(producto).where(eq(producto.id, doce.json().id));
    expect(guardado!.costo).toBe(12345);
    // A JSON number is taken as it is.
    expect((await guardar('POST', productoValido({ costo: 1000.5, porcentaje: 10 }))).json()).toMatchObject({ costo: 1000.5, precio: 1100.55 });
  });

  it('refuses a cost or margin it cannot read without guessing, naming the field, and creates nothing', async () => {
    const antes = await t.db.$count(producto);
    const r = await guardar('POST', productoValido({ costo: '1,000,5', porcentaje: '1.2.3' }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(`${MENSAJES.numeroInvalido('El costo')}. ${MENSAJES.numeroInvalido('El porcentaje')}`);
    expect((await guardar('POST', productoValido({ costo: '1.2345' }))).json().message).toBe(MENSAJES.numeroInvalido('El costo'));
    expect(await t.db.$count(producto)).toBe(antes);
  });

  it("answers every broken rule of the form, joined with '. '", async () => {
    const r = await guardar('POST', { denominacion: ' ', codigo: '', costo: '0', porcentaje: '-1', stock: -1, categoria: null });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(
      'La denominación es obligatoria. El código es obligatorio. El costo debe ser mayor a cero. El porcentaje debe ser mayor a cero. El stock no puede ser negativo. Debe seleccionar una categoría',
    );
  });

  it('missing cost and margin get the spec messages too', async () => {
    const { costo: _c, porcentaje: _p, ...sinPrecio } = productoValido();
    const r = await guardar('POST', sinPrecio);
    expect(r.json().message).toBe('El costo debe ser mayor a cero. El porcentaje debe ser mayor a cero');
  });

  it("refuses an unknown category with 'Debe seleccionar una categoría'", async () => {
    const r = await guardar('POST', productoValido({ categoria: { id: 999_999 } }));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.debeSeleccionarCategoria);
  });

  it('refuses a repeated code with 409 and keeps one product', async () => {
    const datos = productoValido();
    expect((await guardar('POST', datos)).statusCode).toBe(201);
    const r = await guardar('POST', { ...datos, denominacion: 'Otro' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(`Ya existe un producto con el código ${datos.codigo}`);
    expect(r.json().message).toBe(MENSAJES_PRODUCTO.codigoExistente(datos.codigo));
  });

  it('refuses unknown fields by name, a broken JSON part and a missing part', async () => {
    const desconocido = await guardar('POST', productoValido({ secreto: 1 }));
    expect(desconocido.statusCode).toBe(400);
    expect(desconocido.json().message).toBe('Campo desconocido: secreto');
    const roto = multipart([{ nombre: 'producto', valor: '{no es json' }]);
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/with-image', payload: roto.payload, headers: { ...roto.headers, cookie: admin } });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.jsonInvalido);
    const sinParte = multipart([{ nombre: 'otra', valor: 'x' }]);
    const r2 = await t.app.inject({ method: 'POST', url: '/api/producto/with-image', payload: sinParte.payload, headers: { ...sinParte.headers, cookie: admin } });
    expect(r2.statusCode).toBe(400);
  });

  it('refuses a file that is not a JPEG, PNG or GIF by its content (415) and creates nothing', async () => {
    const antes = await t.db.$count(producto);
    const archivos = fs.readdirSync(t.config.UPLOADS_DIR).length;
    for (const [valor, archivo] of [
      [Buffer.from('no soy una imagen'), 'foto.png'],
      [await imagenDePrueba('webp'), 'foto.gif'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>'), 'foto.svg'],
    ] as const) {
      const r = await guardar('POST', productoValido(), [{ nombre: 'imagenFile', valor, archivo, tipo: 'image/png' }]);
      expect(r.statusCode).toBe(415);
      expect(r.json().message).toBe('Solo se permiten imágenes JPEG, PNG o GIF');
    }
    expect(await t.db.$count(producto)).toBe(antes);
    expect(fs.readdirSync(t.config.UPLOADS_DIR).length).toBe(archivos);
  });

  it("refuses an image over 5MB with 413 'La imagen no debe superar los 5MB'", async () => {
    const grande = Buffer.alloc(5_242_881, 1);
    const r = await guardar('POST', productoValido(), [{ nombre: 'imagenFile', valor: grande, archivo: 'g.jpg', tipo: 'image/jpeg' }]);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe('La imagen no debe superar los 5MB');
  });

  it('is for admins only', async () => {
    expect((await guardar('POST', productoValido(), [], cliente)).statusCode).toBe(403);
    expect((await guardar('POST', productoValido(), [], '')).statusCode).toBe(401);
  });
});

describe('PUT /api/producto/with-image', () => {
  it('edits, recomputes the price, writes an AJUSTE movement and replaces the image file', async () => {
    const creado = (await guardar('POST', productoValido(), [{ nombre: 'imagenFile', valor: await imagenDePrueba('jpeg'), archivo: 'a.jpg' }])).json() as Producto;
    expect(creado.imagen).toMatch(/\.jpg$/);
    const r = await guardar('PUT', { ...productoValido({ codigo: creado.codigo }), id: creado.id, costo: 200, porcentaje: '25,5', stock: 7, precio: 5 }, [
      { nombre: 'imagenFile', valor: await imagenDePrueba('gif'), archivo: 'b.gif' },
    ]);
    expect(r.statusCode).toBe(200);
    const editado = r.json() as Producto;
    expect(editado).toMatchObject({ id: creado.id, precio: 251, stock: 7, porcentaje: 25.5 });
    expect(editado.imagen).toMatch(/\.gif$/);
    expect(archivoSubido(editado.imagen)).toBe(true);
    expect(archivoSubido(creado.imagen)).toBe(false);
    expect((await movimientos(creado.id)).map((m) => [m.motivo, m.delta])).toEqual([['INICIAL', 10], ['AJUSTE', -3]]);
    await cumpleInvariante(creado.id);
  });

  const pedir = (productoId: number, cantidad: number) =>
    t.app.inject({ method: 'POST', url: '/api/pedido', payload: { lineas: [{ productoId, cantidad }], formaPago: 'EFECTIVO', envio: 0 }, headers: { cookie: cliente } });
  const leer = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/producto/${id}`, headers: { cookie: admin } })).json() as Producto;

  it('with stockLeido, a form opened before a sale and saved after keeps the sale: the change made is added to the stock of the moment', async () => {
    const creado = (await guardar('POST', productoValido())).json() as Producto;
    const leido = await leer(creado.id);
    expect((await pedir(creado.id, 3)).statusCode).toBe(201);

    // The answer sent back as read, renamed, with the stock the form showed: the sale stays sold.
    const renombrado = await guardar('PUT', { ...leido, denominacion: 'Renombrado con venta', stockLeido: leido.stock });
    expect(renombrado.statusCode).toBe(200);
    expect(renombrado.json()).toMatchObject({ denominacion: 'Renombrado con venta', stock: 7, cantidadVendida: 3 });

    // 10 -> 15 on a form opened at 10: five units more than there are now.
    const cargado = await guardar('PUT', { ...leido, stock: 15, stockLeido: 10 });
    expect(cargado.json()).toMatchObject({ stock: 12 });
    expect((await movimientos(creado.id)).map((m) => [m.motivo, m.delta])).toEqual([['INICIAL', 10], ['PEDIDO', -3], ['AJUSTE', 5]]);
    await cumpleInvariante(creado.id);
  });

  it('with stockLeido, a change that would take the moved stock below zero is refused with 409 and nothing is saved', async () => {
    const creado = (await guardar('POST', productoValido({ stock: 3 }))).json() as Producto;
    const leido = await leer(creado.id);
    expect((await pedir(creado.id, 2)).statusCode).toBe(201);
    const r = await guardar('PUT', { ...leido, denominacion: 'No se guarda', stock: 0, stockLeido: 3 });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_PRODUCTO.stockCambioAlEditar(1, -3));
    expect(await leer(creado.id)).toMatchObject({ denominacion: leido.denominacion, stock: 1 });
    await cumpleInvariante(creado.id);
  });

  it('refuses a stockLeido that is not a count of units, naming the rule', async () => {
    const creado = (await guardar('POST', productoValido())).json() as Producto;
    const r = await guardar('PUT', { ...productoValido({ codigo: creado.codigo }), id: creado.id, stockLeido: -1 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES.stockEntero);
  });

  it('an edit without an image keeps the image; without a stock change writes no movement', async () => {
    const creado = (await guardar('POST', productoValido(), [{ nombre: 'imagenFile', valor: await imagenDePrueba('png'), archivo: 'a.png' }])).json() as Producto;
    const r = await guardar('PUT', { ...productoValido({ codigo: creado.codigo, denominacion: 'Renombrado' }), id: creado.id });
    expect(r.json()).toMatchObject({ denominacion: 'Renombrado', imagen: creado.imagen });
    expect(archivoSubido(creado.imagen)).toBe(true);
    expect((await movimientos(creado.id)).length).toBe(1);
  });

  it('needs the id, answers 404 for an unknown one and 409 for a code of another product', async () => {
    expect((await guardar('PUT', productoValido())).json().message).toBe(MENSAJES_PRODUCTO.idObligatorio);
    const desconocido = await guardar('PUT', { ...productoValido(), id: 999_999 });
    expect(desconocido.statusCode).toBe(404);
    const uno = (await guardar('POST', productoValido())).json() as Producto;
    const otro = (await guardar('POST', productoValido())).json() as Producto;
    const r = await guardar('PUT', { ...productoValido({ codigo: uno.codigo }), id: otro.id });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(`Ya existe un producto con el código ${uno.codigo}`);
  });

  it('a failed edit leaves no new image file behind', async () => {
    const archivos = fs.readdirSync(t.config.UPLOADS_DIR).length;
    const r = await guardar('PUT', { ...productoValido(), id: 999_999 }, [{ nombre: 'imagenFile', valor: await imagenDePrueba('png'), archivo: 'a.png' }]);
    expect(r.statusCode).toBe(404);
    expect(fs.readdirSync(t.config.UPLOADS_DIR).length).toBe(archivos);
  });

  it('also takes the product as a plain JSON body (no image)', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/with-image', payload: productoValido(), headers: { cookie: admin } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ precio: 150.75, imagen: null });
  });

  it('refuses a bad image on edit and keeps the product as it was', async () => {
    const creado = (await guardar('POST', productoValido())).json() as Producto;
    const r = await guardar('PUT', { ...productoValido({ codigo: creado.codigo, stock: 1 }), id: creado.id }, [
      { nombre: 'imagenFile', valor: Buffer.from('GIF89a pero no'), archivo: 'x.gif', tipo: 'image/gif' },
    ]);
    expect(r.statusCode).toBe(415);
    const igual = await t.app.inject({ method: 'GET', url: `/api/producto/${creado.id}`, headers: { cookie: admin } });
    expect(igual.json().stock).toBe(10);
  });
});

describe('DELETE /api/producto/:id', () => {
  it('deletes a product without sales and its image file', async () => {
    const creado = (await guardar('POST', productoValido(), [{ nombre: 'imagenFile', valor: await imagenDePrueba('png'), archivo: 'a.png' }])).json() as Producto;
    const r = await t.app.inject({ method: 'DELETE', url: `/api/producto/${creado.id}`, headers: { cookie: admin } });
    expect(r.statusCode).toBe(204);
    expect(archivoSubido(creado.imagen)).toBe(false);
    const despues = await t.app.inject({ method: 'GET', url: `/api/producto/${creado.id}` });
    expect(despues.statusCode).toBe(404);
    expect(despues.json().message).toBe(MENSAJES.productoNoEncontrado);
  });

  it('refuses to delete a product with sale lines (409) and keeps it', async () => {
    const p = await crearProducto(t.db);
    const [v] = await t.db.insert(venta).values({ total: p.precio }).returning();
    await t.db.insert(detalleVenta).values({ ventaId: v!.id, productoId: p.id, cantidad: 1, precioAplicado: p.precio });
    const r = await t.app.inject({ method: 'DELETE', url: `/api/producto/${p.id}`, headers: { cookie: admin } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('No se puede eliminar el producto porque tiene ventas registradas.');
    expect((await t.app.inject({ method: 'GET', url: `/api/producto/${p.id}` })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown product, 400 for a bad id, 403 for a customer', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/producto/999999', headers: { cookie: admin } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/producto/abc', headers: { cookie: admin } })).statusCode).toBe(400);
    const p = await crearProducto(t.db);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/producto/${p.id}`, headers: { cookie: cliente } })).statusCode).toBe(403);
  });
});

describe('product image', () => {
  const subir = (id: number, valor: Buffer, cookie = admin) => {
    const cuerpo = multipart([{ nombre: 'file', valor, archivo: 'foto', tipo: 'application/octet-stream' }]);
    return t.app.inject({ method: 'POST', url: `/api/producto/${id}/imagen`, payload: cuerpo.payload, headers: { ...cuerpo.headers, cookie } });
  };

  it('uploads, replaces (deleting the old file) and removes the image', async () => {
    const p = await crearProducto(t.db);
    const primera = await subir(p.id, await imagenDePrueba('jpeg'));
    expect(primera.statusCode).toBe(200);
    const nombre1 = primera.json().imagen as string;
    expect(nombre1).toMatch(/\.jpg$/);
    expect(archivoSubido(nombre1)).toBe(true);

    const segunda = await subir(p.id, await imagenDePrueba('gif'));
    const nombre2 = segunda.json().imagen as string;
    expect(nombre2).toMatch(/\.gif$/);
    expect(archivoSubido(nombre1)).toBe(false);
    expect(archivoSubido(nombre2)).toBe(true);

    const quitar = await t.app.inject({ method: 'DELETE', url: `/api/producto/${p.id}/imagen`, headers: { cookie: admin } });
    expect(quitar.statusCode).toBe(200);
    expect(quitar.json().imagen).toBeNull();
    expect(archivoSubido(nombre2)).toBe(false);
  });

  it('refuses other content (415), too big files (413), no file (400) and unknown products (404)', async () => {
    const p = await crearProducto(t.db);
    const mala = await subir(p.id, Buffer.from('%PDF-1.4'));
    expect(mala.statusCode).toBe(415);
    expect(mala.json().message).toBe(MENSAJES.soloJpegPngGif);
    const grande = await subir(p.id, Buffer.alloc(5_242_881));
    expect(grande.statusCode).toBe(413);
    expect(grande.json().message).toBe(MENSAJES.imagenMaximo5MB);
    const vacio = multipart([{ nombre: 'nada', valor: 'x' }]);
    const sinArchivo = await t.app.inject({ method: 'POST', url: `/api/producto/${p.id}/imagen`, payload: vacio.payload, headers: { ...vacio.headers, cookie: admin } });
    expect(sinArchivo.statusCode).toBe(400);
    expect(sinArchivo.json().message).toBe(MENSAJES_PRODUCTO.sinImagen);
    expect((await subir(999_999, await imagenDePrueba('png'))).statusCode).toBe(404);
    expect((await subir(p.id, await imagenDePrueba('png'), cliente)).statusCode).toBe(403);
    const json = await t.app.inject({ method: 'POST', url: `/api/producto/${p.id}/imagen`, payload: { a: 1 }, headers: { cookie: admin } });
    expect(json.statusCode).toBe(415);
  });
});

describe('stock loads', () => {
  it('PATCH /api/producto/:id/stock adds units with a CARGA movement and answers the product', async () => {
    const p = await crearProducto(t.db, { stock: 3 });
    const r = await t.app.inject({ method: 'PATCH', url: `/api/producto/${p.id}/stock?cantidad=5`, headers: { cookie: admin } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: p.id, stock: 8 });
    expect((await movimientos(p.id)).map((m) => [m.motivo, m.delta])).toEqual([['INICIAL', 3], ['CARGA', 5]]);
    await cumpleInvariante(p.id);
  });

  it('concurrent loads all count: stock = start + every load = sum of movements', async () => {
    const p = await crearProducto(t.db, { stock: 1 });
    const respuestas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({ method: 'PATCH', url: `/api/producto/${p.id}/stock?cantidad=2`, headers: { cookie: admin } })
          : t.app.inject({ method: 'POST', url: '/api/producto/stock', payload: { codigo: p.codigo, cantidad: 2 }, headers: { cookie: admin } }),
      ),
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [fila] = await t.db.select({ stock: producto.stock }).from(producto).where(eq(producto.id, p.id));
    expect(fila!.stock).toBe(21);
    await cumpleInvariante(p.id);
  });

  it.each(['0', '-2', '1.5', 'abc', ''])('PATCH refuses cantidad=%s with a clear message', async (cantidad) => {
    const p = await crearProducto(t.db);
    const r = await t.app.inject({ method: 'PATCH', url: `/api/producto/${p.id}/stock?cantidad=${cantidad}`, headers: { cookie: admin } });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_STOCK.cantidadInvalida);
    expect((await movimientos(p.id)).length).toBe(1);
  });

  it('PATCH answers 404 for an unknown product and 403 to customers', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: '/api/producto/999999/stock?cantidad=1', headers: { cookie: admin } })).statusCode).toBe(404);
    const p = await crearProducto(t.db);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/producto/${p.id}/stock?cantidad=1`, headers: { cookie: cliente } })).statusCode).toBe(403);
  });

  it("POST /api/producto/stock loads by code and says 'Stock actualizado correctamente'", async () => {
    const p = await crearProducto(t.db, { codigo: 'STK-1', stock: 0 });
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/stock', payload: { codigo: 'STK-1', cantidad: 12 }, headers: { cookie: admin } });
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('Stock actualizado correctamente');
    expect(r.json().producto).toMatchObject({ id: p.id, stock: 12 });
    await cumpleInvariante(p.id);
  });

  it("POST /api/producto/stock: unknown code 404 'Debe seleccionar un producto válido'; bad quantity 400", async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/stock', payload: { codigo: 'NO-EXISTE', cantidad: 1 }, headers: { cookie: admin } });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('Debe seleccionar un producto válido');
    const sinCodigo = await t.app.inject({ method: 'POST', url: '/api/producto/stock', payload: { codigo: '', cantidad: 1 }, headers: { cookie: admin } });
    expect(sinCodigo.json().message).toBe('Debe seleccionar un producto válido');
    const cero = await t.app.inject({ method: 'POST', url: '/api/producto/stock', payload: { codigo: 'STK-1', cantidad: 0 }, headers: { cookie: admin } });
    expect(cero.statusCode).toBe(400);
    expect(cero.json().message).toBe(MENSAJES_STOCK.cantidadInvalida);
    const extra = await t.app.inject({ method: 'POST', url: '/api/producto/stock', payload: { codigo: 'STK-1', cantidad: 1, stock: 5 }, headers: { cookie: admin } });
    expect(extra.statusCode).toBe(400);
  });
});

describe('GET /api/producto/sugerencias', () => {
  beforeAll(async () => {
    const cat = (await crearCategoria(t.db)).id;
    for (let i = 1; i <= 7; i++) await crearProducto(t.db, { denominacion: `Sugerible Ñandú ${i}`, codigo: `SUG-${i}`, categoriaId: cat });
    await crearProducto(t.db, { denominacion: 'LÁPIZ Sugerencia', codigo: 'ZZ-LAPIZ-SUG', categoriaId: cat });
  });
  const sugerir = (query: string, cookie = admin) => t.app.inject({ method: 'GET', url: `/api/producto/sugerencias?${query}`, headers: { cookie } });

  it("'lapiz' finds 'LÁPIZ', with the fields the screens need", async () => {
    const r = await sugerir('q=lapiz sug');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual([{ id: expect.any(Number), denominacion: 'LÁPIZ Sugerencia', codigo: 'ZZ-LAPIZ-SUG', marca: 'Marca', precio: 1500, stock: 10 }]);
  });

  it('limits to 5 by default, to the given limit, and searches codes when asked', async () => {
    expect((await sugerir('q=nandu')).json()).toHaveLength(5);
    expect((await sugerir('q=ÑANDÚ&limite=20')).json()).toHaveLength(7);
    const porCodigo = (await sugerir('q=sug-3&campo=codigo')).json();
    expect(porCodigo.map((s: { codigo: string }) => s.codigo)).toEqual(['SUG-3']);
    // A name is not a code.
    expect((await sugerir('q=nandu&campo=codigo')).json()).toEqual([]);
    expect((await sugerir('q=')).json()).toEqual([]);
  });

  it('refuses a limit outside 1..20 and customers', async () => {
    expect((await sugerir('q=a&limite=21')).statusCode).toBe(400);
    expect((await sugerir('q=a&limite=0')).statusCode).toBe(400);
    expect((await sugerir('q=a&campo=marca')).statusCode).toBe(400);
    expect((await sugerir('q=a', cliente)).statusCode).toBe(403);
  });
});

describe('categories', () => {
  it('POST /api/categoria creates one that GET /api/categoria lists', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/categoria', payload: { denominacion: '  Mapas  ' }, headers: { cookie: admin } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({ id: expect.any(Number), denominacion: 'Mapas' });
    const lista = (await t.app.inject({ method: 'GET', url: '/api/categoria' })).json();
    expect(lista).toContainEqual(r.json());
  });

  it('refuses a repeated name (any case), a blank one, extra fields and customers', async () => {
    const repetida = await t.app.inject({ method: 'POST', url: '/api/categoria', payload: { denominacion: 'MAPAS' }, headers: { cookie: admin } });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().message).toBe('Ya existe la categoría MAPAS');
    const vacia = await t.app.inject({ method: 'POST', url: '/api/categoria', payload: { denominacion: ' ' }, headers: { cookie: admin } });
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json().message).toBe('La denominación es obligatoria');
    const extra = await t.app.inject({ method: 'POST', url: '/api/categoria', payload: { denominacion: 'X', orden: 3 }, headers: { cookie: admin } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Campo desconocido: orden');
    expect((await t.app.inject({ method: 'POST', url: '/api/categoria', payload: { denominacion: 'Y' }, headers: { cookie: cliente } })).statusCode).toBe(403);
  });
});

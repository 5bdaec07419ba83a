// The public catalogue sends each product as the JSON the database keeps of it (migration 0021): these
// tests hold that JSON to the bytes the route's schema and JSON.stringify would write, for odd text and
// after every kind of write.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginaProductosSchema, productoFiltrosSchema, productoSchema, type Producto } from '../../domain/producto';
import { categoria, producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto, crearUsuario } from '../test/fabricas';
import { filasDeConsulta, filasEnBytes } from '../db/preparadas';
import { columnasProducto, sqlDelCatalogo } from './busqueda';
import { sinDatosInternos } from './service';

let t: AppDePrueba;
let admin: string;
let cliente: string;
let rara: number;

/** Text a JSON writer must escape, or must not: quotes, backslashes, control characters, emoji, U+2028, a BOM, HTML. */
const RAROS = ['Comillas "dobles" y \\barra\\', 'Tab\tsalto\nretorno\r\bfeed\f', 'Control \u0001 y \u001f', 'Emoji 📚✏️ y ñandú', 'Separador\u2028línea\u2029 y \ufeffBOM', '</script><b>negrita</b>'];

beforeAll(async () => {
  t = await crearAppDePrueba();
  const a = await crearUsuario(t.db, { usuario: 'admin-json', rol: 'ADMIN' });
  const c = await crearUsuario(t.db, { usuario: 'cliente-json' });
  admin = await t.cookieDe(a.usuario, a.clave);
  cliente = await t.cookieDe(c.usuario, c.clave);
  rara = (await crearCategoria(t.db, 'Rara "categoría" \\ ñ')).id;
  const comun = (await crearCategoria(t.db, 'Útiles')).id;
  for (const [i, texto] of RAROS.entries()) {
    await crearProducto(t.db, { denominacion: `Lápiz ${texto}`, marca: texto, codigo: `RARO-${i}`, descripcion: `${texto} `.repeat(40), categoriaId: i % 2 ? rara : comun });
  }
  // Prices a JS number writes without a trailing zero, with cents, and large.
  for (const [i, costo] of [0.01, 10, 0.1, 1234.5, 99_999_999.99].entries()) {
    await crearProducto(t.db, { denominacion: `Cuaderno precio ${i}`, marca: 'Rivadavia', codigo: `PRECIO-${i}`, costo, porcentaje: i * 7.5 + 1, categoriaId: comun });
  }
  await t.db.update(producto).set({ imagen: 'lapiz-1.webp' }).where(eq(producto.codigo, 'RARO-1'));
});
afterAll(() => t.cerrar());

const listar = (query: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/producto?${query}`, headers: cookie ? { cookie } : {} });

/** A product as the public catalogue writes it: the route's schema, without cost and margin. */
const jsonPublico = (p: Producto) => JSON.stringify(productoSchema.parse(sinDatosInternos(p)));

/** Every product's kept JSON beside what its columns give now. */
async function comparados() {
  const filas = await t.db
    .select({ ...columnasProducto, json: producto.jsonPublico })
    .from(producto)
    .innerJoin(categoria, eq(categoria.id, producto.categoriaId))
    .orderBy(producto.id);
  return filas.map(({ json, ...p }) => ({ guardado: json, esperado: jsonPublico(p) }));
}

async function esperarIguales() {
  const todos = await comparados();
  expect(todos.length).toBeGreaterThan(10);
  for (const { guardado, esperado } of todos) expect(guardado).toBe(esperado);
}

describe('the public catalogue, as the database keeps it', () => {
  it("answers visitors and customers the bytes the route's schema writes of the admin's page without cost and margin", async () => {
    const consultas = ['', 'q=lapiz', 'q=cuaderno precio', 'q=lapz', `categoriaId=${rara}`, 'orden=desc&porPagina=3&pagina=2', 'marca=Rivadavia', 'q=raro-3', 'q=nadaquever'];
    for (const consulta of consultas) {
      const completa = await listar(consulta, admin);
      expect(completa.statusCode).toBe(200);
      const pagina = completa.json();
      const esperada = JSON.stringify(paginaProductosSchema.parse({ ...pagina, items: pagina.items.map(sinDatosInternos) }));
      for (const cookie of [undefined, cliente]) {
        const r = await listar(consulta, cookie);
        expect(r.statusCode).toBe(200);
        expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(r.body, consulta).toBe(esperada);
        expect(r.body).not.toMatch(/"costo"|"porcentaje"/);
      }
    }
    expect((await listar('q=lapiz', cliente)).json().items.length).toBe(RAROS.length);
  });

  it('reads a public page as one row, its products joined by the database in the order the admin gets them', async () => {
    const filtros = [{}, { q: 'lapiz' }, { q: 'cuaderno precio' }, { q: 'lapz' }, { orden: 'desc' as const, porPagina: 3, pagina: 2 }, { q: 'nadaquever' }];
    for (const f of filtros) {
      const [consulta] = await sqlDelCatalogo(t.db, productoFiltrosSchema.parse(f));
      const filas = await filasDeConsulta<{ productos: string | null }>(t.db, consulta!);
      expect(filas).toHaveLength(1);
      const ids = (JSON.parse(`[${filas[0]!.productos ?? ''}]`) as Producto[]).map((p) => p.id);
      const query = new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)])).toString();
      expect(ids, query).toEqual((await listar(query, admin)).json().items.map((p: Producto) => p.id));
    }
  });

  it("reads a statement's columns as their UTF-8 bytes, null for NULL, in the statement's order", async () => {
    const texto = 'Emoji 📚 ñandú \u2028 "comillas"';
    const filas = await filasEnBytes(t.db, { sql: 'select $1::int + 1 as total, null::text as nada, $2::text as texto, 7::bigint as grande', params: [41, texto] });
    expect(filas).toEqual([[Buffer.from('42'), null, Buffer.from(texto), Buffer.from('7')]]);
    expect(await filasEnBytes(t.db, { sql: 'select 1 as uno where false', params: [] })).toEqual([]);
  });

  it('keeps each product written as its columns say after every kind of write', async () => {
    await esperarIguales();
    const { id } = (await t.db.select({ id: producto.id }).from(producto).where(eq(producto.codigo, 'RARO-2')))[0]!;
    // A sale, a price, a rename, an image and its removal, a new category.
    await t.db.execute(sql`update producto set stock = stock - 3, cantidad_vendida = cantidad_vendida + 3 where id = ${id}`);
    await t.db.execute(sql`update producto set costo = 333.33, porcentaje = 12.5, precio = 374.99 where id = ${id}`);
    await t.db.execute(sql`update producto set denominacion = 'Renombrado "otra vez"', marca = '', descripcion = '' where id = ${id}`);
    await t.db.execute(sql`update producto set imagen = 'nueva.webp' where id = ${id}`);
    await t.db.execute(sql`update producto set imagen = null where id = ${id}`);
    await t.db.execute(sql`update producto set categoria_id = ${rara} where id = ${id}`);
    await esperarIguales();
    // A category's new name reaches all its products, and only a rename touches them.
    await t.db.update(categoria).set({ denominacion: 'Rarísima\t"nueva"' }).where(eq(categoria.id, rara));
    await esperarIguales();
    expect((await listar(`categoriaId=${rara}`)).json().items[0].categoria.denominacion).toBe('Rarísima\t"nueva"');
    // Nothing can leave it stale: whatever a statement writes into it, the trigger writes it again.
    await t.db.execute(sql`update producto set json_publico = '{"roto":true}'`);
    await esperarIguales();
  });

  it('is written for a product created, edited and loaded with stock through the API', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/producto/with-image',
      headers: { cookie: admin },
      payload: { id: null, denominacion: 'Regla "30 cm"', marca: 'Maped', codigo: 'API-1', costo: '150,25', porcentaje: '40', stock: 4, descripcion: 'Acrílica', categoria: { id: rara } },
    });
    expect(r.statusCode, r.body).toBeLessThan(300);
    const creado = r.json() as Producto;
    const editado = await t.app.inject({ method: 'PUT', url: '/api/producto/with-image', headers: { cookie: admin }, payload: { ...creado, denominacion: 'Regla "20 cm"', porcentaje: '60' } });
    expect(editado.statusCode, editado.body).toBeLessThan(300);
    const cargado = await t.app.inject({ method: 'POST', url: '/api/producto/stock', headers: { cookie: admin }, payload: { codigo: 'API-1', cantidad: 6 } });
    expect(cargado.statusCode, cargado.body).toBeLessThan(300);
    await esperarIguales();
    const publica = (await listar('q=API-1', cliente)).json().items[0];
    expect(publica).toEqual(sinDatosInternos({ ...editado.json(), stock: 10 }));
  });
});

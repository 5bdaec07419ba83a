import ExcelJS from 'exceljs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_IMPORTACION, TAMANO_MAXIMO_IMPORTACION, TIPO_MIME, type VistaPreviaImportacion } from '../../domain/importacion';
import { MENSAJES } from '../../domain/mensajes';
import { calcularPrecio } from '../../domain/money';
import { MENSAJES_PRECIOS } from '../../domain/precios-masivos';
import { auditoria, movimientoStock, producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto, crearUsuario } from '../test/fabricas';
import { imagenDePrueba } from '../test/multipart';

let t: AppDePrueba;
let admin: string;
let cliente: string;
let escolar: { id: number; denominacion: string };
let oficina: { id: number; denominacion: string };

beforeAll(async () => {
  t = await crearAppDePrueba();
  const a = await crearUsuario(t.db, { usuario: 'admin-masivo', rol: 'ADMIN' });
  const c = await crearUsuario(t.db, { usuario: 'cliente-masivo' });
  admin = await t.cookieDe(a.usuario, a.clave);
  cliente = await t.cookieDe(c.usuario, c.clave);
  escolar = await crearCategoria(t.db, 'Útiles escolares');
  oficina = await crearCategoria(t.db, 'Oficina');
});
afterAll(() => t.cerrar());

const csv = (lineas: string[]) => Buffer.from(lineas.join('\r\n'), 'utf8');

async function xlsx(filas: (string | number)[][]): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Hoja1');
  for (const f of filas) hoja.addRow(f);
  return Buffer.from(await libro.xlsx.writeBuffer());
}

const subir = (contenido: Buffer, tipo = 'text/csv', cookie = admin) =>
  t.app.inject({ method: 'POST', url: '/api/producto/importacion?archivo=lista.csv', headers: { cookie, 'content-type': tipo }, payload: contenido });

async function vistaPrevia(contenido: Buffer, tipo = 'text/csv'): Promise<VistaPreviaImportacion> {
  const r = await subir(contenido, tipo);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const confirmar = (token: string, cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/producto/importacion/${token}/confirmar`, headers: { cookie } });

const porCodigo = async (codigo: string) => (await t.db.select().from(producto).where(eq(producto.codigo, codigo)))[0];
const movimientosDe = (productoId: number) => t.db.select().from(movimientoStock).where(eq(movimientoStock.productoId, productoId)).orderBy(movimientoStock.id);

describe('acceso', () => {
  it('solo un administrador importa, exporta y cambia precios', async () => {
    const pedidos = [
      { method: 'GET' as const, url: '/api/producto/plantilla' },
      { method: 'GET' as const, url: '/api/producto/exportar' },
      { method: 'POST' as const, url: '/api/producto/importacion', payload: 'Código\nX', headers: { 'content-type': 'text/csv' } },
      { method: 'POST' as const, url: '/api/producto/precios/vista-previa', payload: { alcance: { tipo: 'marca', marca: 'X' }, porcentaje: 5, aplicarA: 'costo' } },
      { method: 'POST' as const, url: '/api/producto/precios/aplicar', payload: { alcance: { tipo: 'marca', marca: 'X' }, porcentaje: 5, aplicarA: 'costo' } },
    ];
    for (const p of pedidos) {
      expect((await t.app.inject(p)).statusCode, p.url).toBe(401);
      expect((await t.app.inject({ ...p, headers: { ...p.headers, cookie: cliente } })).statusCode, p.url).toBe(403);
    }
  });
});

describe('importación de productos', () => {
  it('CSV con punto y coma, acentos y mayúsculas en los encabezados, comas decimales, códigos repetidos y categorías desconocidas', async () => {
    const existente = await crearProducto(t.db, { codigo: 'IMP-EXISTE', denominacion: 'Goma de borrar', costo: 100, porcentaje: 50, stock: 10, categoriaId: escolar.id });
    const sinCambios = await crearProducto(t.db, { codigo: 'IMP-IGUAL', denominacion: 'Regla 30 cm', marca: 'Maped', costo: 200, porcentaje: 40, stock: 5, categoriaId: escolar.id });
    const vista = await vistaPrevia(
      csv([
        ' CÓDIGO ;Denominacion;MARCA;categoría;Costo;porcentaje;Stock;Descripción;Precio',
        'IMP-NUEVO;Cuaderno Rivadavia;Rivadavia;utiles escolares;1.234,50;40;12;Tapa dura;999',
        'IMP-EXISTE;Goma de borrar;;Útiles escolares;150,5;50;7;;',
        'IMP-DOBLE;Uno;;Oficina;10;10;1;;',
        'IMP-DOBLE;Dos;;Oficina;10;10;1;;',
        'IMP-CAT;Carpeta;;Papelería fina;10;10;1;;',
        'IMP-MAL;;;Oficina;0;10;1;;',
        `IMP-IGUAL;Regla 30 cm;Maped;Útiles escolares;200;40;5;;`,
      ]),
    );
    expect(vista.totales).toEqual({ filas: 7, crear: 1, actualizar: 1, sinCambios: 1, errores: 4 });
    expect(vista.columnasIgnoradas).toEqual(['Precio']);
    expect(vista.crear).toEqual([{ fila: 2, codigo: 'IMP-NUEVO', denominacion: 'Cuaderno Rivadavia', categoria: 'Útiles escolares', precio: 1728.3, stock: 12 }]);
    expect(vista.actualizar).toEqual([
      {
        fila: 3,
        id: existente.id,
        codigo: 'IMP-EXISTE',
        denominacion: 'Goma de borrar',
        cambios: [
          { campo: 'marca', antes: 'Marca', despues: '' },
          { campo: 'costo', antes: 100, despues: 150.5 },
          { campo: 'precio', antes: 150, despues: 225.75 },
          { campo: 'stock', antes: 10, despues: 7 },
        ],
      },
    ]);
    expect(vista.errores).toEqual([
      { fila: 4, codigo: 'IMP-DOBLE', mensajes: [MENSAJES_IMPORTACION.codigoRepetido('IMP-DOBLE', [4, 5])] },
      { fila: 5, codigo: 'IMP-DOBLE', mensajes: [MENSAJES_IMPORTACION.codigoRepetido('IMP-DOBLE', [4, 5])] },
      { fila: 6, codigo: 'IMP-CAT', mensajes: [MENSAJES_IMPORTACION.categoriaDesconocida('Papelería fina')] },
      { fila: 7, codigo: 'IMP-MAL', mensajes: [MENSAJES.denominacionObligatoria, MENSAJES.costoMayorACero] },
    ]);
    // Nothing written by the preview.
    expect(await porCodigo('IMP-NUEVO')).toBeUndefined();

    const r = await confirmar(vista.token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ creados: 1, actualizados: 1, message: MENSAJES_IMPORTACION.aplicada(1, 1) });
    const nuevo = (await porCodigo('IMP-NUEVO'))!;
    expect(nuevo).toMatchObject({ costo: 1234.5, porcentaje: 40, precio: 1728.3, stock: 12, categoriaId: escolar.id });
    // The search finds it at once (the triggers index every write, the import's too).
    const buscado = (await t.app.inject({ method: 'GET', url: '/api/producto?q=cuaderno%20rivadavia' })).json() as { items: Array<{ id: number }> };
    expect(buscado.items.map((p) => p.id)).toContain(nuevo.id);
    expect((await movimientosDe(nuevo.id)).map((m) => [m.motivo, m.delta])).toEqual([['INICIAL', 12]]);
    expect(await porCodigo('IMP-EXISTE')).toMatchObject({ costo: 150.5, precio: 225.75, stock: 7, marca: '' });
    expect((await movimientosDe(existente.id)).map((m) => [m.motivo, m.delta])).toEqual([['INICIAL', 10], ['AJUSTE', -3]]);
    expect((await porCodigo('IMP-IGUAL'))!.actualizado).toEqual(sinCambios.actualizado);
    const [evento] = await t.db.select().from(auditoria).where(eq(auditoria.accion, 'producto.importar'));
    expect(evento).toMatchObject({ usuario: 'admin-masivo', detalle: { archivo: 'lista.csv', creados: 1, actualizados: 1, sinCambios: 1, conErrores: 4 } });

    // A preview is applied once.
    const otra = await confirmar(vista.token);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(MENSAJES_IMPORTACION.vistaPreviaVencida);
  });

  it('XLSX con celdas numéricas; una columna que falta deja el valor actual', async () => {
    const p = await crearProducto(t.db, { codigo: 'XLS-1', denominacion: 'Abrochadora', costo: 1000, porcentaje: 30, stock: 4, categoriaId: oficina.id });
    const vista = await vistaPrevia(
      await xlsx([
        ['Código', 'Costo', 'Porcentaje de ganancia'],
        ['XLS-1', 1100.4, 35],
      ]),
      TIPO_MIME.xlsx,
    );
    expect(vista.totales).toMatchObject({ crear: 0, actualizar: 1, errores: 0 });
    expect(vista.actualizar[0]!.cambios.map((c) => c.campo)).toEqual(['costo', 'porcentaje', 'precio']);
    expect((await confirmar(vista.token)).statusCode).toBe(200);
    expect(await porCodigo('XLS-1')).toMatchObject({ denominacion: 'Abrochadora', stock: 4, costo: 1100.4, porcentaje: 35, precio: calcularPrecio(1100.4, 35) });
    expect(await movimientosDe(p.id)).toHaveLength(1);
  });

  it('si el catálogo cambió entre la vista previa y la confirmación, no aplica nada (409)', async () => {
    await crearProducto(t.db, { codigo: 'CAMBIA-1', costo: 100, porcentaje: 10, categoriaId: oficina.id });
    const vista = await vistaPrevia(csv(['Código;Costo;Porcentaje', 'CAMBIA-1;120;10', 'CAMBIA-NUEVO;50;10']));
    expect(vista.totales).toMatchObject({ actualizar: 1, errores: 1 });
    await t.db.update(producto).set({ costo: 110, precio: 121 }).where(eq(producto.codigo, 'CAMBIA-1'));
    const r = await confirmar(vista.token);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(MENSAJES_IMPORTACION.catalogoCambio);
    expect(await porCodigo('CAMBIA-1')).toMatchObject({ costo: 110 });
  });

  it('archivos malos: tipo, tamaño, sin columna código, vacío, de otra persona', async () => {
    const png = await subir(await imagenDePrueba('png'), 'image/png');
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe(MENSAJES_IMPORTACION.tipoNoSoportado);
    const binario = await subir(Buffer.from([1, 0, 2, 0, 3]), 'text/csv');
    expect(binario.statusCode).toBe(415);
    const json = await t.app.inject({ method: 'POST', url: '/api/producto/importacion', headers: { cookie: admin }, payload: { codigo: 'x' } });
    expect(json.statusCode).toBe(415);
    const grande = await subir(Buffer.alloc(TAMANO_MAXIMO_IMPORTACION + 1, 'a'));
    expect(grande.statusCode).toBe(413);
    expect(grande.json().message).toBe(MENSAJES_IMPORTACION.archivoGrande);
    const sinCodigo = await subir(csv(['Nombre;Costo', 'Lápiz;10']));
    expect(sinCodigo.statusCode).toBe(400);
    expect(sinCodigo.json().message).toBe(MENSAJES_IMPORTACION.sinColumnaCodigo);
    const vacio = await subir(csv(['Código;Costo', ';']));
    expect(vacio.json().message).toBe(MENSAJES_IMPORTACION.archivoVacio);
    const roto = await subir(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(50, 7)]), TIPO_MIME.xlsx);
    expect(roto.statusCode).toBe(400);
    expect(roto.json().message).toBe(MENSAJES_IMPORTACION.archivoIlegible);

    const vista = await vistaPrevia(csv(['Código;Denominación;Categoría;Costo;Porcentaje', 'AJENO-1;Clip;Oficina;5;10']));
    const otro = await crearUsuario(t.db, { usuario: 'otro-admin-masivo', rol: 'ADMIN' });
    const r = await confirmar(vista.token, await t.cookieDe(otro.usuario, otro.clave));
    expect(r.statusCode).toBe(409);
  });

  it('exportar, editar e importar de nuevo: sin cambios, y el cambio hecho en la planilla (xlsx y csv)', async () => {
    const categoria = await crearCategoria(t.db, 'Ida y vuelta');
    await crearProducto(t.db, { codigo: 'RT-1', denominacion: 'Lápiz "HB"; negro', marca: 'Ñandú', costo: 1234.56, porcentaje: 33.33, stock: 3, categoriaId: categoria.id, descripcion: 'Línea 1\nLínea 2' });
    await crearProducto(t.db, { codigo: 'RT-2', denominacion: 'Compás', costo: 10, porcentaje: 40.123456, stock: 0, categoriaId: categoria.id });
    for (const formato of ['xlsx', 'csv'] as const) {
      const exportado = await t.app.inject({ method: 'GET', url: `/api/producto/exportar?formato=${formato}&categoriaId=${categoria.id}`, headers: { cookie: admin } });
      expect(exportado.statusCode).toBe(200);
      expect(exportado.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="productos-\\d{4}-\\d{2}-\\d{2}\\.${formato}"`));
      const igual = await vistaPrevia(exportado.rawPayload, formato === 'csv' ? 'text/csv' : TIPO_MIME.xlsx);
      expect(igual.totales).toEqual({ filas: 2, crear: 0, actualizar: 0, sinCambios: 2, errores: 0 });

      let editado: Buffer;
      if (formato === 'xlsx') {
        const libro = new ExcelJS.Workbook();
        await libro.xlsx.load(exportado.rawPayload as unknown as ArrayBuffer);
        const hoja = libro.worksheets[0]!;
        expect((hoja.getRow(1).values as unknown[]).slice(1)).toEqual(['Código', 'Denominación', 'Marca', 'Categoría', 'Costo', 'Porcentaje', 'Stock', 'Descripción']);
        hoja.getRow(3).getCell(7).value = 25;
        editado = Buffer.from(await libro.xlsx.writeBuffer());
      } else {
        const texto = exportado.rawPayload.toString('utf8');
        expect(texto.startsWith('\uFEFFCódigo;Denominación;')).toBe(true);
        editado = Buffer.from(texto.replace('RT-2;Compás;Marca;Ida y vuelta;10;40,123456;25;', 'RT-2;Compás;Marca;Ida y vuelta;10;40,123456;30;'));
      }
      const vista = await vistaPrevia(editado, formato === 'csv' ? 'text/csv' : TIPO_MIME.xlsx);
      expect(vista.totales).toMatchObject({ actualizar: 1, sinCambios: 1, errores: 0 });
      expect(vista.actualizar[0]).toMatchObject({ codigo: 'RT-2', cambios: [{ campo: 'stock', despues: formato === 'xlsx' ? 25 : 30 }] });
      expect((await confirmar(vista.token)).statusCode).toBe(200);
    }
    expect(await porCodigo('RT-1')).toMatchObject({ denominacion: 'Lápiz "HB"; negro', descripcion: 'Línea 1\nLínea 2', costo: 1234.56 });
  });

  it('la plantilla trae los encabezados de la importación', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/producto/plantilla?formato=csv', headers: { cookie: admin } });
    expect(r.body).toBe('\uFEFFCódigo;Denominación;Marca;Categoría;Costo;Porcentaje;Stock;Descripción\r\n');
    const x = await t.app.inject({ method: 'GET', url: '/api/producto/plantilla', headers: { cookie: admin } });
    expect(x.headers['content-type']).toBe(TIPO_MIME.xlsx);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(libro.worksheets.map((h) => h.name)).toEqual(['Productos', 'Instrucciones']);
  });

  it('10.000 filas: vista previa y confirmación en una transacción', async () => {
    const lineas = ['Código;Denominación;Marca;Categoría;Costo;Porcentaje;Stock'];
    for (let i = 0; i < 10_000; i++) lineas.push(`MIL-${i};Producto ${i};Marca ${i % 20};Oficina;${100 + i},5;35;${i % 7}`);
    const vista = await vistaPrevia(csv(lineas));
    expect(vista.totales).toMatchObject({ filas: 10_000, crear: 10_000, errores: 0 });
    expect(vista.crear).toHaveLength(200);
    const r = await confirmar(vista.token);
    expect(r.statusCode, r.body).toBe(200);
    const [{ n }] = (await t.db.select({ n: count() }).from(producto).where(sql`${producto.codigo} like 'MIL-%'`)) as [{ n: number }];
    expect(n).toBe(10_000);
    const estado = await t.app.inject({ method: 'GET', url: `/api/producto/importacion/${vista.token}`, headers: { cookie: admin } });
    expect(estado.json()).toMatchObject({ estado: 'APLICADA' });
    expect(await porCodigo('MIL-9999')).toMatchObject({ costo: 10_099.5, precio: calcularPrecio(10_099.5, 35), stock: 9999 % 7 });
  });

  it('el índice de la búsqueda después de importar es el que da indexar todo de nuevo', async () => {
    for (let i = 0; i < 30; i++) {
      await crearProducto(t.db, { codigo: `IDX-${i}`, denominacion: `Carpeta escolar ${i} anillos`, marca: `Marca vieja ${i % 3}`, costo: 100 + i, categoriaId: escolar.id });
    }
    const lineas = ['Código;Denominación;Marca;Categoría;Costo;Porcentaje;Stock'];
    // New and updated products (name, brand, category, price) in two of the import's chunks of 2,500 rows.
    for (let i = 0; i < 2600; i++) lineas.push(`IDX-${i};${i % 2 ? 'LÁPICES' : 'lapices'} de colores ${i % 40} Nº${i};Marca ${i % 7};${i % 3 ? 'Oficina' : 'Útiles escolares'};${200 + i};${30 + (i % 5)};${i % 9}`);
    const vista = await vistaPrevia(csv(lineas));
    expect(vista.totales).toMatchObject({ crear: 2570, actualizar: 30, errores: 0 });
    expect((await confirmar(vista.token)).statusCode).toBe(200);

    // Each product's words depend on that product alone: indexing the imported ones again is indexing everything again.
    const ids = (await t.db.select({ id: producto.id }).from(producto).where(sql`${producto.codigo} like 'IDX-%'`)).map((p) => p.id);
    const importados = sql`${`{${ids.join(',')}}`}::integer[]`;
    const palabras = async () =>
      (
        (await t.db.execute(
          sql`select palabra, producto_id, campos, peso, cantidad_vendida, precio::text from producto_palabra where producto_id = any (${importados}) order by palabra, producto_id`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const importadas = await palabras();
    expect(importadas.length).toBeGreaterThan(2600 * 6);
    await t.db.execute(sql`select busqueda_indexar(${importados})`);
    expect(importadas).toEqual(await palabras());
    const filas = async (consulta: ReturnType<typeof sql>) => ((await t.db.execute(consulta)) as unknown as { rows: unknown[] }).rows;
    expect(await filas(sql`select marca, productos from marca_catalogo order by marca`)).toEqual(
      await filas(sql`select marca, count(*)::integer as productos from producto where marca <> '' group by marca order by marca`),
    );
    expect(await filas(sql`select valor::integer as n from contador_catalogo where nombre = 'productos'`)).toEqual(await filas(sql`select count(*)::integer as n from producto`));
    expect(await filas(sql`select distinct palabra from producto_palabra where palabra not in (select palabra from termino_busqueda)`)).toEqual([]);
    const lapices = await t.app.inject({ method: 'GET', url: '/api/producto?q=lapiz%20colores%20n%C2%BA2599' });
    expect(lapices.json().items.map((p: { codigo: string }) => p.codigo)).toEqual(['IDX-2599']);
  });
});

describe('cambio de precios en bloque', () => {
  const cuerpo = (extra: Record<string, unknown>) => ({ alcance: { tipo: 'marca', marca: 'Bulk' }, porcentaje: '+10', aplicarA: 'costo', redondeo: 50, ...extra });

  it('vista previa y aplicación para una marca, con redondeo a $50 (valores calculados a mano)', async () => {
    const a = await crearProducto(t.db, { codigo: 'BULK-A', marca: 'Bulk', costo: 1000, porcentaje: 40 });
    const b = await crearProducto(t.db, { codigo: 'BULK-B', marca: 'Bulk', costo: 333.33, porcentaje: 35 });
    const ajeno = await crearProducto(t.db, { codigo: 'BULK-OTRA', marca: 'Otra', costo: 1000, porcentaje: 40 });
    const previa = await t.app.inject({ method: 'POST', url: '/api/producto/precios/vista-previa', headers: { cookie: admin }, payload: cuerpo({}) });
    expect(previa.statusCode, previa.body).toBe(200);
    // 1000 -> 1100 x 1,40 = 1540 -> 1550; 333,33 -> 366,66 x 1,35 = 494,99 -> 500.
    expect(previa.json()).toEqual({
      total: 2,
      filas: [
        { id: a.id, codigo: 'BULK-A', denominacion: a.denominacion, marca: 'Bulk', costoAntes: 1000, porcentajeAntes: 40, precioAntes: 1400, costo: 1100, porcentaje: 40.909091, precio: 1550 },
        { id: b.id, codigo: 'BULK-B', denominacion: b.denominacion, marca: 'Bulk', costoAntes: 333.33, porcentajeAntes: 35, precioAntes: 450, costo: 366.66, porcentaje: 36.366116, precio: 500 },
      ],
    });
    const conflicto = await t.app.inject({ method: 'POST', url: '/api/producto/precios/aplicar', headers: { cookie: admin }, payload: cuerpo({ esperados: 3 }) });
    expect(conflicto.statusCode).toBe(409);
    const r = await t.app.inject({ method: 'POST', url: '/api/producto/precios/aplicar', headers: { cookie: admin }, payload: cuerpo({ esperados: 2 }) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(MENSAJES_PRECIOS.cambioAplicado(2));
    expect(await porCodigo('BULK-A')).toMatchObject({ costo: 1100, porcentaje: 40.909091, precio: 1550 });
    expect(await porCodigo('BULK-B')).toMatchObject({ costo: 366.66, porcentaje: 36.366116, precio: 500 });
    expect(await porCodigo('BULK-OTRA')).toMatchObject({ costo: 1000, precio: ajeno.precio });
    for (const c of ['BULK-A', 'BULK-B']) {
      const p = (await porCodigo(c))!;
      expect(p.precio).toBe(calcularPrecio(p.costo, p.porcentaje));
    }
    const [evento] = await t.db.select().from(auditoria).where(eq(auditoria.accion, 'producto.actualizar-precios'));
    expect(evento).toMatchObject({ entidadId: null, detalle: { alcance: { tipo: 'marca', marca: 'Bulk' }, productos: 2, cambio: '+10 % al costo, hacia arriba, a $50' } });
  });

  it('por categoría y por el filtro de la grilla, al margen', async () => {
    const cat = await crearCategoria(t.db, 'Precios por categoría');
    await crearProducto(t.db, { codigo: 'PCAT-1', denominacion: 'Tijera escolar', costo: 1000, porcentaje: 40, categoriaId: cat.id });
    await crearProducto(t.db, { codigo: 'PCAT-2', denominacion: 'Pegamento', costo: 1000, porcentaje: 40, categoriaId: cat.id });
    const porCategoria = await t.app.inject({
      method: 'POST',
      url: '/api/producto/precios/aplicar',
      headers: { cookie: admin },
      payload: { alcance: { tipo: 'categoria', categoriaId: cat.id }, porcentaje: '8,5', aplicarA: 'margen', redondeo: 0 },
    });
    expect(porCategoria.json().total).toBe(2);
    expect(await porCodigo('PCAT-1')).toMatchObject({ costo: 1000, porcentaje: 48.5, precio: 1485 });
    const porFiltro = await t.app.inject({
      method: 'POST',
      url: '/api/producto/precios/aplicar',
      headers: { cookie: admin },
      payload: { alcance: { tipo: 'filtro', filtros: { denominacion: 'tijera', categoriaId: cat.id } }, porcentaje: '-5 %', aplicarA: 'costo', redondeo: 10 },
    });
    expect(porFiltro.json().total).toBe(1);
    // 1000 -> 950 x 1,485 = 1410,75 -> 1420.
    expect(await porCodigo('PCAT-1')).toMatchObject({ costo: 950, precio: 1420 });
    expect(await porCodigo('PCAT-2')).toMatchObject({ costo: 1000, precio: 1485 });
  });

  it('rechaza lo que dejaría un margen en cero o menos, sin cambiar nada', async () => {
    await crearProducto(t.db, { codigo: 'NEG-1', marca: 'Negativa', costo: 100, porcentaje: 3 });
    await crearProducto(t.db, { codigo: 'NEG-2', marca: 'Negativa', costo: 100, porcentaje: 30 });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/producto/precios/aplicar',
      headers: { cookie: admin },
      payload: { alcance: { tipo: 'marca', marca: 'Negativa' }, porcentaje: '-5', aplicarA: 'margen' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(MENSAJES_PRECIOS.rechazado(1, `NEG-1: ${MENSAJES_PRECIOS.margenNoPositivo}`));
    expect(await porCodigo('NEG-2')).toMatchObject({ porcentaje: 30 });
    const vacio = await t.app.inject({
      method: 'POST',
      url: '/api/producto/precios/aplicar',
      headers: { cookie: admin },
      payload: { alcance: { tipo: 'marca', marca: 'No existe' }, porcentaje: '5', aplicarA: 'costo' },
    });
    expect(vacio.json().message).toBe(MENSAJES_PRECIOS.sinProductos);
    const desconocido = await t.app.inject({
      method: 'POST',
      url: '/api/producto/precios/vista-previa',
      headers: { cookie: admin },
      payload: { alcance: { tipo: 'marca', marca: 'X' }, porcentaje: '5', aplicarA: 'costo', precio: 3 },
    });
    expect(desconocido.statusCode).toBe(400);
  });
});

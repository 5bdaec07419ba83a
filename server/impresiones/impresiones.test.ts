// Online printing end to end through the API, with PDFs made in the test (server/test/pdfs-de-prueba.ts):
// upload and reading, refusals that keep nothing, access to the files, options and prices, the order's
// print line, the queue's state machine, the price table, the reports and the cleanup.
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_IMPRESION as M, TARIFA_DEMO, type TrabajoImpresion } from '../../domain/impresion';
import { hoyMendoza } from '../../domain/fechas';
import { auditoria, correoPendiente, detalleVenta, trabajoImpresion } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario } from '../test/fabricas';
import { multipart } from '../test/multipart';
import { A4, CARTA, OFICIO, pdfDaniado, pdfDePrueba, pdfProtegido } from '../test/pdfs-de-prueba';
import { estadoProducto } from '../test/stock-de-prueba';
import { registrarPago } from '../pagos/service';
import { vencerPedidosEnEfectivo } from '../pagos/vencimiento';
import { ROTULO_IMPRESIONES } from '../informes/cierre-xlsx';
import { limpiarImpresiones } from './limpieza';

let t: AppDePrueba;
let cookieCliente: string;
let cookieOtro: string;
let cookieAdmin: string;
let clienteId: number;

beforeAll(async () => {
  t = await crearAppDePrueba({ IMPRESION_MAX_MB: '1', IMPRESION_CARILLAS_POR_HORA: '60' });
  const cliente = await crearUsuario(t.db, { usuario: 'cliente-impresion' });
  const otro = await crearUsuario(t.db, { usuario: 'otro-impresion' });
  const admin = await crearUsuario(t.db, { usuario: 'admin-impresion', rol: 'ADMIN' });
  clienteId = cliente.id;
  [cookieCliente, cookieOtro, cookieAdmin] = await Promise.all([
    t.cookieDe(cliente.usuario, cliente.clave),
    t.cookieDe(otro.usuario, otro.clave),
    t.cookieDe(admin.usuario, admin.clave),
  ]);
}, 60_000);
afterAll(() => t.cerrar());

const subir = (contenido: Buffer, nombre = 'apunte.pdf', cookie: string | null = cookieCliente) => {
  const { payload, headers } = multipart([{ nombre: 'archivo', valor: contenido, archivo: nombre, tipo: 'application/pdf' }]);
  return t.app.inject({ method: 'POST', url: '/api/impresion', payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
};
const pedir = (payload: object, cookie = cookieCliente) => t.app.inject({ method: 'POST', url: '/api/pedido', headers: { cookie }, payload });
const opciones = (id: number, opciones: object, cookie = cookieCliente) =>
  t.app.inject({ method: 'PUT', url: `/api/impresion/${id}`, headers: { cookie }, payload: { opciones } });
const estado = (id: number, hacia: string, cookie = cookieAdmin) => t.app.inject({ method: 'PUT', url: `/api/impresion/${id}/estado`, headers: { cookie }, payload: { estado: hacia } });
const archivosGuardados = () => (fs.existsSync(t.config.IMPRESIONES_DIR) ? fs.readdirSync(t.config.IMPRESIONES_DIR).sort() : []);

async function subido(contenido: Buffer, nombre?: string): Promise<TrabajoImpresion> {
  const r = await subir(contenido, nombre);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

describe('POST /api/impresion: reading the PDF', () => {
  it('counts pages, tells A4 and colour pages apart, draws page 1 and prices the defaults', async () => {
    const trabajo = await subido(pdfDePrueba([{}, { color: true }, {}, { color: true, tamanio: A4 }]), 'Práctico 1.pdf');
    expect(trabajo).toMatchObject({
      nombreArchivo: 'Práctico 1.pdf',
      paginas: 4,
      tamanioPagina: 'A4',
      paginasColor: [2, 4],
      estado: 'BORRADOR',
      ventaId: null,
      listoEstimado: null,
      opciones: { copias: 1, paginas: '', color: 'BN', dobleFaz: false, papel: 'A4', terminacion: 'NINGUNA' },
      // 4 sides x $40
      presupuesto: { carillas: 4, hojas: 4, precio: 160 },
      archivo: `/api/impresion/${trabajo.id}/archivo`,
      miniatura: `/api/impresion/${trabajo.id}/miniatura`,
    });
    expect(trabajo.bytes).toBeGreaterThan(0);
    const png = await t.app.inject({ method: 'GET', url: trabajo.miniatura, headers: { cookie: cookieCliente } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('an Oficio file starts on Oficio paper; another size is OTRO', async () => {
    const oficio = await subido(pdfDePrueba([{ tamanio: OFICIO }, { tamanio: OFICIO }]));
    expect([oficio.tamanioPagina, oficio.opciones.papel, oficio.paginasColor]).toEqual(['OFICIO', 'OFICIO', []]);
    const carta = await subido(pdfDePrueba([{ tamanio: CARTA, color: true }]));
    expect([carta.tamanioPagina, carta.opciones.papel, carta.paginasColor]).toEqual(['OTRO', 'A4', [1]]);
  });

  it('refuses encrypted, broken, non-PDF and too long files with a Spanish 400, keeping nothing', async () => {
    const antes = archivosGuardados();
    const [filasAntes] = [await t.db.select({ id: trabajoImpresion.id }).from(trabajoImpresion)];
    const casos: Array<[Buffer, string]> = [
      [pdfProtegido(), M.pdfProtegido],
      [pdfDaniado(), M.pdfDaniado],
      [Buffer.from('Esto es un texto, no un PDF'), M.noEsPdf],
      [pdfDePrueba(600), M.demasiadasPaginas(600, 500)],
    ];
    for (const [contenido, mensaje] of casos) {
      const r = await subir(contenido);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toBe(mensaje);
    }
    expect(archivosGuardados()).toEqual(antes);
    expect(await t.db.select({ id: trabajoImpresion.id }).from(trabajoImpresion)).toHaveLength(filasAntes!.length);
  });

  it('refuses a file over IMPRESION_MAX_MB with 413, and a request without a file', async () => {
    const antes = archivosGuardados();
    const grande = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1024 * 1024 + 10, 32)]);
    const r = await subir(grande);
    expect(r.statusCode).toBe(413);
    expect(r.json().message).toBe(M.archivoDemasiadoGrande(1));
    expect(archivosGuardados()).toEqual(antes);
    const sinArchivo = await t.app.inject({ method: 'POST', url: '/api/impresion', headers: { cookie: cookieCliente }, payload: { archivo: 'x' } });
    expect(sinArchivo.statusCode).toBe(415);
    // The page knows the limit too, and refuses a larger file before sending it.
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().impresionMaxMb).toBe(1);
  });

  it('needs a signed-in customer', async () => {
    const r = await subir(pdfDePrueba(1), 'x.pdf', null);
    expect(r.statusCode).toBe(401);
  });
});

describe('who may read a job and its files', () => {
  it('the owner and admins; another customer 403, anonymous 401; never cached', async () => {
    const trabajo = await subido(pdfDePrueba(2));
    for (const url of [`/api/impresion/${trabajo.id}`, trabajo.archivo, trabajo.miniatura]) {
      const propio = await t.app.inject({ method: 'GET', url, headers: { cookie: cookieCliente } });
      expect(propio.statusCode, url).toBe(200);
      expect(propio.headers['cache-control']).toMatch(/no-store/);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: cookieAdmin } })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: cookieOtro } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const pdf = await t.app.inject({ method: 'GET', url: trabajo.archivo, headers: { cookie: cookieCliente } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: '/api/impresion/999999', headers: { cookie: cookieCliente } })).statusCode).toBe(404);
    // Never under a static route.
    const estatico = await t.app.inject({ method: 'GET', url: `/uploads/${(await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, trabajo.id)))[0]!.archivo}` });
    expect(estatico.statusCode).toBe(404);
  });

  it("lists only the customer's own jobs", async () => {
    const mio = await subido(pdfDePrueba(1));
    const lista = await t.app.inject({ method: 'GET', url: '/api/impresion', headers: { cookie: cookieCliente } });
    expect(lista.json().map((j: TrabajoImpresion) => j.id)).toContain(mio.id);
    const otros = await t.app.inject({ method: 'GET', url: '/api/impresion', headers: { cookie: cookieOtro } });
    expect(otros.json().map((j: TrabajoImpresion) => j.id)).not.toContain(mio.id);
  });
});

describe('DELETE /api/impresion/:id: a customer takes an unordered job off the page', () => {
  it('the owner deletes it with its files; another customer 403, anonymous 401; an ordered job stays (409)', async () => {
    const trabajo = await subido(pdfDePrueba(2));
    const [fila] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, trabajo.id));
    const suyos = () => archivosGuardados().filter((f) => f.startsWith(fila!.archivo.replace(/\.pdf$/, '')));
    expect(suyos()).toHaveLength(2);
    const url = `/api/impresion/${trabajo.id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: cookieOtro } })).statusCode).toBe(403);
    expect(suyos()).toHaveLength(2);
    const r = await t.app.inject({ method: 'DELETE', url, headers: { cookie: cookieCliente } });
    expect(r.statusCode, r.body).toBe(204);
    expect(suyos()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: cookieCliente } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: cookieCliente } })).statusCode).toBe(404);

    const pedido = await subido(pdfDePrueba(1));
    expect((await pedir({ impresiones: [{ trabajoId: pedido.id }], formaPago: 'EFECTIVO', envio: 0 })).statusCode).toBe(201);
    const ordenado = await t.app.inject({ method: 'DELETE', url: `/api/impresion/${pedido.id}`, headers: { cookie: cookieCliente } });
    expect([ordenado.statusCode, ordenado.json().message]).toEqual([409, M.trabajoYaPedido]);
    const [sigue] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, pedido.id));
    expect(sigue!.estado).toBe('RECIBIDO');
  });
});

describe('PUT /api/impresion/:id: options and the server price', () => {
  it('recomputes the price with every option', async () => {
    const trabajo = await subido(pdfDePrueba([{ color: true }, {}, {}, {}, {}, { color: true }, {}, {}, {}, {}]));
    const r = await opciones(trabajo.id, { copias: 3, paginas: '1-6', color: 'COLOR', dobleFaz: true, papel: 'OFICIO', terminacion: 'ANILLADO' });
    expect(r.statusCode, r.body).toBe(200);
    // 3 x (2 colour x $180 + 4 B/N x $50) + 3 x $1.800 anillado = 3 x $560 + $5.400
    expect(r.json().presupuesto).toMatchObject({ carillas: 18, hojas: 9, precio: 7080 });
    // Sending back the job as it was answered, with changed options, works.
    const devuelto = await t.app.inject({
      method: 'PUT',
      url: `/api/impresion/${trabajo.id}`,
      headers: { cookie: cookieCliente },
      payload: { ...r.json<TrabajoImpresion>(), opciones: { ...r.json<TrabajoImpresion>().opciones, terminacion: 'NINGUNA' } },
    });
    expect(devuelto.statusCode, devuelto.body).toBe(200);
    expect(devuelto.json().presupuesto.precio).toBe(1680);
  });

  it('refuses a range outside the file, plastificado of several sheets, unknown fields; another customer 403', async () => {
    const trabajo = await subido(pdfDePrueba(3));
    const valido = { copias: 1, paginas: '', color: 'BN', dobleFaz: false, papel: 'A4', terminacion: 'NINGUNA' };
    const fuera = await opciones(trabajo.id, { ...valido, paginas: '2-7' });
    expect([fuera.statusCode, fuera.json().message]).toEqual([400, 'La página 7 no existe: el archivo tiene 3 páginas.']);
    const plastificado = await opciones(trabajo.id, { ...valido, terminacion: 'PLASTIFICADO' });
    expect([plastificado.statusCode, plastificado.json().message]).toEqual([400, M.plastificadoSoloHojaSuelta]);
    const raro = await opciones(trabajo.id, { ...valido, precio: 1 });
    expect([raro.statusCode, raro.json().message]).toEqual([400, 'Campo desconocido: opciones.precio']);
    expect((await opciones(trabajo.id, valido, cookieOtro)).statusCode).toBe(403);
    const [fila] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, trabajo.id));
    expect(fila!.opciones.paginas).toBe('');
  });
});

describe('ordering a print job and the queue', () => {
  it('a cash order charges the job at the current table, queues it with an estimate, once', async () => {
    const producto = await crearProducto(t.db, { stock: 10, costo: 400, porcentaje: 25 });
    const trabajo = await subido(pdfDePrueba(30));
    await opciones(trabajo.id, { copias: 2, paginas: '', color: 'BN', dobleFaz: true, papel: 'A4', terminacion: 'ABROCHADO' });
    const r = await pedir({ lineas: [{ productoId: producto.id, cantidad: 1 }], impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 });
    expect(r.statusCode, r.body).toBe(201);
    // $500 + 60 sides x $40 + 2 x $200
    expect(r.json().total).toBe(3300);
    expect(Date.parse(r.json().impresionesListas)).toBeGreaterThan(Date.now());
    const ventaId = r.json().id;

    const lineas = await t.db.select().from(detalleVenta).where(eq(detalleVenta.ventaId, ventaId)).orderBy(detalleVenta.id);
    expect(lineas.map((l) => [l.productoId, l.trabajoImpresionId, l.cantidad, l.precioAplicado])).toEqual([
      [producto.id, null, 1, 500],
      [null, trabajo.id, 1, 2800],
    ]);
    // Stock moves for the product only.
    expect(await estadoProducto(t.db, producto.id)).toEqual({ stock: 9, cantidadVendida: 1, sumaMovimientos: 9 });

    const venta = await t.app.inject({ method: 'GET', url: `/api/venta/${ventaId}`, headers: { cookie: cookieCliente } });
    expect(venta.statusCode, venta.body).toBe(200);
    const lineaImpresion = venta.json().detalleVentas[1];
    expect(lineaImpresion.producto).toBeUndefined();
    expect(lineaImpresion.trabajoImpresion).toMatchObject({ id: trabajo.id, estado: 'RECIBIDO', carillas: 60, nombreArchivo: 'apunte.pdf' });
    expect(venta.json().detalleVentas[0].producto.id).toBe(producto.id);

    const otraVez = await pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 });
    expect([otraVez.statusCode, otraVez.json().message]).toEqual([409, M.trabajoYaPedido]);
    const editar = await opciones(trabajo.id, { copias: 1, paginas: '', color: 'BN', dobleFaz: false, papel: 'A4', terminacion: 'NINGUNA' });
    expect([editar.statusCode, editar.json().message]).toEqual([409, M.trabajoNoEditable]);
  });

  it("another customer's job is not found, and nothing is written", async () => {
    const trabajo = await subido(pdfDePrueba(1));
    const r = await pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 }, cookieOtro);
    expect([r.statusCode, r.json().message]).toEqual([404, M.trabajoNoEncontrado]);
    const [fila] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, trabajo.id));
    expect([fila!.estado, fila!.ventaId]).toEqual(['BORRADOR', null]);
  });

  it('a Mercado Pago order waits for the payment outside the queue', async () => {
    const trabajo = await subido(pdfDePrueba(2));
    const r = await pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'MERCADOPAGO', envio: 0 });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().total).toBe(80);
    const cola = await t.app.inject({ method: 'GET', url: '/api/impresion/cola', headers: { cookie: cookieAdmin } });
    expect(cola.json().map((j: TrabajoImpresion) => j.id)).not.toContain(trabajo.id);
    const [fila] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, trabajo.id));
    expect(fila!.estado).toBe('ESPERANDO_PAGO');
  });

  it('the admin moves a job RECIBIDO → EN_PROCESO → LISTO → ENTREGADO; a wrong step is a 409; LISTO tells the customer', async () => {
    const trabajo = await subido(pdfDePrueba(5), 'tp final.pdf');
    const r = await pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 });
    expect(r.statusCode).toBe(201);

    const cola = await t.app.inject({ method: 'GET', url: '/api/impresion/cola?estado=RECIBIDO', headers: { cookie: cookieAdmin } });
    expect(cola.statusCode).toBe(200);
    const enCola = cola.json().find((j: { id: number }) => j.id === trabajo.id);
    expect(enCola).toMatchObject({ estado: 'RECIBIDO', cliente: { id: clienteId, usuario: 'cliente-impresion', telefono: '2610000000' } });
    const fechas = cola.json().map((j: { fechaRecibido: string }) => Date.parse(j.fechaRecibido));
    expect(fechas).toEqual([...fechas].sort((a, b) => a - b));

    const salto = await estado(trabajo.id, 'LISTO');
    expect([salto.statusCode, salto.json().message]).toEqual([409, M.transicionInvalida('RECIBIDO', 'LISTO')]);
    expect((await estado(trabajo.id, 'EN_PROCESO', cookieCliente)).statusCode).toBe(403);
    expect((await estado(trabajo.id, 'EN_PROCESO')).json().trabajo.estado).toBe('EN_PROCESO');

    const correosAntes = (await t.db.select().from(correoPendiente)).length;
    const listo = await estado(trabajo.id, 'LISTO');
    expect(listo.statusCode, listo.body).toBe(200);
    expect(listo.json().whatsapp).toBe(`https://wa.me/5492610000000?text=${encodeURIComponent(M.listoParaRetirar(trabajo.id, 'tp final.pdf'))}`);
    const correos = await t.db.select().from(correoPendiente).orderBy(correoPendiente.id);
    expect(correos.length).toBe(correosAntes + 1);
    expect(correos.at(-1)).toMatchObject({ tipo: 'impresion-lista', destinatario: 'cliente-impresion@example.com' });

    expect((await estado(trabajo.id, 'ENTREGADO')).json().trabajo.estado).toBe('ENTREGADO');
    const otra = await estado(trabajo.id, 'RECIBIDO');
    expect(otra.statusCode).toBe(409);
    const eventos = await t.db.select().from(auditoria).where(eq(auditoria.accion, 'trabajoImpresion.cambiar-estado'));
    expect(eventos.filter((e) => e.entidadId === trabajo.id)).toHaveLength(3);

    // The customer sees it in the sale detail (Mis compras).
    const venta = await t.app.inject({ method: 'GET', url: `/api/venta/${r.json().id}`, headers: { cookie: cookieCliente } });
    expect(venta.json().detalleVentas[0].trabajoImpresion.estado).toBe('ENTREGADO');
  });

  it('reports count print jobs as a group of their own', async () => {
    const hoy = hoyMendoza();
    const r = await t.app.inject({ method: 'GET', url: `/api/informes/resumen?desde=${hoy}&hasta=${hoy}`, headers: { cookie: cookieAdmin } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().impresiones.trabajos).toBeGreaterThanOrEqual(2);
    expect(r.json().topPorUnidades.every((p: { productoId: number }) => p.productoId !== 0)).toBe(true);
    // The cash closing's workbook: a row of its own on Resumen, and each job among the lines.
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/cierre-caja/exportar?desde=${hoy}&hasta=${hoy}`, headers: { cookie: cookieAdmin } });
    expect(xlsx.statusCode).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    let grupo: ExcelJS.CellValue[] | undefined;
    libro.getWorksheet('Resumen')!.eachRow((row) => {
      if (row.getCell(1).value === ROTULO_IMPRESIONES) grupo = [2, 5].map((c) => row.getCell(c).value);
    });
    expect(grupo).toEqual([r.json().impresiones.trabajos, r.json().impresiones.importe]);
  });
});

describe('the order decides the job: payment, expiry, a race', () => {
  it('a Mercado Pago payment approved puts the job in the queue; the Mercado Pago preference charges the print line', async () => {
    const trabajo = await subido(pdfDePrueba(3));
    const pedido = await pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'MERCADOPAGO', envio: 0 });
    const ventaId: number = pedido.json().id;
    const preferencia = await t.app.inject({ method: 'POST', url: '/api/mercadoPago/createPreference', headers: { cookie: cookieCliente }, payload: { id: ventaId } });
    expect(preferencia.statusCode, preferencia.body).toBe(200);
    const r = await registrarPago(t.db, { id: `pago-${ventaId}`, status: 'approved', external_reference: String(ventaId), transaction_amount: 120, currency_id: 'ARS', date_last_updated: null });
    expect(r.tipo).toBe('registrado');
    const [fila] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, trabajo.id));
    expect(fila!.estado).toBe('RECIBIDO');
    expect(fila!.listoEstimado!.getTime()).toBeGreaterThan(Date.now());
  });

  it('an expired cash order cancels its job', async () => {
    const trabajo = await subido(pdfDePrueba(1));
    const pedido = await pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 });
    expect(pedido.statusCode).toBe(201);
    const vencidas = await vencerPedidosEnEfectivo(t.db, { horas: 72, ahora: new Date(Date.now() + 73 * 3_600_000) });
    expect(vencidas).toContain(pedido.json().id);
    const [fila] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, trabajo.id));
    expect(fila!.estado).toBe('CANCELADO');
  });

  it("the admin's sale form: a print line is not edited (409); removing it cancels the job and moves no stock", async () => {
    const trabajo = await subido(pdfDePrueba(2));
    const pedido = await pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 });
    const [linea] = await t.db.select().from(detalleVenta).where(eq(detalleVenta.trabajoImpresionId, trabajo.id));
    const producto = await crearProducto(t.db, { stock: 5 });
    const editar = await t.app.inject({
      method: 'PUT',
      url: `/api/detalleVenta/${linea!.id}`,
      headers: { cookie: cookieAdmin },
      payload: { cantidad: 2, producto: { id: producto.id }, venta: { id: pedido.json().id } },
    });
    expect([editar.statusCode, editar.json().message]).toEqual([409, M.lineaDeImpresionNoEditable]);
    expect(await estadoProducto(t.db, producto.id)).toEqual({ stock: 5, cantidadVendida: 0, sumaMovimientos: 5 });
    const borrar = await t.app.inject({ method: 'DELETE', url: `/api/detalleVenta/${linea!.id}`, headers: { cookie: cookieAdmin } });
    expect(borrar.statusCode, borrar.body).toBeLessThan(300);
    const [fila] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, trabajo.id));
    expect(fila!.estado).toBe('CANCELADO');
    const venta = await t.app.inject({ method: 'GET', url: `/api/venta/${pedido.json().id}`, headers: { cookie: cookieAdmin } });
    expect([venta.json().total, venta.json().detalleVentas]).toEqual([0, []]);
  });

  it('two orders of one job at once: one success, one 409', async () => {
    const trabajo = await subido(pdfDePrueba(1));
    const [a, b] = await Promise.all([
      pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 }),
      pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await t.db.select().from(detalleVenta).where(eq(detalleVenta.trabajoImpresionId, trabajo.id))).toHaveLength(1);
  });
});

describe('the price table', () => {
  it('is public to read, admin-only to change, validated and audited; orders use the new one', async () => {
    const leida = await t.app.inject({ method: 'GET', url: '/api/tarifaImpresion' });
    expect(leida.statusCode).toBe(200);
    expect(leida.json()).toMatchObject({ tramos: TARIFA_DEMO.tramos, abrochado: 200 });
    const nueva = { ...leida.json(), tramos: [{ desdeCarillas: 1, bnA4: '45,50', bnOficio: 55, colorA4: 160, colorOficio: 190 }] };
    expect((await t.app.inject({ method: 'PUT', url: '/api/tarifaImpresion', headers: { cookie: cookieCliente }, payload: nueva })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/tarifaImpresion', payload: nueva })).statusCode).toBe(401);
    const mala = await t.app.inject({ method: 'PUT', url: '/api/tarifaImpresion', headers: { cookie: cookieAdmin }, payload: { ...nueva, tramos: [{ ...nueva.tramos[0], desdeCarillas: 5 }] } });
    expect([mala.statusCode, mala.json().message]).toEqual([400, M.tarifaPrimerTramo]);
    const r = await t.app.inject({ method: 'PUT', url: '/api/tarifaImpresion', headers: { cookie: cookieAdmin }, payload: nueva });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().tramos[0].bnA4).toBe(45.5);
    expect(await t.db.select().from(auditoria).where(eq(auditoria.accion, 'tarifaImpresion.editar'))).toHaveLength(1);
    const trabajo = await subido(pdfDePrueba(2));
    expect(trabajo.presupuesto.precio).toBe(91);
    const pedido = await pedir({ impresiones: [{ trabajoId: trabajo.id }], formaPago: 'EFECTIVO', envio: 0 });
    expect(pedido.json().total).toBe(91);
    // Back to the demo table for the other tests.
    await t.app.inject({ method: 'PUT', url: '/api/tarifaImpresion', headers: { cookie: cookieAdmin }, payload: TARIFA_DEMO });
  });
});

describe('cleanup of old files', () => {
  it('deletes the files of jobs delivered or cancelled IMPRESION_BORRAR_DIAS ago, and old unordered jobs', async () => {
    const entregado = await subido(pdfDePrueba(1));
    const reciente = await subido(pdfDePrueba(1));
    const borrador = await subido(pdfDePrueba(1));
    const pedido = await pedir({ impresiones: [{ trabajoId: entregado.id }, { trabajoId: reciente.id }], formaPago: 'EFECTIVO', envio: 0 });
    expect(pedido.statusCode).toBe(201);
    for (const id of [entregado.id, reciente.id]) for (const e of ['EN_PROCESO', 'LISTO', 'ENTREGADO']) await estado(id, e);
    const hace31 = new Date(Date.now() - 31 * 86_400_000);
    await t.db.update(trabajoImpresion).set({ actualizado: hace31 }).where(eq(trabajoImpresion.id, entregado.id));
    await t.db.update(trabajoImpresion).set({ actualizado: hace31 }).where(eq(trabajoImpresion.id, borrador.id));
    const [filaEntregado] = await t.db.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, entregado.id));

    const r = await limpiarImpresiones(t.db, { dir: t.config.IMPRESIONES_DIR, dias: 30 });
    expect(r).toMatchObject({ archivosBorrados: 1, borradoresBorrados: 1, omitida: false });
    expect(archivosGuardados()).not.toContain(filaEntregado!.archivo);
    const archivo = await t.app.inject({ method: 'GET', url: entregado.archivo, headers: { cookie: cookieCliente } });
    expect([archivo.statusCode, archivo.json().message]).toEqual([404, M.archivoBorrado]);
    // The delivered job's row stays: it is the sale's history.
    expect((await t.app.inject({ method: 'GET', url: `/api/impresion/${entregado.id}`, headers: { cookie: cookieCliente } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: reciente.archivo, headers: { cookie: cookieCliente } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/impresion/${borrador.id}`, headers: { cookie: cookieCliente } })).statusCode).toBe(404);
    // Once: a second sweep finds nothing.
    expect(await limpiarImpresiones(t.db, { dir: t.config.IMPRESIONES_DIR, dias: 30 })).toMatchObject({ archivosBorrados: 0, borradoresBorrados: 0 });
  });
});

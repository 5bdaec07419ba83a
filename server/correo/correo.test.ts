import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajeStockInsuficiente } from '../../domain/mensajes';
import { correoPendiente } from '../db/schema';
import { registrarPago } from '../pagos/service';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario } from '../test/fabricas';
import { iniciarSmtpDePrueba, type SmtpDePrueba } from '../test/smtp-de-prueba';
import { encolarCorreo } from './cola';
import { enviarPendientes } from './envio';

// The shop's e-mail through a real SMTP server: each message's recipient, subject and body; nothing
// for an order that rolled back; retried once SMTP is back; never sent twice by two senders.

const DUENO = 'duena@libreria.test';
let t: AppDePrueba;
let smtp: SmtpDePrueba;
let cliente: Awaited<ReturnType<typeof crearUsuario>>;
let cookieCliente: string;
let cookieAdmin: string;

beforeAll(async () => {
  smtp = await iniciarSmtpDePrueba();
  t = await crearAppDePrueba({ SMTP_URL: smtp.url, MAIL_DUENO: DUENO, MAIL_FROM: 'Librería Mendoza <ventas@libreria.test>' });
  cliente = await crearUsuario(t.db, { usuario: 'mirta-correo' });
  const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
  [cookieCliente, cookieAdmin] = await Promise.all([t.cookieDe(cliente.usuario, cliente.clave), t.cookieDe(admin.usuario, admin.clave)]);
});
afterAll(async () => {
  await t.cerrar();
  await smtp.detener();
});

const emailCliente = () => `${cliente.usuario}@example.com`;

const pedir = async (productoId: number, cantidad: number, formaPago: 'EFECTIVO' | 'MERCADOPAGO' = 'EFECTIVO') =>
  t.app.inject({
    method: 'POST',
    url: '/api/pedido',
    headers: { cookie: cookieCliente },
    payload: { lineas: [{ productoId, cantidad }], promociones: [], formaPago, envio: 0 },
  });

const filasDeVenta = async (ventaId: number) =>
  (await t.db.select().from(correoPendiente)).filter((f) => (f.datos as { ventaId?: number }).ventaId === ventaId);

describe('order messages', () => {
  it('a cash order: the customer hears it was received, the owner gets a notice, both with lines, total and link', async () => {
    const p = await crearProducto(t.db, { denominacion: 'Cuaderno <Rivadavia> & Cía', costo: 1000, porcentaje: 50, stock: 5 });
    const r = await pedir(p.id, 2);
    expect(r.statusCode).toBe(201);
    const id = r.json().id as number;

    const [alCliente] = (await smtp.esperarPara(emailCliente())).filter((m) => m.asunto.includes(`N° ${id}`));
    expect(alCliente!.asunto).toBe(`Recibimos tu pedido N° ${id}`);
    expect(alCliente!.mensaje.from?.value).toEqual([{ name: 'Librería Mendoza', address: 'ventas@libreria.test' }]);
    expect(alCliente!.texto).toContain('Hola, Nombre');
    expect(alCliente!.texto).toContain('- 2 x Cuaderno <Rivadavia> & Cía: $\u00a03.000,00');
    expect(alCliente!.texto).toContain('Total: $\u00a03.000,00');
    expect(alCliente!.texto).toContain('Lo pagás en efectivo al retirarlo');
    expect(alCliente!.texto).toContain(`http://localhost:3000/detalleVentaCliente/${id}`);
    // The product's name is escaped in the HTML; the logo is an inline image.
    expect(alCliente!.html).toContain('Cuaderno &lt;Rivadavia&gt; &amp; Cía');
    expect(alCliente!.html).not.toContain('<Rivadavia>');
    expect(alCliente!.html).toContain(`href="http://localhost:3000/detalleVentaCliente/${id}"`);
    expect(alCliente!.html).toContain('$\u00a03.000,00');
    const logo = alCliente!.mensaje.attachments.find((a) => a.contentType === 'image/png');
    expect(logo?.related).toBe(true);
    // mailparser turns the cid: reference into the image's data.
    expect(alCliente!.html).toMatch(/<img src="(cid:|data:image\/png)/);

    const [alDueno] = (await smtp.esperarPara(DUENO)).filter((m) => m.asunto.includes(`N° ${id}`));
    expect(alDueno!.asunto).toBe(`Nuevo pedido N° ${id}: $\u00a03.000,00`);
    expect(alDueno!.texto).toContain(`Cliente: Nombre`);
    expect(alDueno!.texto).toContain(`usuario ${cliente.usuario}`);
    expect(alDueno!.texto).toContain('Forma de pago: Efectivo. Lo retira en el local.');
    expect(alDueno!.texto).toContain(`http://localhost:3000/formVenta/${id}`);

    // Concluded by the admin: one more message to the customer, none to the owner.
    const c = await t.app.inject({
      method: 'PUT',
      url: `/api/venta/${id}`,
      headers: { cookie: cookieAdmin },
      payload: { estadoVenta: 'CONCLUIDO', formaPago: 'EFECTIVO', envio: 0 },
    });
    expect(c.statusCode).toBe(200);
    const concluido = (await smtp.esperarPara(emailCliente(), 2)).find((m) => m.asunto === `Pedido N° ${id} concluido`);
    expect(concluido?.texto).toContain(`Tu pedido N° ${id} está concluido.`);
    expect(concluido?.texto).toContain('Total: $\u00a03.000,00');
    // The server has it; the sender records it right after: wait for the send under way.
    await t.app.correo.enviarPendientes();
    expect((await filasDeVenta(id)).map((f) => [f.tipo, f.destinatario, f.estado]).sort()).toEqual([
      ['pedido-concluido', emailCliente(), 'enviado'],
      ['pedido-nuevo', null, 'enviado'],
      ['pedido-recibido', emailCliente(), 'enviado'],
    ]);
  });

  it('Mercado Pago: received, then approved; another one rejected', async () => {
    const p = await crearProducto(t.db, { denominacion: 'Resma A4', costo: 5000, porcentaje: 20, stock: 10 });
    const aprobada = (await pedir(p.id, 1, 'MERCADOPAGO')).json().id as number;
    const rechazada = (await pedir(p.id, 3, 'MERCADOPAGO')).json().id as number;
    await registrarPago(t.db, { id: `pago-${aprobada}`, status: 'approved', external_reference: String(aprobada), transaction_amount: 6000, currency_id: 'ARS', date_last_updated: null });
    await registrarPago(t.db, { id: `pago-${rechazada}`, status: 'rejected', external_reference: String(rechazada), transaction_amount: 18000, currency_id: 'ARS', date_last_updated: null });
    t.app.correo.despertar();

    const recibidos = await smtp.esperarPara(emailCliente(), 1);
    const buscar = async (asunto: string) => {
      for (let i = 0; i < 200; i++) {
        const m = smtp.recibidos.find((r) => r.asunto === asunto && r.para.includes(emailCliente()));
        if (m) return m;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no llegó '${asunto}' (llegaron: ${recibidos.map((r) => r.asunto).join(', ')})`);
    };
    expect((await buscar(`Recibimos tu pedido N° ${aprobada}`)).texto).toContain('Lo pagás con Mercado Pago');
    const aprobado = await buscar(`Pago aprobado: pedido N° ${aprobada}`);
    expect(aprobado.texto).toContain(`Mercado Pago aprobó el pago de tu pedido N° ${aprobada}.`);
    expect(aprobado.texto).toContain('- 1 x Resma A4: $\u00a06.000,00');
    const rechazo = await buscar(`Pago rechazado: pedido N° ${rechazada}`);
    expect(rechazo.texto).toContain('Total: $\u00a018.000,00');
    expect(rechazo.html).toContain(`/detalleVentaCliente/${rechazada}`);
    // Owner: one notice per new order, none for payments.
    expect((await filasDeVenta(aprobada)).map((f) => f.tipo).sort()).toEqual(['pago-aprobado', 'pedido-nuevo', 'pedido-recibido']);
  });

  it('an order refused for stock (409) rolls back: no message is queued nor sent', async () => {
    const p = await crearProducto(t.db, { denominacion: 'Compás escolar', stock: 1 });
    const antes = (await t.db.select({ id: correoPendiente.id }).from(correoPendiente)).length;
    const r = await pedir(p.id, 2);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(mensajeStockInsuficiente('Compás escolar', 1));
    await t.app.correo.enviarPendientes();
    expect((await t.db.select({ id: correoPendiente.id }).from(correoPendiente)).length).toBe(antes);
    expect(smtp.recibidos.some((m) => m.texto.includes('Compás escolar'))).toBe(false);
  });
});

describe('the sender', () => {
  it('keeps a message while SMTP is down and sends it once it is back', async () => {
    await t.app.correo.enviarPendientes();
    await smtp.detener();
    try {
      const p = await crearProducto(t.db, { denominacion: 'Mochila roja', stock: 3 });
      const r = await pedir(p.id, 1);
      expect(r.statusCode).toBe(201);
      const id = r.json().id as number;
      // The wake-up after the order's answer may already have tried: either way, no message went out.
      await t.app.correo.enviarPendientes();
      const fallidas = await filasDeVenta(id);
      expect(fallidas).toHaveLength(2);
      for (const f of fallidas) {
        expect(f.estado).toBe('pendiente');
        expect(f.intentos).toBeGreaterThanOrEqual(1);
        expect(f.ultimoError).toBeTruthy();
        expect(f.proximoIntento.getTime()).toBeGreaterThan(Date.now());
      }
    } finally {
      await smtp.reanudar();
    }
    // Later (past the back-off), the same rows go out.
    const resumen = await t.app.correo.enviarPendientes(() => new Date(Date.now() + 2 * 3_600_000));
    expect(resumen.enviados).toBeGreaterThanOrEqual(2);
    const mochila = smtp.recibidos.filter((m) => m.texto.includes('Mochila roja'));
    expect(mochila.map((m) => m.para[0]).sort()).toEqual([DUENO, emailCliente()].sort());
  });

  it('two senders at once send each message exactly once', async () => {
    await t.app.correo.enviarPendientes();
    const ids: number[] = [];
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) {
        await encolarCorreo(tx, `lote${i}@example.com`, {
          tipo: 'recuperar-clave',
          datos: { usuario: `lote${i}`, nombre: null, token: `token-${i}`, vence: new Date(Date.now() + 30 * 60_000).toISOString() },
        });
      }
    });
    const filas = await t.db
      .select({ id: correoPendiente.id })
      .from(correoPendiente)
      .where(and(eq(correoPendiente.estado, 'pendiente'), eq(correoPendiente.tipo, 'recuperar-clave')));
    ids.push(...filas.map((f) => f.id));
    expect(ids).toHaveLength(30);
    const enviar = t.app.correo.transporte.enviar;
    const [a, b] = await Promise.all([enviarPendientes(t.db, enviar, { lote: 3 }), enviarPendientes(t.db, enviar, { lote: 3 })]);
    // The app's own loop may have taken some too: together, 30 and no more.
    await t.app.correo.enviarPendientes();
    const recibidosDelLote = smtp.recibidos.filter((m) => ids.includes(Number(m.id)));
    expect(new Set(recibidosDelLote.map((m) => m.id)).size).toBe(30);
    expect(recibidosDelLote).toHaveLength(30);
    expect(a.enviados + b.enviados).toBeLessThanOrEqual(30);
    // A sent link is not kept in the outbox: only its hash lives on, elsewhere.
    const guardadas = await t.db.select().from(correoPendiente).where(inArray(correoPendiente.id, ids));
    expect(guardadas.every((f) => f.estado === 'enviado' && !('token' in (f.datos as object)))).toBe(true);
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file in DATA_DIR/correo (the offline demo)', async () => {
    const demo = await crearAppDePrueba();
    try {
      const quien = await crearUsuario(demo.db);
      const cookie = await demo.cookieDe(quien.usuario, quien.clave);
      const p = await crearProducto(demo.db, { denominacion: 'Plasticola 250 g', stock: 4 });
      const r = await demo.app.inject({
        method: 'POST',
        url: '/api/pedido',
        headers: { cookie },
        payload: { lineas: [{ productoId: p.id, cantidad: 1 }], promociones: [], formaPago: 'EFECTIVO', envio: 0 },
      });
      expect(r.statusCode).toBe(201);
      // No MAIL_DUENO: the owner's notice is discarded, the customer's written to the folder.
      expect(await demo.app.correo.enviarPendientes()).toMatchObject({ fallidos: 0 });
      const carpeta = path.join(demo.config.DATA_DIR, 'correo');
      const archivos = fs.readdirSync(carpeta);
      expect(archivos).toEqual([expect.stringMatching(/^\d{6}-pedido-recibido\.eml$/)]);
      const mensaje = await simpleParser(fs.readFileSync(path.join(carpeta, archivos[0]!)));
      expect(mensaje.subject).toBe(`Recibimos tu pedido N° ${r.json().id}`);
      expect(mensaje.text).toContain('- 1 x Plasticola 250 g');
      const filas = await demo.db.select({ tipo: correoPendiente.tipo, estado: correoPendiente.estado }).from(correoPendiente);
      expect(filas.sort((a, b) => a.tipo.localeCompare(b.tipo))).toEqual([
        { tipo: 'pedido-nuevo', estado: 'descartado' },
        { tipo: 'pedido-recibido', estado: 'enviado' },
      ]);
    } finally {
      await demo.cerrar();
    }
  });
});

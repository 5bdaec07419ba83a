// The shop's messages, as small typed functions: Spanish subject, plain text and HTML (every text that
// came from a person escaped), es-AR money, the order's lines and total, and a link back to the shop.
import { FORMA_PAGO_LABEL, type FormaPago } from '../../domain/enums';
import { fechaLegibleMendoza } from '../../domain/fechas';
import { formatearPrecio, subtotalLinea } from '../../domain/money';
import { paths } from '../../domain/rutas';
import { TIENDA } from '../../domain/tienda';

/** An order as it was when the change committed: what every order message shows. */
export interface DatosDeVenta {
  ventaId: number;
  /** ISO date-time. */
  fecha: string;
  formaPago: FormaPago;
  conEnvio: boolean;
  envio: number;
  total: number;
  lineas: Array<{ denominacion: string; cantidad: number; precio: number; promocion: string | null }>;
  cliente: { usuario: string; nombre: string | null; apellido: string | null; email: string | null; telefono: string | null };
}

export interface DatosDeRecuperacion {
  usuario: string;
  nombre: string | null;
  /** The link's token: only here, in the message (the database keeps its hash); erased once sent. */
  token?: string;
  /** ISO date-time when the link stops working. */
  vence: string;
}

export const AVISOS_DE_VENTA = ['pedido-recibido', 'pago-aprobado', 'pago-rechazado', 'pedido-concluido', 'pedido-nuevo'] as const;
export type AvisoDeVenta = (typeof AVISOS_DE_VENTA)[number];

/** A print job ready to pick up (issue 21). */
export interface DatosDeImpresionLista {
  trabajoId: number;
  nombreArchivo: string;
  ventaId: number | null;
  usuario: string;
  nombre: string | null;
}

export type Correo =
  | { tipo: AvisoDeVenta; datos: DatosDeVenta }
  | { tipo: 'recuperar-clave'; datos: DatosDeRecuperacion }
  | { tipo: 'impresion-lista'; datos: DatosDeImpresionLista };
export type TipoDeCorreo = Correo['tipo'];

export interface MensajeArmado {
  asunto: string;
  texto: string;
  html: string;
}

export interface OpcionesDePlantilla {
  publicUrl: string;
  /** The logo's src: 'cid:...' of an inline attachment. */
  logo: string;
}

/** Minutes a forgotten-password link lasts. */
export const MINUTOS_ENLACE_CLAVE = 30;

/** The path of the page that takes a forgotten password's link (the token goes in the fragment). */
export const enlaceDeRecuperacion = (publicUrl: string, token: string) => `${publicUrl}${paths.restablecerClave}#token=${encodeURIComponent(token)}`;

export const escaparHtml = (texto: string): string =>
  texto.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const hora = (iso: string) =>
  new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Mendoza', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));

const saludo = (d: { nombre: string | null; usuario: string }) => `Hola, ${d.nombre?.trim() || d.usuario}:`;

interface Bloques {
  asunto: string;
  /** The paragraphs, as plain text (escaped for the HTML). */
  parrafos: string[];
  venta?: DatosDeVenta;
  boton?: { texto: string; url: string };
  pie?: string;
}

function lineasEnTexto(v: DatosDeVenta): string {
  const filas = v.lineas.map(
    (l) => `- ${l.cantidad} x ${l.denominacion}${l.promocion ? ` (promoción ${l.promocion})` : ''}: ${formatearPrecio(subtotalLinea(l.cantidad, l.precio))}`,
  );
  if (v.envio > 0) filas.push(`- Envío: ${formatearPrecio(v.envio)}`);
  return [...filas, `Total: ${formatearPrecio(v.total)}`].join('\n');
}

const celda = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;';

function lineasEnHtml(v: DatosDeVenta): string {
  const filas = v.lineas
    .map(
      (l) =>
        `<tr><td style="${celda}">${escaparHtml(l.denominacion)}${l.promocion ? `<br><span style="color:#6b7280;font-size:13px">Promoción ${escaparHtml(l.promocion)}</span>` : ''}</td>` +
        `<td style="${celda}text-align:right">${l.cantidad}</td>` +
        `<td style="${celda}text-align:right;white-space:nowrap">${formatearPrecio(l.precio)}</td>` +
        `<td style="${celda}text-align:right;white-space:nowrap">${formatearPrecio(subtotalLinea(l.cantidad, l.precio))}</td></tr>`,
    )
    .join('');
  const envio = v.envio > 0 ? `<tr><td colspan="3" style="${celda}">Envío</td><td style="${celda}text-align:right;white-space:nowrap">${formatearPrecio(v.envio)}</td></tr>` : '';
  return (
    `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px;margin:16px 0">` +
    `<thead><tr><th style="${celda}text-align:left">Producto</th><th style="${celda}text-align:right">Cantidad</th><th style="${celda}text-align:right">Precio</th><th style="${celda}text-align:right">Subtotal</th></tr></thead>` +
    `<tbody>${filas}${envio}</tbody>` +
    `<tfoot><tr><td colspan="3" style="padding:8px;font-weight:bold">Total</td><td style="padding:8px;text-align:right;font-weight:bold;white-space:nowrap">${formatearPrecio(v.total)}</td></tr></tfoot></table>`
  );
}

function armar(b: Bloques, o: OpcionesDePlantilla): MensajeArmado {
  const texto = [
    ...b.parrafos,
    ...(b.venta ? [lineasEnTexto(b.venta)] : []),
    ...(b.boton ? [`${b.boton.texto}: ${b.boton.url}`] : []),
    ...(b.pie ? [b.pie] : []),
    `${TIENDA.nombre} · ${TIENDA.direccion} · ${o.publicUrl}`,
  ].join('\n\n');
  const html =
    `<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escaparHtml(b.asunto)}</title></head>` +
    `<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">` +
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px">` +
    `<p style="margin:0 0 16px"><a href="${escaparHtml(o.publicUrl)}" style="color:#1f2937;text-decoration:none;font-size:20px;font-weight:bold">` +
    `<img src="${escaparHtml(o.logo)}" width="40" height="40" alt="" style="vertical-align:middle;margin-right:8px;border:0">${escaparHtml(TIENDA.nombre)}</a></p>` +
    `<div style="background:#ffffff;border-radius:8px;padding:24px">` +
    b.parrafos.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escaparHtml(p)}</p>`).join('') +
    (b.venta ? lineasEnHtml(b.venta) : '') +
    (b.boton
      ? `<p style="margin:20px 0"><a href="${escaparHtml(b.boton.url)}" style="background:#2f6fde;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escaparHtml(b.boton.texto)}</a></p>`
      : '') +
    (b.pie ? `<p style="margin:12px 0 0;color:#4b5563;font-size:14px;line-height:1.5">${escaparHtml(b.pie)}</p>` : '') +
    `</div><p style="color:#6b7280;font-size:13px;margin:16px 0 0">${escaparHtml(TIENDA.nombre)} · ${escaparHtml(TIENDA.direccion)}<br>${escaparHtml(TIENDA.horario)}</p>` +
    `</div></body></html>`;
  return { asunto: b.asunto, texto, html };
}

const enlaceAlPedido = (o: OpcionesDePlantilla, v: DatosDeVenta) => ({ texto: 'Ver tu pedido', url: `${o.publicUrl}${paths.detalleVentaCliente(v.ventaId)}` });

/** What the customer does next, by payment method and delivery. */
const comoSigue = (v: DatosDeVenta) =>
  v.formaPago === 'MERCADOPAGO'
    ? 'Lo pagás con Mercado Pago: te avisamos por correo cuando el pago se apruebe.'
    : v.conEnvio
      ? 'Lo pagás en efectivo al recibirlo. Te vamos a contactar para coordinar el envío.'
      : `Lo pagás en efectivo al retirarlo en ${TIENDA.direccion} (${TIENDA.horario}).`;

/** The subject, text and HTML of a message. */
export function armarCorreo(correo: Correo, o: OpcionesDePlantilla): MensajeArmado {
  switch (correo.tipo) {
    case 'pedido-recibido': {
      const v = correo.datos;
      return armar(
        {
          asunto: `Recibimos tu pedido N° ${v.ventaId}`,
          parrafos: [saludo(v.cliente), `¡Gracias por tu compra! Recibimos tu pedido N° ${v.ventaId} del ${fechaLegibleMendoza(new Date(v.fecha))}.`, comoSigue(v)],
          venta: v,
          boton: enlaceAlPedido(o, v),
        },
        o,
      );
    }
    case 'pago-aprobado': {
      const v = correo.datos;
      return armar(
        {
          asunto: `Pago aprobado: pedido N° ${v.ventaId}`,
          parrafos: [
            saludo(v.cliente),
            `Mercado Pago aprobó el pago de tu pedido N° ${v.ventaId}.`,
            v.conEnvio ? 'Te vamos a contactar para coordinar el envío.' : `Podés retirarlo en ${TIENDA.direccion} (${TIENDA.horario}).`,
          ],
          venta: v,
          boton: enlaceAlPedido(o, v),
        },
        o,
      );
    }
    case 'pago-rechazado': {
      const v = correo.datos;
      return armar(
        {
          asunto: `Pago rechazado: pedido N° ${v.ventaId}`,
          parrafos: [
            saludo(v.cliente),
            `Mercado Pago rechazó el pago de tu pedido N° ${v.ventaId}.`,
            'Podés intentarlo de nuevo con otro medio de pago desde la página del pedido, mientras siga vigente.',
          ],
          venta: v,
          boton: enlaceAlPedido(o, v),
        },
        o,
      );
    }
    case 'pedido-concluido': {
      const v = correo.datos;
      return armar(
        {
          asunto: `Pedido N° ${v.ventaId} concluido`,
          parrafos: [saludo(v.cliente), `Tu pedido N° ${v.ventaId} está concluido. ¡Gracias por comprar en ${TIENDA.nombre}!`],
          venta: v,
          boton: enlaceAlPedido(o, v),
        },
        o,
      );
    }
    case 'pedido-nuevo': {
      const v = correo.datos;
      const c = v.cliente;
      const quien = [c.nombre, c.apellido].filter(Boolean).join(' ') || c.usuario;
      return armar(
        {
          asunto: `Nuevo pedido N° ${v.ventaId}: ${formatearPrecio(v.total)}`,
          parrafos: [
            `Entró el pedido N° ${v.ventaId} el ${fechaLegibleMendoza(new Date(v.fecha))} a las ${hora(v.fecha)}.`,
            `Cliente: ${quien} (usuario ${c.usuario})${c.email ? ` · ${c.email}` : ''}${c.telefono ? ` · ${c.telefono}` : ''}.`,
            `Forma de pago: ${FORMA_PAGO_LABEL[v.formaPago]}. ${v.conEnvio ? 'Pidió envío a domicilio.' : 'Lo retira en el local.'}`,
          ],
          venta: v,
          boton: { texto: 'Ver la venta', url: `${o.publicUrl}${paths.formVenta(v.ventaId)}` },
        },
        o,
      );
    }
    case 'impresion-lista': {
      const d = correo.datos;
      return armar(
        {
          asunto: `Tu impresión N° ${d.trabajoId} está lista para retirar`,
          parrafos: [
            saludo(d),
            `Tu impresión N° ${d.trabajoId} (${d.nombreArchivo}) está lista para retirar.`,
            `Te esperamos en ${TIENDA.direccion} (${TIENDA.horario}).`,
          ],
          ...(d.ventaId ? { boton: { texto: 'Ver tu pedido', url: `${o.publicUrl}${paths.detalleVentaCliente(d.ventaId)}` } } : {}),
        },
        o,
      );
    }
    case 'recuperar-clave': {
      const d = correo.datos;
      if (!d.token) throw new Error('el enlace de recuperación ya no está');
      return armar(
        {
          asunto: 'Elegí una contraseña nueva',
          parrafos: [
            saludo(d),
            `Alguien pidió elegir una contraseña nueva para tu cuenta "${d.usuario}" en ${TIENDA.nombre}.`,
            `Si fuiste vos, usá este enlace antes de ${MINUTOS_ENLACE_CLAVE} minutos (vale hasta las ${hora(d.vence)}), una sola vez. Al cambiarla se cierran todas las sesiones de tu cuenta.`,
          ],
          boton: { texto: 'Elegir una contraseña nueva', url: enlaceDeRecuperacion(o.publicUrl, d.token) },
          pie: 'Si no fuiste vos, ignorá este correo: tu contraseña no cambia.',
        },
        o,
      );
    }
  }
}

import { formatearPrecio } from '../../domain/money';
import type { PreferenciaSimulada } from './pasarela-simulada';

// The simulated checkout page: plain HTML with no script and no external asset, so it works
// offline and under the app's CSP (inline styles are allowed, scripts are not).

const escapar = (texto: string) =>
  texto.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ESTILOS = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#1f2933;line-height:1.45}
  header{background:#0070b5;color:#fff;padding:16px 20px}
  header h1{margin:0;font-size:1.25rem}
  header p{margin:4px 0 0;font-size:.9rem}
  main{max-width:640px;margin:24px auto;padding:0 16px}
  .tarjeta{background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08);padding:20px}
  h2{margin:0 0 12px;font-size:1.1rem}
  table{width:100%;border-collapse:collapse;margin:8px 0 16px}
  th,td{text-align:left;padding:8px 4px;border-bottom:1px solid #e4e7eb;font-size:.95rem}
  th{color:#52606d;font-weight:600}
  td.num,th.num{text-align:right;white-space:nowrap}
  .total{display:flex;justify-content:space-between;font-size:1.2rem;font-weight:700;margin:8px 0 20px}
  .aviso{background:#fff8e1;border:1px solid #f5d77a;border-radius:8px;padding:10px 12px;margin:0 0 16px;font-size:.9rem}
  .estado{background:#e8f4fd;border:1px solid #9fd3f5;border-radius:8px;padding:10px 12px;margin:0 0 16px}
  form{display:flex;flex-wrap:wrap;gap:10px;margin:0}
  fieldset{border:0;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:10px;width:100%}
  legend{font-weight:600;margin-bottom:8px;padding:0}
  button{flex:1 1 160px;border:0;border-radius:8px;padding:14px 16px;font-size:1rem;font-weight:600;cursor:pointer;color:#fff}
  button:focus-visible,a:focus-visible{outline:3px solid #1f2933;outline-offset:2px}
  .aprobar{background:#007a3d}
  .pendiente{background:#f29d00;color:#1f2933}
  .rechazar{background:#d93025}
  a{color:#0063a6}
  footer{text-align:center;margin:16px 0 32px;font-size:.9rem}
  @media (max-width:480px){th.ocultable,td.ocultable{display:none}}
`;

function documento(titulo: string, cuerpo: string): string {
  return `<!doctype html>
<html lang="es-AR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapar(titulo)}</title>
<style>${ESTILOS}</style>
</head>
<body>
<header><h1>Mercado Pago (simulado)</h1><p>Pago de prueba: no se cobra dinero real.</p></header>
<main>${cuerpo}</main>
</body>
</html>`;
}

export function paginaSimulador(p: PreferenciaSimulada, urlTienda: string): string {
  const filas = p.datos.items
    .map(
      (i) => `<tr><td>${escapar(i.title)}</td><td class="num">${i.quantity}</td><td class="num ocultable">${escapar(formatearPrecio(i.unit_price))}</td><td class="num">${escapar(formatearPrecio(i.quantity * i.unit_price))}</td></tr>`,
    )
    .join('');
  const ultimo = p.ultimoPago?.status;
  let estado = '';
  let acciones = '';
  if (p.vencida) {
    estado = '<p class="estado" role="status">Este link de pago venció. Volvé a la tienda y hacé un nuevo pedido.</p>';
  } else if (ultimo === 'approved') {
    estado = `<p class="estado" role="status">Este pago ya fue aprobado. <a href="${escapar(p.datos.back_urls.success)}">Volver a la tienda</a></p>`;
  } else {
    if (ultimo === 'pending') estado = '<p class="estado" role="status">Hay un pago pendiente para este pedido: podés aprobarlo o rechazarlo.</p>';
    if (ultimo === 'rejected') estado = '<p class="estado" role="status">El último intento de pago fue rechazado. Podés intentarlo de nuevo.</p>';
    acciones = `<form method="post" action="/api/mercadoPago/simulador/${encodeURIComponent(p.id)}" aria-label="Resultado del pago simulado">
<fieldset><legend>¿Cómo querés que termine el pago?</legend>
<button type="submit" name="accion" value="aprobar" class="aprobar">Aprobar pago</button>
<button type="submit" name="accion" value="pendiente" class="pendiente">Dejar pendiente</button>
<button type="submit" name="accion" value="rechazar" class="rechazar">Rechazar pago</button>
</fieldset></form>`;
  }
  return documento(
    `Pagar pedido nro ${p.referencia}`,
    `<section class="tarjeta" aria-labelledby="titulo-pedido">
<h2 id="titulo-pedido">Pedido nro ${escapar(p.referencia)}</h2>
<p class="aviso">Este es el checkout simulado de la tienda: se usa cuando no hay credenciales de Mercado Pago configuradas.</p>
<table aria-label="Productos del pedido">
<thead><tr><th scope="col">Producto</th><th scope="col" class="num">Cantidad</th><th scope="col" class="num ocultable">Precio</th><th scope="col" class="num">Subtotal</th></tr></thead>
<tbody>${filas}</tbody>
</table>
<p class="total"><span>Total a pagar</span><span>${escapar(formatearPrecio(p.monto))}</span></p>
${estado}
${acciones}
</section>
<footer><a href="${escapar(urlTienda)}/">Volver a la tienda</a></footer>`,
  );
}

export function paginaMensaje(titulo: string, mensaje: string, urlTienda: string): string {
  return documento(
    titulo,
    `<section class="tarjeta" role="alert"><h2>${escapar(titulo)}</h2><p>${escapar(mensaje)}</p></section>
<footer><a href="${escapar(urlTienda)}/">Volver a la tienda</a></footer>`,
  );
}

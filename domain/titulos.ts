// Every page's <title>, in one place beside the paths (domain/rutas.ts): the browser sets it on each
// screen (web/src/app/titulo.tsx) and the server writes it into the HTML it sends (server/web/), so a
// tab, a bookmark, a search result and a link preview name the page. A product's page is titled with
// the product (tituloDeProducto), known only with its data.
import { paths } from './rutas';
import { TIENDA } from './tienda';

/** The home page's title, and the one of index.html before any page says its own. */
export const TITULO_INICIO = `${TIENDA.nombre} · Papelería, librería y oficina`;

export const TITULO_NO_ENCONTRADA = 'Página no encontrada';
export const TITULO_PRODUCTO_NO_ENCONTRADO = 'Producto no encontrado';

/** 'Nuestros Productos | Librería Mendoza'. */
export const tituloCompleto = (titulo: string) => `${titulo} | ${TIENDA.nombre}`;

/** A product's page: its name and brand. */
export const tituloDeProducto = (p: { denominacion: string; marca?: string | null }) =>
  tituloCompleto(p.marca ? `${p.denominacion} ${p.marca}` : p.denominacion);

/** A form route's id: 0 is a new record (spec section 2). */
const nuevoOEditar = (nuevo: string, editar: string) => (id: string) => (id === '0' ? nuevo : editar);

/**
 * Each route of the app with its title, as a pattern of `paths` (`:x` is one segment). A function gets
 * the route's first parameter.
 */
const TITULOS: Array<[patron: string, titulo: string | ((id: string) => string)]> = [
  [paths.productos, 'Nuestros Productos'],
  [paths.producto(':id'), 'Producto'],
  [paths.promociones, 'Promociones Activas'],
  [paths.dondeEstamos, 'Dónde estamos'],
  [paths.login, 'Iniciar sesión'],
  [paths.registro, 'Crear cuenta'],
  [paths.olvideClave, 'Recuperar contraseña'],
  [paths.restablecerClave, 'Nueva contraseña'],
  [paths.pagoAprobado, 'Pago aprobado'],
  [paths.pagoPendiente, 'Pago pendiente'],
  [paths.pagoRechazado, 'Pago rechazado'],
  [paths.misCompras, 'Mis compras'],
  [paths.miCuenta, 'Mi cuenta'],
  [paths.detalleVentaCliente(':id'), (id) => `Compra N° ${id}`],
  [paths.admin, 'Panel de administración'],
  [paths.seguridad, 'Seguridad'],
  [paths.auditoria, 'Auditoría'],
  [paths.grillaInformes, 'Informes de cierre de caja'],
  [paths.grillaPedidos, 'Pedidos'],
  [paths.grillaProductos, 'Productos'],
  [paths.importarProductos, 'Importar productos'],
  [paths.grillaPromociones, 'Promociones (administración)'],
  [paths.grillaUsuarios, 'Usuarios'],
  [paths.formProducto(':id'), nuevoOEditar('Nuevo producto', 'Editar producto')],
  [paths.formUsuario(':id'), nuevoOEditar('Nuevo usuario', 'Editar usuario')],
  [paths.formVenta(':id'), (id) => (id === '0' ? 'Nueva venta' : `Venta nro ${id}`)],
  [paths.formDetalleVenta(':venta', ':id'), 'Detalle de venta'],
  [paths.formPromocion(':id'), nuevoOEditar('Nueva promoción', 'Editar promoción')],
  [paths.detallePromocion(':id'), 'Productos de la promoción'],
  [paths.stock, 'Carga de stock'],
  [paths.grillaSinonimos, 'Sinónimos'],
  [paths.impresiones, 'Impresiones online'],
  [paths.grillaImpresiones, 'Impresiones'],
];

const escaparRegex = (texto: string) => texto.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RUTAS = TITULOS.map(([patron, titulo]) => ({
  // Case-insensitive, as the browser's router matches.
  regex: new RegExp(`^${patron.split(/:[a-z]+/i).map(escaparRegex).join('([^/]+)')}/?$`, 'i'),
  titulo,
}));

/**
 * The full title of the page at `pathname`, or null when no route of the app matches it (the
 * not-found page). The home page gets TITULO_INICIO.
 */
export function tituloDeRuta(pathname: string): string | null {
  if (pathname === paths.inicio) return TITULO_INICIO;
  for (const { regex, titulo } of RUTAS) {
    const m = regex.exec(pathname);
    if (m) return tituloCompleto(typeof titulo === 'string' ? titulo : titulo(m[1] ?? ''));
  }
  return null;
}

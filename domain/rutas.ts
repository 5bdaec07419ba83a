// Every path of the web app, in one place (spec section 2): the browser's router and links, and the
// server's page previews, sitemap and robots.txt.

export const paths = {
  inicio: '/',
  dondeEstamos: '/DondeEstamos',
  productos: '/products',
  promociones: '/promociones',
  producto: (id: number | string) => `/producto/${id}`,
  login: '/login',
  registro: '/registro',
  /** A forgotten password: asks for the user name or e-mail; the link it sends opens restablecerClave. */
  olvideClave: '/olvideClave',
  restablecerClave: '/restablecerClave',
  pagoAprobado: '/mpsuccess',
  pagoPendiente: '/mppending',
  pagoRechazado: '/mpfailure',
  misCompras: '/misCompras',
  /** A customer's own data, password and sessions (docs/decisions/025-mi-cuenta.md). */
  miCuenta: '/miCuenta',
  detalleVentaCliente: (id: number | string) => `/detalleVentaCliente/${id}`,
  admin: '/Admin',
  /** The admin's own second factor (docs/decisions/021-segundo-factor.md). */
  seguridad: '/Admin/seguridad',
  auditoria: '/auditoria',
  grillaInformes: '/grillaInformes',
  grillaPedidos: '/grillaPedidos',
  grillaProductos: '/grillaProducts',
  /** Spreadsheet import (docs/decisions/030-catalogo-masivo.md). */
  importarProductos: '/importarProductos',
  grillaPromociones: '/grillaPromociones',
  grillaUsuarios: '/grillaUsuarios',
  formProducto: (id: number | string) => `/formProducto/${id}`,
  formUsuario: (id: number | string) => `/formUsuario/${id}`,
  formVenta: (id: number | string) => `/formVenta/${id}`,
  formDetalleVenta: (idVenta: number | string, idDetalle: number | string) => `/formDetalleVenta/${idVenta}/${idDetalle}`,
  formPromocion: (id: number | string) => `/formPromocion/${id}`,
  detallePromocion: (id: number | string) => `/detallePromocion/${id}`,
  stock: '/stock',
  /** The search's regional synonyms (issue 17). */
  grillaSinonimos: '/grillaSinonimos',
  /** Online printing: the customer's upload page and the admin's queue (issue 21). */
  impresiones: '/impresiones',
  grillaImpresiones: '/grillaImpresiones',
} as const;

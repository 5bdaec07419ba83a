import { lazy, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { Cargando, RequiereRol } from '../components/guards/requiere-rol';
import { HomePage } from '../features/inicio/home-page';
import { NoEncontradaPage } from './no-encontrada-page';
import { Layout } from './layout';

/** A route whose screen is its own chunk, downloaded when first visited. */
const perezosa = (cargar: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await cargar()).default }),
});

// Admin screens use React.lazy, not the route's `lazy`: the router would fetch the chunk while matching
// the URL, before the guard runs; a lazy component is fetched only when the guard lets it render.
const admin = (cargar: () => Promise<{ default: ComponentType }>) => {
  const Pagina = lazy(cargar);
  return { element: <Pagina /> };
};

const pago = (nombre: 'PagoAprobadoPage' | 'PagoPendientePage' | 'PagoRechazadoPage') => ({
  lazy: async () => ({ Component: (await import('../features/pagos/pago-resultado-page'))[nombre] }),
});

/** The screens, shared by the browser's router and the server's prerender. */
export const rutas: RouteObject[] = [
  {
    element: <Layout />,
    // Opening a lazy page directly: a spinner while its chunk arrives.
    hydrateFallbackElement: <Cargando />,
    children: [
      { index: true, element: <HomePage /> },
      // Lazy too: the form libraries and zod stay out of the first page.
      { path: 'login', ...perezosa(() => import('../features/auth/login-page')) },
      { path: 'DondeEstamos', ...perezosa(() => import('../features/ubicacion/donde-estamos-page')) },
      { path: 'products', ...perezosa(() => import('../features/catalogo/catalogo-page')) },
      { path: 'producto/:idProducto', ...perezosa(() => import('../features/producto/producto-page')) },
      { path: 'promociones', ...perezosa(() => import('../features/promociones/promociones-page')) },
      { path: 'registro', ...perezosa(() => import('../features/registro/registro-page')) },
      { path: 'mpsuccess', ...pago('PagoAprobadoPage') },
      { path: 'mppending', ...pago('PagoPendientePage') },
      { path: 'mpfailure', ...pago('PagoRechazadoPage') },
      {
        // The purchases need a logged-in user: without one, /login and back here afterwards.
        element: (
          <RequiereRol>
            <Outlet />
          </RequiereRol>
        ),
        children: [
          { path: 'misCompras', ...perezosa(() => import('../features/compras/mis-compras-page')) },
          { path: 'detalleVentaCliente/:idVenta', ...perezosa(() => import('../features/compras/detalle-venta-page')) },
        ],
      },
      {
        // Admin screens are a separate chunk: a visitor of the shop never downloads them.
        element: (
          <RequiereRol rol="ADMIN">
            <Outlet />
          </RequiereRol>
        ),
        children: [
          { path: 'Admin', ...admin(() => import('../features/admin/admin-home-page')) },
          { path: 'grillaPedidos', ...admin(() => import('../features/admin/ventas/grilla-pedidos-page')) },
          { path: 'formVenta/:idVenta', ...admin(() => import('../features/admin/ventas/form-venta-page')) },
          { path: 'formDetalleVenta/:idVenta/:idDetalleVenta', ...admin(() => import('../features/admin/ventas/form-detalle-venta-page')) },
          { path: 'grillaProducts', ...admin(() => import('../features/admin/productos/grilla-productos-page')) },
          { path: 'formProducto/:idProducto', ...admin(() => import('../features/admin/productos/form-producto-page')) },
          { path: 'stock', ...admin(() => import('../features/admin/stock/carga-stock-page')) },
          { path: 'grillaPromociones', ...admin(() => import('../features/admin/promociones/grilla-promociones-page')) },
          { path: 'formPromocion/:idPromocion', ...admin(() => import('../features/admin/promociones/form-promocion-page')) },
          { path: 'detallePromocion/:idPromocion', ...admin(() => import('../features/admin/promociones/detalle-promocion-page')) },
          { path: 'grillaUsuarios', ...admin(() => import('../features/admin/usuarios/grilla-usuarios-page')) },
          { path: 'formUsuario/:idUsuario', ...admin(() => import('../features/admin/usuarios/form-usuario-page')) },
          { path: 'grillaInformes', ...admin(() => import('../features/admin/informes/grilla-informes-page')) },
        ],
      },
      { path: '*', element: <NoEncontradaPage /> },
    ],
  },
];

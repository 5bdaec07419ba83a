import { lazy } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { RequiereRol } from '../components/guards/requiere-rol';
import { HomePage } from '../features/inicio/home-page';
import { LoginPage } from '../features/auth/login-page';
import { NoEncontradaPage } from './no-encontrada-page';
import { Layout } from './layout';

// React.lazy, not the route's `lazy`: the router would fetch the chunk while matching the URL, before
// the guard runs; a lazy component is fetched only when the guard lets it render.
const admin = (cargar: () => Promise<{ default: React.ComponentType }>) => {
  const Pagina = lazy(cargar);
  return { element: <Pagina /> };
};

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
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
]);

import { createBrowserRouter, Outlet } from 'react-router';
import { RequiereRol } from '../components/guards/requiere-rol';
import { HomePage } from '../features/inicio/home-page';
import { LoginPage } from '../features/auth/login-page';
import { NoEncontradaPage } from './no-encontrada-page';
import { Layout } from './layout';

const admin = (cargar: () => Promise<{ default: React.ComponentType }>) => ({
  lazy: async () => ({ Component: (await cargar()).default }),
});

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
        children: [{ path: 'Admin', ...admin(() => import('../features/admin/admin-home-page')) }],
      },
      { path: '*', element: <NoEncontradaPage /> },
    ],
  },
]);

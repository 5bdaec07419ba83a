import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router';
import { Cargando, RequiereRol } from '../components/guards/requiere-rol';
import { HomePage } from '../features/inicio/home-page';
import { NoEncontradaPage } from './no-encontrada-page';
import { Layout } from './layout';
import { LimiteDeCarga, perezosa as paginaPerezosa } from './pagina-perezosa';

/** A route whose screen is its own chunk, downloaded when first visited (or ahead, see precargarRuta). */
const perezosa = (cargar: () => Promise<{ default: ComponentType }>) => {
  const Pagina = paginaPerezosa(cargar);
  return { element: <Pagina />, handle: { precargar: Pagina.precargar } };
};

// Admin screens are never prerendered nor fetched ahead: only when the guard lets them render.
const admin = (cargar: () => Promise<{ default: ComponentType }>) => {
  const Pagina = lazy(cargar);
  return {
    element: (
      <LimiteDeCarga>
        <Suspense fallback={<Cargando />}>
          <Pagina />
        </Suspense>
      </LimiteDeCarga>
    ),
  };
};

const pago = (nombre: 'PagoAprobadoPage' | 'PagoPendientePage' | 'PagoRechazadoPage') =>
  perezosa(async () => ({ default: (await import('../features/pagos/pago-resultado-page'))[nombre] }));

/** The screens, shared by the browser's router and the server's prerender. */
export const rutas: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      // Lazy too: the form libraries and zod stay out of the first page.
      { path: 'login', ...perezosa(() => import('../features/auth/login-page')) },
      { path: 'DondeEstamos', ...perezosa(() => import('../features/ubicacion/donde-estamos-page')) },
      { path: 'products', ...perezosa(() => import('../features/catalogo/catalogo-page')) },
      { path: 'producto/:idProducto', ...perezosa(() => import('../features/producto/producto-page')) },
      { path: 'promociones', ...perezosa(() => import('../features/promociones/promociones-page')) },
      { path: 'listas', ...perezosa(() => import('../features/listas/listas-page')) },
      { path: 'listas/:idLista', ...perezosa(() => import('../features/listas/lista-page')) },
      { path: 'impresiones', ...perezosa(() => import('../features/impresiones/impresiones-page')) },
      { path: 'registro', ...perezosa(() => import('../features/registro/registro-page')) },
      { path: 'olvideClave', ...perezosa(() => import('../features/auth/olvide-clave-page')) },
      { path: 'restablecerClave', ...perezosa(() => import('../features/auth/restablecer-clave-page')) },
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
          { path: 'miCuenta', ...perezosa(() => import('../features/cuenta/mi-cuenta-page')) },
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
          { path: 'Admin/seguridad', ...admin(() => import('../features/admin/seguridad/seguridad-page')) },
          { path: 'grillaPedidos', ...admin(() => import('../features/admin/ventas/grilla-pedidos-page')) },
          { path: 'formVenta/:idVenta', ...admin(() => import('../features/admin/ventas/form-venta-page')) },
          { path: 'formDetalleVenta/:idVenta/:idDetalleVenta', ...admin(() => import('../features/admin/ventas/form-detalle-venta-page')) },
          { path: 'grillaProducts', ...admin(() => import('../features/admin/productos/grilla-productos-page')) },
          { path: 'importarProductos', ...admin(() => import('../features/admin/productos/importar-productos-page')) },
          { path: 'formProducto/:idProducto', ...admin(() => import('../features/admin/productos/form-producto-page')) },
          { path: 'stock', ...admin(() => import('../features/admin/stock/carga-stock-page')) },
          { path: 'grillaPromociones', ...admin(() => import('../features/admin/promociones/grilla-promociones-page')) },
          { path: 'formPromocion/:idPromocion', ...admin(() => import('../features/admin/promociones/form-promocion-page')) },
          { path: 'detallePromocion/:idPromocion', ...admin(() => import('../features/admin/promociones/detalle-promocion-page')) },
          { path: 'grillaUsuarios', ...admin(() => import('../features/admin/usuarios/grilla-usuarios-page')) },
          { path: 'formUsuario/:idUsuario', ...admin(() => import('../features/admin/usuarios/form-usuario-page')) },
          { path: 'grillaInformes', ...admin(() => import('../features/admin/informes/grilla-informes-page')) },
          { path: 'auditoria', ...admin(() => import('../features/admin/auditoria/grilla-auditoria-page')) },
          { path: 'grillaSinonimos', ...admin(() => import('../features/admin/sinonimos/grilla-sinonimos-page')) },
          { path: 'grillaListasEscolares', ...admin(() => import('../features/admin/listas/grilla-listas-escolares-page')) },
          { path: 'formListaEscolar/:idLista', ...admin(() => import('../features/admin/listas/form-lista-escolar-page')) },
          { path: 'grillaImpresiones', ...admin(() => import('../features/admin/impresiones/grilla-impresiones-page')) },
        ],
      },
      { path: '*', element: <NoEncontradaPage /> },
    ],
  },
];

/** Fetches the chunk of the screen at `pathname`, so that its first render draws it at once. */
export async function precargarRuta(pathname: string): Promise<void> {
  const coincidencias = matchRoutes(rutas, pathname) ?? [];
  await Promise.all(
    coincidencias.map(({ route }) => (route.handle as { precargar?: () => Promise<void> } | undefined)?.precargar?.()),
  );
}

/** The screen of the current address. */
export function Pantallas() {
  return useRoutes(rutas);
}

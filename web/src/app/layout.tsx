import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Cargando } from '../components/guards/requiere-rol';
import { Navbar } from '../components/layout/navbar';
import { Pie } from '../components/layout/pie';
import { CarritoPanel } from '../features/carrito/carrito-panel';

export function Layout() {
  return (
    <>
      <a href="#contenido" className="visually-hidden">
        Saltar al contenido
      </a>
      <Navbar />
      <Box component="main" id="contenido" mih="calc(100vh - 64px)">
        <Suspense fallback={<Cargando />}>
          <Outlet />
        </Suspense>
      </Box>
      <Pie />
      <CarritoPanel />
      <ScrollRestoration />
    </>
  );
}

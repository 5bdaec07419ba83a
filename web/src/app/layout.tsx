import { Box } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Navbar } from '../components/layout/navbar';
import { Pie } from '../components/layout/pie';
import { useCarrito } from '../carrito/carrito-context';
import { TituloDePagina } from './titulo';

// The cart panel and what ordering needs load on the first open, not with the first page.
const CarritoPanel = lazy(async () => ({ default: (await import('../features/carrito/carrito-panel')).CarritoPanel }));

function CarritoPanelDiferido() {
  const { panelAbierto } = useCarrito();
  const [usado, setUsado] = useState(panelAbierto);
  useEffect(() => {
    if (panelAbierto) setUsado(true);
  }, [panelAbierto]);
  if (!usado) return null;
  return (
    <Suspense fallback={null}>
      <CarritoPanel />
    </Suspense>
  );
}

/** A new screen starts at the top; back and forward leave the scroll to the browser. */
function ArribaAlCambiarDePantalla() {
  const { pathname } = useLocation();
  const tipo = useNavigationType();
  useEffect(() => {
    if (tipo !== 'POP') window.scrollTo(0, 0);
  }, [pathname, tipo]);
  return null;
}

export function Layout() {
  return (
    <TituloDePagina>
      <a href="#contenido" className="visually-hidden">
        Saltar al contenido
      </a>
      <Navbar />
      <Box component="main" id="contenido" mih="calc(100vh - 64px)">
        {/* No Suspense here: each lazy screen has its own while its chunk loads (pagina-perezosa.tsx). */}
        <Outlet />
      </Box>
      <Pie />
      <CarritoPanelDiferido />
      <ArribaAlCambiarDePantalla />
    </TituloDePagina>
  );
}

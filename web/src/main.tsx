import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { ID_ESTADO_INICIAL } from '../../domain/prerender';
import { App } from './app/app';
import { nuevoQueryClient } from './app/proveedores';
import { rutas } from './app/rutas';

const queryClient = nuevoQueryClient();
const router = createBrowserRouter(rutas);

/** Resolves once the router has fetched the current page's lazy chunk. */
const rutaLista = (r: DataRouter) =>
  new Promise<void>((resolver) => {
    if (r.state.initialized) return resolver();
    const dejar = r.subscribe((estado) => {
      if (!estado.initialized) return;
      dejar();
      resolver();
    });
  });

function montar() {
  // A transition lets React render the first page in small slices instead of one long task. The first
  // commit replaces the server's prerender (if any) at once, with the same markup.
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

const estadoInicial = document.getElementById(ID_ESTADO_INICIAL);
if (estadoInicial?.textContent) {
  // Prerendered: the same API answers, and the page's own chunk, before the first render, so that it
  // draws the page the visitor already sees instead of a spinner.
  hydrate(queryClient, JSON.parse(estadoInicial.textContent) as DehydratedState);
  void rutaLista(router).then(montar);
} else {
  montar();
}

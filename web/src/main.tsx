import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ID_ESTADO_INICIAL } from '../../domain/prerender';
import { App } from './app/app';
import { nuevoQueryClient } from './app/proveedores';
import { precargarRuta } from './app/rutas';

const queryClient = nuevoQueryClient();

function montar() {
  // A transition lets React render the first page in small slices instead of one long task. The first
  // commit replaces the server's prerender (if any) at once, with the same markup.
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

const estadoInicial = document.getElementById(ID_ESTADO_INICIAL);
if (estadoInicial?.textContent) {
  // Prerendered: the same API answers, and the page's own chunk, before the first render, so that it
  // draws the page the visitor already sees instead of a spinner.
  hydrate(queryClient, JSON.parse(estadoInicial.textContent) as DehydratedState);
  void precargarRuta(window.location.pathname).then(montar, montar);
} else {
  montar();
}

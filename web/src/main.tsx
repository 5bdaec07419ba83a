import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AVISO_PRERENDER_DISTINTO, ID_ESTADO_INICIAL } from '../../domain/prerender';
import { App } from './app/app';
import { dibujadaEnServidor } from './app/dibujada-en-servidor';
import { nuevoQueryClient } from './app/proveedores';
import { precargarRuta } from './app/rutas';

const queryClient = nuevoQueryClient();
const raiz = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// Transitions let React work in small slices instead of one long task (the page stays responsive).
if (dibujadaEnServidor) {
  // The same API answers and the screen's chunk first: the first render then matches the server's
  // markup, and React takes it over (hydration) instead of drawing it again.
  hydrate(queryClient, JSON.parse(document.getElementById(ID_ESTADO_INICIAL)!.textContent || '{}') as DehydratedState);
  void precargarRuta(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        // A mismatch is not the visitor's problem: React draws the page again, and the tests hear of it.
        hydrateRoot(raiz, app, { onRecoverableError: (error) => console.warn(AVISO_PRERENDER_DISTINTO, error) });
      }),
    );
} else {
  startTransition(() => createRoot(raiz).render(app));
}

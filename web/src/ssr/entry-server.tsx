// The server's prerender of the public pages: the visitor sees the page before any JavaScript runs.
// Built by `vite build --ssr` into dist/ssr and loaded by server/web/prerender.ts.
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { usarFetchApi } from '../api/client';
import { nuevoQueryClient, Proveedores } from '../app/proveedores';
import { Pantallas, precargarRuta } from '../app/rutas';

export interface Prerender {
  html: string;
  /** The API answers the page was rendered with, for the browser's first render. */
  estado: DehydratedState;
}

/** Queries that wait for other answers (a page, then its details) need one more pass each. */
const MAXIMO_PASADAS = 3;

const habilitada = (q: Query) => {
  const { enabled } = q.options as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(q) : enabled !== false;
};

/**
 * The page at `url` as an anonymous visitor sees it, with the API answered by `fetchApi` (the server
 * itself, in-process).
 */
export async function prerenderizar(url: string, fetchApi: typeof fetch): Promise<Prerender> {
  usarFetchApi(fetchApi);
  // The screen's chunk first: rendered lazily, it would only show its loading state.
  await precargarRuta(new URL(url, 'http://localhost').pathname);
  const queryClient = nuevoQueryClient({ retry: false });
  const render = () =>
    renderToString(
      <Proveedores queryClient={queryClient}>
        <StaticRouter location={url}>
          <Pantallas />
        </StaticRouter>
      </Proveedores>,
    );

  // Rendering registers the queries the page asks for; answer them, then render again with the data.
  let html = render();
  for (let pasada = 0; pasada < MAXIMO_PASADAS; pasada++) {
    const pendientes = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && habilitada(q));
    if (pendientes.length === 0) break;
    await Promise.all(pendientes.map((q) => q.fetch().catch(() => undefined)));
    html = render();
  }
  return { html, estado: dehydrate(queryClient) };
}

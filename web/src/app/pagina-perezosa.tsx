import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Cargando } from '../components/guards/requiere-rol';

/** A screen in its own chunk; `precargar` fetches it ahead, so that its first render does not suspend. */
export type PaginaPerezosa = (() => ReactElement) & { precargar: () => Promise<void> };

/**
 * Like React.lazy, but once `precargar` (or a first render) has the module, the screen renders at once:
 * a prerendered page is taken over without a spinner in between, in the browser and on the server.
 * The Suspense boundary is there only while the module is missing: a prerendered page has none, so
 * React hydrates it whole in one interruptible pass. Under a boundary React leaves the server's markup
 * for a later pass, and any update from above before then (the stored cart, the session) makes it
 * hydrate the whole screen at once, in one long task.
 */
export function perezosa(cargar: () => Promise<{ default: ComponentType }>): PaginaPerezosa {
  let Cargada: ComponentType | null = null;
  const precargar = async () => {
    Cargada ??= (await cargar()).default;
  };
  const Diferida = lazy(async () => {
    await precargar();
    return { default: Cargada! };
  });
  const Pagina = () =>
    Cargada ? (
      <Cargada />
    ) : (
      <Suspense fallback={<Cargando />}>
        <Diferida />
      </Suspense>
    );
  return Object.assign(Pagina, { precargar });
}

import { lazy, type ComponentType, type ReactElement } from 'react';

/** A screen in its own chunk; `precargar` fetches it ahead, so that its first render does not suspend. */
export type PaginaPerezosa = (() => ReactElement) & { precargar: () => Promise<void> };

/**
 * Like React.lazy, but once `precargar` (or a first render) has the module, the screen renders at once:
 * a prerendered page is taken over without a spinner in between, in the browser and on the server.
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
  const Pagina = () => (Cargada ? <Cargada /> : <Diferida />);
  return Object.assign(Pagina, { precargar });
}

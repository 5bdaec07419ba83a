import { Alert, Button, Text } from '@mantine/core';
import { Component, lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Cargando } from '../components/guards/requiere-rol';

/**
 * A screen's chunk that does not arrive (a deploy replaced it under an open tab, phone data dropped)
 * would leave a blank page: say so and offer to load the shop again, which fetches the current files.
 */
export class LimiteDeCarga extends Component<{ children: ReactNode }, { fallo: boolean }> {
  override state = { fallo: false };

  static getDerivedStateFromError() {
    return { fallo: true };
  }

  override render() {
    if (!this.state.fallo) return this.props.children;
    return (
      <Alert color="red" role="alert" title="No se pudo cargar esta página" maw={640} mx="auto" my="xl">
        <Text size="sm" mb="sm">
          Puede que la tienda se haya actualizado o que la conexión se haya cortado.
        </Text>
        <Button onClick={() => window.location.reload()}>Recargar</Button>
      </Alert>
    );
  }
}

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
      <LimiteDeCarga>
        <Suspense fallback={<Cargando />}>
          <Diferida />
        </Suspense>
      </LimiteDeCarga>
    );
  return Object.assign(Pagina, { precargar });
}

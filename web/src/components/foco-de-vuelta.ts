import { useLayoutEffect, useRef } from 'react';

/**
 * Gives the focus back to what opened a drawer or dialog once it has closed (Escape, its close button,
 * the backdrop). Mantine's own return only notices an opening after the first render, so a panel that
 * is loaded and mounted already open (the cart, the phone menu: their own chunks) left the focus on
 * <body>. Spread the result on the Drawer or Modal.
 */
export function useFocoDeVuelta(abierto: boolean) {
  const origen = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (abierto && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      origen.current = document.activeElement;
    }
  }, [abierto]);
  return {
    returnFocus: false,
    onExitTransitionEnd: () => {
      const elemento = origen.current;
      origen.current = null;
      // Once the closed panel has left the page. Not when something else took the focus meanwhile
      // (a link that navigated, a field): only from nowhere or from inside a closing dialog.
      setTimeout(() => {
        const activo = document.activeElement;
        const perdido = !activo || activo === document.body || activo.closest('[role="dialog"]') !== null;
        if (!perdido) return;
        if (elemento?.isConnected) elemento.focus();
        else {
          // What opened it left with what it did (a row deleted): the page's title, not <body>.
          const titulo = document.querySelector<HTMLElement>('main h1');
          titulo?.setAttribute('tabindex', '-1');
          titulo?.focus();
        }
      }, 0);
    },
  };
}

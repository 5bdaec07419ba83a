import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * A text box the server drew (a storefront page), typed into before the app took the page over
 * (hydration, on a slow phone): React leaves the person's text in the box but not in the state that
 * controls it, so nothing was searched and the next render emptied the box. Once mounted, this hands
 * what the box holds to `alCambiar`, as if typed now. Put the ref it returns on the input.
 */
export function useEscritoAntesDeLaApp(valor: string, alCambiar: (escrito: string, caja: HTMLInputElement) => void) {
  const caja = useRef<HTMLInputElement>(null);
  const tomar = useEffectEvent(() => {
    const actual = caja.current;
    if (actual && actual.value !== valor) alCambiar(actual.value, actual);
  });
  useEffect(() => tomar(), []);
  return caja;
}

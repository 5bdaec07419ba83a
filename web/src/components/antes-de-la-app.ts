import { useEffect, useEffectEvent, useRef } from 'react';

/** A control the server drew: a text box, a checkbox, a select, or a group of radios (its fieldset). */
type Control = HTMLInputElement | HTMLSelectElement | HTMLFieldSetElement;

/** What the control holds in the page: its value, 'true' or 'false' for a checkbox, or the value of the group's checked radio. */
function valorEnLaPagina(control: Control): string | undefined {
  if (control instanceof HTMLFieldSetElement) return control.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;
  if (control instanceof HTMLInputElement && control.type === 'checkbox') return String(control.checked);
  return control.value;
}

/**
 * A control the server drew (a storefront page), typed into or chosen before the app took the page over
 * (hydration, on a slow phone): React leaves what the person did in the page but not in the state that
 * controls it, so nothing was searched or filtered and the next render undid it. Once mounted, this hands
 * what the control holds to `alCambiar`, as if done now. Put the ref it returns on the control.
 */
export function useValorAntesDeLaApp<C extends Control = HTMLInputElement>(valor: string, alCambiar: (enLaPagina: string, control: C) => void) {
  const control = useRef<C>(null);
  const tomar = useEffectEvent(() => {
    const actual = control.current;
    const enLaPagina = actual ? valorEnLaPagina(actual) : undefined;
    if (actual && enLaPagina !== undefined && enLaPagina !== valor) alCambiar(enLaPagina, actual);
  });
  useEffect(() => tomar(), []);
  return control;
}

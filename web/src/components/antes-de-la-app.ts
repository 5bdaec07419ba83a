import { useEffect, useEffectEvent, useRef } from 'react';

/** A control the server drew: a text box, a checkbox, a select, or a group of radios (its fieldset). */
type Control = HTMLInputElement | HTMLSelectElement | HTMLFieldSetElement;

/**
 * What the person changed in the control since it was drawn, or undefined: its value, 'true' or 'false'
 * for a checkbox, the value of the group's checked radio. "Drawn" is what the page's HTML selected (a
 * select's `defaultSelected`, or its first option, which the browser shows when none is) and what React
 * set when it took the control over (`defaultValue`, `defaultChecked`). A select React drew itself with
 * a value its options do not have yet (the categories still on their way) shows its first option: that
 * is not a choice, and taking it would drop the filter.
 */
function cambiadoEnLaPagina(control: Control): string | undefined {
  if (control instanceof HTMLFieldSetElement) {
    const elegido = control.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    return elegido && !elegido.defaultChecked ? elegido.value : undefined;
  }
  if (control instanceof HTMLSelectElement) {
    const opciones = [...control.options];
    const dibujada = opciones.find((o) => o.defaultSelected) ?? opciones[0];
    const elegida = control.selectedOptions[0];
    return elegida && elegida !== dibujada ? elegida.value : undefined;
  }
  if (control.type === 'checkbox') return control.checked !== control.defaultChecked ? String(control.checked) : undefined;
  return control.value !== control.defaultValue ? control.value : undefined;
}

/**
 * A control the server drew (a storefront page), typed into or chosen before the app took the page over
 * (hydration, on a slow phone): React leaves what the person did in the page but not in the state that
 * controls it, so nothing was searched or filtered and the next render undid it. Once mounted, this hands
 * what the person changed to `alCambiar`, as if done now. Put the ref it returns on the control.
 */
export function useValorAntesDeLaApp<C extends Control = HTMLInputElement>(valor: string, alCambiar: (enLaPagina: string, control: C) => void) {
  const control = useRef<C>(null);
  const tomar = useEffectEvent(() => {
    const actual = control.current;
    const cambiado = actual ? cambiadoEnLaPagina(actual) : undefined;
    if (actual && cambiado !== undefined && cambiado !== valor) alCambiar(cambiado, actual);
  });
  useEffect(() => tomar(), []);
  return control;
}

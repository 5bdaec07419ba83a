import { Button, type ButtonProps } from '@mantine/core';
import { useLayoutEffect, useRef, type ComponentPropsWithoutRef } from 'react';

/**
 * Mantine's busy button is disabled, and the browser drops the focus of a disabled button to <body>: after
 * a refused save, Tab started again from the top of the page. When the button had the focus as the work
 * began and nothing else took it meanwhile, it gets it back once the work ends.
 */
function useFocoTrasOcupado(ocupado: boolean) {
  const boton = useRef<HTMLButtonElement>(null);
  const teniaFoco = useRef(false);
  // A layout effect: it runs before the browser moves the focus off the button that was just disabled.
  useLayoutEffect(() => {
    if (ocupado) {
      teniaFoco.current = document.activeElement === boton.current;
      return;
    }
    if (!teniaFoco.current) return;
    teniaFoco.current = false;
    const activo = document.activeElement;
    if (activo === null || activo === document.body) boton.current?.focus();
  }, [ocupado]);
  return boton;
}

type Props = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps> & { ocupado: boolean };

/** A button busy (`loading`) while its work runs, that keeps the keyboard's place. */
export function BotonOcupado({ ocupado, ...props }: Props) {
  const boton = useFocoTrasOcupado(ocupado);
  return <Button ref={boton} loading={ocupado} {...props} />;
}

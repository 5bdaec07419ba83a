import { Alert, type AlertProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * A form's error banner, with 'Cerrar aviso'. It sits above the form, and the form is sent from its foot:
 * on a phone a refused save showed nothing where the person was looking. Each new message scrolls it into
 * sight, below the fixed header. `desplazar` false: the form has put the focus on a field marked in red,
 * and that is where the person should look.
 */
export function AvisoDeError({
  mensaje,
  onCerrar,
  desplazar = true,
  ...props
}: { mensaje: string; onCerrar: () => void; desplazar?: boolean } & Omit<AlertProps, 'children'>) {
  const aviso = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (desplazar) aviso.current?.scrollIntoView({ block: 'nearest' });
  }, [mensaje, desplazar]);
  return (
    <Alert ref={aviso} color="red" withCloseButton closeButtonLabel="Cerrar aviso" onClose={onCerrar} role="alert" style={{ scrollMarginTop: 88 }} {...props}>
      {mensaje}
    </Alert>
  );
}

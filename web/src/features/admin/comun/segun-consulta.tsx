import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { MENSAJES } from '../../../../../domain/mensajes';
import { Cargando } from '../../../components/guards/requiere-rol';

interface Props<T> {
  consulta: { data: T | undefined; isPending: boolean; isError: boolean; refetch?: () => unknown };
  mensajeError?: string;
  children: (data: T) => ReactNode;
}

/** The loading and error states every admin grid shows before its data. */
export function SegunConsulta<T>({ consulta, mensajeError = MENSAJES.errorCargarDatos, children }: Props<T>) {
  if (consulta.isPending) return <Cargando />;
  // A settled query without data is an error for TanStack Query; the check only narrows the type.
  if (consulta.isError || consulta.data === undefined) {
    const { refetch } = consulta;
    return (
      <Alert color="red" role="alert">
        {mensajeError}
        {refetch && (
          <Button variant="light" color="red" size="xs" ml="sm" onClick={() => void refetch()}>
            Reintentar
          </Button>
        )}
      </Alert>
    );
  }
  return <>{children(consulta.data)}</>;
}

import { notifications } from '@mantine/notifications';
import { useState, type ReactElement } from 'react';
import { MENSAJES } from '../../../../../domain/mensajes';
import { mensajeDeError } from '../../../api/client';
import { ConfirmarModal } from './confirmar-modal';

/** The part of a TanStack delete mutation (by id) that this flow uses. */
interface Eliminacion {
  mutate: (id: number, opciones: { onSuccess?: () => void; onError?: (e: Error) => void; onSettled?: () => void }) => void;
  isPending: boolean;
}

interface Opciones<T> {
  eliminar: Eliminacion;
  /** The question in the modal. */
  pregunta: (elemento: T) => string;
  /** After the server deleted it: usually a green notification. */
  onEliminado?: (elemento: T) => void;
  /** Without it a failure is a red notification with the server's message. */
  onError?: (e: Error, elemento: T) => void;
}

/**
 * Every admin deletion asks first: `pedir(elemento)` opens the modal, which the page renders
 * as `modal`; it closes when the request settles, whatever the answer.
 */
export function useEliminarConConfirmacion<T extends { id: number }>({ eliminar, pregunta, onEliminado, onError }: Opciones<T>): {
  pedir: (elemento: T) => void;
  modal: ReactElement;
} {
  const [aEliminar, setAEliminar] = useState<T | null>(null);

  const confirmar = () => {
    if (!aEliminar) return;
    eliminar.mutate(aEliminar.id, {
      onSuccess: () => onEliminado?.(aEliminar),
      onError: (e) =>
        onError ? onError(e, aEliminar) : notifications.show({ color: 'red', message: mensajeDeError(e, MENSAJES.errorEliminarElemento) }),
      onSettled: () => setAEliminar(null),
    });
  };

  const modal = (
    <ConfirmarModal
      abierto={aEliminar !== null}
      titulo="Confirmar eliminación"
      onCancelar={() => setAEliminar(null)}
      onConfirmar={confirmar}
      confirmando={eliminar.isPending}
    >
      {aEliminar ? pregunta(aEliminar) : ''}
    </ConfirmarModal>
  );
  return { pedir: setAEliminar, modal };
}

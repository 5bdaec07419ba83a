import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFocoDeVuelta } from '../../../components/foco-de-vuelta';

/** Spec section 9: modal transition 300 ms, backdrop 150 ms. */
export const TRANSICION_MODAL = {
  transitionProps: { transition: 'pop', duration: 300 },
  overlayProps: { backgroundOpacity: 0.45, blur: 2, transitionProps: { duration: 150 } },
} as const;

interface Props {
  abierto: boolean;
  titulo: string;
  children: ReactNode;
  onCancelar: () => void;
  onConfirmar: () => void;
  confirmando?: boolean;
  textoConfirmar?: string;
}

/** The confirmation every deletion asks for. */
export function ConfirmarModal({ abierto, titulo, children, onCancelar, onConfirmar, confirmando, textoConfirmar = 'Eliminar' }: Props) {
  // Back to what asked (Cancelar), or to the page's title when that left with what was deleted.
  const focoDeVuelta = useFocoDeVuelta(abierto);
  return (
    <Modal opened={abierto} onClose={onCancelar} title={titulo} centered {...TRANSICION_MODAL} {...focoDeVuelta}>
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancelar} disabled={confirmando}>
          Cancelar
        </Button>
        <Button color="red" onClick={onConfirmar} loading={confirmando}>
          {textoConfirmar}
        </Button>
      </Group>
    </Modal>
  );
}

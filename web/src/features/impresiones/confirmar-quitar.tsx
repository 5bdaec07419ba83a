import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { TrabajoImpresion } from '../../../../domain/impresion';
import { ApiError, mensajeDeError } from '../../api/client';
import { eliminarTrabajo } from '../../api/impresiones';

/**
 * Removing an uploaded file asks first: it leaves the page and the cart, and the server deletes it (a
 * job already gone there is as good as deleted).
 */
export function ConfirmarQuitar({
  trabajo,
  onCancelar,
  onQuitado,
}: {
  trabajo: TrabajoImpresion | null;
  onCancelar: () => void;
  onQuitado: (t: TrabajoImpresion) => void;
}) {
  const [quitando, setQuitando] = useState(false);
  const quitar = async () => {
    if (!trabajo) return;
    setQuitando(true);
    try {
      await eliminarTrabajo(trabajo.id);
      onQuitado(trabajo);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) onQuitado(trabajo);
      else notifications.show({ color: 'red', message: mensajeDeError(e, 'No se pudo quitar el archivo.') });
    } finally {
      setQuitando(false);
    }
  };
  return (
    <Modal
      opened={trabajo !== null}
      onClose={onCancelar}
      title="Quitar archivo"
      centered
      transitionProps={{ transition: 'pop', duration: 300 }}
      overlayProps={{ backgroundOpacity: 0.45, blur: 2, transitionProps: { duration: 150 } }}
    >
      <Text style={{ overflowWrap: 'anywhere' }}>¿Querés quitar {trabajo?.nombreArchivo}? Se borra de la tienda y sale del carrito.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancelar} disabled={quitando}>
          Cancelar
        </Button>
        <Button color="red" onClick={() => void quitar()} loading={quitando}>
          Quitar
        </Button>
      </Group>
    </Modal>
  );
}

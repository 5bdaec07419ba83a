import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BotonOcupado } from './boton-ocupado';

/** The foot of an admin form: 'Volver' to its grid on the left, 'Guardar' (the submit, busy while it saves) on the right. */
export function PieFormulario({ volverA, guardando }: { volverA: string; guardando: boolean }) {
  return (
    <Group justify="space-between" mt="lg">
      <Button variant="default" component={Link} to={volverA} leftSection={<IconArrowLeft size={16} />}>
        Volver
      </Button>
      <BotonOcupado type="submit" ocupado={guardando} leftSection={<IconDeviceFloppy size={16} />}>
        Guardar
      </BotonOcupado>
    </Group>
  );
}

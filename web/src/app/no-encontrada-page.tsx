import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { TITULO_NO_ENCONTRADA } from '../../../domain/titulos';
import { paths } from './paths';

/** Any address no route shows; the server answers it with 404 (docs/decisions/027-bordes.md). */
export function NoEncontradaPage() {
  return (
    <Stack align="center" py={80} px="md" gap="md">
      <Title order={1} ta="center">
        {TITULO_NO_ENCONTRADA}
      </Title>
      <Text c="dimmed" ta="center">
        La dirección que buscás no existe o fue movida.
      </Text>
      <Group justify="center">
        <Button component={Link} to={paths.inicio}>
          Volver al inicio
        </Button>
        <Button component={Link} to={paths.productos} variant="light">
          Ver productos
        </Button>
      </Group>
    </Stack>
  );
}

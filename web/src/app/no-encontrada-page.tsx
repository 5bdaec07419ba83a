import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from './paths';

export function NoEncontradaPage() {
  return (
    <Stack align="center" py={80} px="md" gap="md">
      <Title order={1}>Página no encontrada</Title>
      <Text c="dimmed">La dirección que buscás no existe o fue movida.</Text>
      <Button component={Link} to={paths.inicio}>
        Volver al inicio
      </Button>
    </Stack>
  );
}

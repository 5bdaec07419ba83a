import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TIENDA } from '../../../../domain/tienda';
import { paths } from '../../app/paths';

export function Pie() {
  return (
    <Box component="footer" py="xl" px="md" mt="xl" bg="dark.7" c="gray.3">
      <Group justify="space-between" align="flex-start" maw={1200} mx="auto" gap="xl">
        <Stack gap={4}>
          <Text fw={700} c="white">
            {TIENDA.nombre}
          </Text>
          <Text size="sm">{TIENDA.lema}</Text>
          <Text size="sm">{TIENDA.direccion}</Text>
          <Text size="sm">{TIENDA.horario}</Text>
        </Stack>
        <Stack gap={4}>
          <Anchor component={Link} to={paths.productos} c="gray.3" size="sm">Productos</Anchor>
          <Anchor component={Link} to={paths.promociones} c="gray.3" size="sm">Promociones</Anchor>
          <Anchor component={Link} to={paths.dondeEstamos} c="gray.3" size="sm">Dónde estamos</Anchor>
          <Anchor href={`mailto:${TIENDA.email}`} c="gray.3" size="sm">{TIENDA.email}</Anchor>
        </Stack>
      </Group>
    </Box>
  );
}

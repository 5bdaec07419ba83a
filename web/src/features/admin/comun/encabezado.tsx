import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title of an admin screen with its main actions on the right (they wrap on a phone). */
export function Encabezado({ titulo, children }: { titulo: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" mb="md" gap="sm" wrap="wrap">
      <Title order={1} size="h2">
        {titulo}
      </Title>
      {children && (
        <Group gap="xs" wrap="wrap">
          {children}
        </Group>
      )}
    </Group>
  );
}

import { Table, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** The only row of a grid with nothing to show, across every column. */
export function FilaVacia({ columnas, py = 'md', children }: { columnas: number; py?: MantineSpacing; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columnas}>
        <Text c="dimmed" ta="center" py={py}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

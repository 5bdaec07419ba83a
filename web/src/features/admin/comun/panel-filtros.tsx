import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The framed 'Filtros' section above a grid. */
export function PanelFiltros({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-label="Filtros">
      {children}
    </Paper>
  );
}

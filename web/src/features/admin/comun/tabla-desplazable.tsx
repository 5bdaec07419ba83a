import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  /** The scrolling area's accessible name (the table's own). */
  etiqueta: string;
  /** Below this width the table scrolls sideways instead of squeezing. */
  anchoMinimo: number;
  children: ReactNode;
}

/**
 * A table that scrolls sideways on a phone. Its scrolling area takes the focus, so that a keyboard can
 * scroll it even when it holds no button or link (an empty sale: WCAG 2.1.1, axe's
 * scrollable-region-focusable).
 */
export function TablaDesplazable({ etiqueta, anchoMinimo, children }: Props) {
  return (
    <Table.ScrollContainer minWidth={anchoMinimo} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': etiqueta } }}>
      {children}
    </Table.ScrollContainer>
  );
}

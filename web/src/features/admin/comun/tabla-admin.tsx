import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { FilaVacia } from './fila-vacia';
import { TablaDesplazable } from './tabla-desplazable';

/** A column title; the numeric ones are aligned right like their cells. */
export type Columna = string | { titulo: string; derecha: true };

interface Props {
  /** The table's accessible name: the browser tests find the grid by it. */
  etiqueta: string;
  /** Below this width the table scrolls sideways instead of squeezing. */
  anchoMinimo: number;
  columnas: readonly Columna[];
  vacia: boolean;
  mensajeVacia: string;
  resaltarAlPasar?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** The desktop table of an admin grid: titles, a message when empty, then the rows. */
export function TablaAdmin({ etiqueta, anchoMinimo, columnas, vacia, mensajeVacia, resaltarAlPasar = true, children }: Props) {
  return (
    <TablaDesplazable etiqueta={etiqueta} anchoMinimo={anchoMinimo}>
      <Table highlightOnHover={resaltarAlPasar} verticalSpacing="xs" aria-label={etiqueta}>
        <Table.Thead>
          <Table.Tr>
            {columnas.map((c) =>
              typeof c === 'string' ? (
                <Table.Th key={c}>{c}</Table.Th>
              ) : (
                <Table.Th key={c.titulo} ta="right">
                  {c.titulo}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vacia && <FilaVacia columnas={columnas.length}>{mensajeVacia}</FilaVacia>}
          {children}
        </Table.Tbody>
      </Table>
    </TablaDesplazable>
  );
}

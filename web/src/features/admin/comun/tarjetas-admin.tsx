import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The phone's list of an admin grid (TablaAdmin's counterpart): one card (`li`) a row, a message when empty. */
export function TarjetasAdmin({ etiqueta, vacia, mensajeVacia, children }: { etiqueta: string; vacia: boolean; mensajeVacia: string; children: ReactNode }) {
  // The message stays out of the list: a <ul> holds only <li> (axe: list).
  if (vacia) return <Text c="dimmed">{mensajeVacia}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={etiqueta}>
      {children}
    </Stack>
  );
}

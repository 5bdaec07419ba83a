import { Badge, Drawer, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { TIENDA } from '../../../../domain/tienda';
import { useFocoDeVuelta } from '../foco-de-vuelta';

/** The phone menu: its own chunk (Drawer brings focus trap, scroll area and portal), loaded on the first open. */
export default function MenuMovil({
  abierto,
  alCerrar,
  enlaces,
  sesion,
  cantidadItems,
}: {
  abierto: boolean;
  alCerrar: () => void;
  enlaces: ReactNode;
  sesion: ReactNode;
  cantidadItems: number;
}) {
  const focoDeVuelta = useFocoDeVuelta(abierto);
  return (
    <Drawer opened={abierto} onClose={alCerrar} title={TIENDA.nombre} hiddenFrom="lg" size="xs" position="right" {...focoDeVuelta}>
      <Stack gap="md" component="nav" aria-label="Principal (móvil)">
        {enlaces}
        <Group gap="xs">{sesion}</Group>
        {cantidadItems > 0 && <Badge variant="light">{cantidadItems} productos en el carrito</Badge>}
      </Stack>
    </Drawer>
  );
}

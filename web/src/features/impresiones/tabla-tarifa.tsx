import { Card, List, Stack, Table, Text, Title } from '@mantine/core';
import { etiquetaDeTramo, type TarifaImpresion } from '../../../../domain/impresion';
import { formatearPrecio } from '../../../../domain/money';

/** The shop's price table as a customer reads it: price per side by break, colour and paper; the finishes. */
export function TablaTarifa({ tarifa }: { tarifa: TarifaImpresion }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="titulo-tarifa">
      <Title order={2} size="h4" id="titulo-tarifa" mb="xs">
        Precios por carilla
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        El tramo se elige por el total de carillas del trabajo (todas las copias). En color, las páginas sin color se cobran como blanco y negro.
      </Text>
      <Table.ScrollContainer minWidth={380} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Precios por carilla' } }}>
        <Table striped verticalSpacing="xs" horizontalSpacing={6} fz="sm" aria-label="Precios por carilla">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cantidad</Table.Th>
              <Table.Th ta="right">B/N A4</Table.Th>
              <Table.Th ta="right">B/N Oficio</Table.Th>
              <Table.Th ta="right">Color A4</Table.Th>
              <Table.Th ta="right">Color Oficio</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tarifa.tramos.map((t, i) => (
              <Table.Tr key={t.desdeCarillas}>
                <Table.Td>{etiquetaDeTramo(tarifa.tramos, i)}</Table.Td>
                <Table.Td ta="right">{formatearPrecio(t.bnA4)}</Table.Td>
                <Table.Td ta="right">{formatearPrecio(t.bnOficio)}</Table.Td>
                <Table.Td ta="right">{formatearPrecio(t.colorA4)}</Table.Td>
                <Table.Td ta="right">{formatearPrecio(t.colorOficio)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4} mt="sm">
        <Text fw={600} size="sm">
          Terminaciones
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>Abrochado: {formatearPrecio(tarifa.abrochado)} por copia</List.Item>
          <List.Item>Anillado: {formatearPrecio(tarifa.anillado)} por copia</List.Item>
          <List.Item>Plastificado: {formatearPrecio(tarifa.plastificado)} por hoja (solo hojas sueltas)</List.Item>
        </List>
      </Stack>
    </Card>
  );
}

import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FORMA_PAGO_LABEL } from '../../../../domain/enums';
import { formatearPrecio, subtotalLinea } from '../../../../domain/money';
import { MENSAJES_PAGO, pagarHasta, pagoParaCliente, sePuedePagar } from '../../../../domain/pago';
import { ESTADO_IMPRESION_LABEL, type TrabajoEnDetalle } from '../../../../domain/impresion';
import { fechaListoEstimado } from '../../../../domain/impresion-fechas';
import { COLOR_ESTADO_IMPRESION, describirOpciones } from '../../../../domain/impresion-texto';
import { nombreDeLinea } from '../../../../domain/venta';
import { mensajeDeError } from '../../api/client';
import { useConfigPublica } from '../../api/config';
import { useVenta, type VentaClienteDetalle } from '../../api/ventas-cliente';
import { paths } from '../../app/paths';
import { Cargando } from '../../components/guards/requiere-rol';
import { BotonPagar, textoPagarHasta, tituloLegible, usePagarPedido } from '../../components/pago/pagar-pedido';
import { EstadoVentaBadge } from './estado-venta-badge';
import { formatearFechaHora } from './formato';

function Dato({ etiqueta, children }: { etiqueta: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {etiqueta}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/**
 * Paying this order online: 'Pagar' while it can be paid, or why it cannot any more (with the
 * catalogue). A refusal of 'Pagar' shows the server's reason here.
 */
function PagoDelPedido({ venta, venceMinutos }: { venta: VentaClienteDetalle; venceMinutos: number }) {
  const [rechazo, setRechazo] = useState<string | null>(null);
  const pagar = usePagarPedido({ alFallar: setRechazo });
  if (venta.formaPago !== 'MERCADOPAGO' || venta.estadoVenta !== 'PENDIENTE') return null;
  const estado = pagoParaCliente(venta, venceMinutos);
  if (estado === 'PAGADO') return null;
  const pagable = sePuedePagar(venta, venceMinutos);
  return (
    <Stack gap="sm" mb="lg">
      {rechazo && (
        <Alert color="red" role="alert" title="No se pudo pagar" styles={tituloLegible('red')}>
          {rechazo}
        </Alert>
      )}
      {pagable ? (
        <Alert color="blue" title="Este pedido todavía no está pagado" styles={tituloLegible('blue')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{textoPagarHasta(pagarHasta(venta.fecha, venceMinutos))} Después, sus productos vuelven al stock.</Text>
            <BotonPagar ventaId={venta.id} pagar={pagar} />
          </Stack>
        </Alert>
      ) : (
        !rechazo && (
          <Alert color="gray" title="Ya no se puede pagar" styles={tituloLegible('gray')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{MENSAJES_PAGO.pagoVencido}</Text>
              <Button component={Link} to={paths.productos} variant="light">
                Ver productos
              </Button>
            </Stack>
          </Alert>
        )
      )}
    </Stack>
  );
}

/** A print line's job: its options, its state in the shop's queue and, while in it, when it is expected ready. */
function TrabajoDeLinea({ trabajo }: { trabajo: TrabajoEnDetalle }) {
  return (
    <Stack gap={2} mt={2}>
      <Text size="xs" c="gray.7">
        {describirOpciones(trabajo.opciones)}
      </Text>
      <Group gap={6}>
        <Badge color={COLOR_ESTADO_IMPRESION[trabajo.estado]} variant="light" c="dark.7" tt="none" data-estado-impresion={trabajo.estado}>
          {ESTADO_IMPRESION_LABEL[trabajo.estado]}
        </Badge>
        {trabajo.listoEstimado && (
          <Text size="xs" c="gray.7">
            Lista aprox. el {fechaListoEstimado(trabajo.listoEstimado)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** Spec screen 11: one of the customer's sales. */
export default function DetalleVentaPage() {
  const { idVenta } = useParams();
  const id = Number(idVenta);
  const { data: venta, isPending, isError, error } = useVenta(id);
  const { data: config } = useConfigPublica();
  const venceMinutos = config?.mercadoPagoVenceMinutos ?? 60;

  const volver = (
    <Button component={Link} to={paths.misCompras} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      Volver
    </Button>
  );

  if (isError || !Number.isInteger(id) || id <= 0) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert" mb="md">
          {isError ? mensajeDeError(error) : 'No se encontró la venta con el ID proporcionado.'}
        </Alert>
        {volver}
      </Container>
    );
  }
  if (isPending) {
    return <Cargando py={80} c="gray.7" />;
  }

  return (
    <Container size="md" py="xl">
      {volver}
      <Title order={1} size="h2" mt="sm" mb="md">
        Venta N° {venta.id}
      </Title>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Dato etiqueta="Fecha">{formatearFechaHora(venta.fecha)}</Dato>
          <Dato etiqueta="Forma de pago">{FORMA_PAGO_LABEL[venta.formaPago]}</Dato>
          <Dato etiqueta="Estado">
            <EstadoVentaBadge venta={venta} venceMinutos={venceMinutos} />
          </Dato>
          <Dato etiqueta="Envío">
            {venta.conEnvio ? 'Con envío a domicilio' : 'Retira en el local'}
            {venta.envio > 0 && ` (${formatearPrecio(venta.envio)})`}
          </Dato>
          <Dato etiqueta="Total">
            <Text fw={800} size="lg">
              {formatearPrecio(venta.total)}
            </Text>
          </Dato>
        </SimpleGrid>
      </Card>
      <PagoDelPedido venta={venta} venceMinutos={venceMinutos} />
      <Card withBorder radius="md" p={0} visibleFrom="sm">
          <Table verticalSpacing="sm" horizontalSpacing="md" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Producto</Table.Th>
                <Table.Th ta="right">Cantidad</Table.Th>
                <Table.Th ta="right">Precio</Table.Th>
                <Table.Th ta="right">Subtotal</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {venta.detalleVentas.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {nombreDeLinea(d)}
                    </Text>
                    {d.trabajoImpresion && <TrabajoDeLinea trabajo={d.trabajoImpresion} />}
                    {d.promocionId ? (
                      <Text size="xs" c="orange.8">
                        Promoción
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{d.cantidad}</Table.Td>
                  <Table.Td ta="right">{formatearPrecio(d.precioAplicado)}</Table.Td>
                  <Table.Td ta="right">{formatearPrecio(subtotalLinea(d.cantidad, d.precioAplicado))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={3} ta="right">
                  Total
                </Table.Th>
                <Table.Th ta="right">{formatearPrecio(venta.total)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
      </Card>
      {/* Phones: one card per line instead of a wide table. */}
      <Stack hiddenFrom="sm" gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Productos de la venta">
        {venta.detalleVentas.map((d) => (
          <Card key={d.id} withBorder radius="md" padding="sm" component="li">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {nombreDeLinea(d)}
            </Text>
            {d.trabajoImpresion && <TrabajoDeLinea trabajo={d.trabajoImpresion} />}
            {d.promocionId ? (
              <Text size="xs" c="orange.8">
                Promoción
              </Text>
            ) : null}
            <Group justify="space-between" mt={4}>
              <Text size="sm" c="gray.7">
                {d.cantidad} × {formatearPrecio(d.precioAplicado)}
              </Text>
              <Text size="sm" fw={700}>
                {formatearPrecio(subtotalLinea(d.cantidad, d.precioAplicado))}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}

import { Alert, Button, Card, Container, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { enlaceWhatsapp } from '../../../../domain/whatsapp';
import { FORMA_PAGO_LABEL } from '../../../../domain/enums';
import { formatearPrecio } from '../../../../domain/money';
import { pagarHasta, sePuedePagar } from '../../../../domain/pago';
import { mensajeDeError } from '../../api/client';
import { useConfigPublica } from '../../api/config';
import { useVentasDeUsuario, type VentaCliente } from '../../api/ventas-cliente';
import { paths } from '../../app/paths';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import { BotonPagar, textoPagarHasta, usePagarPedido } from '../../components/pago/pagar-pedido';
import { useUser } from '../../sesion/usuario-context';
import { EstadoVentaBadge } from './estado-venta-badge';
import { ImpresionesDeVenta, useImpresionesPorVenta } from './impresiones-de-venta';
import { formatearFechaHora } from './formato';

export const mensajeArrepentimiento = (id: number) => `Hola, quiero cancelar mi pedido N° ${id}. ¡Gracias!`;

interface PropsAcciones {
  venta: VentaCliente;
  numeroArrepentimiento?: string;
  venceMinutos: number;
  pagar: ReturnType<typeof usePagarPedido>;
}

function Acciones({ venta, numeroArrepentimiento, venceMinutos, pagar }: PropsAcciones) {
  return (
    <Group gap="xs">
      {sePuedePagar(venta, venceMinutos) && <BotonPagar ventaId={venta.id} pagar={pagar} size="xs" />}
      <Button component={Link} to={paths.detalleVentaCliente(venta.id)} size="xs" variant="light" leftSection={<IconEye size={14} />} aria-label={`Ver detalle de la venta ${venta.id}`}>
        Ver detalle
      </Button>
      {venta.estadoVenta === 'PENDIENTE' && numeroArrepentimiento && (
        <Button
          component="a"
          href={enlaceWhatsapp(numeroArrepentimiento, mensajeArrepentimiento(venta.id))}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          color="red.9"
          variant="outline"
          leftSection={<IconBrandWhatsapp size={14} />}
          aria-label={`Arrepentimiento: pedir la cancelación de la venta ${venta.id}`}
        >
          Arrepentimiento
        </Button>
      )}
    </Group>
  );
}

/** The order's state and its payment's, and until when it can be paid. */
function Estados({ venta, venceMinutos, impresiones }: { venta: VentaCliente; venceMinutos: number; impresiones: ReturnType<typeof useImpresionesPorVenta> }) {
  return (
    <Stack gap={4}>
      <EstadoVentaBadge venta={venta} venceMinutos={venceMinutos} />
      <ImpresionesDeVenta trabajos={impresiones.get(venta.id)} />
      {sePuedePagar(venta, venceMinutos) && (
        <Text size="xs" c="gray.7">
          {textoPagarHasta(pagarHasta(venta.fecha, venceMinutos))}
        </Text>
      )}
    </Stack>
  );
}

/** Spec screen 10: the customer's purchases. */
export default function MisComprasPage() {
  const { usuario } = useUser();
  const { data: ventas, isPending, isError, error } = useVentasDeUsuario(usuario?.id);
  const { data: config } = useConfigPublica();
  const numero = config?.whatsappArrepentimiento;
  const venceMinutos = config?.mercadoPagoVenceMinutos ?? 60;
  const pagar = usePagarPedido();
  const impresiones = useImpresionesPorVenta(usuario !== null);

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Mis compras
      </Title>
      {isError && (
        <Alert color="red" role="alert">
          {mensajeDeError(error, 'No se pudieron cargar tus compras.')}
        </Alert>
      )}
      {isPending && (
        <Stack role="status" aria-label="Cargando compras">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={48} radius="sm" />
          ))}
        </Stack>
      )}
      {ventas && ventas.length === 0 && (
        <Card withBorder radius="md" p="xl" ta="center">
          <Text c="gray.7" mb="md">
            Todavía no hiciste compras.
          </Text>
          <Group justify="center">
            <Button component={Link} to={paths.productos}>
              Ver productos
            </Button>
          </Group>
        </Card>
      )}
      {ventas && ventas.length > 0 && (
        <>
          <Card withBorder radius="md" p={0} visibleFrom="sm">
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>Nro venta</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Forma de pago</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ventas.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td fw={600}>{v.id}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatearFechaHora(v.fecha)}</Table.Td>
                    <Table.Td>{FORMA_PAGO_LABEL[v.formaPago]}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatearPrecio(v.total)}</Table.Td>
                    <Table.Td>
                      <Estados venta={v} venceMinutos={venceMinutos} impresiones={impresiones} />
                    </Table.Td>
                    <Table.Td>
                      <Acciones venta={v} numeroArrepentimiento={numero} venceMinutos={venceMinutos} pagar={pagar} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Stack hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Compras">
            {ventas.map((v) => (
              <Card key={v.id} withBorder radius="md" padding="md" component="li">
                <Group justify="space-between" mb={4}>
                  <Text fw={700}>Venta N° {v.id}</Text>
                  <Text fw={700}>{formatearPrecio(v.total)}</Text>
                </Group>
                <Text size="sm" c="gray.7">
                  {formatearFechaHora(v.fecha)} · {FORMA_PAGO_LABEL[v.formaPago]}
                </Text>
                <Group mt="xs" mb="sm">
                  <Estados venta={v} venceMinutos={venceMinutos} impresiones={impresiones} />
                </Group>
                <Acciones venta={v} numeroArrepentimiento={numero} venceMinutos={venceMinutos} pagar={pagar} />
              </Card>
            ))}
          </Stack>
        </>
      )}
      <WhatsappFlotante mensaje="¡Hola! Quisiera consultar por una compra." />
    </Container>
  );
}

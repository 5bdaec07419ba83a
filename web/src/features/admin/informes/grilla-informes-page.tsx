import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Alert, Card, ColorSwatch, Container, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { ESTADO_COBRO_LABEL, ticketPromedio } from '../../../../../domain/cierre';
import { FORMA_PAGO_LABEL, type FormaPago } from '../../../../../domain/enums';
import { MENSAJES } from '../../../../../domain/mensajes';
import { formatearPrecio } from '../../../../../domain/money';
import { descargarCierreDelDia, descargarCierreEntreFechas, useResumenVentas } from '../../../api/admin-informes';
import { mensajeDeError } from '../../../api/client';
import { Cargando } from '../../../components/guards/requiere-rol';
import { diaMendoza, formatearFecha, primerDiaDelMes } from '../comun/fechas';
import { BotonOcupado } from '../comun/boton-ocupado';

const COLORES = ['azul.6', 'teal.6', 'orange.6', 'grape.6', 'yellow.6', 'red.6'];
const etiquetaForma = (f: string) => FORMA_PAGO_LABEL[f as FormaPago] ?? f;

/** Spec screen 24 'Informes de Cierre de Caja', plus the month at a glance. */
export default function GrillaInformesPage() {
  const [desde, setDesde] = useState(primerDiaDelMes());
  const [hasta, setHasta] = useState(diaMendoza());
  const [error, setError] = useState('');
  const [descargando, setDescargando] = useState<'hoy' | 'rango' | null>(null);

  const descargar = async (cual: 'hoy' | 'rango') => {
    if (cual === 'rango' && (!desde || !hasta)) return setError(MENSAJES.seleccionaAmbasFechas);
    if (cual === 'rango' && desde > hasta) return setError(MENSAJES.rangoFechasInvertido);
    setError('');
    setDescargando(cual);
    try {
      await (cual === 'hoy' ? descargarCierreDelDia() : descargarCierreEntreFechas(desde, hasta));
    } catch (e) {
      notifications.show({ color: 'red', message: mensajeDeError(e, 'Error al descargar el informe') });
    } finally {
      setDescargando(null);
    }
  };

  return (
    <Container size="xl" py="lg">
      <Title order={1} size="h2" mb="md">
        Informes de Cierre de Caja
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="lg">
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Cierre del día
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Planilla con las ventas de hoy ({formatearFecha(diaMendoza())}).
          </Text>
          <BotonOcupado leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void descargar('hoy')} ocupado={descargando === 'hoy'}>
            Cierre del día
          </BotonOcupado>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Entre fechas
          </Title>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput type="date" label="Desde" value={desde} onChange={(e) => setDesde(e.currentTarget.value)} />
            <TextInput type="date" label="Hasta" value={hasta} onChange={(e) => setHasta(e.currentTarget.value)} />
            <BotonOcupado leftSection={<IconCalendarEvent size={16} />} onClick={() => void descargar('rango')} ocupado={descargando === 'rango'}>
              Cierre entre fechas
            </BotonOcupado>
          </Group>
          {error && (
            <Text c="red" role="alert" mt="sm">
              {error}
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      <Resumen desde={desde} hasta={hasta} />
    </Container>
  );
}

function Resumen({ desde, hasta }: { desde: string; hasta: string }) {
  const { data, isPending, isError, error } = useResumenVentas(desde, hasta);
  if (!desde || !hasta) return null;
  if (desde > hasta) return <Alert color="orange">{MENSAJES.rangoFechasInvertido}</Alert>;
  if (isPending) return <Cargando />;
  if (isError) return <Alert color="red">{mensajeDeError(error, MENSAJES.errorCargarDatos)}</Alert>;

  const porDia = data.porDia.map((d) => ({ dia: formatearFecha(d.fecha).slice(0, 5), Ventas: d.cantidad, Total: d.total }));
  const porForma = data.porFormaPago.map((f, i) => ({ name: etiquetaForma(f.formaPago), value: f.total, color: COLORES[i % COLORES.length] ?? 'gray.6' }));
  const top = data.topPorUnidades.map((p) => ({ producto: p.denominacion, Unidades: p.unidades }));

  return (
    <Stack gap="lg" component="section" aria-label="Resumen de ventas">
      <Title order={2} size="h3">
        Ventas del {formatearFecha(desde)} al {formatearFecha(hasta)}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }}>
        <Cifra titulo="Total vendido" valor={formatearPrecio(data.total)} />
        <Cifra titulo={ESTADO_COBRO_LABEL.COBRADO} valor={formatearPrecio(data.cobrado)} />
        <Cifra titulo={ESTADO_COBRO_LABEL.PENDIENTE} valor={formatearPrecio(data.pendiente)} />
        <Cifra titulo="Cantidad de ventas" valor={String(data.cantidadVentas)} />
        <Cifra titulo="Ticket promedio" valor={formatearPrecio(ticketPromedio(data.total, data.cantidadVentas))} />
        <Cifra
          titulo="No cobradas (pago rechazado o vencido)"
          valor={formatearPrecio(data.noCobradas.total)}
          detalle={`${data.noCobradas.cantidad} ${data.noCobradas.cantidad === 1 ? 'venta' : 'ventas'}, fuera de los totales`}
        />
      </SimpleGrid>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="md">
          Ventas por día
        </Title>
        {data.cantidadVentas === 0 ? (
          <Text c="dimmed">No hay ventas en el período.</Text>
        ) : (
          <>
            {/* The chart is a picture of the table below it: screen readers read the table instead. */}
            <BarChart
              h={260}
              data={porDia}
              dataKey="dia"
              series={[{ name: 'Total', color: 'azul.6' }]}
              yAxisProps={{ width: 96 }}
              valueFormatter={(v) => formatearPrecio(v)}
              aria-hidden
            />
            <Table aria-label="Ventas por día" className="visually-hidden">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Día</Table.Th>
                  <Table.Th>Ventas</Table.Th>
                  <Table.Th>Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.porDia.map((d) => (
                  <Table.Tr key={d.fecha}>
                    <Table.Td>{formatearFecha(d.fecha)}</Table.Td>
                    <Table.Td>{d.cantidad}</Table.Td>
                    <Table.Td>{formatearPrecio(d.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="md">
            Por forma de pago
          </Title>
          {porForma.length === 0 ? (
            <Text c="dimmed">Sin datos.</Text>
          ) : (
            <Group align="center" wrap="wrap" justify="center">
              <DonutChart data={porForma} size={160} thickness={28} valueFormatter={(v) => formatearPrecio(v)} pieProps={{ rootTabIndex: -1 }} aria-hidden />
              <Table aria-label="Totales por forma de pago" w="auto">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Forma de pago</Table.Th>
                    <Table.Th ta="right">Ventas</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {porForma.map((f, i) => (
                    <Table.Tr key={f.name}>
                      <Table.Td>
                        {/* The table is the donut's legend: each method with its colour. */}
                        <Group gap={8} wrap="nowrap">
                          <ColorSwatch color={`var(--mantine-color-${f.color.replace('.', '-')})`} size={14} aria-hidden data-color-de-forma={f.color} />
                          {f.name}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{data.porFormaPago[i]?.cantidad}</Table.Td>
                      <Table.Td ta="right">{formatearPrecio(f.value)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Group>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="md">
            Productos más vendidos
          </Title>
          {top.length === 0 ? (
            <Text c="dimmed">Sin datos.</Text>
          ) : (
            <>
              <BarChart h={Math.max(160, top.length * 36)} data={top} dataKey="producto" orientation="vertical" yAxisProps={{ width: 140 }} series={[{ name: 'Unidades', color: 'teal.6' }]} aria-hidden />
              <Table mt="sm" aria-label="Productos más vendidos">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Producto</Table.Th>
                    <Table.Th ta="right">Unidades</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.topPorUnidades.map((p) => (
                    <Table.Tr key={p.productoId}>
                      <Table.Td>{p.denominacion}</Table.Td>
                      <Table.Td ta="right">{p.unidades}</Table.Td>
                      <Table.Td ta="right">{formatearPrecio(p.importe)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

function Cifra({ titulo, valor, detalle }: { titulo: string; valor: string; detalle?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {titulo}
      </Text>
      <Text fw={700} size="xl">
        {valor}
      </Text>
      {detalle && (
        <Text size="xs" c="dimmed">
          {detalle}
        </Text>
      )}
    </Card>
  );
}

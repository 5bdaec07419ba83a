import { Badge, Button, Card, Container, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ESTADO_COBRO_LABEL, estadoDeCobro, type EstadoCobro } from '../../../../../domain/cierre';
import { ESTADO_PAGO_LABEL, ESTADO_VENTA_LABEL, FORMA_PAGO_LABEL } from '../../../../../domain/enums';
import { MENSAJES } from '../../../../../domain/mensajes';
import { formatearPrecio } from '../../../../../domain/money';
import { motivoNoSeElimina } from '../../../../../domain/venta';
import { useEliminarVenta, useEliminarVentasEntreFechas, useGrillaVentas, type VentaResumen } from '../../../api/admin-ventas';
import { ApiError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { AccionesFila } from '../comun/acciones-fila';
import { TRANSICION_MODAL } from '../comun/confirmar-modal';
import { Encabezado } from '../comun/encabezado';
import { formatearFecha } from '../comun/fechas';
import { Paginacion } from '../comun/paginacion';
import { PanelFiltros } from '../comun/panel-filtros';
import { SegunConsulta } from '../comun/segun-consulta';
import { TablaAdmin } from '../comun/tabla-admin';
import { TarjetasAdmin } from '../comun/tarjetas-admin';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';

const POR_PAGINA = 20;

/** Spec screen 13: every sale, online and at the counter. */
export default function GrillaPedidosPage() {
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [pagina, setPagina] = useState(1);
  // An inverted range is not asked for: the list is hidden (not left showing the last good range) and the error says why.
  const invertido = Boolean(desde && hasta && desde > hasta);
  const [rango, setRango] = useState({ desde: '', hasta: '' });
  if (!invertido && (rango.desde !== desde || rango.hasta !== hasta)) setRango({ desde, hasta });
  const consulta = useGrillaVentas({
    desde: rango.desde || undefined,
    hasta: rango.hasta || undefined,
    pagina,
    porPagina: POR_PAGINA,
  });
  const [masivoAbierto, setMasivoAbierto] = useState(false);
  const eliminar = useEliminarVenta();
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<VentaResumen>({
    eliminar,
    pregunta: (v) => MENSAJES.confirmarEliminarVenta(v.id),
    onEliminado: (v) => notifications.show({ color: 'green', message: `Venta nro ${v.id} eliminada.` }),
  });
  const movil = useMediaQuery('(max-width: 40em)');

  const limpiarFiltros = () => {
    setDesde('');
    setHasta('');
    setPagina(1);
  };

  return (
    <Container size="xl" py="lg">
      <Encabezado titulo="Pedidos">
        <Button component={Link} to={paths.formVenta(0)} leftSection={<IconPlus size={16} />}>
          Nueva venta
        </Button>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setMasivoAbierto(true)}>
          Eliminar pedidos
        </Button>
      </Encabezado>

      <PanelFiltros>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput type="date" label="Desde" value={desde} onChange={(e) => (setDesde(e.currentTarget.value), setPagina(1))} />
          <TextInput type="date" label="Hasta" value={hasta} onChange={(e) => (setHasta(e.currentTarget.value), setPagina(1))} />
          <Button variant="default" leftSection={<IconX size={16} />} onClick={limpiarFiltros} disabled={!desde && !hasta}>
            Limpiar filtros
          </Button>
        </Group>
        {invertido && (
          <Text c="red" size="sm" mt="xs" role="alert">
            {MENSAJES.rangoFechasInvertido}
          </Text>
        )}
      </PanelFiltros>

      {!invertido && (
      <SegunConsulta consulta={consulta} mensajeError="No se pudieron cargar las ventas.">
        {(data) => (
          <>
            {movil ? (
              <TarjetasAdmin etiqueta="Ventas" vacia={data.items.length === 0} mensajeVacia="No hay ventas para mostrar.">
                {data.items.map((v) => (
                  <TarjetaVenta key={v.id} venta={v} onEliminar={() => pedirEliminar(v)} />
                ))}
              </TarjetasAdmin>
            ) : (
              <TablaAdmin
                etiqueta="Ventas"
                anchoMinimo={860}
                columnas={['Nro venta', 'Cliente', 'Fecha', 'Forma de pago', { titulo: 'Total', derecha: true }, 'Estado', 'Acciones']}
                vacia={data.items.length === 0}
                mensajeVacia="No hay ventas para mostrar."
              >
                {data.items.map((v) => {
                  const concluida = v.estadoVenta === 'CONCLUIDO';
                  return (
                    <Table.Tr key={v.id} bg={concluida ? 'var(--mantine-color-green-0)' : undefined} data-estado={v.estadoVenta}>
                      <Table.Td fw={600}>{v.id}</Table.Td>
                      <Table.Td>{v.user?.usuario ?? <Text span c="dimmed">Mostrador</Text>}</Table.Td>
                      <Table.Td>{formatearFecha(v.fecha)}</Table.Td>
                      <Table.Td>
                        <Stack gap={2}>
                          <span>{FORMA_PAGO_LABEL[v.formaPago] ?? v.formaPago}</span>
                          {v.estadoPago && (
                            <Badge size="xs" variant="outline" color={v.estadoPago === 'APROBADO' ? 'green' : v.estadoPago === 'PENDIENTE' ? 'yellow' : 'red'}>
                              {ESTADO_PAGO_LABEL[v.estadoPago]}
                            </Badge>
                          )}
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatearPrecio(v.total)}
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={2} align="flex-start">
                          <Badge color={concluida ? 'green' : 'orange'} variant={concluida ? 'filled' : 'light'}>
                            {ESTADO_VENTA_LABEL[v.estadoVenta]}
                          </Badge>
                          <BadgeCobro venta={v} />
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <AccionesFila
                          nombre={`venta nro ${v.id}`}
                          editarHref={paths.formVenta(v.id)}
                          onEliminar={() => pedirEliminar(v)}
                          motivoNoEliminar={motivoNoSeElimina(v) ?? undefined}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </TablaAdmin>
            )}
            <Paginacion pagina={data.pagina} porPagina={data.porPagina} total={data.total} onCambiar={setPagina} />
          </>
        )}
      </SegunConsulta>
      )}

      {modalEliminar}

      <EliminarPedidosModal abierto={masivoAbierto} onCerrar={() => setMasivoAbierto(false)} onEliminadas={limpiarFiltros} />
    </Container>
  );
}

const COLOR_COBRO: Record<EstadoCobro, string> = { COBRADO: 'green', PENDIENTE: 'yellow', NO_COBRADO: 'red' };

/** How the sale counts in the cash closing (domain/cierre.ts), as the dashboard and the spreadsheet count it. */
function BadgeCobro({ venta }: { venta: VentaResumen }) {
  const cobro = estadoDeCobro(venta);
  return (
    <Badge size="xs" variant="outline" color={COLOR_COBRO[cobro]} data-cobro={cobro}>
      {ESTADO_COBRO_LABEL[cobro]}
    </Badge>
  );
}

/** A sale as a card, for phones. */
function TarjetaVenta({ venta: v, onEliminar }: { venta: VentaResumen; onEliminar: () => void }) {
  const concluida = v.estadoVenta === 'CONCLUIDO';
  const noSeElimina = motivoNoSeElimina(v);
  return (
    <Card component="li" withBorder padding="sm" bg={concluida ? 'var(--mantine-color-green-0)' : undefined} data-estado={v.estadoVenta}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={700}>Venta nro {v.id}</Text>
          <Text size="sm" c="dimmed">
            {formatearFecha(v.fecha)} · {v.user?.usuario ?? 'Mostrador'}
          </Text>
        </div>
        <Stack gap={2} align="flex-end">
          <Badge color={concluida ? 'green' : 'orange'} variant={concluida ? 'filled' : 'light'}>
            {ESTADO_VENTA_LABEL[v.estadoVenta]}
          </Badge>
          <BadgeCobro venta={v} />
        </Stack>
      </Group>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <div>
          <Text size="sm">{FORMA_PAGO_LABEL[v.formaPago] ?? v.formaPago}</Text>
          {v.estadoPago && (
            <Badge size="xs" variant="outline" color={v.estadoPago === 'APROBADO' ? 'green' : v.estadoPago === 'PENDIENTE' ? 'yellow' : 'red'}>
              {ESTADO_PAGO_LABEL[v.estadoPago]}
            </Badge>
          )}
        </div>
        <Text fw={700}>{formatearPrecio(v.total)}</Text>
      </Group>
      <Group gap="xs" mt="sm" justify="flex-end">
        <Button size="xs" variant="light" component={Link} to={paths.formVenta(v.id)} leftSection={<IconEdit size={14} />} aria-label={`Editar venta nro ${v.id}`}>
          Editar
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onEliminar}
          disabled={noSeElimina !== null}
          aria-label={`Eliminar venta nro ${v.id}`}
        >
          Eliminar
        </Button>
      </Group>
      {/* No hover on a phone: the reason is written under the disabled button. */}
      {noSeElimina && (
        <Text size="xs" c="dimmed" mt={4} ta="right">
          {noSeElimina}
        </Text>
      )}
    </Card>
  );
}

/** 'Eliminar pedidos': every sale of whole Mendoza days between two dates, after a confirmation. */
function EliminarPedidosModal({ abierto, onCerrar, onEliminadas }: { abierto: boolean; onCerrar: () => void; onEliminadas: () => void }) {
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [error, setError] = useState('');
  const [confirmando, setConfirmando] = useState(false);
  const eliminar = useEliminarVentasEntreFechas();

  const cerrar = () => {
    setDesde('');
    setHasta('');
    setError('');
    setConfirmando(false);
    onCerrar();
  };

  const pedirConfirmacion = () => {
    if (!desde || !hasta) {
      setError(MENSAJES.completaAmbasFechas);
      return;
    }
    setError('');
    setConfirmando(true);
  };

  const ejecutar = () => {
    eliminar.mutate(
      { desde, hasta },
      {
        onSuccess: (ok) => {
          if (ok) {
            notifications.show({ color: 'green', message: MENSAJES.ventasEliminadas });
            onEliminadas();
          } else notifications.show({ color: 'blue', message: MENSAJES.sinVentasEntreFechas });
        },
        // A refusal (409: paid sales in the range) says why; anything else keeps the spec's message.
        onError: (e) => notifications.show({ color: 'red', message: e instanceof ApiError && e.status < 500 ? e.message : MENSAJES.errorEliminarVentas }),
        onSettled: cerrar,
      },
    );
  };

  return (
    <Modal opened={abierto} onClose={cerrar} title="Eliminar pedidos" centered {...TRANSICION_MODAL}>
      {confirmando ? (
        <>
          <Text>{MENSAJES.confirmarEliminarVentasEntre(formatearFecha(desde), formatearFecha(hasta))}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirmando(false)} disabled={eliminar.isPending}>
              Cancelar
            </Button>
            <Button color="red" onClick={ejecutar} loading={eliminar.isPending}>
              Sí, eliminar
            </Button>
          </Group>
        </>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            Se eliminan las ventas de los días completos entre ambas fechas, inclusive.
          </Text>
          <Group grow wrap="wrap">
            <TextInput type="date" label="Desde" value={desde} onChange={(e) => setDesde(e.currentTarget.value)} />
            <TextInput type="date" label="Hasta" value={hasta} onChange={(e) => setHasta(e.currentTarget.value)} />
          </Group>
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={cerrar}>
              Cancelar
            </Button>
            <Button color="red" onClick={pedirConfirmacion}>
              Eliminar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

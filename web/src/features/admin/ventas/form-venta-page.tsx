import { Alert, Anchor, Button, Container, Group, NativeSelect, Paper, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ESTADO_VENTA_LABEL, FORMA_PAGO_LABEL, opciones, type EstadoVenta, type FormaPago } from '../../../../../domain/enums';
import { MENSAJES } from '../../../../../domain/mensajes';
import { formatearPrecio, subtotalLinea, totalVenta } from '../../../../../domain/money';
import { leerNumero, numeroParaEditar } from '../../../../../domain/numeros';
import { motivoMontoFijo, nombreDeLinea } from '../../../../../domain/venta';
import { ApiError } from '../../../api/client';
import { useActualizarVenta, useEliminarDetalleVenta, useVenta, type DetalleVenta } from '../../../api/admin-ventas';
import { paths } from '../../../app/paths';
import { Cargando } from '../../../components/guards/requiere-rol';
import { useUser } from '../../../sesion/usuario-context';
import { AccionesFila } from '../comun/acciones-fila';
import { diaMendoza } from '../comun/fechas';
import { FilaVacia } from '../comun/fila-vacia';
import { PieFormulario } from '../comun/pie-formulario';
import { TablaDesplazable } from '../comun/tabla-desplazable';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';
import { estadoConVentaNueva, ventaNuevaDe } from './venta-nueva';

const ESTADOS = opciones(ESTADO_VENTA_LABEL).map(({ key, nombre }) => ({ value: key, label: nombre }));
const FORMAS = opciones(FORMA_PAGO_LABEL).map(({ key, nombre }) => ({ value: key, label: nombre }));

/** Spec screen 19: 'Formulario de Venta', a counter sale or an online order being edited. */
export default function FormVentaPage() {
  const id = Number(useParams().idVenta ?? 0) || 0;
  const navigate = useNavigate();
  const location = useLocation();
  const { usuario } = useUser();
  const venta = useVenta(id);
  const actualizar = useActualizarVenta();
  const eliminarDetalle = useEliminarDetalleVenta();

  // A new sale: what was typed before going to the line form comes back with 'Volver'.
  const [nueva] = useState(() => ventaNuevaDe(location.state));
  const [fecha, setFecha] = useState(nueva.fecha);
  const [envioTexto, setEnvioTexto] = useState(numeroParaEditar(nueva.envio));
  const [estadoVenta, setEstadoVenta] = useState<EstadoVenta>(nueva.estadoVenta);
  const [formaPago, setFormaPago] = useState<FormaPago>(nueva.formaPago);
  const [error, setError] = useState('');
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<DetalleVenta>({
    eliminar: eliminarDetalle,
    pregunta: (d) => MENSAJES.confirmarEliminarDetalle(nombreDeLinea(d)),
    onEliminado: (d) => notifications.show({ color: 'green', message: `Se eliminó ${nombreDeLinea(d)} de la venta.` }),
    // A refusal (409: a paid or concluded sale) says why; anything else keeps the spec's message.
    onError: (e) => setError(e instanceof ApiError && e.status < 500 ? e.message : MENSAJES.errorEliminarDetalle),
  });

  // Fill the form when the sale arrives; a refresh after a line changes keeps what the admin typed.
  const cargada = venta.data;
  const [idCargado, setIdCargado] = useState(0);
  if (cargada && idCargado !== cargada.id) {
    setIdCargado(cargada.id);
    setFecha(diaMendoza(cargada.fecha));
    setEnvioTexto(numeroParaEditar(cargada.envio));
    setEstadoVenta(cargada.estadoVenta);
    setFormaPago(cargada.formaPago);
  }

  if (id > 0 && venta.isPending) return <Cargando />;
  if (id > 0 && venta.isError) {
    const mensaje = venta.error instanceof ApiError && venta.error.status === 404 ? MENSAJES.ventaNoEncontrada : MENSAJES.errorObtenerVenta;
    return (
      <Container size="md" py="lg">
        <Alert color="red" title={MENSAJES.errorCargarVenta}>
          {mensaje}
        </Alert>
        <Button mt="md" variant="default" component={Link} to={paths.grillaPedidos} leftSection={<IconArrowLeft size={16} />}>
          Volver
        </Button>
      </Container>
    );
  }

  // Shipping as es-AR writes it ('1.500' is fifteen hundred: domain/numeros.ts); empty is no shipping.
  const envioLeido = leerNumero(envioTexto);
  const errorEnvio =
    !envioLeido.ok && envioLeido.motivo === 'formato'
      ? MENSAJES.numeroInvalido('El envío')
      : envioLeido.ok && envioLeido.valor < 0
        ? MENSAJES.envioNoNegativo
        : undefined;
  const envio = envioLeido.ok && !errorEnvio ? envioLeido.valor : 0;
  const detalles = cargada?.detalleVentas ?? [];
  const total = totalVenta(
    detalles.map((d) => ({ cantidad: d.cantidad, precio: d.precioAplicado })),
    Number.isFinite(envio) ? envio : 0,
  );
  const datos = { estadoVenta, formaPago, envio: Number.isFinite(envio) ? envio : 0 };
  // Paid online or concluded (as saved, not as the select shows): the amount and payment method stay (docs/decisions/044).
  const fijo = cargada ? motivoMontoFijo(cargada) : null;

  const agregarProducto = () => {
    if (errorEnvio) return setError(errorEnvio);
    setError('');
    if (id > 0) {
      navigate(paths.formDetalleVenta(id, 0));
      return;
    }
    // A new sale is not saved here: the line form creates it with its first line, so going back
    // without one leaves nothing behind (docs/decisions/019). What was typed goes along, and is kept
    // in this entry too for the browser's back button.
    const estado = estadoConVentaNueva({ ...datos, fecha });
    navigate(location.pathname, { replace: true, state: estado });
    navigate(paths.formDetalleVenta(0, 0), { state: estado });
  };

  const guardar = () => {
    if (!usuario) return setError(MENSAJES.noHayUsuarioAutenticado);
    if (errorEnvio) return setError(errorEnvio);
    if (!(total > 0)) return setError(MENSAJES.totalVentaMayorACero);
    if (detalles.length === 0 || id <= 0) return setError(MENSAJES.ventaSinDetalles);
    setError('');
    actualizar.mutate(
      { id, datos },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: MENSAJES.pedidoGuardado });
          navigate(paths.grillaPedidos);
        },
        onError: (e) => setError(e instanceof ApiError && e.status < 500 ? e.message : MENSAJES.errorGuardarVenta),
      },
    );
  };

  return (
    <Container size="md" py="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          Formulario de Venta
        </Title>
        {id > 0 && <Text c="dimmed">Venta nro {id}</Text>}
      </Group>
      {cargada?.listaEscolar && (
        // A cart order that came from a school list (issue 20): the list's figures count it.
        <Text size="sm" mb="sm">
          Pedido desde la lista escolar{' '}
          <Anchor component={Link} to={paths.formListaEscolar(cargada.listaEscolar.id)}>
            {cargada.listaEscolar.escuela}, {cargada.listaEscolar.grado} {cargada.listaEscolar.anio}
          </Anchor>
        </Text>
      )}
      <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), guardar())} aria-label="Formulario de Venta">
        {fijo && (
          <Alert color="blue" mb="md" data-monto-fijo>
            {fijo}
          </Alert>
        )}
        <Group mb="md">
          <Button type="button" leftSection={<IconPlus size={16} />} onClick={agregarProducto} disabled={fijo !== null}>
            Agregar producto
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput type="date" label="Fecha" value={fecha} onChange={(e) => setFecha(e.currentTarget.value)} disabled={id > 0} required />
          <TextInput label="Total" value={formatearPrecio(total)} readOnly aria-readonly variant="filled" />
          <TextInput
            label="Envío"
            inputMode="decimal"
            placeholder="0,00"
            leftSection="$"
            value={envioTexto}
            onChange={(e) => setEnvioTexto(e.currentTarget.value)}
            error={errorEnvio}
            disabled={fijo !== null}
          />
          <NativeSelect label="Estado" data={ESTADOS} value={estadoVenta} onChange={(e) => setEstadoVenta(e.currentTarget.value as EstadoVenta)} />
          <NativeSelect
            label="Forma de pago"
            data={FORMAS}
            value={formaPago}
            onChange={(e) => setFormaPago(e.currentTarget.value as FormaPago)}
            disabled={fijo !== null}
          />
        </SimpleGrid>

        <Title order={2} size="h4" mt="xl" mb="xs">
          Detalles
        </Title>
        <TablaDesplazable etiqueta="Detalles de la venta" anchoMinimo={480}>
          <Table aria-label="Detalles de la venta" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cantidad</Table.Th>
                <Table.Th>Producto</Table.Th>
                <Table.Th ta="right">Subtotal</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detalles.length === 0 ? (
                <FilaVacia columnas={4} py="sm">
                  No hay detalles de venta.
                </FilaVacia>
              ) : (
                detalles.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{d.cantidad}</Table.Td>
                    <Table.Td>{nombreDeLinea(d)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatearPrecio(subtotalLinea(d.cantidad, d.precioAplicado))}
                    </Table.Td>
                    <Table.Td>
                      <AccionesFila
                        nombre={`detalle de ${nombreDeLinea(d)}`}
                        editarHref={fijo ? undefined : paths.formDetalleVenta(id, d.id)}
                        onEliminar={() => pedirEliminar(d)}
                        motivoNoEliminar={fijo ?? undefined}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </TablaDesplazable>

        {error && (
          <Text c="red" role="alert" mt="md">
            {error}
          </Text>
        )}
        <PieFormulario volverA={paths.grillaPedidos} guardando={actualizar.isPending} />
      </Paper>

      {modalEliminar}
    </Container>
  );
}

import { Alert, Button, Container, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MENSAJES, mensajeCantidadMayorAlStock } from '../../../../../domain/mensajes';
import { formatearPrecio } from '../../../../../domain/money';
import { nombreDeLinea } from '../../../../../domain/venta';
import { useProducto, type SugerenciaProducto } from '../../../api/admin-productos';
import {
  useCrearVenta,
  useDetalleVenta,
  useDetallesDeVenta,
  useEliminarDetalleVenta,
  useGuardarDetalleVenta,
  type DetalleVenta,
} from '../../../api/admin-ventas';
import { ApiError, mensajeDeError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { Cargando } from '../../../components/guards/requiere-rol';
import { BuscadorProducto } from '../comun/buscador-producto';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';
import { estadoConVentaNueva, ventaNuevaDe } from './venta-nueva';
import { BotonOcupado } from '../comun/boton-ocupado';

type ProductoElegido = Pick<SugerenciaProducto, 'id' | 'denominacion' | 'codigo' | 'precio'> & { stock?: number };

/** Spec screen 20: one line of a sale, new or edited, with the sale's lines below. */
export default function FormDetalleVentaPage() {
  const params = useParams();
  const idVenta = Number(params.idVenta ?? 0) || 0;
  const idDetalle = Number(params.idDetalleVenta ?? 0) || 0;
  const editando = idDetalle > 0;
  const navigate = useNavigate();
  const location = useLocation();
  // Sale 0: not stored yet; its first line creates it with what the sale form carried here.
  const [ventaNueva] = useState(() => ventaNuevaDe(location.state));
  const esVentaNueva = idVenta === 0;

  const detalle = useDetalleVenta(idDetalle);
  const detalles = useDetallesDeVenta(idVenta);
  const guardar = useGuardarDetalleVenta();
  const crear = useCrearVenta();
  const eliminar = useEliminarDetalleVenta();

  const [cantidad, setCantidad] = useState<number | ''>(1);
  const [producto, setProducto] = useState<ProductoElegido | null>(null);
  const [error, setError] = useState('');
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<DetalleVenta>({
    eliminar,
    pregunta: (d) => MENSAJES.confirmarEliminarDetalle(nombreDeLinea(d)),
    onEliminado: (d) => {
      notifications.show({ color: 'green', message: `Se eliminó ${nombreDeLinea(d)} de la venta.` });
      if (d.id === idDetalle) navigate(paths.formVenta(idVenta));
    },
    // A refusal (409: a paid or concluded sale) says why; anything else keeps the spec's message.
    onError: (e) => setError(e instanceof ApiError && e.status < 500 ? e.message : MENSAJES.errorEliminarDetalle),
  });

  const [idCargado, setIdCargado] = useState(0);

  // The edited line fills the form once.
  if (detalle.data && idCargado !== detalle.data.id) {
    setIdCargado(detalle.data.id);
    setCantidad(detalle.data.cantidad);
    setProducto(detalle.data.producto ?? null);
  }

  // The product's current stock; an edited line may also keep the units it already holds.
  const actual = useProducto(producto?.id ?? 0);
  const stockProducto = actual.data?.stock ?? producto?.stock;
  const reservado = editando && detalle.data && producto && detalle.data.producto?.id === producto.id ? detalle.data.cantidad : 0;
  const disponible = stockProducto === undefined ? undefined : stockProducto + reservado;

  if (editando && detalle.isPending) return <Cargando />;
  if (editando && detalle.isError) {
    return (
      <Container size="sm" py="lg">
        <Alert color="red">
          {detalle.error instanceof ApiError && detalle.error.status === 404 ? MENSAJES.detalleNoEncontrado : MENSAJES.errorObtenerDetalle}
        </Alert>
        <Button mt="md" variant="default" component={Link} to={paths.formVenta(idVenta)} leftSection={<IconArrowLeft size={16} />}>
          Volver
        </Button>
      </Container>
    );
  }

  const elegir = (p: ProductoElegido) => {
    setProducto(p);
    setError('');
  };

  const limpiar = () => {
    setProducto(null);
    setCantidad(1);
  };

  const enviar = () => {
    if (typeof cantidad !== 'number' || !(cantidad > 0)) return setError(MENSAJES.cantidadInvalida);
    if (!producto?.id) return setError(MENSAJES.productoInvalido);
    if (disponible !== undefined && disponible <= 0) return setError(MENSAJES.productoSinStock);
    if (disponible !== undefined && cantidad > disponible) return setError(mensajeCantidadMayorAlStock(disponible));
    setError('');
    if (esVentaNueva && !editando) {
      crear.mutate(
        { ...ventaNueva, detalleVentas: [{ cantidad, producto: { id: producto.id } }] },
        {
          onSuccess: (creada) => {
            if (typeof creada?.id !== 'number') return setError(MENSAJES.noSePudoGuardarVenta);
            notifications.show({ color: 'green', message: MENSAJES.detalleAgregado });
            limpiar();
            // The sale exists now: this form goes on adding lines to it.
            navigate(paths.formDetalleVenta(creada.id, 0), { replace: true });
          },
          onError: (e) => setError(e instanceof ApiError && e.status >= 400 && e.status < 500 ? e.message : MENSAJES.errorCrearVenta(mensajeDeError(e))),
        },
      );
      return;
    }
    guardar.mutate(
      { id: idDetalle, datos: { cantidad, producto: { id: producto.id }, venta: { id: idVenta } } },
      {
        onSuccess: () => {
          if (editando) {
            notifications.show({ color: 'green', message: 'Detalle actualizado con éxito.' });
            navigate(paths.formVenta(idVenta));
          } else {
            notifications.show({ color: 'green', message: MENSAJES.detalleAgregado });
            limpiar();
          }
        },
        onError: (e) =>
          setError(
            e instanceof ApiError && e.status >= 400 && e.status < 500
              ? e.message
              : editando
                ? MENSAJES.errorGuardarDetalle
                : MENSAJES.errorAgregarDetalle,
          ),
      },
    );
  };

  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        {editando ? 'Editar Detalle de Venta' : 'Nuevo Detalle de Venta'}
      </Title>
      <Paper withBorder p="md" component="form" aria-label="Detalle de venta" onSubmit={(e) => (e.preventDefault(), enviar())}>
        <Stack>
          <Text size="sm" c="dimmed">
            {esVentaNueva ? 'Venta nueva: se guarda con su primer detalle.' : `Venta nro ${idVenta}`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BuscadorProducto label="Buscar por nombre" campo="nombre" placeholder="Ej.: cuaderno" onSeleccionar={elegir} />
            <BuscadorProducto label="Buscar por código" campo="codigo" placeholder="Ej.: ESC-001" onSeleccionar={elegir} />
          </SimpleGrid>
          {producto && (
            <Alert color="blue" title="Producto seleccionado" role="status">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={600}>{producto.denominacion}</Text>
                  <Text size="sm">
                    Código {producto.codigo} · {formatearPrecio(producto.precio)}
                    {disponible !== undefined && ` · Stock disponible: ${disponible}`}
                  </Text>
                </div>
                <Button variant="subtle" color="gray" size="xs" onClick={limpiar}>
                  × Limpiar producto
                </Button>
              </Group>
            </Alert>
          )}
          <NumberInput
            label="Cantidad"
            value={cantidad}
            onChange={(v) => setCantidad(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
            min={1}
            max={disponible && disponible > 0 ? disponible : undefined}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
          />
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              component={Link}
              to={paths.formVenta(idVenta)}
              state={esVentaNueva ? estadoConVentaNueva(ventaNueva) : undefined}
              leftSection={<IconArrowLeft size={16} />}
            >
              Volver
            </Button>
            <BotonOcupado type="submit" ocupado={guardar.isPending || crear.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Guardar
            </BotonOcupado>
          </Group>
        </Stack>
      </Paper>

      <Title order={2} size="h4" mt="xl" mb="xs">
        Detalles de la Venta
      </Title>
      {!esVentaNueva && detalles.isPending ? (
        <Cargando />
      ) : (detalles.data ?? []).length === 0 ? (
        <Text c="dimmed">No hay detalles de venta.</Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Detalles de la Venta">
          {(detalles.data ?? []).map((d) => (
            <li key={d.id}>
              <Paper withBorder p="xs">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={500}>{nombreDeLinea(d)}</Text>
                    <Text size="sm" c="dimmed">
                      Cant: {d.cantidad} · {formatearPrecio(d.precioAplicado)}
                    </Text>
                  </div>
                  <Button
                    color="red"
                    variant="light"
                    size="xs"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => pedirEliminar(d)}
                    aria-label={`Eliminar ${nombreDeLinea(d)}`}
                  >
                    Eliminar
                  </Button>
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}

      {modalEliminar}
    </Container>
  );
}

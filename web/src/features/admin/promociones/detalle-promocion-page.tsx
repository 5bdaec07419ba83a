import { ActionIcon, Alert, Button, Container, Group, List, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MENSAJES } from '../../../../../domain/mensajes';
import { formatearPrecio } from '../../../../../domain/money';
import type { SugerenciaProducto } from '../../../api/admin-productos';
import {
  AVISO_PROMOCION_SIN_PRODUCTOS,
  avisoPromocionMasCara,
  MENSAJES_PROMOCION,
  precioRegular,
  superaPrecioRegular,
  type DetallePromocion,
} from '../../../../../domain/promocion';
import { useAgregarDetallePromocion, useDetallesPromocion, useEliminarDetallePromocion, usePromocion } from '../../../api/admin-promociones';
import { mensajeDeError } from '../../../api/client';
import { paths } from '../../../app/paths';
import { Cargando } from '../../../components/guards/requiere-rol';
import { BuscadorProducto } from '../comun/buscador-producto';
import { formatearFecha } from '../comun/fechas';
import { useEliminarConConfirmacion } from '../comun/use-eliminar-con-confirmacion';
import { BotonOcupado } from '../comun/boton-ocupado';

/** Spec screen 23: the products of a promotion. */
export default function DetallePromocionPage() {
  const id = Number(useParams().idPromocion ?? 0) || 0;
  const promocion = usePromocion(id);
  const detalles = useDetallesPromocion(id);
  const agregar = useAgregarDetallePromocion();
  const eliminar = useEliminarDetallePromocion();
  const { pedir: pedirEliminar, modal: modalEliminar } = useEliminarConConfirmacion<DetallePromocion>({
    eliminar,
    pregunta: (d) => `¿Está seguro que desea quitar ${d.producto.denominacion} de la promoción?`,
  });
  const [producto, setProducto] = useState<SugerenciaProducto | null>(null);
  const [cantidad, setCantidad] = useState<number | ''>(1);
  const [error, setError] = useState('');

  if (promocion.isPending) return <Cargando />;
  if (promocion.isError) {
    return (
      <Container size="sm" py="lg">
        <Alert color="red">{MENSAJES.errorCargarDatos}</Alert>
      </Container>
    );
  }
  const p = promocion.data;
  // Not for sale while dearer than its products one by one (the server's rule, domain/promocion.ts).
  const regular = precioRegular(detalles.data ?? []);
  const masCara = (detalles.data ?? []).length > 0 && superaPrecioRegular(p.precioPromocional, regular);

  const agregarDetalle = () => {
    if (!producto?.id || typeof cantidad !== 'number' || !(cantidad > 0)) return setError(MENSAJES_PROMOCION.detalleInvalido);
    setError('');
    agregar.mutate(
      { producto: { id: producto.id }, cantidad, promocion: { id } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Agregado: ${producto.denominacion}` });
          setProducto(null);
          setCantidad(1);
        },
        onError: (e) => setError(mensajeDeError(e, MENSAJES.errorDesconocido)),
      },
    );
  };

  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2">
        {p.denominacion}
      </Title>
      <Text c="dimmed" mb="md">
        {p.descripcion} · {formatearPrecio(p.precioPromocional)} · del {formatearFecha(p.fechaInicio)} al {formatearFecha(p.fechaFin)}
      </Text>
      <Paper withBorder p="md" component="form" aria-label="Agregar producto a la promoción" onSubmit={(e) => (e.preventDefault(), agregarDetalle())}>
        <Stack>
          <BuscadorProducto label="Buscar producto por nombre" campo="nombre" placeholder="Ej.: birome" onSeleccionar={setProducto} />
          {producto && (
            <Alert color="blue" title="Producto seleccionado" role="status">
              {producto.denominacion} · {formatearPrecio(producto.precio)} · Stock: {producto.stock}
            </Alert>
          )}
          <NumberInput label="Cantidad" value={cantidad} onChange={(v) => setCantidad(typeof v === 'number' ? v : v === '' ? '' : Number(v))} min={1} allowDecimal={false} allowNegative={false} />
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <BotonOcupado type="submit" ocupado={agregar.isPending} leftSection={<IconPlus size={16} />}>
              Agregar Detalle
            </BotonOcupado>
          </Group>
        </Stack>
      </Paper>

      <Title order={2} size="h4" mt="xl" mb="xs">
        Productos de la promoción
      </Title>
      {detalles.isPending ? (
        <Cargando />
      ) : (detalles.data ?? []).length === 0 ? (
        <Alert color="yellow" title="Sin productos" role="status">
          {AVISO_PROMOCION_SIN_PRODUCTOS}
        </Alert>
      ) : (
        <List spacing="xs" aria-label="Productos de la promoción">
          {(detalles.data ?? []).map((d) => (
            <List.Item key={d.id}>
              <Group gap="xs" wrap="nowrap">
                <Text>
                  {d.producto.denominacion} - Cantidad: {d.cantidad}
                </Text>
                <ActionIcon variant="subtle" color="red" aria-label={`Quitar ${d.producto.denominacion}`} onClick={() => pedirEliminar(d)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {masCara && (
        <Alert color="yellow" title="No está a la venta" role="status" mt="md">
          {avisoPromocionMasCara(p.precioPromocional, regular)}
        </Alert>
      )}
      <Group justify="flex-end" mt="xl">
        <Button component={Link} to={paths.promociones} color="green" leftSection={<IconCheck size={16} />}>
          Finalizar
        </Button>
      </Group>
      {modalEliminar}
    </Container>
  );
}

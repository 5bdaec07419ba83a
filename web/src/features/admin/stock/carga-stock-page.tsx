import { Alert, Button, Container, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MENSAJES_STOCK } from '../../../../../domain/producto';
import { useCargarStock, type SugerenciaProducto } from '../../../api/admin-productos';
import { paths } from '../../../app/paths';
import { BuscadorProducto } from '../comun/buscador-producto';
import { BotonOcupado } from '../comun/boton-ocupado';

/** Spec screen 21: 'Carga de stock', units received for one product found by code or name. */
export default function CargaStockPage() {
  const [producto, setProducto] = useState<SugerenciaProducto | null>(null);
  const [cantidad, setCantidad] = useState<number | ''>(1);
  const [error, setError] = useState('');
  const cargar = useCargarStock();
  const elegir = (p: SugerenciaProducto) => {
    setProducto(p);
    setError('');
  };

  const guardar = () => {
    if (!producto?.codigo) return setError(MENSAJES_STOCK.productoInvalido);
    if (typeof cantidad !== 'number' || !Number.isInteger(cantidad) || cantidad <= 0) return setError(MENSAJES_STOCK.cantidadInvalida);
    setError('');
    cargar.mutate(
      { codigo: producto.codigo, cantidad },
      {
        onSuccess: (actualizado) => {
          notifications.show({ color: 'green', message: MENSAJES_STOCK.actualizado });
          setProducto((p) => (p ? { ...p, stock: actualizado?.producto?.stock ?? p.stock + cantidad } : p));
          setCantidad(1);
        },
        onError: () => notifications.show({ color: 'red', message: MENSAJES_STOCK.error }),
      },
    );
  };

  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        Carga de stock
      </Title>
      <Paper withBorder p="md" component="form" aria-label="Carga de stock" onSubmit={(e) => (e.preventDefault(), guardar())}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BuscadorProducto label="Buscar por código" campo="codigo" placeholder="Ej.: ESC-001" onSeleccionar={elegir} />
            <BuscadorProducto label="Buscar por nombre" campo="nombre" placeholder="Ej.: cuaderno" onSeleccionar={elegir} />
          </SimpleGrid>
          {producto ? (
            <Alert color="blue" title="Producto seleccionado" role="status">
              <Text fw={600}>{producto.denominacion}</Text>
              <Text size="sm">
                Código {producto.codigo} · {producto.marca} · Stock actual: {producto.stock}
              </Text>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              Buscá un producto por código o por nombre y elegilo de la lista.
            </Text>
          )}
          <NumberInput label="Cantidad" value={cantidad} onChange={(v) => setCantidad(typeof v === 'number' ? v : v === '' ? '' : Number(v))} min={1} allowDecimal={false} allowNegative={false} />
          {error && (
            <Text c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" component={Link} to={paths.grillaProductos} leftSection={<IconArrowLeft size={16} />}>
              Volver
            </Button>
            <BotonOcupado type="submit" ocupado={cargar.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Guardar Stock
            </BotonOcupado>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

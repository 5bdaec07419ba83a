import { Alert, Badge, Box, Button, Center, Container, Grid, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconShoppingCartPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MENSAJES_CARRITO } from '../../../../domain/carrito';
import { srcsetImagen } from '../../../../domain/imagenes';
import { formatearPrecio } from '../../../../domain/money';
import { disponibleEnDetalle, tieneStockBajo } from '../../../../domain/producto-reglas';
import { TIENDA } from '../../../../domain/tienda';
import { mensajeDeError } from '../../api/client';
import { useProducto } from '../../api/productos';
import { paths, urlImagen } from '../../app/paths';
import { aProductoCarrito, useAgregarAlCarrito } from '../../carrito/agregar-al-carrito';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import classes from './producto-page.module.css';

/** Spec screen 6: the product detail. */
export default function ProductoPage() {
  const { idProducto } = useParams();
  const id = Number(idProducto);
  const navigate = useNavigate();
  const location = useLocation();
  const { data: producto, isPending, isError, error } = useProducto(id);
  const { agregarProducto, alMaximo } = useAgregarAlCarrito();

  useEffect(() => {
    if (producto) document.title = `${producto.denominacion} | ${TIENDA.nombre}`;
  }, [producto]);

  // Back where the visitor came from; a shared link opened directly goes to the catalogue.
  const volver = () => (location.key !== 'default' ? navigate(-1) : navigate(paths.productos));

  if (!Number.isInteger(id) || id <= 0 || isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title="No encontramos el producto">
          {isError ? mensajeDeError(error) : 'El enlace no corresponde a un producto.'}
        </Alert>
        <Button mt="md" variant="light" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(paths.productos)}>
          Volver
        </Button>
      </Container>
    );
  }

  if (isPending) {
    return (
      <Center py={80} role="status">
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">Cargando producto...</Text>
        </Stack>
      </Center>
    );
  }

  const disponible = disponibleEnDetalle(producto.stock);
  const lleno = alMaximo(producto);
  return (
    <Container size="lg" py="xl">
      <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={volver} mb="md">
        Volver
      </Button>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Box className={classes.imagenCaja}>
            <Image
              src={urlImagen(producto.imagen)}
              srcSet={srcsetImagen(producto.imagen)}
              sizes="(max-width: 48em) 100vw, 600px"
              alt={producto.denominacion}
              width={600}
              height={600}
              fetchPriority="high"
              className={classes.imagen}
            />
            {/* Spec section 9: the detail's badge says 'Disponible' above 1 unit; the last one is announced as such. */}
            <Badge className={classes.badge} size="lg" color={disponible ? 'green' : producto.stock === 1 ? 'orange' : 'gray'} variant="filled">
              {disponible ? 'Disponible' : producto.stock === 1 ? 'Última unidad' : 'Sin stock'}
            </Badge>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="sm">
            <Text c="dimmed" tt="uppercase" size="sm" fw={600}>
              {producto.marca}
            </Text>
            <Title order={1} size="h2">
              {producto.denominacion}
            </Title>
            <Text fw={800} fz={32} c="azul.8">
              {formatearPrecio(producto.precio)}
            </Text>
            {tieneStockBajo(producto.stock) && (
              <Text c="orange.8" fw={500}>
                Unidades disponibles: {producto.stock}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              Categoría: {producto.categoria.denominacion} · Código: {producto.codigo}
            </Text>
            <Title order={2} size="h4" mt="md">
              Descripción
            </Title>
            <Text>{producto.descripcion || 'Sin descripción.'}</Text>
            <Group mt="lg">
              {producto.stock > 0 && (
                <Button size="md" w={{ base: '100%', sm: 'auto' }} leftSection={<IconShoppingCartPlus size={18} />} onClick={() => agregarProducto(aProductoCarrito(producto))} disabled={lleno}>
                  Agregar al carrito
                </Button>
              )}
            </Group>
            {producto.stock > 0 && lleno && (
              <Text size="sm" c="red.7" role="status">
                {MENSAJES_CARRITO.maximoAgregado}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <WhatsappFlotante mensaje={`¡Hola! Quisiera consultar por ${producto.denominacion}.`} />
    </Container>
  );
}

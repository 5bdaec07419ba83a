import { ActionIcon, Alert, Box, Button, Container, Grid, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMinus, IconPlus, IconShoppingCartPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MENSAJES_CARRITO } from '../../../../domain/carrito';
import { srcsetImagen } from '../../../../domain/imagenes';
import { formatearPrecio } from '../../../../domain/money';
import { insigniaDeStock } from '../../../../domain/producto-reglas';
import { TITULO_PRODUCTO_NO_ENCONTRADO, tituloCompleto, tituloDeProducto } from '../../../../domain/titulos';
import { mensajeDeError } from '../../api/client';
import { useProducto } from '../../api/productos';
import { paths, urlImagen } from '../../app/paths';
import { useTituloPagina } from '../../app/titulo';
import { aProductoCarrito, useAgregarAlCarrito } from '../../carrito/agregar-al-carrito';
import { useValorAntesDeLaApp } from '../../components/antes-de-la-app';
import { Cargando } from '../../components/guards/requiere-rol';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import tarjeta from '../../components/tarjeta.module.css';
import classes from './producto-page.module.css';

/** Spec screen 6: the product detail. */
export default function ProductoPage() {
  const { idProducto } = useParams();
  const id = Number(idProducto);
  const navigate = useNavigate();
  const location = useLocation();
  const { data: producto, isPending, isError, error } = useProducto(id);
  const { agregarProducto, alMaximo, faltan } = useAgregarAlCarrito();
  const [cantidadTexto, setCantidadTexto] = useState('1');
  const idCantidad = useId();
  // A quantity typed before the app took the page over is the one the button adds (not the 1 it started with).
  const campoCantidad = useValorAntesDeLaApp(cantidadTexto, (escrito) => {
    if (/^\d+$/.test(escrito)) setCantidadTexto(escrito);
  });

  const noEncontrado = !Number.isInteger(id) || id <= 0 || isError;
  useTituloPagina(producto ? tituloDeProducto(producto) : noEncontrado ? tituloCompleto(TITULO_PRODUCTO_NO_ENCONTRADO) : null);

  // Back where the visitor came from; a shared link opened directly goes to the catalogue.
  const volver = () => (location.key !== 'default' ? navigate(-1) : navigate(paths.productos));

  if (noEncontrado) {
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
    return <Cargando texto="Cargando producto..." py={80} />;
  }

  const insignia = insigniaDeStock(producto.stock);
  const lleno = alMaximo(producto);
  // The quantity to add: from 1 to what still fits (the stock less what the cart holds).
  const maximo = Math.max(1, faltan(producto));
  const leida = Number.parseInt(cantidadTexto, 10);
  const cantidad = Math.min(maximo, Math.max(1, Number.isNaN(leida) ? 1 : leida));
  const cambiarCantidad = (n: number) => setCantidadTexto(String(Math.min(maximo, Math.max(1, n))));
  const agregar = () => {
    if (agregarProducto(aProductoCarrito(producto), undefined, cantidad)) setCantidadTexto('1');
  };
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
            {/* Only when it says something, as on the catalogue's cards (domain/producto-reglas.ts). */}
            {insignia && (
              <span className={`${tarjeta.insignia} ${classes.badge}`} data-tamano="lg" data-color={insignia.tipo === 'sinStock' ? 'oscuro' : 'aviso'}>
                {insignia.texto}
              </span>
            )}
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
            <Text size="sm" c="dimmed">
              Categoría: {producto.categoria.denominacion} · Código: {producto.codigo}
            </Text>
            <Title order={2} size="h4" mt="md">
              Descripción
            </Title>
            <Text>{producto.descripcion || 'Sin descripción.'}</Text>
            {producto.stock > 0 && (
              <Group mt="lg" align="flex-end" gap="sm">
                <div className={classes.cantidad}>
                  <label htmlFor={idCantidad} className={classes.cantidadEtiqueta}>
                    Cantidad
                  </label>
                  <div className={classes.cantidadControles}>
                    <ActionIcon size={42} variant="default" aria-label="Quitar una unidad" onClick={() => cambiarCantidad(cantidad - 1)} disabled={lleno || cantidad <= 1}>
                      <IconMinus size={16} aria-hidden />
                    </ActionIcon>
                    <input
                      ref={campoCantidad}
                      id={idCantidad}
                      className={classes.cantidadCampo}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={maximo}
                      step={1}
                      value={lleno ? '' : cantidadTexto}
                      disabled={lleno}
                      onChange={(e) => setCantidadTexto(e.currentTarget.value)}
                      onBlur={() => setCantidadTexto(String(cantidad))}
                    />
                    <ActionIcon size={42} variant="default" aria-label="Sumar una unidad" onClick={() => cambiarCantidad(cantidad + 1)} disabled={lleno || cantidad >= maximo}>
                      <IconPlus size={16} aria-hidden />
                    </ActionIcon>
                  </div>
                </div>
                <Button size="md" className={classes.agregar} leftSection={<IconShoppingCartPlus size={18} />} onClick={agregar} disabled={lleno}>
                  Agregar al carrito
                </Button>
              </Group>
            )}
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

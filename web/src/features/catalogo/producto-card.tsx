import { Badge, Button, Card, Image, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MENSAJES_CARRITO } from '../../../../domain/carrito';
import { srcsetImagen } from '../../../../domain/imagenes';
import { formatearPrecio } from '../../../../domain/money';
import type { Producto } from '../../../../domain/producto';
import { estaDisponible, tieneStockBajo } from '../../../../domain/producto-reglas';
import { paths, urlImagen } from '../../app/paths';
import { aProductoCarrito, useAgregarAlCarrito } from '../../carrito/agregar-al-carrito';
import classes from './catalogo.module.css';

/** 'alta': the page's likely largest paint, fetched first; 'normal': above the fold; 'baja': loaded when scrolled to. */
export type PrioridadImagen = 'alta' | 'normal' | 'baja';

export function ProductoCard({ producto, prioridad = 'baja' }: { producto: Producto; prioridad?: PrioridadImagen }) {
  const { agregarProducto, alMaximo } = useAgregarAlCarrito();
  const disponible = estaDisponible(producto.stock);
  const lleno = alMaximo(producto);
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} component="article" aria-label={producto.denominacion}>
      <Card.Section className={classes.imagenCaja}>
        <Image
          src={urlImagen(producto.imagen)}
          srcSet={srcsetImagen(producto.imagen)}
          sizes="(max-width: 48em) 100vw, (max-width: 62em) 50vw, 320px"
          alt={producto.denominacion}
          width={400}
          height={300}
          loading={prioridad === 'baja' ? 'lazy' : 'eager'}
          fetchPriority={prioridad === 'alta' ? 'high' : 'auto'}
          className={classes.imagen}
        />
        <Badge className={classes.badge} color={disponible ? 'green' : 'gray'} variant="filled">
          {disponible ? 'Disponible' : 'Sin stock'}
        </Badge>
      </Card.Section>
      <Stack gap={4} mt="sm" className={classes.cuerpo}>
        <Text fw={600} lineClamp={2} className={classes.nombre} component="h2">
          {producto.denominacion}
        </Text>
        <Text size="sm" c="dimmed">
          {producto.marca}
        </Text>
        <Text fw={800} size="xl" c="azul.8">
          {formatearPrecio(producto.precio)}
        </Text>
        {tieneStockBajo(producto.stock) && (
          <Text size="sm" c="orange.8" fw={500}>
            Unidades disponibles: {producto.stock}
          </Text>
        )}
        {disponible && lleno && (
          <Text size="xs" c="red.7" role="status">
            {MENSAJES_CARRITO.maximoAgregado}
          </Text>
        )}
      </Stack>
      <Stack gap={6} mt="md">
        <Button
          leftSection={<IconShoppingCartPlus size={18} />}
          onClick={() => agregarProducto(aProductoCarrito(producto))}
          disabled={lleno}
          aria-label={`Agregar al carrito: ${producto.denominacion}`}
        >
          Agregar al carrito
        </Button>
        <Button variant="light" component={Link} to={paths.producto(producto.id)} aria-label={`Ver detalles: ${producto.denominacion}`}>
          Ver detalles
        </Button>
      </Stack>
    </Card>
  );
}

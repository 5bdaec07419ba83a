import { Alert, Badge, Button, Card, Container, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { MENSAJES_CARRITO } from '../../../../domain/carrito';
import { fechaLegibleMendoza } from '../../../../domain/fechas';
import { formatearPrecio } from '../../../../domain/money';
import { mensajeDeError } from '../../api/client';
import { usePromocionesActivas, type PromocionActiva } from '../../api/promociones';
import { urlImagen } from '../../app/paths';
import { aPromocionCarrito, useAgregarAlCarrito } from '../../carrito/agregar-al-carrito';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import classes from './promociones-page.module.css';

function PromocionCard({ promocion }: { promocion: PromocionActiva }) {
  const { agregarPromocion, promocionAlMaximo } = useAgregarAlCarrito();
  const enCarrito = aPromocionCarrito(promocion);
  const sinStock = promocion.detalles.some((d) => d.producto.stock < d.cantidad);
  const lleno = promocionAlMaximo(enCarrito);
  const ahorra = promocion.precioOriginal > promocion.precioPromocional;
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="article" aria-label={promocion.denominacion}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h3">
          {promocion.denominacion}
        </Title>
        <Badge color="red" variant="filled" size="lg" className={classes.imperdible}>
          ¡IMPERDIBLE!
        </Badge>
      </Group>
      <Text c="dimmed" size="sm" mt={4}>
        {promocion.descripcion}
      </Text>
      <Text size="sm" fw={600} c="red.7" mt="xs">
        Finaliza: {fechaLegibleMendoza(new Date(promocion.fechaFin))}
      </Text>
      <Stack gap="xs" mt="md" component="ul" className={classes.lista} aria-label={`Productos de ${promocion.denominacion}`}>
        {promocion.detalles.map((d) => (
          <Group key={d.id} gap="sm" wrap="nowrap" component="li">
            <Image src={urlImagen(d.producto.imagen)} alt="" width={44} height={44} w={44} h={44} radius="sm" loading="lazy" />
            <Text size="sm" style={{ flex: 1 }}>
              {d.producto.denominacion}
            </Text>
            <Badge variant="light" color="azul" tt="none">
              x{d.cantidad}
            </Badge>
          </Group>
        ))}
      </Stack>
      <Group gap="sm" mt="lg" align="baseline">
        {ahorra && (
          <Text td="line-through" c="dimmed" aria-label={`Precio original ${formatearPrecio(promocion.precioOriginal)}`}>
            {formatearPrecio(promocion.precioOriginal)}
          </Text>
        )}
        <Text fw={800} fz={28} c="orange.8">
          {formatearPrecio(promocion.precioPromocional)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        *Hasta Agotar Stock
      </Text>
      <Button
        mt="md"
        fullWidth
        color="orange"
        leftSection={<IconShoppingCartPlus size={18} />}
        onClick={() => agregarPromocion(enCarrito)}
        disabled={sinStock || lleno}
        aria-label={`Agregar al carrito: ${promocion.denominacion}`}
      >
        Agregar al carrito
      </Button>
      {(sinStock || lleno) && (
        <Text size="xs" c="red.7" mt={4} role="status">
          {sinStock ? MENSAJES_CARRITO.sinStock : MENSAJES_CARRITO.maximoAgregado}
        </Text>
      )}
    </Card>
  );
}

/** Spec screen 7: 'Promociones Activas'. */
export default function PromocionesPage() {
  const { data, isPending, isError, error } = usePromocionesActivas();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Promociones Activas
      </Title>
      {isError && (
        <Alert color="red" role="alert">
          {mensajeDeError(error, 'No se pudieron cargar las promociones.')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {isPending && Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={380} radius="md" />)}
        {data?.map((p) => <PromocionCard key={p.id} promocion={p} />)}
      </SimpleGrid>
      {data && data.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No hay promociones activas en este momento.
        </Text>
      )}
      <WhatsappFlotante mensaje="¡Hola! Quisiera consultar por las promociones." />
    </Container>
  );
}

import { Alert, Container, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { MENSAJES_CARRITO } from '../../../../domain/carrito';
import { fechaLegibleMendoza } from '../../../../domain/fechas';
import { urlMiniatura } from '../../../../domain/imagenes';
import { esDescuento, formatearPrecio } from '../../../../domain/money';
import { mensajeDeError } from '../../api/client';
import { usePromocionesActivas, type PromocionActiva } from '../../api/promociones';
import { urlImagen } from '../../app/paths';
import { aPromocionCarrito, useAgregarAlCarrito } from '../../carrito/agregar-al-carrito';
import { WhatsappFlotante } from '../../components/layout/whatsapp-flotante';
import tarjeta from '../../components/tarjeta.module.css';
import classes from './promociones-page.module.css';

/**
 * A promotion's card in plain elements styled with the theme's variables (frame, badges and button shared
 * with the catalogue's card in components/tarjeta.module.css), not Mantine components: the page draws one per
 * active promotion (100 with the bench's data), and each Mantine Card, Text, Badge and Button works out its
 * styles and colors in JavaScript on every render (docs/decisions/015). `mantine-focus-auto` and
 * `mantine-active` are Mantine's global focus ring and pressed effect.
 */
function PromocionCard({ promocion }: { promocion: PromocionActiva }) {
  const { agregarPromocion, promocionAlMaximo } = useAgregarAlCarrito();
  const enCarrito = aPromocionCarrito(promocion);
  const sinStock = promocion.detallePromociones.some((d) => d.producto.stock < d.cantidad);
  const lleno = promocionAlMaximo(enCarrito);
  const ahorra = esDescuento(promocion.precioOriginal, promocion.precioPromocional);
  return (
    <article className={`${tarjeta.tarjeta} ${classes.card}`} aria-label={promocion.denominacion}>
      <div className={classes.cabecera}>
        <h2 className={classes.titulo}>{promocion.denominacion}</h2>
        <span className={`${tarjeta.insignia} ${classes.imperdible}`} data-color="red" data-tamano="lg">
          ¡IMPERDIBLE!
        </span>
      </div>
      <p className={classes.descripcion}>{promocion.descripcion}</p>
      <p className={classes.finaliza}>Finaliza: {fechaLegibleMendoza(new Date(promocion.fechaFin))}</p>
      <ul className={classes.lista} aria-label={`Productos de ${promocion.denominacion}`}>
        {promocion.detallePromociones.map((d) => (
          <li key={d.id} className={classes.producto}>
            <img
              src={urlMiniatura(d.producto.imagen) ?? urlImagen(d.producto.imagen)}
              alt=""
              width={44}
              height={44}
              loading="lazy"
              className={classes.miniatura}
            />
            <p className={classes.nombre}>{d.producto.denominacion}</p>
            <span className={`${tarjeta.insignia} ${classes.cantidad}`} data-variante="suave">
              x{d.cantidad}
            </span>
          </li>
        ))}
      </ul>
      <div className={classes.precios}>
        {ahorra && (
          <p className={classes.precioOriginal} aria-label={`Precio original ${formatearPrecio(promocion.precioOriginal)}`}>
            {formatearPrecio(promocion.precioOriginal)}
          </p>
        )}
        <p className={classes.precio}>{formatearPrecio(promocion.precioPromocional)}</p>
      </div>
      <p className={classes.nota}>*Hasta Agotar Stock</p>
      <button
        type="button"
        className={`${tarjeta.boton} ${classes.agregar} mantine-focus-auto mantine-active`}
        data-variante="relleno"
        data-con-icono
        data-color="orange"
        onClick={() => agregarPromocion(enCarrito)}
        disabled={sinStock || lleno}
        aria-label={`Agregar al carrito: ${promocion.denominacion}`}
      >
        <IconShoppingCartPlus size={18} aria-hidden />
        Agregar al carrito
      </button>
      {(sinStock || lleno) && (
        <p className={`${tarjeta.aviso} ${classes.estado}`} role="status">
          {sinStock ? MENSAJES_CARRITO.sinStock : MENSAJES_CARRITO.maximoAgregado}
        </p>
      )}
    </article>
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

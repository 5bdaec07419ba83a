import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import {
  MENSAJES_CARRITO,
  puedeAgregarProducto,
  puedeAgregarPromocion,
  unidadesEnCarrito,
  type ProductoCarrito,
  type PromocionCarrito,
} from '../../../domain/carrito';
import type { PromocionActiva } from '../api/promociones';
import { useCarrito } from './carrito-context';

/** What the cart keeps of a product: enough to show the line and to check the stock. */
export const aProductoCarrito = (p: { id: number; denominacion: string; marca?: string; precio: number; stock: number; imagen: string | null }): ProductoCarrito => ({
  id: p.id,
  denominacion: p.denominacion,
  marca: p.marca ?? '',
  precio: p.precio,
  stock: p.stock,
  imagen: p.imagen,
});

export const aPromocionCarrito = (p: PromocionActiva): PromocionCarrito => ({
  id: p.id,
  denominacion: p.denominacion,
  precioPromocional: p.precioPromocional,
  detalles: p.detallePromociones.map((d) => ({ cantidad: d.cantidad, producto: aProductoCarrito(d.producto) })),
});

/** Add buttons of the catalogue, the detail and the promotions: limited by stock, with a toast. */
export function useAgregarAlCarrito() {
  const { carrito, despachar } = useCarrito();

  const agregarProducto = useCallback(
    (producto: ProductoCarrito) => {
      const resultado = puedeAgregarProducto(carrito, producto);
      if (!resultado.ok) {
        notifications.show({
          color: 'orange',
          message: resultado.motivo === 'sinStock' ? MENSAJES_CARRITO.sinStock : MENSAJES_CARRITO.maximoAgregado,
        });
        return;
      }
      despachar({ tipo: 'agregarProducto', producto });
      notifications.show({ color: 'green', message: MENSAJES_CARRITO.agregado });
    },
    [carrito, despachar],
  );

  const agregarPromocion = useCallback(
    (promocion: PromocionCarrito) => {
      const resultado = puedeAgregarPromocion(carrito, promocion);
      if (!resultado.ok) {
        notifications.show({
          color: 'orange',
          message: resultado.motivo === 'sinStock' ? MENSAJES_CARRITO.sinStock : MENSAJES_CARRITO.maximoAgregado,
        });
        return;
      }
      despachar({ tipo: 'agregarPromocion', promocion });
      notifications.show({ color: 'green', message: MENSAJES_CARRITO.agregado });
    },
    [carrito, despachar],
  );

  /** The add button is disabled at stock 0 or when the cart already holds the whole stock. */
  const alMaximo = useCallback(
    (producto: { id: number; stock: number }) => producto.stock <= 0 || unidadesEnCarrito(carrito, producto.id) >= producto.stock,
    [carrito],
  );

  const promocionAlMaximo = useCallback((promocion: PromocionCarrito) => !puedeAgregarPromocion(carrito, promocion).ok, [carrito]);

  return { agregarProducto, agregarPromocion, alMaximo, promocionAlMaximo };
}

import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import {
  MENSAJES_CARRITO,
  mensajeRechazo,
  puedeAgregarProducto,
  puedeAgregarPromocion,
  unidadesEnCarrito,
  unidadesQueFaltan,
  type ProductoCarrito,
  type ResultadoAgregar,
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

/**
 * The one way into the cart, for the catalogue's card, the detail page, the admin grid and the cart
 * panel's +: limited by stock (domain/carrito.ts). Outside the panel the answer is a toast; the panel
 * passes `avisar` and shows the refusal beside its lines (spec section 5).
 */
export function useAgregarAlCarrito() {
  const { carrito, despachar } = useCarrito();

  const responder = useCallback((resultado: ResultadoAgregar, avisar?: (mensaje: string | null) => void): boolean => {
    const rechazo = mensajeRechazo(resultado, avisar ? 'panel' : 'catalogo');
    if (avisar) avisar(rechazo);
    else notifications.show(rechazo ? { color: 'orange', message: rechazo } : { color: 'green', message: MENSAJES_CARRITO.agregado });
    return resultado.ok;
  }, []);

  /** One unit, or `cantidad` at once (the product page's quantity selector). */
  const agregarProducto = useCallback(
    (producto: ProductoCarrito, avisar?: (mensaje: string | null) => void, cantidad = 1): boolean => {
      const ok = responder(puedeAgregarProducto(carrito, producto, cantidad), avisar);
      if (ok) despachar({ tipo: 'agregarProducto', producto, cantidad });
      return ok;
    },
    [carrito, despachar, responder],
  );

  /** How many more units of the product fit: its stock less what the cart holds. */
  const faltan = useCallback((producto: { id: number; stock: number }) => unidadesQueFaltan(carrito, producto), [carrito]);

  const agregarPromocion = useCallback(
    (promocion: PromocionCarrito, avisar?: (mensaje: string | null) => void) => {
      if (responder(puedeAgregarPromocion(carrito, promocion), avisar)) despachar({ tipo: 'agregarPromocion', promocion });
    },
    [carrito, despachar, responder],
  );

  /** The add button is disabled at stock 0 or when the cart already holds the whole stock. */
  const alMaximo = useCallback(
    (producto: { id: number; stock: number }) => producto.stock <= 0 || unidadesEnCarrito(carrito, producto.id) >= producto.stock,
    [carrito],
  );

  const promocionAlMaximo = useCallback((promocion: PromocionCarrito) => !puedeAgregarPromocion(carrito, promocion).ok, [carrito]);

  return { agregarProducto, agregarPromocion, alMaximo, promocionAlMaximo, faltan };
}

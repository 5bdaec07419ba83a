// The cart (spec sections 4 and 5): a pure reducer shared by the browser and its tests.
// Regular units and promotion bundles are kept apart, because the server prices them apart:
// a promotion is sold in whole bundles at precioPromocional / total units per unit.
import { precioUnitarioPromocion, sumarLineas } from './money';

export interface ProductoCarrito {
  id: number;
  denominacion: string;
  marca: string;
  precio: number;
  stock: number;
  imagen: string | null;
}

export interface PromocionCarrito {
  id: number;
  denominacion: string;
  precioPromocional: number;
  detalles: Array<{ cantidad: number; producto: ProductoCarrito }>;
}

export interface Carrito {
  productos: Array<{ producto: ProductoCarrito; cantidad: number }>;
  promociones: Array<{ promocion: PromocionCarrito; cantidad: number }>;
}

export const CARRITO_VACIO: Carrito = { productos: [], promociones: [] };

export type AccionCarrito =
  | { tipo: 'agregarProducto'; producto: ProductoCarrito }
  | { tipo: 'quitarUnidad'; productoId: number }
  | { tipo: 'eliminarProducto'; productoId: number }
  | { tipo: 'agregarPromocion'; promocion: PromocionCarrito }
  | { tipo: 'quitarPromocion'; promocionId: number }
  | { tipo: 'eliminarPromocion'; promocionId: number }
  | { tipo: 'vaciar' }
  | { tipo: 'reemplazar'; carrito: Carrito };

/** Units of a product the cart already holds, counting the promotion bundles that include it. */
export function unidadesEnCarrito(carrito: Carrito, productoId: number): number {
  const sueltas = carrito.productos.find((l) => l.producto.id === productoId)?.cantidad ?? 0;
  const enPromos = carrito.promociones.reduce(
    (suma, p) => suma + p.cantidad * p.promocion.detalles.filter((d) => d.producto.id === productoId).reduce((s, d) => s + d.cantidad, 0),
    0,
  );
  return sueltas + enPromos;
}

export type ResultadoAgregar = { ok: true } | { ok: false; motivo: 'sinStock' | 'maximo'; stock: number };

/** Whether one more unit (or bundle) fits in the stock: the spec's 'limited by stock'. */
export function puedeAgregarProducto(carrito: Carrito, producto: ProductoCarrito): ResultadoAgregar {
  if (producto.stock <= 0) return { ok: false, motivo: 'sinStock', stock: 0 };
  if (unidadesEnCarrito(carrito, producto.id) + 1 > producto.stock) return { ok: false, motivo: 'maximo', stock: producto.stock };
  return { ok: true };
}

export function puedeAgregarPromocion(carrito: Carrito, promocion: PromocionCarrito): ResultadoAgregar {
  for (const d of promocion.detalles) {
    if (d.producto.stock <= 0) return { ok: false, motivo: 'sinStock', stock: 0 };
    if (unidadesEnCarrito(carrito, d.producto.id) + d.cantidad > d.producto.stock) {
      return { ok: false, motivo: 'maximo', stock: d.producto.stock };
    }
  }
  return { ok: true };
}

export function carritoReducer(carrito: Carrito, accion: AccionCarrito): Carrito {
  switch (accion.tipo) {
    case 'agregarProducto': {
      if (!puedeAgregarProducto(carrito, accion.producto).ok) return carrito;
      const existe = carrito.productos.some((l) => l.producto.id === accion.producto.id);
      return {
        ...carrito,
        productos: existe
          ? carrito.productos.map((l) => (l.producto.id === accion.producto.id ? { producto: accion.producto, cantidad: l.cantidad + 1 } : l))
          : [...carrito.productos, { producto: accion.producto, cantidad: 1 }],
      };
    }
    case 'quitarUnidad':
      return {
        ...carrito,
        productos: carrito.productos
          .map((l) => (l.producto.id === accion.productoId ? { ...l, cantidad: l.cantidad - 1 } : l))
          .filter((l) => l.cantidad > 0),
      };
    case 'eliminarProducto':
      return { ...carrito, productos: carrito.productos.filter((l) => l.producto.id !== accion.productoId) };
    case 'agregarPromocion': {
      if (!puedeAgregarPromocion(carrito, accion.promocion).ok) return carrito;
      const existe = carrito.promociones.some((p) => p.promocion.id === accion.promocion.id);
      return {
        ...carrito,
        promociones: existe
          ? carrito.promociones.map((p) => (p.promocion.id === accion.promocion.id ? { promocion: accion.promocion, cantidad: p.cantidad + 1 } : p))
          : [...carrito.promociones, { promocion: accion.promocion, cantidad: 1 }],
      };
    }
    case 'quitarPromocion':
      return {
        ...carrito,
        promociones: carrito.promociones
          .map((p) => (p.promocion.id === accion.promocionId ? { ...p, cantidad: p.cantidad - 1 } : p))
          .filter((p) => p.cantidad > 0),
      };
    case 'eliminarPromocion':
      return { ...carrito, promociones: carrito.promociones.filter((p) => p.promocion.id !== accion.promocionId) };
    case 'vaciar':
      return CARRITO_VACIO;
    case 'reemplazar':
      return accion.carrito;
  }
}

export const unidadesPorPromocion = (promocion: PromocionCarrito) => promocion.detalles.reduce((s, d) => s + d.cantidad, 0);

export const precioUnitarioDe = (promocion: PromocionCarrito) =>
  precioUnitarioPromocion(promocion.precioPromocional, unidadesPorPromocion(promocion));

/** Total items: the sum of quantities (spec section 4), bundles counted by their units. */
export const totalItems = (carrito: Carrito): number =>
  carrito.productos.reduce((s, l) => s + l.cantidad, 0) +
  carrito.promociones.reduce((s, p) => s + p.cantidad * unidadesPorPromocion(p.promocion), 0);

/** The same sum the server makes: regular units at the product price, bundle units at the promotion unit price. */
export const totalCarrito = (carrito: Carrito): number =>
  sumarLineas([
    ...carrito.productos.map((l) => ({ cantidad: l.cantidad, precio: l.producto.precio })),
    ...carrito.promociones.flatMap((p) =>
      p.promocion.detalles.map((d) => ({ cantidad: d.cantidad * p.cantidad, precio: precioUnitarioDe(p.promocion) })),
    ),
  ]);

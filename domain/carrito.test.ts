import { describe, expect, it } from 'vitest';
import {
  CARRITO_VACIO,
  carritoReducer,
  conciliarCarrito,
  lineasDePedido,
  mensajeRechazo,
  precioOriginalDe,
  puedeAgregarProducto,
  puedeAgregarPromocion,
  textoUnidades,
  totalCarrito,
  unidadesQueFaltan,
  totalItems,
  type Carrito,
  type ProductoCarrito,
  type PromocionCarrito,
} from './carrito';
import { formatearPrecio } from './money';

const producto = (id: number, over: Partial<ProductoCarrito> = {}): ProductoCarrito => ({
  id,
  denominacion: `Producto ${id}`,
  marca: 'Marca',
  precio: 100,
  stock: 10,
  imagen: null,
  ...over,
});

const promo = (over: Partial<PromocionCarrito> = {}): PromocionCarrito => ({
  id: 1,
  denominacion: 'Combo',
  precioPromocional: 250,
  detalles: [
    { cantidad: 2, producto: producto(1) },
    { cantidad: 1, producto: producto(2, { precio: 200 }) },
  ],
  ...over,
});

const aplicar = (carrito: Carrito, ...acciones: Parameters<typeof carritoReducer>[1][]) => acciones.reduce(carritoReducer, carrito);

describe('cart reducer', () => {
  it('adds units up to the stock and refuses beyond it', () => {
    const p = producto(1, { stock: 2 });
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarProducto', producto: p }, { tipo: 'agregarProducto', producto: p }, { tipo: 'agregarProducto', producto: p });
    expect(c.productos[0]?.cantidad).toBe(2);
    expect(puedeAgregarProducto(c, p)).toEqual({ ok: false, motivo: 'maximo', stock: 2 });
    expect(mensajeRechazo(puedeAgregarProducto(c, p), 'panel')).toBe('Solo hay 2 unidades disponibles.');
    expect(mensajeRechazo(puedeAgregarProducto(c, p), 'catalogo')).toBe('Ya agregaste el máximo disponible de este producto');
    expect(mensajeRechazo(puedeAgregarProducto(c, producto(3, { stock: 0 })), 'panel')).toBe('El producto no tiene stock disponible.');
    expect(mensajeRechazo(puedeAgregarProducto(c, producto(3, { stock: 0 })), 'catalogo')).toBe('El producto no tiene stock disponible.');
    expect(mensajeRechazo(puedeAgregarProducto(c, producto(4, { stock: 9 })), 'catalogo')).toBeNull();
  });

  it("adds several units at once (the product page's selector), all of them or none, within what is left of the stock", () => {
    const p = producto(1, { stock: 5 });
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarProducto', producto: p, cantidad: 3 });
    expect(c.productos).toEqual([{ producto: p, cantidad: 3 }]);
    expect(unidadesQueFaltan(c, p)).toBe(2);
    expect(puedeAgregarProducto(c, p, 3)).toEqual({ ok: false, motivo: 'maximo', stock: 5 });
    expect(aplicar(c, { tipo: 'agregarProducto', producto: p, cantidad: 3 })).toBe(c);
    const lleno = aplicar(c, { tipo: 'agregarProducto', producto: p, cantidad: 2 });
    expect(lleno.productos[0]?.cantidad).toBe(5);
    expect(unidadesQueFaltan(lleno, p)).toBe(0);
    for (const mala of [0, -1, 1.5]) expect(puedeAgregarProducto(CARRITO_VACIO, p, mala).ok).toBe(false);
    // Bundles holding the product count too.
    expect(unidadesQueFaltan(aplicar(CARRITO_VACIO, { tipo: 'agregarPromocion', promocion: promo() }), producto(1, { stock: 5 }))).toBe(3);
  });

  it('counts the units of bundles against the stock of their products', () => {
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarPromocion', promocion: promo() });
    expect(puedeAgregarProducto(c, producto(1, { stock: 2 })).ok).toBe(false);
    expect(puedeAgregarPromocion(c, promo({ detalles: [{ cantidad: 2, producto: producto(1, { stock: 3 }) }] })).ok).toBe(false);
    expect(totalItems(c)).toBe(3);
  });

  it('totals regular units at their price and each bundle at exactly the promotional price', () => {
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarProducto', producto: producto(5, { precio: 99.99 }) }, { tipo: 'agregarPromocion', promocion: promo() });
    // 250 / 3 units: 83,33 + 83,33 + 83,34, never 3 x 83,33 = 249,99.
    expect(totalCarrito(c)).toBe(349.99);
    expect(totalCarrito(aplicar(c, { tipo: 'agregarPromocion', promocion: promo() }))).toBe(599.99);
    expect(precioOriginalDe(promo())).toBe(400);
    expect(lineasDePedido(c)).toEqual({ lineas: [{ productoId: 5, cantidad: 1 }], promociones: [{ promocionId: 1, cantidad: 1 }] });
  });

  it('minus removes one unit or one bundle and drops the line at 0', () => {
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarPromocion', promocion: promo() }, { tipo: 'agregarPromocion', promocion: promo() }, { tipo: 'quitarPromocion', promocionId: 1 });
    expect(c.promociones[0]?.cantidad).toBe(1);
    expect(aplicar(c, { tipo: 'quitarPromocion', promocionId: 1 }).promociones).toEqual([]);
  });

  it('says unidad or unidades', () => {
    expect(textoUnidades(1)).toBe('1 unidad');
    expect(textoUnidades(3)).toBe('3 unidades');
  });
});

describe('conciliarCarrito', () => {
  const base = aplicar(
    CARRITO_VACIO,
    { tipo: 'agregarProducto', producto: producto(1) },
    { tipo: 'agregarProducto', producto: producto(1) },
    { tipo: 'agregarProducto', producto: producto(3) },
    { tipo: 'agregarPromocion', promocion: promo() },
  );

  it('leaves an unchanged cart alone', () => {
    const actuales = new Map([1, 2, 3].map((id) => [id, producto(id, id === 2 ? { precio: 200 } : {})]));
    const r = conciliarCarrito(base, actuales, [promo()], formatearPrecio);
    expect(r.cambios).toEqual([]);
    expect(r.carrito).toEqual(base);
  });

  it('explains price changes, cuts quantities to stock (bundles first) and drops what is gone', () => {
    const actuales = new Map<number, ProductoCarrito | null>([
      [1, producto(1, { stock: 3, precio: 120 })],
      [2, producto(2, { precio: 200 })],
      [3, null],
    ]);
    const r = conciliarCarrito(base, actuales, [promo()], formatearPrecio);
    expect(r.carrito.promociones[0]?.cantidad).toBe(1);
    expect(r.carrito.productos).toEqual([{ producto: producto(1, { stock: 3, precio: 120 }), cantidad: 1 }]);
    expect(r.cambios).toHaveLength(3);
    expect(r.cambios[0]).toMatch(/^El precio de Producto 1 cambió de/);
    expect(r.cambios[1]).toBe('Solo queda 1 unidad de Producto 1: ajustamos la cantidad.');
    expect(r.cambios[2]).toBe('Producto 3 ya no está a la venta: lo quitamos del carrito.');
  });

  it('drops a promotion that ended', () => {
    const actuales = new Map([1, 2, 3].map((id) => [id, producto(id)]));
    const r = conciliarCarrito(base, actuales, [], formatearPrecio);
    expect(r.carrito.promociones).toEqual([]);
    expect(r.cambios).toContain('La promoción Combo ya no está vigente: la quitamos del carrito.');
  });
});

describe('a school list in the cart (issue 20)', () => {
  it('merges its lines with what the cart holds, cut to the stock, and remembers the list', () => {
    const lapiz = producto(1, { stock: 5 });
    const goma = producto(2, { stock: 1 });
    const sinStock = producto(3, { stock: 0 });
    const antes = aplicar(CARRITO_VACIO, { tipo: 'agregarProducto', producto: lapiz, cantidad: 4 }, { tipo: 'agregarProducto', producto: goma });
    const c = aplicar(antes, {
      tipo: 'agregarLista',
      listaEscolarId: 7,
      lineas: [
        { producto: lapiz, cantidad: 2 },
        { producto: goma, cantidad: 1 },
        { producto: sinStock, cantidad: 1 },
        { producto: producto(4), cantidad: 3 },
      ],
    });
    // 4 + 2 lápices would pass the stock of 5: one more fits; the eraser and the product without stock add nothing.
    expect(c.productos).toEqual([
      { producto: lapiz, cantidad: 5 },
      { producto: goma, cantidad: 1 },
      { producto: producto(4), cantidad: 3 },
    ]);
    expect(c.listaEscolarId).toBe(7);
    expect(lineasDePedido(c)).toEqual({
      lineas: [
        { productoId: 1, cantidad: 5 },
        { productoId: 2, cantidad: 1 },
        { productoId: 4, cantidad: 3 },
      ],
      promociones: [],
      listaEscolarId: 7,
    });
  });

  it('adds nothing and names no list when nothing fits', () => {
    const p = producto(1, { stock: 1 });
    const lleno = aplicar(CARRITO_VACIO, { tipo: 'agregarProducto', producto: p });
    const c = aplicar(lleno, { tipo: 'agregarLista', listaEscolarId: 3, lineas: [{ producto: p, cantidad: 1 }] });
    expect(c).toBe(lleno);
    expect(lineasDePedido(c)).not.toHaveProperty('listaEscolarId');
  });

  it('forgets the list when the cart is emptied, by Vaciar or line by line, and keeps it through a check', () => {
    const p = producto(1);
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarLista', listaEscolarId: 9, lineas: [{ producto: p, cantidad: 1 }] });
    expect(aplicar(c, { tipo: 'vaciar' }).listaEscolarId).toBeUndefined();
    expect(aplicar(c, { tipo: 'quitarUnidad', productoId: 1 })).toEqual(CARRITO_VACIO);
    expect(aplicar(c, { tipo: 'eliminarProducto', productoId: 1 })).toEqual(CARRITO_VACIO);
    expect(aplicar(c, { tipo: 'agregarProducto', producto: producto(2) }).listaEscolarId).toBe(9);
    expect(conciliarCarrito(c, new Map([[1, p]]), [], formatearPrecio).carrito.listaEscolarId).toBe(9);
    expect(conciliarCarrito(c, new Map([[1, null]]), [], formatearPrecio).carrito).toEqual(CARRITO_VACIO);
  });
});

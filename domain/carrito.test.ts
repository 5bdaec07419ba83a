import { describe, expect, it } from 'vitest';
import {
  CARRITO_VACIO,
  carritoGuardado,
  carritoReducer,
  carritoVacio,
  conciliarCarrito,
  conciliarImpresiones,
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
  type ImpresionCarrito,
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

const impresion = (id: number, over: Partial<ImpresionCarrito> = {}): ImpresionCarrito => ({
  id,
  nombreArchivo: `apunte-${id}.pdf`,
  descripcion: '1 copia · B/N · Simple faz · A4',
  precio: 1234.5,
  ...over,
});

describe('print jobs in the cart (issue 21)', () => {
  it('adds a job as its own line beside products and promotions, once per job: adding it again replaces its options and price', () => {
    const c = aplicar(
      CARRITO_VACIO,
      { tipo: 'agregarProducto', producto: producto(1) },
      { tipo: 'agregarPromocion', promocion: promo() },
      { tipo: 'agregarImpresion', impresion: impresion(7) },
      { tipo: 'agregarImpresion', impresion: impresion(8, { precio: 300 }) },
      { tipo: 'agregarImpresion', impresion: impresion(7, { descripcion: '2 copias · Color · Doble faz · A4', precio: 2469 }) },
    );
    expect(c.impresiones).toEqual([impresion(7, { descripcion: '2 copias · Color · Doble faz · A4', precio: 2469 }), impresion(8, { precio: 300 })]);
    expect(c.productos).toHaveLength(1);
    expect(c.promociones).toHaveLength(1);
  });

  it('needs no stock: a job is never refused and does not count against any product', () => {
    const p = producto(1, { stock: 1 });
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarImpresion', impresion: impresion(1) }, { tipo: 'agregarProducto', producto: p });
    expect(c.productos[0]?.cantidad).toBe(1);
    expect(unidadesQueFaltan(c, p)).toBe(0);
  });

  it('totals each job at its price to the cent, beside products and bundles, and counts it as one item', () => {
    const c = aplicar(
      CARRITO_VACIO,
      { tipo: 'agregarProducto', producto: producto(1, { precio: 100.1 }) },
      { tipo: 'agregarPromocion', promocion: promo() },
      { tipo: 'agregarImpresion', impresion: impresion(1, { precio: 1234.5 }) },
      { tipo: 'agregarImpresion', impresion: impresion(2, { precio: 0.2 }) },
    );
    // 100.10 + 250 (the bundle) + 1234.50 + 0.20
    expect(totalCarrito(c)).toBe(1584.8);
    expect(totalItems(c)).toBe(1 + 3 + 2);
  });

  it('removes a job, and a cart with only jobs is not empty until the last one goes', () => {
    let c = aplicar(CARRITO_VACIO, { tipo: 'agregarImpresion', impresion: impresion(1) }, { tipo: 'agregarImpresion', impresion: impresion(2) });
    expect(carritoVacio(c)).toBe(false);
    c = carritoReducer(c, { tipo: 'eliminarImpresion', trabajoId: 1 });
    expect(c.impresiones.map((i) => i.id)).toEqual([2]);
    c = carritoReducer(c, { tipo: 'eliminarImpresion', trabajoId: 2 });
    expect(carritoVacio(c)).toBe(true);
    expect(totalCarrito(c)).toBe(0);
  });

  it('sends the jobs to the order by id only', () => {
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarProducto', producto: producto(3) }, { tipo: 'agregarImpresion', impresion: impresion(5) });
    expect(lineasDePedido(c)).toEqual({ lineas: [{ productoId: 3, cantidad: 1 }], promociones: [], impresiones: [{ trabajoId: 5 }] });
  });

  it('clearing the cart drops the jobs too', () => {
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarImpresion', impresion: impresion(5) }, { tipo: 'vaciar' });
    expect(c).toEqual(CARRITO_VACIO);
  });

  it('reads back a cart saved before print jobs existed, and refuses what is not a cart', () => {
    expect(carritoGuardado({ productos: [{ producto: producto(1), cantidad: 2 }], promociones: [] })).toEqual({
      productos: [{ producto: producto(1), cantidad: 2 }],
      promociones: [],
      impresiones: [],
    });
    expect(carritoGuardado({ productos: [], promociones: [], impresiones: [impresion(1)] })?.impresiones).toEqual([impresion(1)]);
    expect(carritoGuardado(null)).toBeNull();
    expect(carritoGuardado({ productos: 'x' })).toBeNull();
  });

  it('the product check before ordering leaves the jobs alone', () => {
    const c = aplicar(CARRITO_VACIO, { tipo: 'agregarProducto', producto: producto(1) }, { tipo: 'agregarImpresion', impresion: impresion(9) });
    const r = conciliarCarrito(c, new Map([[1, producto(1)]]), [], formatearPrecio);
    expect(r.carrito.impresiones).toEqual([impresion(9)]);
    expect(r.cambios).toEqual([]);
  });

  it("the jobs' check takes the server's current price and drops the jobs that can no longer be ordered, saying so", () => {
    const r = conciliarImpresiones(
      [impresion(1, { precio: 100 }), impresion(2), impresion(3)],
      new Map<number, { precio: number } | null>([
        [1, { precio: 150 }],
        [2, { precio: 1234.5 }],
        [3, null],
      ]),
      formatearPrecio,
    );
    expect(r.impresiones).toEqual([impresion(1, { precio: 150 }), impresion(2)]);
    expect(r.cambios).toEqual([
      `El precio de la impresión de apunte-1.pdf cambió de ${formatearPrecio(100)} a ${formatearPrecio(150)}.`,
      'La impresión de apunte-3.pdf ya no se puede pedir: la quitamos del carrito.',
    ]);
  });
});

// The cart (spec sections 4 and 5): a pure reducer shared by the browser and its tests.
// Regular units and promotion bundles are kept apart, because the server prices them apart:
// a promotion is sold in whole bundles at precioPromocional / total units per unit.
// Print jobs (issue 21) are a third kind of line: one per uploaded file, no stock, priced by the server.
import { aCentavos, lineasDePromocion, precioUnitarioPromocion, sumarLineas, type LineaConPrecio } from './money';

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

/**
 * A print job as the cart keeps it: what the line shows and the price the server answered for its
 * options (the job's copies live in its options, so the line has no quantity).
 */
export interface ImpresionCarrito {
  /** The job's id on the server: the order sends only this. */
  id: number;
  nombreArchivo: string;
  /** The chosen options in words ('2 copias · B/N · Doble faz · A4 · Anillado'). */
  descripcion: string;
  /** Pesos, as the server priced it. */
  precio: number;
}

export interface Carrito {
  productos: Array<{ producto: ProductoCarrito; cantidad: number }>;
  promociones: Array<{ promocion: PromocionCarrito; cantidad: number }>;
  /**
   * The school list the cart was filled from (issue 20): the order carries it for the owner's figures.
   * Kept until the order is placed or the cart is emptied; the last list added wins.
   */
  listaEscolarId?: number;
  impresiones: ImpresionCarrito[];
}

export const CARRITO_VACIO: Carrito = { productos: [], promociones: [], impresiones: [] };

/** A cart read back from storage: one saved before print jobs existed has none. */
export function carritoGuardado(valor: unknown): Carrito | null {
  if (typeof valor !== 'object' || valor === null) return null;
  const c = valor as Partial<Carrito>;
  if (!Array.isArray(c.productos) || !Array.isArray(c.promociones)) return null;
  const guardado: Carrito = { productos: c.productos, promociones: c.promociones, impresiones: Array.isArray(c.impresiones) ? c.impresiones : [] };
  // The school list is only a reference for the order: one that is not an id is dropped, not sent.
  const listaEscolarId = c.listaEscolarId;
  return typeof listaEscolarId === 'number' && Number.isSafeInteger(listaEscolarId) && listaEscolarId > 0 ? { ...guardado, listaEscolarId } : guardado;
}

export type AccionCarrito =
  /** `cantidad` units at once (the product page's selector); 1 when absent. */
  | { tipo: 'agregarProducto'; producto: ProductoCarrito; cantidad?: number }
  | { tipo: 'quitarUnidad'; productoId: number }
  | { tipo: 'eliminarProducto'; productoId: number }
  | { tipo: 'agregarPromocion'; promocion: PromocionCarrito }
  | { tipo: 'quitarPromocion'; promocionId: number }
  | { tipo: 'eliminarPromocion'; promocionId: number }
  /** A school list's lines, each cut to what its stock still allows (the server proposed them with an older cart). */
  | { tipo: 'agregarLista'; listaEscolarId: number; lineas: Array<{ producto: ProductoCarrito; cantidad: number }> }
  /** Adds a print job, or replaces the line of the same job (its options or price changed). */
  | { tipo: 'agregarImpresion'; impresion: ImpresionCarrito }
  | { tipo: 'eliminarImpresion'; trabajoId: number }
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

/** Whether `cantidad` more units (one by default) fit in the stock: the spec's 'limited by stock'. */
export function puedeAgregarProducto(carrito: Carrito, producto: ProductoCarrito, cantidad = 1): ResultadoAgregar {
  if (producto.stock <= 0) return { ok: false, motivo: 'sinStock', stock: 0 };
  if (!Number.isInteger(cantidad) || cantidad < 1 || unidadesEnCarrito(carrito, producto.id) + cantidad > producto.stock) {
    return { ok: false, motivo: 'maximo', stock: producto.stock };
  }
  return { ok: true };
}

/** Units of a product that can still go into the cart: its stock less what the cart already holds (the product page's selector). */
export const unidadesQueFaltan = (carrito: Carrito, producto: { id: number; stock: number }): number =>
  Math.max(0, producto.stock - unidadesEnCarrito(carrito, producto.id));

export function puedeAgregarPromocion(carrito: Carrito, promocion: PromocionCarrito): ResultadoAgregar {
  for (const d of promocion.detalles) {
    if (d.producto.stock <= 0) return { ok: false, motivo: 'sinStock', stock: 0 };
    if (unidadesEnCarrito(carrito, d.producto.id) + d.cantidad > d.producto.stock) {
      return { ok: false, motivo: 'maximo', stock: d.producto.stock };
    }
  }
  return { ok: true };
}

/** A cart left without lines forgets the school list it came from: the next order is not the list's. */
export function carritoReducer(carrito: Carrito, accion: AccionCarrito): Carrito {
  const nuevo = aplicarAccion(carrito, accion);
  if (nuevo.listaEscolarId !== undefined && carritoVacio(nuevo)) {
    const sinLista = { ...nuevo };
    delete sinLista.listaEscolarId;
    return sinLista;
  }
  return nuevo;
}

function aplicarAccion(carrito: Carrito, accion: AccionCarrito): Carrito {
  switch (accion.tipo) {
    case 'agregarProducto': {
      const cantidad = accion.cantidad ?? 1;
      if (!puedeAgregarProducto(carrito, accion.producto, cantidad).ok) return carrito;
      const existe = carrito.productos.some((l) => l.producto.id === accion.producto.id);
      return {
        ...carrito,
        productos: existe
          ? carrito.productos.map((l) => (l.producto.id === accion.producto.id ? { producto: accion.producto, cantidad: l.cantidad + cantidad } : l))
          : [...carrito.productos, { producto: accion.producto, cantidad }],
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
    case 'agregarLista': {
      let resultado = carrito;
      for (const linea of accion.lineas) {
        const cantidad = Math.min(linea.cantidad, unidadesQueFaltan(resultado, linea.producto));
        if (cantidad > 0) resultado = aplicarAccion(resultado, { tipo: 'agregarProducto', producto: linea.producto, cantidad });
      }
      return resultado === carrito ? carrito : { ...resultado, listaEscolarId: accion.listaEscolarId };
    }
    case 'agregarImpresion': {
      const existe = carrito.impresiones.some((i) => i.id === accion.impresion.id);
      return {
        ...carrito,
        impresiones: existe
          ? carrito.impresiones.map((i) => (i.id === accion.impresion.id ? accion.impresion : i))
          : [...carrito.impresiones, accion.impresion],
      };
    }
    case 'eliminarImpresion':
      return { ...carrito, impresiones: carrito.impresiones.filter((i) => i.id !== accion.trabajoId) };
    case 'vaciar':
      return CARRITO_VACIO;
    case 'reemplazar':
      return accion.carrito;
  }
}

export const unidadesPorPromocion = (promocion: PromocionCarrito) => promocion.detalles.reduce((s, d) => s + d.cantidad, 0);

export const precioUnitarioDe = (promocion: PromocionCarrito) =>
  precioUnitarioPromocion(promocion.precioPromocional, unidadesPorPromocion(promocion));

/** Total items: the sum of quantities (spec section 4), bundles counted by their units, each print job as one. */
export const totalItems = (carrito: Carrito): number =>
  carrito.productos.reduce((s, l) => s + l.cantidad, 0) +
  carrito.promociones.reduce((s, p) => s + p.cantidad * unidadesPorPromocion(p.promocion), 0) +
  carrito.impresiones.length;

/** The lines the server charges `combos` bundles of a promotion as (they add up to its price exactly). */
export const lineasDeCombos = (promocion: PromocionCarrito, combos: number): LineaConPrecio[] =>
  lineasDePromocion(
    promocion.precioPromocional,
    promocion.detalles.map((d) => ({ productoId: d.producto.id, cantidad: d.cantidad })),
    combos,
  );

/** What `combos` bundles of a promotion cost: its price times `combos`, to the cent. */
export const precioDeCombos = (promocion: PromocionCarrito, combos: number): number => sumarLineas(lineasDeCombos(promocion, combos));

/**
 * The same sum the server makes: regular units at the product price, bundles as `lineasDePromocion`
 * charges them, and each print job at the price the server answered for its options.
 */
export const totalCarrito = (carrito: Carrito): number =>
  sumarLineas([
    ...carrito.productos.map((l) => ({ cantidad: l.cantidad, precio: l.producto.precio })),
    ...carrito.promociones.flatMap((p) => lineasDeCombos(p.promocion, p.cantidad)),
    ...carrito.impresiones.map((i) => ({ cantidad: 1, precio: i.precio })),
  ]);

/** Messages of the cart (spec sections 5 and 8). */
export const MENSAJES_CARRITO = {
  agregado: 'Producto agregado al carrito',
  maximoAgregado: 'Ya agregaste el máximo disponible de este producto',
  sinStock: 'El producto no tiene stock disponible.',
  vacio: 'Sin productos en el carrito.',
  usuarioNoAutenticado: 'Usuario no autenticado',
  ventaIdInvalido: 'El ID de la venta no es válido',
} as const;

/** 'Solo hay {stock} unidades disponibles.' (spec section 5). */
export const mensajeSoloHay = (stock: number): string => `Solo hay ${stock} unidades disponibles.`;

/**
 * Where an add was asked for: the catalogue's buttons (the card, the detail page, the admin grid) or
 * the cart panel's +. The spec words the refusal for each (section 5), so each keeps its sentence.
 */
export type LugarAgregar = 'catalogo' | 'panel';

/** The message of a refused add, or null when it fits. */
export const mensajeRechazo = (r: ResultadoAgregar, lugar: LugarAgregar): string | null => {
  if (r.ok) return null;
  if (r.motivo === 'sinStock') return MENSAJES_CARRITO.sinStock;
  return lugar === 'panel' ? mensajeSoloHay(r.stock) : MENSAJES_CARRITO.maximoAgregado;
};

/** 'unidad' or 'unidades'. */
export const textoUnidades = (n: number): string => `${n} ${n === 1 ? 'unidad' : 'unidades'}`;

/** Sum of the regular prices of one bundle: what the promotion saves you from. */
export const precioOriginalDe = (promocion: PromocionCarrito): number =>
  sumarLineas(promocion.detalles.map((d) => ({ cantidad: d.cantidad, precio: d.producto.precio })));

/**
 * What the order endpoint receives: ids and quantities, bundles counted as bundles, print jobs by id
 * (the key only when there are any: an order of products is the same body as before print jobs), and
 * the school list it came from.
 */
export const lineasDePedido = (carrito: Carrito) => ({
  lineas: carrito.productos.map((l) => ({ productoId: l.producto.id, cantidad: l.cantidad })),
  promociones: carrito.promociones.map((p) => ({ promocionId: p.promocion.id, cantidad: p.cantidad })),
  ...(carrito.impresiones.length > 0 ? { impresiones: carrito.impresiones.map((i) => ({ trabajoId: i.id })) } : {}),
  ...(carrito.listaEscolarId === undefined ? {} : { listaEscolarId: carrito.listaEscolarId }),
});

export const carritoVacio = (carrito: Carrito): boolean =>
  carrito.productos.length === 0 && carrito.promociones.length === 0 && carrito.impresiones.length === 0;

/**
 * Checks the cart against what the shop has now (prices, stock, active promotions) before ordering.
 * `productos` maps every product id of the cart to its current data, or null when it no longer exists;
 * `promociones` are the active promotions. Quantities are cut to the stock (bundles first, they were
 * chosen as a whole); each change is explained in a sentence.
 */
export function conciliarCarrito(
  carrito: Carrito,
  productos: ReadonlyMap<number, ProductoCarrito | null>,
  promociones: readonly PromocionCarrito[],
  formatear: (pesos: number) => string,
): { carrito: Carrito; cambios: string[] } {
  const cambios: string[] = [];
  const restante = new Map<number, number>();
  for (const [id, p] of productos) restante.set(id, p ? Math.max(0, p.stock) : 0);
  const actual = (p: ProductoCarrito) => productos.get(p.id) ?? null;

  const nuevasPromos: Carrito['promociones'] = [];
  for (const linea of carrito.promociones) {
    const vigente = promociones.find((p) => p.id === linea.promocion.id);
    if (!vigente) {
      cambios.push(`La promoción ${linea.promocion.denominacion} ya no está vigente: la quitamos del carrito.`);
      continue;
    }
    const promocion: PromocionCarrito = {
      ...vigente,
      detalles: vigente.detalles.map((d) => ({ ...d, producto: actual(d.producto) ?? d.producto })),
    };
    const antes = precioDeCombos(linea.promocion, 1);
    const ahora = precioDeCombos(promocion, 1);
    if (aCentavos(antes) !== aCentavos(ahora)) {
      cambios.push(`El precio de la promoción ${promocion.denominacion} cambió de ${formatear(antes)} a ${formatear(ahora)}.`);
    }
    let combos = linea.cantidad;
    for (const d of promocion.detalles) {
      const queda = restante.get(d.producto.id) ?? d.producto.stock;
      combos = Math.min(combos, Math.floor(queda / d.cantidad));
    }
    if (combos < linea.cantidad) {
      cambios.push(
        combos === 0
          ? `No hay stock suficiente para la promoción ${promocion.denominacion}: la quitamos del carrito.`
          : `Solo alcanza el stock para ${combos} ${combos === 1 ? 'combo' : 'combos'} de la promoción ${promocion.denominacion}: ajustamos la cantidad.`,
      );
    }
    for (const d of promocion.detalles) {
      restante.set(d.producto.id, (restante.get(d.producto.id) ?? d.producto.stock) - combos * d.cantidad);
    }
    if (combos > 0) nuevasPromos.push({ promocion, cantidad: combos });
  }

  const nuevosProductos: Carrito['productos'] = [];
  for (const linea of carrito.productos) {
    const producto = actual(linea.producto);
    if (!producto) {
      cambios.push(`${linea.producto.denominacion} ya no está a la venta: lo quitamos del carrito.`);
      continue;
    }
    if (aCentavos(producto.precio) !== aCentavos(linea.producto.precio)) {
      cambios.push(`El precio de ${producto.denominacion} cambió de ${formatear(linea.producto.precio)} a ${formatear(producto.precio)}.`);
    }
    const queda = Math.max(0, restante.get(producto.id) ?? producto.stock);
    const cantidad = Math.min(linea.cantidad, queda);
    if (cantidad < linea.cantidad) {
      cambios.push(
        cantidad === 0
          ? `${producto.denominacion} ya no tiene stock: lo quitamos del carrito.`
          : `Solo ${queda === 1 ? 'queda 1 unidad' : `quedan ${queda} unidades`} de ${producto.denominacion}: ajustamos la cantidad.`,
      );
    }
    restante.set(producto.id, queda - cantidad);
    if (cantidad > 0) nuevosProductos.push({ producto, cantidad });
  }
  // Print jobs have no stock: their prices are checked against the server apart (conciliarImpresiones).
  const revisado: Carrito = { ...carrito, productos: nuevosProductos, promociones: nuevasPromos };
  return { carrito: carritoReducer(revisado, { tipo: 'reemplazar', carrito: revisado }), cambios };
}

/**
 * Checks the cart's print jobs against what the server says of each now: `actuales` maps every job id
 * to its current price, or null when it can no longer be ordered (deleted, or already in an order).
 */
export function conciliarImpresiones(
  impresiones: readonly ImpresionCarrito[],
  actuales: ReadonlyMap<number, { precio: number } | null>,
  formatear: (pesos: number) => string,
): { impresiones: ImpresionCarrito[]; cambios: string[] } {
  const cambios: string[] = [];
  const quedan: ImpresionCarrito[] = [];
  for (const i of impresiones) {
    const actual = actuales.get(i.id);
    if (!actual) {
      cambios.push(`La impresión de ${i.nombreArchivo} ya no se puede pedir: la quitamos del carrito.`);
      continue;
    }
    if (aCentavos(actual.precio) !== aCentavos(i.precio)) {
      cambios.push(`El precio de la impresión de ${i.nombreArchivo} cambió de ${formatear(i.precio)} a ${formatear(actual.precio)}.`);
    }
    quedan.push({ ...i, precio: actual.precio });
  }
  return { impresiones: quedan, cambios };
}

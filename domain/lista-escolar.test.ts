import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MENSAJES_CARRITO, mensajeSoloHay, type ProductoCarrito } from './carrito';
import {
  agregarListaAlCarrito,
  leerCantidad,
  lineasDeTexto,
  listaEscolarInputSchema,
  MENSAJES_LISTA,
  productoVigente,
  totalDeLista,
  type ItemParaCarrito,
  type ListaEscolar,
} from './lista-escolar';

describe('leerCantidad', () => {
  it.each([
    ['2 cuadernos ABC rayados', 2, 'cuadernos ABC rayados'],
    ['2x cuadernos', 2, 'cuadernos'],
    ['2 x cuadernos', 2, 'cuadernos'],
    ['x2 gomas de borrar', 2, 'gomas de borrar'],
    ['x 3 lápices negros', 3, 'lápices negros'],
    ['goma de borrar x2', 2, 'goma de borrar'],
    ['goma de borrar 2x', 2, 'goma de borrar'],
    ['caja de lápices de colores x12', 1, 'caja de lápices de colores x12'],
    ['dos cuadernos', 2, 'cuadernos'],
    ['Dos cuadernos', 2, 'cuadernos'],
    ['una plasticola', 1, 'plasticola'],
    ['un block de hojas de colores', 1, 'block de hojas de colores'],
    ['doce lápices', 12, 'lápices'],
    ['tres  tijeras', 3, 'tijeras'],
    ['1/2 docena de lápices negros', 6, 'lápices negros'],
    ['media docena de lápices', 6, 'lápices'],
    ['una docena de broches', 12, 'broches'],
    ['2 docenas de palitos', 24, 'palitos'],
    ['cuaderno tapa dura (3)', 3, 'cuaderno tapa dura'],
    ['(2) cartulinas', 2, 'cartulinas'],
    ['un par de tijeras', 2, 'tijeras'],
    ['plasticola', 1, 'plasticola'],
    ['- 2 cuadernos', 2, 'cuadernos'],
    ['• plasticola 250 g.', 1, 'plasticola 250 g'],
    ['3) 4 lápices', 4, 'lápices'],
    ['30 cm regla', 1, '30 cm regla'],
    ['100 hojas rayadas', 1, '100 hojas rayadas'],
    ['2- cuadernos', 2, 'cuadernos'],
    ['2cuadernos', 2, 'cuadernos'],
    ['cuatro', 4, 'cuatro'],
  ])('%s', (linea, cantidad, texto) => {
    expect(leerCantidad(linea)).toEqual({ cantidad, texto });
  });

  it('always answers a quantity from 1 to 99 and a text that is not blank when the line has a letter', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (linea) => {
        const { cantidad, texto } = leerCantidad(linea);
        expect(Number.isInteger(cantidad) && cantidad >= 1 && cantidad <= 99).toBe(true);
        if (/\p{L}/u.test(linea)) expect(texto.trim()).not.toBe('');
      }),
    );
  });

  it('reads back the number it was given in front of a product name', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.constantFrom('cuadernos', 'lápices', 'gomas', 'témperas'), (n, nombre) => {
        expect(leerCantidad(`${n} ${nombre}`)).toEqual({ cantidad: n, texto: nombre });
      }),
    );
  });
});

it('lineasDeTexto skips blank lines but keeps their numbers', () => {
  expect(lineasDeTexto('2 cuadernos\r\n\n  \n- \nplasticola\n')).toEqual([
    { linea: 1, original: '2 cuadernos' },
    { linea: 5, original: 'plasticola' },
  ]);
});

const producto = (id: number, stock: number, precio = 100): ProductoCarrito => ({
  id,
  denominacion: `Producto ${id}`,
  marca: 'Marca',
  precio,
  stock,
  imagen: null,
});
const item = (id: number, cantidad: number, principal: ProductoCarrito | null, alternativas: ProductoCarrito[] = []): ItemParaCarrito => ({
  id,
  cantidad,
  texto: `item ${id}`,
  producto: principal,
  alternativas,
});

describe('agregarListaAlCarrito', () => {
  it('adds the items with stock, replaces by the first alternative with stock and reports what is missing', () => {
    const r = agregarListaAlCarrito(
      [
        item(1, 2, producto(10, 5)),
        item(2, 1, producto(11, 0), [producto(12, 0), producto(13, 4)]),
        item(3, 1, null),
        item(4, 3, producto(14, 0)),
      ],
      new Map(),
    );
    expect(r.agregar).toEqual([
      { itemId: 1, producto: producto(10, 5), cantidad: 2, alternativa: false },
      { itemId: 2, producto: producto(13, 4), cantidad: 1, alternativa: true },
    ]);
    expect(r.faltantes).toEqual([
      { itemId: 3, texto: 'item 3', motivo: 'TEXTO_LIBRE', cantidad: 1, mensaje: MENSAJES_LISTA.textoLibre },
      { itemId: 4, texto: 'item 4', motivo: 'SIN_STOCK', cantidad: 3, mensaje: MENSAJES_CARRITO.sinStock },
    ]);
  });

  it('counts what the cart already holds and what earlier items took', () => {
    const cuaderno = producto(10, 5);
    const r = agregarListaAlCarrito([item(1, 2, cuaderno), item(2, 3, cuaderno), item(3, 1, producto(20, 1))], new Map([[10, 1], [20, 1]]));
    expect(r.agregar).toEqual([
      { itemId: 1, producto: cuaderno, cantidad: 2, alternativa: false },
      { itemId: 2, producto: cuaderno, cantidad: 2, alternativa: false },
    ]);
    expect(r.faltantes).toEqual([
      { itemId: 2, texto: 'item 2', motivo: 'STOCK_INSUFICIENTE', cantidad: 1, mensaje: mensajeSoloHay(5) },
      { itemId: 3, texto: 'item 3', motivo: 'STOCK_INSUFICIENTE', cantidad: 1, mensaje: MENSAJES_CARRITO.maximoAgregado },
    ]);
  });

  it('fills an item from its product first and the rest from an alternative', () => {
    const r = agregarListaAlCarrito([item(1, 4, producto(10, 1), [producto(11, 2)])], new Map());
    expect(r.agregar.map((a) => [a.producto.id, a.cantidad, a.alternativa])).toEqual([
      [10, 1, false],
      [11, 2, true],
    ]);
    expect(r.faltantes).toEqual([{ itemId: 1, texto: 'item 1', motivo: 'STOCK_INSUFICIENTE', cantidad: 1, mensaje: mensajeSoloHay(3) }]);
  });

  it('never adds more than the stock left after the cart, whatever the items ask', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cantidad: fc.integer({ min: 1, max: 9 }), p: fc.integer({ min: 0, max: 3 }), alt: fc.integer({ min: 0, max: 3 }) }), {
          maxLength: 8,
        }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 4, maxLength: 4 }),
        (pedidos, stocks, enCarrito) => {
          const productos = stocks.map((s, i) => producto(i + 1, s));
          const items = pedidos.map((p, i) => item(i + 1, p.cantidad, productos[p.p]!, p.alt === p.p ? [] : [productos[p.alt]!]));
          const carrito = new Map(enCarrito.map((c, i) => [i + 1, c] as [number, number]));
          const r = agregarListaAlCarrito(items, carrito);
          for (const p of productos) {
            const agregado = r.agregar.filter((a) => a.producto.id === p.id).reduce((s, a) => s + a.cantidad, 0);
            expect(agregado).toBeLessThanOrEqual(Math.max(0, p.stock - carrito.get(p.id)!));
          }
          for (const it of items) {
            const agregado = r.agregar.filter((a) => a.itemId === it.id).reduce((s, a) => s + a.cantidad, 0);
            const falta = r.faltantes.filter((f) => f.itemId === it.id).reduce((s, f) => s + f.cantidad, 0);
            expect(agregado + falta).toBe(it.cantidad);
          }
        },
      ),
    );
  });
});

it('productoVigente and totalDeLista follow the stock and the ticks', () => {
  expect(productoVigente(item(1, 1, producto(1, 0), [producto(2, 0), producto(3, 2)]))).toEqual({ estado: 'ALTERNATIVA', producto: producto(3, 2) });
  expect(productoVigente(item(1, 1, null))).toEqual({ estado: 'TEXTO_LIBRE', producto: null });
  expect(productoVigente(item(1, 1, producto(1, 0)))).toEqual({ estado: 'SIN_STOCK', producto: null });
  const items = [
    { id: 1, cantidad: 3, producto: { precio: 0.1 } },
    { id: 2, cantidad: 1, producto: { precio: 1234.56 } },
    { id: 3, cantidad: 2, producto: null },
  ];
  expect(totalDeLista(items)).toBe(1234.86);
  expect(totalDeLista(items, new Set([1, 3]))).toBe(0.3);
});

describe('listaEscolarInputSchema', () => {
  const respuesta: ListaEscolar = {
    id: 4,
    escuela: 'Escuela N° 1-001 Gral. José de San Martín',
    localidad: 'CAPITAL',
    nivel: 'PRIMARIO',
    grado: '1er grado',
    anio: 2027,
    notas: '',
    publicada: true,
    familias: 3,
    unidadesVendidas: 20,
    items: [
      { id: 8, orden: 1, cantidad: 2, productoId: 5, texto: 'cuadernos', alternativas: [6], opcional: false, producto: producto(5, 1), productosAlternativos: [producto(6, 1)] },
      { id: 9, orden: 2, cantidad: 1, productoId: null, texto: 'carpeta con nombre', alternativas: [], opcional: true, producto: null, productosAlternativos: [] },
    ],
  };

  it('accepts back what GET answered, and id null on creation', () => {
    const leido = listaEscolarInputSchema.parse(respuesta);
    expect(leido.items[0]).toEqual({ id: 8, cantidad: 2, productoId: 5, texto: 'cuadernos', alternativas: [6], opcional: false });
    expect(leido).not.toHaveProperty('familias');
    expect(listaEscolarInputSchema.safeParse({ ...respuesta, id: null }).success).toBe(true);
  });

  it('names unknown fields and explains bad items in Spanish', () => {
    const r = listaEscolarInputSchema.safeParse({ ...respuesta, colegio: 'x' });
    expect(r.error?.issues[0]?.message).toBe('Campo desconocido: colegio');
    const sinItems = listaEscolarInputSchema.safeParse({ ...respuesta, items: [] });
    expect(sinItems.error?.issues[0]?.message).toBe(MENSAJES_LISTA.sinItems);
    const repetida = listaEscolarInputSchema.safeParse({ ...respuesta, items: [{ ...respuesta.items[0], alternativas: [5] }] });
    expect(repetida.error?.issues[0]?.message).toBe(MENSAJES_LISTA.alternativaRepetida);
    const sinProducto = listaEscolarInputSchema.safeParse({ ...respuesta, items: [{ ...respuesta.items[1], alternativas: [5] }] });
    expect(sinProducto.error?.issues[0]?.message).toBe(MENSAJES_LISTA.alternativaSinProducto);
  });
});

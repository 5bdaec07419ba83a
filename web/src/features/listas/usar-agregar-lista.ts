import { useMutation } from '@tanstack/react-query';
import { unidadesEnCarrito, type Carrito } from '../../../../domain/carrito';
import type { CarritoDeListaRespuesta, ListaPublica } from '../../../../domain/lista-escolar';
import { pedirCarritoDeLista } from '../../api/listas-escolares';
import { useCarrito } from '../../carrito/carrito-context';

/** Units per product the cart holds now, bundles counted by their units: what the server subtracts from stock. */
export function unidadesDelCarrito(carrito: Carrito): Array<{ productoId: number; cantidad: number }> {
  const ids = new Set([...carrito.productos.map((l) => l.producto.id), ...carrito.promociones.flatMap((p) => p.promocion.detalles.map((d) => d.producto.id))]);
  return [...ids].map((productoId) => ({ productoId, cantidad: unidadesEnCarrito(carrito, productoId) })).filter((u) => u.cantidad > 0);
}

/** What the family is told after adding: each group in the list's order. */
export interface ResumenAgregado {
  agregados: Array<{ itemId: number; cantidad: number; denominacion: string }>;
  reemplazados: Array<{ itemId: number; cantidad: number; denominacion: string; enLugarDe: string }>;
  faltantes: CarritoDeListaRespuesta['faltantes'];
}

export function resumirAgregado(lista: ListaPublica, r: CarritoDeListaRespuesta): ResumenAgregado {
  const item = (id: number) => lista.items.find((i) => i.id === id);
  return {
    agregados: r.agregar.filter((a) => !a.alternativa).map((a) => ({ itemId: a.itemId, cantidad: a.cantidad, denominacion: a.producto.denominacion })),
    reemplazados: r.agregar
      .filter((a) => a.alternativa)
      .map((a) => {
        const i = item(a.itemId);
        return { itemId: a.itemId, cantidad: a.cantidad, denominacion: a.producto.denominacion, enLugarDe: i?.original?.denominacion ?? i?.texto ?? '' };
      }),
    faltantes: r.faltantes,
  };
}

/**
 * 'Agregar la lista al carrito': the server says what the ticked items add with today's stock and what the
 * cart already holds; the answer goes into the cart through its reducer (each line cut to the stock again,
 * in case the cart changed meanwhile), with the list's id for the order.
 */
export function useAgregarLista(lista: ListaPublica | undefined) {
  const { carrito, despachar } = useCarrito();
  return useMutation({
    mutationFn: async (items: number[]) => {
      if (!lista) throw new Error('Sin lista');
      const respuesta = await pedirCarritoDeLista(lista.id, { items, carrito: unidadesDelCarrito(carrito) });
      despachar({ tipo: 'agregarLista', listaEscolarId: lista.id, lineas: respuesta.agregar.map((a) => ({ producto: a.producto, cantidad: a.cantidad })) });
      return resumirAgregado(lista, respuesta);
    },
  });
}

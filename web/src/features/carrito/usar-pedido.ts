import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MENSAJES_CARRITO, carritoVacio, conciliarCarrito, conciliarImpresiones, lineasDePedido, type Carrito, type ProductoCarrito } from '../../../../domain/carrito';
import type { FormaPagoCarrito } from '../../../../domain/enums';
import { MENSAJES_LISTA } from '../../../../domain/lista-escolar-reglas';
import { MENSAJES_PAGO } from '../../../../domain/pago';
import { formatearPrecio } from '../../../../domain/money';
import { ApiError, mensajeDeError } from '../../api/client';
import { crearPreferencia } from '../../api/mercado-pago';
import { obtenerTrabajo } from '../../api/impresiones';
import { crearPedido } from '../../api/pedidos';
import { obtenerProducto } from '../../api/productos';
import { obtenerPromocionesActivas } from '../../api/promociones';
import { aProductoCarrito, aPromocionCarrito } from '../../carrito/agregar-al-carrito';
import { useCarrito } from '../../carrito/carrito-context';
import { recordarPedidoEnPago } from '../../components/pago/pedido-en-pago';
import { useUser } from '../../sesion/usuario-context';

/** A fresh key per attempt: a retried request of the same attempt never makes two orders. */
export function nuevaClave(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type ResultadoPedido =
  | { tipo: 'noAutenticado' }
  | { tipo: 'cambios'; cambios: string[] }
  | { tipo: 'error'; mensaje: string }
  /** `impresionesListas`: when the order's print jobs are expected ready (ISO), if it has any. */
  | { tipo: 'efectivo'; id: number; conEnvio: boolean; impresionesListas: string | null }
  | { tipo: 'redirigiendo' };

/** Fetches the current data of every product and promotion of the cart. */
async function revisar(carrito: Carrito) {
  const ids = new Set<number>([
    ...carrito.productos.map((l) => l.producto.id),
    ...carrito.promociones.flatMap((p) => p.promocion.detalles.map((d) => d.producto.id)),
  ]);
  const productos = new Map<number, ProductoCarrito | null>();
  await Promise.all(
    [...ids].map(async (id) => {
      try {
        productos.set(id, aProductoCarrito(await obtenerProducto(id)));
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) productos.set(id, null);
        else throw e;
      }
    }),
  );
  const promociones = carrito.promociones.length > 0 ? (await obtenerPromocionesActivas()).map(aPromocionCarrito) : [];
  const conciliado = conciliarCarrito(carrito, productos, promociones, formatearPrecio);
  // Print jobs: each one's price now, or null when it can no longer be ordered (ordered in another tab, gone).
  const trabajos = new Map<number, { precio: number } | null>();
  await Promise.all(
    carrito.impresiones.map(async (i) => {
      try {
        const t = await obtenerTrabajo(i.id);
        trabajos.set(i.id, t.estado === 'BORRADOR' ? { precio: t.presupuesto.precio } : null);
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 403)) trabajos.set(i.id, null);
        else throw e;
      }
    }),
  );
  const impresiones = conciliarImpresiones(carrito.impresiones, trabajos, formatearPrecio);
  return { carrito: { ...conciliado.carrito, impresiones: impresiones.impresiones }, cambios: [...conciliado.cambios, ...impresiones.cambios] };
}

/** The cart order (spec section 4): checked against the shop first, then one request to the server. */
export function usePedido() {
  const { usuario } = useUser();
  const { carrito, despachar } = useCarrito();
  const queryClient = useQueryClient();
  const [enviando, setEnviando] = useState<FormaPagoCarrito | null>(null);

  const pedir = async (formaPago: FormaPagoCarrito, conEnvio: boolean): Promise<ResultadoPedido> => {
    if (!usuario) return { tipo: 'noAutenticado' };
    if (carritoVacio(carrito)) return { tipo: 'error', mensaje: MENSAJES_CARRITO.vacio };
    setEnviando(formaPago);
    try {
      const revision = await revisar(carrito);
      if (revision.cambios.length > 0) {
        despachar({ tipo: 'reemplazar', carrito: revision.carrito });
        return { tipo: 'cambios', cambios: revision.cambios };
      }
      let id: number;
      let impresionesListas: string | null = null;
      try {
        const respuesta = await crearPedido({ ...lineasDePedido(carrito), formaPago, envio: conEnvio ? 1 : 0 }, nuevaClave());
        id = respuesta.id;
        impresionesListas = respuesta.impresionesListas ?? null;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return { tipo: 'noAutenticado' };
        if (e instanceof ApiError && e.status === 400 && carrito.listaEscolarId !== undefined && e.message === MENSAJES_LISTA.pedidoListaInvalida) {
          // The school list was unpublished meanwhile: the cart stays, without the reference, for the next try.
          despachar({ tipo: 'reemplazar', carrito: { productos: carrito.productos, promociones: carrito.promociones, impresiones: carrito.impresiones } });
          return { tipo: 'cambios', cambios: [`${e.message} El pedido sigue sin la lista: confirmalo de nuevo.`] };
        }
        if (e instanceof ApiError && e.status === 409) {
          // Someone bought the last units meanwhile: bring the cart up to date as well.
          const otra = await revisar(carrito).catch(() => null);
          if (otra && otra.cambios.length > 0) despachar({ tipo: 'reemplazar', carrito: otra.carrito });
          return { tipo: 'cambios', cambios: [e.message, ...(otra?.cambios ?? [])] };
        }
        return { tipo: 'error', mensaje: mensajeDeError(e) };
      }
      if (!Number.isInteger(id) || id <= 0) return { tipo: 'error', mensaje: MENSAJES_CARRITO.ventaIdInvalido };
      despachar({ tipo: 'vaciar' });
      void queryClient.invalidateQueries({ queryKey: ['venta'] });
      void queryClient.invalidateQueries({ queryKey: ['producto'] });
      void queryClient.invalidateQueries({ queryKey: ['promocion'] });
      void queryClient.invalidateQueries({ queryKey: ['impresion'] });
      if (formaPago === 'EFECTIVO') return { tipo: 'efectivo', id, conEnvio, impresionesListas };
      try {
        const preferencia = await crearPreferencia(id);
        if (!preferencia.init_point) return { tipo: 'error', mensaje: MENSAJES_PAGO.sinLinkDePago };
        recordarPedidoEnPago(id);
        window.location.assign(preferencia.init_point);
        return { tipo: 'redirigiendo' };
      } catch (e) {
        console.error('Error al iniciar el pago con Mercado Pago', e);
        return { tipo: 'error', mensaje: MENSAJES_PAGO.errorAlIniciarPago };
      }
    } catch (e) {
      return { tipo: 'error', mensaje: mensajeDeError(e) };
    } finally {
      setEnviando(null);
    }
  };

  return { pedir, enviando };
}

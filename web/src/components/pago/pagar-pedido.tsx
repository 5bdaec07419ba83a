import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MENSAJES_PAGO } from '../../../../domain/pago';
import { ApiError, mensajeDeError } from '../../api/client';
import { crearPreferencia } from '../../api/mercado-pago';
import { recordarPedidoEnPago } from './pedido-en-pago';

const formatoHora = new Intl.DateTimeFormat('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Argentina/Mendoza' });

/** 'Podés pagarlo hasta las 18:45' */
export const textoPagarHasta = (hasta: Date) => `Podés pagarlo hasta las ${formatoHora.format(hasta)}.`;

/**
 * 'Pagar' on an unpaid Mercado Pago order: the server makes a fresh preference of the same order (or
 * says why not: paid, expired, units gone) and the browser goes to Mercado Pago. On a refusal the
 * order's data is asked again, so the page shows its new state.
 */
export function usePagarPedido(opciones: { alFallar?: (mensaje: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ventaId: number) => {
      const preferencia = await crearPreferencia(ventaId);
      if (!preferencia.init_point) throw new Error(MENSAJES_PAGO.sinLinkDePago);
      return { ventaId, link: preferencia.init_point };
    },
    onSuccess: ({ ventaId, link }) => {
      recordarPedidoEnPago(ventaId);
      window.location.assign(link);
    },
    onError: (error, ventaId) => {
      const mensaje = error instanceof ApiError ? mensajeDeError(error) : error.message === MENSAJES_PAGO.sinLinkDePago ? error.message : MENSAJES_PAGO.errorAlIniciarPago;
      if (opciones.alFallar) opciones.alFallar(mensaje);
      else notifications.show({ color: 'red', title: 'No se pudo pagar', message: mensaje });
      void queryClient.invalidateQueries({ queryKey: ['venta'] });
      void queryClient.invalidateQueries({ queryKey: ['mercadoPago', 'estado', ventaId] });
    },
  });
}

/** The button; `pagar` comes from usePagarPedido (one per page, so only the pressed one waits). */
export function BotonPagar({
  ventaId,
  pagar,
  ...props
}: { ventaId: number; pagar: ReturnType<typeof usePagarPedido> } & Omit<ButtonProps, 'children' | 'onClick'>) {
  const esteEnCurso = pagar.isPending && pagar.variables === ventaId;
  return (
    <Button
      color="blue.8"
      leftSection={<IconCreditCard size={16} aria-hidden />}
      loading={esteEnCurso}
      disabled={pagar.isPending && !esteEnCurso}
      onClick={() => pagar.mutate(ventaId)}
      aria-label={`Pagar el pedido N° ${ventaId} con Mercado Pago`}
      {...props}
    >
      Pagar
    </Button>
  );
}

/** An Alert's title in the darkest shade of its colour: readable on its light tint (WCAG AA). */
export const tituloLegible = (color: string) => ({ title: { color: `var(--mantine-color-${color}-9)` } });

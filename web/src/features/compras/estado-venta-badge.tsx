import { Badge, Group } from '@mantine/core';
import { ESTADO_VENTA_LABEL, type EstadoPago, type EstadoVenta, type FormaPago } from '../../../../domain/enums';
import { PAGO_CLIENTE_LABEL, pagoParaCliente, type PagoCliente } from '../../../../domain/pago';

// Dark text on the light tint of each colour: readable (WCAG AA); the tint tells the kind at a glance.
const COLOR_PAGO: Record<PagoCliente, string> = {
  PAGADO: 'green',
  PENDIENTE: 'yellow',
  RECHAZADO: 'red',
  VENCIDO: 'gray',
  AL_RETIRAR: 'blue',
  AL_RECIBIR: 'blue',
  A_CONVENIR: 'gray',
};

export interface VentaConEstados {
  estadoVenta: EstadoVenta;
  estadoPago: EstadoPago | null;
  formaPago: FormaPago;
  fecha: string;
  /** Cash is paid on delivery then, not at the counter. */
  conEnvio: boolean;
}

const ajustable = { root: { paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } } as const;

/** The order's state ('Pendiente': not handed over yet) and, beside it, its payment's in the customer's words. */
export function EstadoVentaBadge({ venta, venceMinutos }: { venta: VentaConEstados; venceMinutos: number }) {
  const pago = pagoParaCliente(venta, venceMinutos);
  const colorPedido = venta.estadoVenta === 'CONCLUIDO' ? 'green' : 'orange';
  const colorPago = COLOR_PAGO[pago];
  return (
    <Group gap={4}>
      <Badge color={colorPedido} c="dark.7" variant="light" tt="none">
        {ESTADO_VENTA_LABEL[venta.estadoVenta]}
      </Badge>
      {/* A narrow card wraps the words instead of cutting them ('En efectivo al reti…'). */}
      <Badge color={colorPago} c="dark.7" variant="light" tt="none" data-pago={pago} h="auto" maw="100%" styles={ajustable}>
        {PAGO_CLIENTE_LABEL[pago]}
      </Badge>
    </Group>
  );
}

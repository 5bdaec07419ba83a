import { Badge, Group } from '@mantine/core';
import { ESTADO_PAGO_LABEL, ESTADO_VENTA_LABEL, type EstadoPago, type EstadoVenta, type FormaPago } from '../../../../domain/enums';

const COLOR_PAGO: Record<EstadoPago, string> = { PENDIENTE: 'yellow', APROBADO: 'green', RECHAZADO: 'red', VENCIDO: 'gray' };

/** The sale's state and its payment's: a Mercado Pago one, or a cash order that expired (Pago vencido). */
export function EstadoVentaBadge({ venta }: { venta: { estadoVenta: EstadoVenta; estadoPago: EstadoPago | null; formaPago: FormaPago } }) {
  return (
    <Group gap={4}>
      <Badge color={venta.estadoVenta === 'CONCLUIDO' ? 'green' : 'orange'} variant="light">
        {ESTADO_VENTA_LABEL[venta.estadoVenta]}
      </Badge>
      {venta.estadoPago && (
        <Badge color={COLOR_PAGO[venta.estadoPago]} variant="outline">
          {ESTADO_PAGO_LABEL[venta.estadoPago]}
        </Badge>
      )}
    </Group>
  );
}

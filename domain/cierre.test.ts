import { describe, expect, it } from 'vitest';
import { ESTADO_COBRO_LABEL, estadoDeCobro, ticketPromedio } from './cierre';
import type { EstadoPago, EstadoVenta } from './enums';

describe('estadoDeCobro', () => {
  const casos: Array<[EstadoVenta, EstadoPago | null, string]> = [
    // Counter sales and cash orders: no online payment.
    ['PENDIENTE', null, 'PENDIENTE'],
    ['CONCLUIDO', null, 'COBRADO'],
    // Mercado Pago: the payment decides, whatever the delivery.
    ['PENDIENTE', 'PENDIENTE', 'PENDIENTE'],
    ['PENDIENTE', 'APROBADO', 'COBRADO'],
    ['PENDIENTE', 'RECHAZADO', 'NO_COBRADO'],
    ['PENDIENTE', 'VENCIDO', 'NO_COBRADO'],
    ['CONCLUIDO', 'APROBADO', 'COBRADO'],
    // Concluded by the shop before the payment's news arrived.
    ['CONCLUIDO', 'PENDIENTE', 'COBRADO'],
    // Refunded or charged back after it was concluded (recorded as RECHAZADO): not money in the till.
    ['CONCLUIDO', 'RECHAZADO', 'NO_COBRADO'],
    ['CONCLUIDO', 'VENCIDO', 'NO_COBRADO'],
  ];
  it.each(casos)('a %s sale with payment %s is %s', (estadoVenta, estadoPago, esperado) => {
    expect(estadoDeCobro({ estadoVenta, estadoPago })).toBe(esperado);
  });

  it("labels what the spreadsheet's 'Estado' column and the grid say", () => {
    expect(ESTADO_COBRO_LABEL).toEqual({ COBRADO: 'Cobrado', PENDIENTE: 'Pendiente de cobro', NO_COBRADO: 'No cobrado' });
  });
});

describe('ticketPromedio', () => {
  it('divides in cents and rounds to the cent; 0 without sales', () => {
    expect(ticketPromedio(10, 3)).toBe(3.33);
    expect(ticketPromedio(0.05, 2)).toBe(0.03);
    expect(ticketPromedio(3750, 4)).toBe(937.5);
    expect(ticketPromedio(0, 0)).toBe(0);
  });
});

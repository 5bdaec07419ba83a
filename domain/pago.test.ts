import { describe, expect, it } from 'vitest';
import type { EstadoPago, EstadoVenta } from './enums';
import { crearPreferenciaSchema, leerRetornoMercadoPago, PAGO_CLIENTE_LABEL, pagarHasta, pagoParaCliente, sePuedePagar } from './pago';

describe('return query string of Mercado Pago', () => {
  it('reads the sale, the payment and its status', () => {
    const q = new URLSearchParams('collection_id=123&collection_status=approved&payment_id=123&status=approved&external_reference=45&payment_type=credit_card&merchant_order_id=9&preference_id=p');
    expect(leerRetornoMercadoPago(q)).toEqual({ ventaId: 45, pagoId: '123', estado: 'approved' });
  });

  it('answers nulls for what is missing or not a sale id', () => {
    expect(leerRetornoMercadoPago(new URLSearchParams('external_reference=abc&payment_id=null&status=null'))).toEqual({ ventaId: null, pagoId: null, estado: null });
    expect(leerRetornoMercadoPago(new URLSearchParams(''))).toEqual({ ventaId: null, pagoId: null, estado: null });
    expect(leerRetornoMercadoPago(new URLSearchParams('external_reference=99999999999')).ventaId).toBeNull();
  });
});

describe('createPreference body', () => {
  it('takes the sale id, accepts and ignores a total, refuses anything else', () => {
    expect(crearPreferenciaSchema.parse({ id: 5, total: 100 }).id).toBe(5);
    expect(crearPreferenciaSchema.safeParse({ id: 5, monto: 1 }).success).toBe(false);
    expect(crearPreferenciaSchema.safeParse({ id: 0 }).success).toBe(false);
  });
});

describe("the payment in the customer's words, and when 'Pagar' is offered", () => {
  const ahora = new Date('2026-11-25T18:00:00.000Z');
  const hace = (minutos: number) => new Date(ahora.getTime() - minutos * 60_000).toISOString();
  const mp = (estadoPago: EstadoPago | null, minutos = 10, estadoVenta: EstadoVenta = 'PENDIENTE') =>
    ({ formaPago: 'MERCADOPAGO', estadoPago, estadoVenta, fecha: hace(minutos) }) as const;

  it('offers Pagar on a pending or rejected Mercado Pago order within its time only', () => {
    expect(sePuedePagar(mp('PENDIENTE'), 60, ahora)).toBe(true);
    expect(sePuedePagar(mp('RECHAZADO', 59), 60, ahora)).toBe(true);
    expect(sePuedePagar(mp('PENDIENTE', 60), 60, ahora)).toBe(false);
    expect(sePuedePagar(mp('APROBADO'), 60, ahora)).toBe(false);
    expect(sePuedePagar(mp('VENCIDO'), 60, ahora)).toBe(false);
    expect(sePuedePagar(mp('PENDIENTE', 10, 'CONCLUIDO'), 60, ahora)).toBe(false);
    expect(sePuedePagar({ ...mp(null), formaPago: 'EFECTIVO' }, 60, ahora)).toBe(false);
    expect(pagarHasta(hace(10), 60).toISOString()).toBe('2026-11-25T18:50:00.000Z');
  });

  it('names every state as a customer understands it', () => {
    const etiqueta = (v: Parameters<typeof pagoParaCliente>[0]) => PAGO_CLIENTE_LABEL[pagoParaCliente(v, 60, ahora)];
    expect(etiqueta(mp('APROBADO'))).toBe('Pagado');
    expect(etiqueta(mp('APROBADO', 10, 'CONCLUIDO'))).toBe('Pagado');
    expect(etiqueta(mp('PENDIENTE'))).toBe('Pago pendiente');
    // Out of time before the sweep records it.
    expect(etiqueta(mp('PENDIENTE', 61))).toBe('Pago vencido');
    expect(etiqueta(mp('RECHAZADO'))).toBe('Pago rechazado');
    expect(etiqueta(mp('VENCIDO'))).toBe('Pago vencido');
    expect(etiqueta({ ...mp(null), formaPago: 'EFECTIVO' })).toBe('En efectivo al retirar');
    expect(etiqueta({ ...mp(null), formaPago: 'EFECTIVO', conEnvio: true })).toBe('En efectivo al recibir');
    expect(etiqueta({ ...mp(null, 10, 'CONCLUIDO'), formaPago: 'EFECTIVO' })).toBe('Pagado');
    expect(etiqueta({ ...mp('VENCIDO', 5000), formaPago: 'EFECTIVO' })).toBe('Pago vencido');
    expect(etiqueta({ ...mp(null), formaPago: 'TRANSFERENCIA' })).toBe('Pago a convenir');
  });
});

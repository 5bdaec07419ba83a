import { describe, expect, it } from 'vitest';
import { crearPreferenciaSchema, leerRetornoMercadoPago } from './pago';

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

// What the shop needs from Mercado Pago. Two implementations: the official SDK (pasarela-sdk.ts)
// and the built-in simulator (pasarela-simulada.ts), which runs only with MP_SIMULADO=1; the services
// never know which one runs. Without either, `pasarelaDesactivada`: no online payments.

import type { ModoMercadoPago } from '../config';

export interface ItemPreferencia {
  id: string;
  title: string;
  quantity: number;
  unit_price: number;
  currency_id: 'ARS';
}

/** The Checkout Pro preference body, with Mercado Pago's own field names. */
export interface DatosPreferencia {
  items: ItemPreferencia[];
  external_reference: string;
  back_urls: { success: string; pending: string; failure: string };
  auto_return: 'approved';
  notification_url: string;
  expires: true;
  expiration_date_from: string;
  expiration_date_to: string;
  /** Cash tickets (Rapipago, Pago Fácil) cannot be paid after this either. */
  date_of_expiration: string;
}

export interface PreferenciaCreada {
  id: string;
  init_point?: string;
}

/** The fields of a Mercado Pago payment the shop reads. */
export interface PagoMP {
  id: string;
  status: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  date_last_updated: string | null;
}

export interface PasarelaPagos {
  readonly modo: ModoMercadoPago;
  crearPreferencia(datos: DatosPreferencia): Promise<PreferenciaCreada>;
  /** Undefined when Mercado Pago does not know the payment. */
  obtenerPago(id: string): Promise<PagoMP | undefined>;
  buscarPagos(externalReference: string): Promise<PagoMP[]>;
}

/** Mercado Pago could not be reached or answered an error; the cause is logged, never shown. */
export class ErrorDePasarela extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ErrorDePasarela';
  }
}

/**
 * No Mercado Pago configured (neither MP_ACCESS_TOKEN nor MP_SIMULADO=1): the routes refuse online
 * payments before calling it; anything that still asks (the return page's check) gets a gateway error
 * and answers what the shop knows.
 */
export const pasarelaDesactivada: PasarelaPagos = {
  modo: 'desactivado',
  crearPreferencia: () => Promise.reject(new ErrorDePasarela('Mercado Pago no está configurado')),
  obtenerPago: () => Promise.reject(new ErrorDePasarela('Mercado Pago no está configurado')),
  buscarPagos: () => Promise.reject(new ErrorDePasarela('Mercado Pago no está configurado')),
};

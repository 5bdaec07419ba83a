import { MercadoPagoConfig, MPNotFoundError, Payment, Preference } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { ErrorDePasarela, type PagoMP, type PasarelaPagos } from './pasarela';

export interface OpcionesPasarelaSdk {
  accessToken: string;
  /** Another API root (a fake Mercado Pago in tests); undefined: the SDK's own. */
  baseUrl?: string;
  timeoutMs: number;
}

const BASE_URL_SDK = AppConfig.BASE_URL;
const sdkConfig = AppConfig as { BASE_URL: string };

/**
 * The SDK builds every URL from the static `AppConfig.BASE_URL` and has no option for it. The URL
 * is read synchronously when a call starts, so setting it around the call points that call (and only
 * it) at our base, even with several gateways in one process (tests). The SDK still does the HTTP.
 */
function conBase<T>(baseUrl: string | undefined, llamada: () => Promise<T>): Promise<T> {
  const anterior = sdkConfig.BASE_URL;
  sdkConfig.BASE_URL = (baseUrl ?? BASE_URL_SDK).replace(/\/+$/, '');
  try {
    return llamada();
  } finally {
    sdkConfig.BASE_URL = anterior;
  }
}

/** The fields we read, as both `Payment.get` and `Payment.search` answer them. */
interface PagoSdk {
  id?: number | string;
  status?: string;
  external_reference?: string;
  transaction_amount?: number;
  currency_id?: string;
  date_last_updated?: string;
  date_created?: string;
}

const aPagoMP = (p: PagoSdk): PagoMP => ({
  id: String(p.id),
  status: p.status ?? '',
  external_reference: p.external_reference ?? null,
  transaction_amount: Number(p.transaction_amount ?? Number.NaN),
  currency_id: p.currency_id ?? '',
  date_last_updated: p.date_last_updated ?? p.date_created ?? null,
});

/** Mercado Pago through the official `mercadopago` SDK (Checkout Pro). */
export function crearPasarelaSdk(opciones: OpcionesPasarelaSdk): PasarelaPagos {
  // A person waits for the preference: one try within the time limit, then the spec's message.
  const preferencias = new Preference(
    new MercadoPagoConfig({ accessToken: opciones.accessToken, options: { timeout: opciones.timeoutMs, maxRetries: 0 } }),
  );
  // Reading a payment is safe to repeat: one retry for a passing 5xx.
  const pagos = new Payment(
    new MercadoPagoConfig({
      accessToken: opciones.accessToken,
      options: { timeout: opciones.timeoutMs, maxRetries: 1, initialDelay: 200 },
    }),
  );

  return {
    modo: 'real',
    async crearPreferencia(datos) {
      try {
        const creada = await conBase(opciones.baseUrl, () => preferencias.create({ body: datos }));
        return { id: String(creada.id ?? ''), init_point: creada.init_point || undefined };
      } catch (error) {
        throw new ErrorDePasarela('crear la preferencia falló', { cause: error });
      }
    },
    async obtenerPago(id) {
      try {
        return aPagoMP(await conBase(opciones.baseUrl, () => pagos.get({ id })));
      } catch (error) {
        if (error instanceof MPNotFoundError) return undefined;
        throw new ErrorDePasarela(`consultar el pago ${id} falló`, { cause: error });
      }
    },
    async buscarPagos(externalReference) {
      try {
        const encontrados = await conBase(opciones.baseUrl, () =>
          pagos.search({ options: { external_reference: externalReference, sort: 'date_created', criteria: 'desc' } }),
        );
        return (encontrados.results ?? []).map(aPagoMP);
      } catch (error) {
        throw new ErrorDePasarela(`buscar los pagos de ${externalReference} falló`, { cause: error });
      }
    },
  };
}

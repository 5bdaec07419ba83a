import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PasarelaPagos } from './pasarela';
import { crearPasarelaSimulada } from './pasarela-simulada';
import { vencerPagosPendientes } from './vencimiento';

export interface MercadoPago {
  /** Real SDK with MP_ACCESS_TOKEN, the built-in simulator without it. Tests may swap it. */
  pasarela: PasarelaPagos;
  /** Verifies the webhook's x-signature; undefined refuses every notification. */
  secretoWebhook: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    mercadoPago: MercadoPago;
  }
}

const BARRIDO_MS = 60_000;

/** Mercado Pago as a service of the app: the gateway, the webhook secret and the expiry sweep. */
export const pagosPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    if (config.MP_ACCESS_TOKEN && !config.MP_WEBHOOK_SECRET) {
      throw new Error('Configuración inválida:\n- MP_WEBHOOK_SECRET: obligatoria cuando MP_ACCESS_TOKEN está definida (clave secreta de las notificaciones)');
    }
    // The SDK is loaded only with real credentials: the simulator does not need its memory.
    const pasarela = config.MP_ACCESS_TOKEN
      ? (await import('./pasarela-sdk')).crearPasarelaSdk({ accessToken: config.MP_ACCESS_TOKEN, baseUrl: config.MP_API_BASE_URL, timeoutMs: config.MP_TIMEOUT_MS })
      : crearPasarelaSimulada(app.db, config.PUBLIC_URL);
    // The simulator signs its notifications and delivers them to this same instance (inject), so a
    // secret made at start works even with several instances; MP_WEBHOOK_SECRET, when set, wins.
    const secretoWebhook = config.MP_WEBHOOK_SECRET ?? (config.MP_ACCESS_TOKEN ? undefined : crypto.randomBytes(32).toString('hex'));
    app.decorate('mercadoPago', { pasarela, secretoWebhook });
    app.log.info({ modo: pasarela.modo }, 'Mercado Pago listo');

    let barriendo = false;
    const barrer = async () => {
      if (barriendo) return;
      barriendo = true;
      try {
        const r = await vencerPagosPendientes(app.db, app.mercadoPago.pasarela, { minutos: config.MP_PAGO_VENCE_MINUTOS });
        if (r.vencidas.length > 0) app.log.info({ ventas: r.vencidas }, 'pagos de Mercado Pago vencidos: stock liberado');
        if (r.erroresDePasarela > 0) app.log.warn({ errores: r.erroresDePasarela }, 'Mercado Pago no respondió al vencer pagos');
      } catch (error) {
        app.log.error({ err: error }, 'falló el vencimiento de pagos de Mercado Pago');
      } finally {
        barriendo = false;
      }
    };
    const intervalo = setInterval(() => void barrer(), BARRIDO_MS);
    intervalo.unref();
    app.addHook('onClose', async () => clearInterval(intervalo));
  },
  { name: 'pagos', dependencies: ['db'] },
);

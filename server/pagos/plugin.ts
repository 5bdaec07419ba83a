import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { modoMercadoPago } from '../config';
import { pasarelaDesactivada, type PasarelaPagos } from './pasarela';
import { crearPasarelaSimulada } from './pasarela-simulada';
import { vencerPagosPendientes, vencerPedidosEnEfectivo } from './vencimiento';

export interface MercadoPago {
  /**
   * Real SDK with MP_ACCESS_TOKEN, the built-in simulator with MP_SIMULADO=1, else none (no online
   * payments). Tests may swap it.
   */
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

/**
 * Mercado Pago as a service of the app: the gateway, the webhook secret and the expiry sweep (unpaid
 * Mercado Pago orders, and cash orders from the cart not concluded in EFECTIVO_VENCE_HORAS).
 */
export const pagosPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    // The settings were checked at start (server/config.ts): real credentials come with their webhook
    // secret, and the simulator runs only when MP_SIMULADO=1 asks for it.
    const modo = modoMercadoPago(config);
    // The SDK is loaded only with real credentials: the simulator does not need its memory.
    const pasarela =
      modo === 'real'
        ? (await import('./pasarela-sdk')).crearPasarelaSdk({ accessToken: config.MP_ACCESS_TOKEN!, baseUrl: config.MP_API_BASE_URL, timeoutMs: config.MP_TIMEOUT_MS })
        : modo === 'simulado'
          ? crearPasarelaSimulada(app.db, config.PUBLIC_URL)
          : pasarelaDesactivada;
    // The simulator signs its notifications and delivers them to this same instance (inject), so a
    // secret made at start works even with several instances; MP_WEBHOOK_SECRET, when set, wins.
    // Without Mercado Pago no notification is accepted.
    const secretoWebhook = modo === 'desactivado' ? undefined : (config.MP_WEBHOOK_SECRET ?? (modo === 'simulado' ? crypto.randomBytes(32).toString('hex') : undefined));
    app.decorate('mercadoPago', { pasarela, secretoWebhook });
    if (modo === 'desactivado') app.log.warn('Mercado Pago desactivado: sin MP_ACCESS_TOKEN ni MP_SIMULADO=1 la tienda solo toma pedidos en efectivo');
    else app.log.info({ modo }, 'Mercado Pago listo');

    let barriendo = false;
    const barrer = async () => {
      if (barriendo) return;
      barriendo = true;
      try {
        // Without a gateway there is no one to ask one last time: an old order just expires.
        const pasarelaActual = app.mercadoPago.pasarela.modo === 'desactivado' ? undefined : app.mercadoPago.pasarela;
        const r = await vencerPagosPendientes(app.db, pasarelaActual, { minutos: config.MP_PAGO_VENCE_MINUTOS });
        if (r.vencidas.length > 0) app.log.info({ ventas: r.vencidas }, 'pagos de Mercado Pago vencidos: stock liberado');
        if (r.erroresDePasarela > 0) app.log.warn({ errores: r.erroresDePasarela }, 'Mercado Pago no respondió al vencer pagos');
      } catch (error) {
        app.log.error({ err: error }, 'falló el vencimiento de pagos de Mercado Pago');
      }
      try {
        const vencidos = await vencerPedidosEnEfectivo(app.db, { horas: config.EFECTIVO_VENCE_HORAS });
        if (vencidos.length > 0) app.log.info({ ventas: vencidos }, 'pedidos en efectivo vencidos: stock liberado');
      } catch (error) {
        app.log.error({ err: error }, 'falló el vencimiento de pedidos en efectivo');
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

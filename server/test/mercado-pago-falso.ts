import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A fake Mercado Pago API on 127.0.0.1 for the real SDK to talk to: it records every request and
// answers like the real one (preferences, payment get and search), or fails on purpose.

export interface PedidoRecibido {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface PagoFalso {
  id: number;
  status: string;
  external_reference: string;
  transaction_amount: number;
  currency_id?: string;
  date_last_updated?: string;
}

export type ModoPreferencia = 'ok' | 'error' | 'lento' | 'sin-init-point';

export interface MercadoPagoFalso {
  url: string;
  pedidos: PedidoRecibido[];
  pagos: Map<string, PagoFalso>;
  modoPreferencia: ModoPreferencia;
  /** Payment reads fail with 500 while true. */
  pagosCaidos: boolean;
  demoraMs: number;
  cerrar: () => Promise<void>;
}

export async function iniciarMercadoPagoFalso(): Promise<MercadoPagoFalso> {
  const estado: Omit<MercadoPagoFalso, 'url' | 'cerrar'> = { pedidos: [], pagos: new Map(), modoPreferencia: 'ok', pagosCaidos: false, demoraMs: 2000 };
  let preferencias = 0;
  const servidor = http.createServer((req, res) => {
    let texto = '';
    req.on('data', (c: Buffer) => (texto += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      estado.pedidos.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body: texto ? JSON.parse(texto) : undefined });
      const json = (status: number, cuerpo: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(cuerpo));
      };
      const error500 = () => json(500, { message: 'internal_error', error: 'internal_error', status: 500, cause: [] });

      if (req.method === 'POST' && url.pathname === '/checkout/preferences/') {
        const id = `123456-pref-${++preferencias}`;
        switch (estado.modoPreferencia) {
          case 'error':
            return error500();
          case 'lento':
            return void setTimeout(() => json(201, { id, init_point: 'https://tarde' }), estado.demoraMs);
          case 'sin-init-point':
            return json(201, { id });
          default:
            return json(201, { id, init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`, sandbox_init_point: 'https://sandbox' });
        }
      }
      if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
        if (estado.pagosCaidos) return error500();
        const ref = url.searchParams.get('external_reference');
        const results = [...estado.pagos.values()].filter((p) => p.external_reference === ref).map(completar);
        return json(200, { results, paging: { total: results.length, limit: 30, offset: 0 } });
      }
      const pago = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && pago) {
        if (estado.pagosCaidos) return error500();
        const encontrado = estado.pagos.get(decodeURIComponent(pago[1]!));
        return encontrado ? json(200, completar(encontrado)) : json(404, { message: 'Payment not found', error: 'not_found', status: 404, cause: [] });
      }
      json(404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const { port } = servidor.address() as AddressInfo;
  return Object.assign(estado, {
    url: `http://127.0.0.1:${port}`,
    cerrar: () =>
      new Promise<void>((ok) => {
        servidor.closeAllConnections();
        servidor.close(() => ok());
      }),
  });
}

const completar = (p: PagoFalso) => ({
  currency_id: 'ARS',
  date_created: '2026-01-01T10:00:00.000-04:00',
  date_last_updated: '2026-01-01T10:00:00.000-04:00',
  status_detail: 'accredited',
  ...p,
});

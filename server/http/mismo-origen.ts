import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MENSAJES } from '../../domain/mensajes';
import { Prohibido } from '../errors';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const METODOS_SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The shop's own origin, from PUBLIC_URL. A shop on a loopback address is the same server under any
 * of its loopback names (http://localhost:3000 and http://127.0.0.1:3000), so each is accepted.
 */
export function origenesPropios(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origenes = new Set([url.origin]);
  if (LOOPBACK.includes(url.hostname)) {
    for (const nombre of LOOPBACK) origenes.add(`${url.protocol}//${nombre}${url.port ? `:${url.port}` : ''}`);
  }
  return origenes;
}

/** The origin of a Referer ('https://tienda.com.ar/carrito?x=1' -> 'https://tienda.com.ar'); null when it is no URL. */
function origenDeReferer(referer: string): string | null {
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request that changes something may go on, from the headers browsers set and pages
 * cannot (OWASP's "verifying origin with standard headers"): `Origin` must be the shop's; without it,
 * `Sec-Fetch-Site` must say same-origin (or none: typed by the user). A `Referer`, when there is one,
 * must be a page of the shop too: an older browser or a proxy may drop Origin and Sec-Fetch-Site but
 * still say which site the request came from. A request with none of them comes from no browser (curl,
 * Mercado Pago's webhook): it carries no one's cookies by accident, and goes on.
 */
export function escrituraPermitida(propios: Set<string>, origen: string | undefined, secFetchSite: string | undefined, referer?: string): boolean {
  // The shop's pages send their full address as Referer only to the shop (referrerPolicy same-origin),
  // so a foreign or unreadable one is never the shop's own request.
  if (referer !== undefined && !propios.has(origenDeReferer(referer) ?? '')) return false;
  // 'null': an opaque origin (a sandboxed frame), or a form posted from a page whose referrer policy
  // hides its origin; only the browser's own Sec-Fetch-Site can then say it is the shop's page.
  if (origen !== undefined && origen !== 'null') return propios.has(origen);
  if (secFetchSite !== undefined) return secFetchSite === 'same-origin' || secFetchSite === 'none';
  return origen === undefined;
}

/** 403 to every state-changing request sent from another site's page (docs/decisions/016-acceso-por-ruta.md). */
export const mismoOrigen = fp(
  async (app: FastifyInstance) => {
    const propios = origenesPropios(app.config.PUBLIC_URL);
    app.addHook('onRequest', (request, _reply, done) => {
      if (METODOS_SEGUROS.has(request.method)) return done();
      const { origin, 'sec-fetch-site': secFetchSite, referer } = request.headers;
      if (escrituraPermitida(propios, origin, typeof secFetchSite === 'string' ? secFetchSite : undefined, referer)) return done();
      // Only the Referer's origin: its path and query may hold a customer's data.
      request.log.info({ origin, secFetchSite, referer: referer === undefined ? undefined : origenDeReferer(referer) }, 'escritura desde otro origen');
      done(new Prohibido(MENSAJES.origenNoPermitido));
    });
  },
  { name: 'mismo-origen' },
);

// The public pages arrive drawn: index.html with the page the React app would render for a visitor,
// and the API answers it used, so the browser paints before any JavaScript and its first render matches.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ID_ESTADO_INICIAL } from '../../domain/prerender';
import { cuerpoComprimible, type CuerpoComprimible } from '../http/cuerpo-comprimible';
import { MemoriaTemporal } from '../http/memoria-temporal';

/** What dist/ssr/entry-server.js (web/src/ssr/entry-server.tsx) exports. */
interface ModuloPrerender {
  prerenderizar: (url: string, fetchApi: typeof fetch) => Promise<{ html: string; estado: unknown } | null>;
}

/** The storefront pages: the same for every visitor (no personal data), worth drawing on the server. */
const PAGINAS = [/^\/$/, /^\/products$/, /^\/producto\/\d{1,10}$/, /^\/promociones$/, /^\/DondeEstamos$/, /^\/listas$/, /^\/listas\/\d{1,10}$/];
/** A slow render must not hold the page: the app alone draws it then. */
const ESPERA_MAXIMA_MS = 1500;
const MAXIMO_GUARDADAS = 300;
/**
 * Renders of different pages at the same time (one per core here). Drawing is CPU work on the main
 * thread: beyond this, a page not drawn yet goes out as the bare app at once instead of queuing behind
 * the others (and a render past ESPERA_MAXIMA_MS still holds its place until it ends).
 */
const MAXIMO_SIMULTANEOS = 2;

const esPaginaPrerenderizable = (url: string) => PAGINAS.some((p) => p.test(url.split('?')[0] ?? ''));

/** JSON inside <script>: nothing in it may close the element. */
const jsonEnHtml = (valor: unknown) =>
  JSON.stringify(valor).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const RAIZ = '<div id="root"></div>';

function insertarPrerender(indexHtml: string, dibujada: Dibujada): Buffer {
  const i = indexHtml.indexOf(RAIZ);
  if (i < 0) return Buffer.from(indexHtml);
  return Buffer.concat([
    Buffer.from(`${indexHtml.slice(0, i)}<div id="root">`),
    dibujada.html,
    Buffer.from(`</div><script type="application/json" id="${ID_ESTADO_INICIAL}">`),
    dibujada.estado,
    Buffer.from(`</script>${indexHtml.slice(i + RAIZ.length)}`),
  ]);
}

/** The API answered in-process (`inject`): no socket, and the same validation, cache and errors as a browser gets. */
function fetchInterno(app: FastifyInstance): typeof fetch {
  return async (entrada) => {
    const url = typeof entrada === 'string' ? entrada : entrada instanceof URL ? entrada.pathname + entrada.search : entrada.url;
    const r = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const cabeceras = new Headers();
    for (const [nombre, valor] of Object.entries(r.headers)) if (typeof valor === 'string') cabeceras.set(nombre, valor);
    return new Response(r.statusCode === 204 || r.statusCode === 304 ? null : r.body, { status: r.statusCode, headers: cabeceras });
  };
}

/** `null`: not a storefront page, or it could not be drawn: the caller sends index.html as it is. */
export type Prerenderizar = (url: string, indexHtml: string) => Promise<CuerpoComprimible | null>;

/**
 * A drawn page kept as the bytes that go into index.html. React's HTML is a concatenated string, a tree
 * of thousands of pieces several times the page's size, and the state a graph of objects: while a
 * crawler walked 780 filter URLs, such strings were 41 MB of the 92 MB live in the heap. As bytes
 * they are flat and outside the heap.
 */
interface Dibujada {
  html: Buffer;
  /** The API answers as JSON, safe inside <script>. */
  estado: Buffer;
  /** The last page put together from this drawing, with its compressed copies (index.html rarely changes). */
  armada?: { indexHtml: string; pagina: CuerpoComprimible };
}

/**
 * `prerenderizar(url, html)` answers `html` with the page drawn in, when `url` is a storefront page and
 * the prerender module exists; otherwise (or on any failure, logged) `null`. Drawn pages are kept
 * `segundos` like the API's public reads, with their compressed copies, and forgotten on every write
 * through this process.
 */
export async function crearPrerender(app: FastifyInstance, modulo: string | undefined): Promise<Prerenderizar> {
  if (!modulo || !fs.existsSync(modulo)) return async () => null;
  const { prerenderizar } = (await import(pathToFileURL(modulo).href)) as ModuloPrerender;
  const fetchApi = fetchInterno(app);
  const guardadas = new MemoriaTemporal<Dibujada>(MAXIMO_GUARDADAS);
  app.cacheRespuestas.alInvalidar(() => guardadas.clear());
  /** Renders under way, by URL: a second request for the same page waits for the same one. */
  const enCurso = new Map<string, Promise<Dibujada | null>>();

  const dibujarAhora = async (url: string): Promise<Dibujada | null> => {
    const desde = Date.now();
    const hecha = await prerenderizar(url, fetchApi);
    if (!hecha) return null;
    const dibujada: Dibujada = { html: Buffer.from(hecha.html), estado: Buffer.from(jsonEnHtml(hecha.estado)) };
    if (app.cacheRespuestas.segundos > 0) guardadas.guardar(url, dibujada, desde + app.cacheRespuestas.segundos * 1000);
    return dibujada;
  };

  const dibujar = (url: string): Promise<Dibujada | null> => {
    const guardada = guardadas.get(url);
    if (guardada) return Promise.resolve(guardada);
    const pendiente = enCurso.get(url);
    if (pendiente) return pendiente;
    if (enCurso.size >= MAXIMO_SIMULTANEOS) return Promise.resolve(null);
    const render = dibujarAhora(url).finally(() => enCurso.delete(url));
    enCurso.set(url, render);
    return render;
  };

  const armar = (dibujada: Dibujada, indexHtml: string) => {
    if (dibujada.armada?.indexHtml !== indexHtml) {
      dibujada.armada = { indexHtml, pagina: cuerpoComprimible(insertarPrerender(indexHtml, dibujada)) };
    }
    return dibujada.armada.pagina;
  };

  return async (url, indexHtml) => {
    if (!esPaginaPrerenderizable(url)) return null;
    let plazo: NodeJS.Timeout | undefined;
    try {
      const dibujada = await Promise.race([
        dibujar(url),
        new Promise<null>((resolver) => {
          plazo = setTimeout(() => resolver(null), ESPERA_MAXIMA_MS);
        }),
      ]);
      return dibujada ? armar(dibujada, indexHtml) : null;
    } catch (error) {
      app.log.warn({ err: error, url }, 'prerender fallido: se envía la aplicación sin dibujar');
      return null;
    } finally {
      clearTimeout(plazo);
    }
  };
}

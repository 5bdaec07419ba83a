// Link previews and search engines: product and promotion pages get their own <title>, description
// and Open Graph tags in the served index.html; /sitemap.xml and /robots.txt describe the public shop.
import { and, asc, count, eq, gte, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LOCALIDAD_LABEL } from '../../domain/enums';
import { NIVEL_LABEL } from '../../domain/lista-escolar-reglas';
import { formatearPrecio } from '../../domain/money';
import { paths } from '../../domain/rutas';
import { TIENDA } from '../../domain/tienda';
import { TITULO_LISTA_NO_ENCONTRADA, TITULO_PRODUCTO_NO_ENCONTRADO, tituloCompleto, tituloDeLista, tituloDeProducto } from '../../domain/titulos';
import type { Db } from '../db/client';
import { detallePromocion, itemListaEscolar, listaEscolar, producto, promocion } from '../db/schema';

export interface Metadatos {
  titulo: string;
  descripcion: string;
  /** Absolute URL of the picture. */
  imagen: string;
  /** Absolute URL of the page. */
  url: string;
  tipo?: 'website' | 'product';
}

const escapar = (texto: string) =>
  texto.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const recortar = (texto: string, max = 200) => (texto.length > max ? `${texto.slice(0, max - 1).trimEnd()}…` : texto);

/** index.html with `titulo` instead of its generic title. */
export const conTitulo = (indexHtml: string, titulo: string) => indexHtml.replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapar(titulo)}</title>`);

/** index.html with this page's title, description and Open Graph tags instead of the generic ones. */
export function conMetadatos(indexHtml: string, m: Metadatos): string {
  const titulo = escapar(m.titulo);
  const descripcion = escapar(recortar(m.descripcion));
  const etiquetas = [
    `<title>${titulo}</title>`,
    `<meta name="description" content="${descripcion}" />`,
    `<link rel="canonical" href="${escapar(m.url)}" />`,
    `<meta property="og:site_name" content="${escapar(TIENDA.nombre)}" />`,
    `<meta property="og:locale" content="es_AR" />`,
    `<meta property="og:type" content="${m.tipo ?? 'website'}" />`,
    `<meta property="og:title" content="${titulo}" />`,
    `<meta property="og:description" content="${descripcion}" />`,
    `<meta property="og:image" content="${escapar(m.imagen)}" />`,
    `<meta property="og:url" content="${escapar(m.url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<\/head>/i, `  ${etiquetas}\n  </head>`);
}

const urlImagen = (publica: string, imagen: string | null) => `${publica}${imagen ? `/uploads/${encodeURIComponent(imagen)}` : '/sin-imagen.svg'}`;

export async function metadatosDeProducto(db: Db, publica: string, id: number): Promise<Metadatos | null> {
  const [p] = await db
    .select({ id: producto.id, denominacion: producto.denominacion, marca: producto.marca, precio: producto.precio, descripcion: producto.descripcion, imagen: producto.imagen })
    .from(producto)
    .where(eq(producto.id, id))
    .limit(1);
  if (!p) return null;
  return {
    titulo: tituloDeProducto(p),
    descripcion: `${formatearPrecio(p.precio)}. ${p.descripcion || TIENDA.lema}`,
    imagen: urlImagen(publica, p.imagen),
    url: `${publica}${paths.producto(p.id)}`,
    tipo: 'product',
  };
}

export async function metadatosDePromociones(db: Db, publica: string): Promise<Metadatos> {
  const ahora = new Date();
  const activas = await db
    .select({ id: promocion.id, denominacion: promocion.denominacion, precio: promocion.precioPromocional })
    .from(promocion)
    // Active while its end is not before now (spec section 4), as the promotions page shows them.
    .where(gte(promocion.fechaFin, ahora))
    .orderBy(asc(promocion.fechaFin))
    .limit(10);
  let imagen: string | null = null;
  if (activas[0]) {
    const [primera] = await db
      .select({ imagen: producto.imagen })
      .from(detallePromocion)
      .innerJoin(producto, eq(producto.id, detallePromocion.productoId))
      .where(eq(detallePromocion.promocionId, activas[0].id))
      .orderBy(asc(detallePromocion.id))
      .limit(1);
    imagen = primera?.imagen ?? null;
  }
  const lista = activas.map((a) => `${a.denominacion} a ${formatearPrecio(a.precio)}`).join(' · ');
  return {
    titulo: `Promociones Activas | ${TIENDA.nombre}`,
    descripcion: lista ? `¡Imperdibles! ${lista}. Hasta agotar stock.` : `Las promociones de ${TIENDA.nombre}.`,
    imagen: urlImagen(publica, imagen),
    url: `${publica}${paths.promociones}`,
  };
}

/** A published school list (issue 20): its school and grade, what it holds, and its first product's picture. */
export async function metadatosDeLista(db: Db, publica: string, id: number): Promise<Metadatos | null> {
  const [l] = await db
    .select({ id: listaEscolar.id, escuela: listaEscolar.escuela, grado: listaEscolar.grado, nivel: listaEscolar.nivel, localidad: listaEscolar.localidad, anio: listaEscolar.anio })
    .from(listaEscolar)
    .where(and(eq(listaEscolar.id, id), eq(listaEscolar.publicada, true)))
    .limit(1);
  if (!l) return null;
  const [items] = await db.select({ n: count() }).from(itemListaEscolar).where(eq(itemListaEscolar.listaId, l.id));
  const [primera] = await db
    .select({ imagen: producto.imagen })
    .from(itemListaEscolar)
    .innerJoin(producto, eq(producto.id, itemListaEscolar.productoId))
    .where(and(eq(itemListaEscolar.listaId, l.id), isNotNull(producto.imagen)))
    .orderBy(asc(itemListaEscolar.orden))
    .limit(1);
  const n = items?.n ?? 0;
  return {
    titulo: tituloDeLista(l),
    descripcion: `${l.grado} (${NIVEL_LABEL[l.nivel]}) de ${l.escuela}, ${LOCALIDAD_LABEL[l.localidad]}, ciclo lectivo ${l.anio}: ${n === 1 ? '1 ítem' : `${n} ítems`} con precio y stock. Destildá lo que ya tenés y agregá el resto al carrito en un paso.`,
    imagen: urlImagen(publica, primera?.imagen ?? null),
    url: `${publica}${paths.lista(l.id)}`,
  };
}

export const metadatosDeListas = (publica: string): Metadatos => ({
  titulo: tituloCompleto('Listas escolares'),
  descripcion: `Buscá la lista de útiles de tu escuela de Mendoza y agregala al carrito en un paso. ${TIENDA.lema}`,
  imagen: urlImagen(publica, null),
  url: `${publica}${paths.listas}`,
});

const PAGINAS_PUBLICAS = [paths.inicio, paths.productos, paths.promociones, paths.listas, paths.impresiones, paths.dondeEstamos];

/** Every public page, every product page and every published school list. */
export async function sitemap(db: Db, publica: string): Promise<string> {
  const productos = await db.select({ id: producto.id, actualizado: producto.actualizado }).from(producto).orderBy(asc(producto.id));
  const listas = await db
    .select({ id: listaEscolar.id, actualizado: listaEscolar.actualizado })
    .from(listaEscolar)
    .where(eq(listaEscolar.publicada, true))
    .orderBy(asc(listaEscolar.id));
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapar(`${publica}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PAGINAS_PUBLICAS.map((p) => url(p)),
    ...productos.map((p) => url(paths.producto(p.id), p.actualizado)),
    ...listas.map((l) => url(paths.lista(l.id), l.actualizado)),
    '</urlset>',
    '',
  ].join('\n');
}

/** Admin screens, the customer's own pages and the API are not for search engines. */
const NO_INDEXAR = [
  '/api/',
  paths.admin,
  paths.auditoria,
  paths.grillaInformes,
  paths.grillaPedidos,
  paths.grillaProductos,
  paths.grillaPromociones,
  paths.grillaUsuarios,
  paths.formProducto(''),
  paths.formUsuario(''),
  paths.formVenta(''),
  paths.formDetalleVenta('', '').replace(/\/$/, ''),
  paths.formPromocion(''),
  paths.detallePromocion(''),
  paths.stock,
  paths.grillaSinonimos,
  paths.grillaListasEscolares,
  paths.formListaEscolar(''),
  paths.grillaImpresiones,
  paths.importarProductos,
  paths.misCompras,
  paths.miCuenta,
  paths.detalleVentaCliente(''),
  paths.pagoAprobado,
  paths.pagoPendiente,
  paths.pagoRechazado,
  paths.restablecerClave,
]

export const robotsTxt = (publica: string) =>
  ['User-agent: *', ...NO_INDEXAR.map((r) => `Disallow: ${r}`), 'Allow: /', '', `Sitemap: ${publica}/sitemap.xml`, ''].join('\n');

/** The routes; `enviar` answers index.html (with or without page metadata). */
export function registrarVistaPrevia(app: FastifyInstance, indexHtml: string) {
  const publica = app.config.PUBLIC_URL;

  app.get<{ Params: { id: string } }>(paths.producto(':id'), { config: { acceso: 'contenido' }, schema: { hide: true } }, async (request, reply) => {
    const id = Number(request.params.id);
    const datos = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await metadatosDeProducto(app.db, publica, id) : null;
    // A missing product: 404 with the app, which says so (not drawn: the prerender keeps only found pages).
    if (!datos) return app.enviarNoEncontrada(request, reply, TITULO_PRODUCTO_NO_ENCONTRADO);
    return app.enviarIndex(request, reply, conMetadatos(indexHtml, datos));
  });

  app.get(paths.promociones, { config: { acceso: 'contenido' }, schema: { hide: true } }, async (request, reply) =>
    app.enviarIndex(request, reply, conMetadatos(indexHtml, await metadatosDePromociones(app.db, publica))),
  );

  app.get<{ Params: { id: string } }>(paths.lista(':id'), { config: { acceso: 'contenido' }, schema: { hide: true } }, async (request, reply) => {
    const id = Number(request.params.id);
    const datos = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await metadatosDeLista(app.db, publica, id) : null;
    // A missing or unpublished list: 404 with the app, which says so (not drawn).
    if (!datos) return app.enviarNoEncontrada(request, reply, TITULO_LISTA_NO_ENCONTRADA);
    return app.enviarIndex(request, reply, conMetadatos(indexHtml, datos));
  });

  app.get(paths.listas, { config: { acceso: 'contenido' }, schema: { hide: true } }, async (request, reply) =>
    app.enviarIndex(request, reply, conMetadatos(indexHtml, metadatosDeListas(publica))),
  );

  app.get('/sitemap.xml', { config: { acceso: 'contenido' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(await sitemap(app.db, publica)),
  );

  app.get('/robots.txt', { config: { acceso: 'contenido' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(robotsTxt(publica)),
  );
}

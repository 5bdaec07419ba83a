import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MENSAJES } from '../../domain/mensajes';
import {
  MENSAJES_CATEGORIA,
  MENSAJES_PRODUCTO,
  MENSAJES_STOCK,
  type Categoria,
  type PaginaProductos,
  type Producto,
  type ProductoFiltros,
  type ProductoValidado,
  type Sugerencia,
  type sugerenciasQuerySchema,
} from '../../domain/producto';
import { normalizarBusqueda } from '../../domain/texto';
import { codigoCompacto } from '../../domain/plegado';
import { diferencias, idDeUsuario, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { categoria, detalleVenta, producto } from '../db/schema';
import { Conflicto, Invalido, NoEncontrado } from '../errors';
import { codigoPg } from '../http/manejar-errores';
import { patronContiene } from '../db/texto-sql';
import { cargarUnidades, fijarStock, registrarStockInicial } from '../stock/stock';
import {
  buscar,
  buscarPublico,
  busquedaDelCatalogo,
  CAMPOS,
  columnasProducto,
  huecosDeTextos,
  paginaSinTexto,
  paginaSinTextoPublica,
  quisisteDecir,
  type Busqueda,
  type PaginaDeFilas,
  type ProductosJson,
} from './busqueda';
import { marcasDelCatalogo } from './marcas';
import type { AlmacenImagenes, ExtensionImagen } from '../uploads/imagenes';
import { valoresDeProducto } from './valores';


/** Cost and margin leave the server only for admins. */
export const sinDatosInternos = ({ costo: _c, porcentaje: _p, ...publico }: Producto): Producto => publico;

/** A catalogue page whose products are `I`: objects (admin, the server's own uses) or the public JSON. */
export type PaginaDe<I> = Omit<PaginaProductos, 'items'> & { items: I };

interface LectorDePaginas<I> {
  sinTexto: (db: Db, filtros: ProductoFiltros) => Promise<PaginaDeFilas<I>>;
  buscar: (db: Db, b: Busqueda) => Promise<PaginaDeFilas<I>>;
  /** A page without products. */
  ninguno: I;
}

/**
 * Text typed in a search field that has nothing to find ('%', '!!!', an emoji in a search; '-' in the
 * code): it finds nothing, not everything. `busqueda` is null when the searches had no words.
 */
const nadaQueBuscar = (filtros: ProductoFiltros, busqueda: Busqueda | null): boolean =>
  (busqueda === null && [filtros.q, filtros.denominacion, filtros.marcaContiene].some((texto) => Boolean(texto?.trim()))) ||
  (Boolean(filtros.codigo?.trim()) && codigoCompacto(filtros.codigo!) === '');

async function paginaDelCatalogo<I>(db: Db, filtros: ProductoFiltros, leer: LectorDePaginas<I>): Promise<PaginaDe<I>> {
  const pagina = { pagina: filtros.pagina, porPagina: filtros.porPagina };
  const busqueda = await busquedaDelCatalogo(db, filtros);
  if (nadaQueBuscar(filtros, busqueda)) {
    return { items: leer.ninguno, total: 0, ...pagina, marcas: await marcasDelCatalogo(db, null), quisisteDecir: null };
  }
  if (!busqueda) {
    const { items, total, versionMarcas } = await leer.sinTexto(db, filtros);
    return { items, total, ...pagina, marcas: await marcasDelCatalogo(db, versionMarcas), quisisteDecir: null };
  }
  const { items, total, versionMarcas } = await leer.buscar(db, busqueda);
  const propuesta = total === 0 && filtros.q ? await quisisteDecir(db, filtros.q) : null;
  return { items, total, ...pagina, marcas: await marcasDelCatalogo(db, versionMarcas), quisisteDecir: propuesta };
}

/** The catalogue with every field (the admin's grid, and the server's own bulk work). */
export const listarProductos = (db: Db, filtros: ProductoFiltros): Promise<PaginaProductos> =>
  paginaDelCatalogo(db, filtros, { sinTexto: paginaSinTexto, buscar, ninguno: [] });

/** The public catalogue: each product as the JSON the database keeps of it, without cost or margin. */
export const listarProductosPublicos = (db: Db, filtros: ProductoFiltros): Promise<PaginaDe<ProductosJson>> =>
  paginaDelCatalogo(db, filtros, { sinTexto: paginaSinTextoPublica, buscar: buscarPublico, ninguno: Buffer.alloc(0) as ProductosJson });

/** The brands' JSON bytes, written once for each list `marcasDelCatalogo` keeps (the same array until a brand comes or goes). */
const marcasEnJson = new WeakMap<string[], Buffer>();
function jsonDeMarcas(marcas: string[]): Buffer {
  let json = marcasEnJson.get(marcas);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(marcas));
    marcasEnJson.set(marcas, json);
  }
  return json;
}

const INICIO_DE_PAGINA = Buffer.from('{"items":[');

/**
 * The public page's JSON, its products written in as the database keeps them: the same bytes
 * JSON.stringify writes of the page (paginaProductosSchema's keys, in its order), never a string.
 */
export function jsonDePaginaPublica(p: PaginaDe<ProductosJson>): Buffer {
  return Buffer.concat([
    INICIO_DE_PAGINA,
    p.items,
    Buffer.from(`],"total":${p.total},"pagina":${p.pagina},"porPagina":${p.porPagina},"marcas":`),
    jsonDeMarcas(p.marcas),
    Buffer.from(`,"quisisteDecir":${JSON.stringify(p.quisisteDecir)}}`),
  ]);
}

export async function obtenerProducto(db: Db, id: number): Promise<Producto> {
  const [encontrado] = await db
    .select(columnasProducto)
    .from(producto)
    .innerJoin(categoria, eq(categoria.id, producto.categoriaId))
    .where(eq(producto.id, id))
    .limit(1);
  if (!encontrado) throw new NoEncontrado(MENSAJES.productoNoEncontrado);
  return encontrado;
}

export async function listarCategorias(db: Db): Promise<Categoria[]> {
  return db.select().from(categoria).orderBy(asc(categoria.denominacion));
}

// ---- Writes (admin) ----

export interface GuardarProducto {
  /** Present when editing. */
  id?: number;
  datos: ProductoValidado;
  /** On an edit, the stock the form showed (`fijarStock`). */
  stockLeido?: number;
  /** A new image's bytes, already checked by `verificarImagen`. */
  imagen?: { contenido: Buffer; extension: ExtensionImagen };
}

/** What the audit trail keeps of a product: what it is, what it costs and how many there are. */
const CAMPOS_AUDITADOS = ['codigo', 'denominacion', 'marca', 'descripcion', 'categoriaId', 'imagen', 'costo', 'porcentaje', 'precio', 'stock'] as const;
const columnasAuditadas = {
  codigo: producto.codigo,
  denominacion: producto.denominacion,
  marca: producto.marca,
  descripcion: producto.descripcion,
  categoriaId: producto.categoriaId,
  imagen: producto.imagen,
  costo: producto.costo,
  porcentaje: producto.porcentaje,
  precio: producto.precio,
  stock: producto.stock,
};
type ProductoAuditado = { [C in (typeof CAMPOS_AUDITADOS)[number]]: unknown };
const auditado = (p: ProductoAuditado): ProductoAuditado => Object.fromEntries(CAMPOS_AUDITADOS.map((c) => [c, p[c]])) as ProductoAuditado;

/** The product row as the audit trail keeps it, locked for the change. */
async function productoParaCambiar(tx: Db, id: number) {
  const [actual] = await tx.select(columnasAuditadas).from(producto).where(eq(producto.id, id)).for('update');
  if (!actual) throw new NoEncontrado(MENSAJES.productoNoEncontrado);
  return actual;
}

const esCodigoRepetido = (error: unknown) => codigoPg(error) === '23505';

async function asegurarCategoria(db: Db, categoriaId: number): Promise<void> {
  const [existe] = await db.select({ id: categoria.id }).from(categoria).where(eq(categoria.id, categoriaId)).limit(1);
  if (!existe) throw new Invalido(MENSAJES.debeSeleccionarCategoria);
}

async function asegurarCodigoLibre(db: Db, codigo: string, salvoId?: number): Promise<void> {
  const condicion = salvoId ? and(eq(producto.codigo, codigo), ne(producto.id, salvoId)) : eq(producto.codigo, codigo);
  const [otro] = await db.select({ id: producto.id }).from(producto).where(condicion).limit(1);
  if (otro) throw new Conflicto(MENSAJES_PRODUCTO.codigoExistente(codigo));
}

/**
 * Creates or edits a product in one transaction. Creation writes an INICIAL movement with the initial
 * stock; an edit that changes the stock writes an AJUSTE movement with the difference; both write
 * their audit event (an edit, the fields that changed before and after). A new image is stored first
 * and removed again if the transaction fails; the image it replaces is deleted after.
 */
export async function guardarProducto(db: Db, almacen: AlmacenImagenes, pedido: GuardarProducto, contexto: ContextoAuditoria): Promise<Producto> {
  const { datos } = pedido;
  const userId = idDeUsuario(contexto);
  await asegurarCategoria(db, datos.categoriaId);
  const nuevaImagen = pedido.imagen ? await almacen.guardar(pedido.imagen.contenido, pedido.imagen.extension) : undefined;
  const valores = { ...valoresDeProducto(datos), ...(nuevaImagen ? { imagen: nuevaImagen } : {}) };
  let imagenAnterior: string | null = null;
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await asegurarCodigoLibre(tx, datos.codigo, pedido.id);
      if (pedido.id === undefined) {
        const [creado] = await tx.insert(producto).values(valores).returning({ id: producto.id });
        await registrarStockInicial(tx, [{ productoId: creado!.id, stock: datos.stock }], userId);
        await registrarEvento(tx, contexto, { accion: 'producto.crear', entidadId: creado!.id, despues: auditado(await productoParaCambiar(tx, creado!.id)) });
        return creado!.id;
      }
      const actual = await productoParaCambiar(tx, pedido.id);
      const { stock, ...sinStock } = valores;
      await tx.update(producto).set({ ...sinStock, actualizado: new Date() }).where(eq(producto.id, pedido.id));
      await fijarStock(tx, pedido.id, stock, userId, pedido.stockLeido);
      if (nuevaImagen) imagenAnterior = actual.imagen;
      const cambios = diferencias(actual, await productoParaCambiar(tx, pedido.id), CAMPOS_AUDITADOS);
      if (cambios) await registrarEvento(tx, contexto, { accion: 'producto.editar', entidadId: pedido.id, ...cambios });
      return pedido.id;
    });
  } catch (error) {
    await almacen.borrar(nuevaImagen);
    if (esCodigoRepetido(error)) throw new Conflicto(MENSAJES_PRODUCTO.codigoExistente(datos.codigo));
    throw error;
  }
  await almacen.borrar(imagenAnterior);
  return obtenerProducto(db, id);
}

/** A product that was sold keeps the sales' history: it cannot be deleted (409). */
export async function eliminarProducto(db: Db, almacen: AlmacenImagenes, id: number, contexto: ContextoAuditoria): Promise<void> {
  const imagen = await db.transaction(async (tx) => {
    const actual = await productoParaCambiar(tx, id);
    const [vendido] = await tx.select({ id: detalleVenta.id }).from(detalleVenta).where(eq(detalleVenta.productoId, id)).limit(1);
    if (vendido) throw new Conflicto(MENSAJES_PRODUCTO.tieneVentas);
    await tx.delete(producto).where(eq(producto.id, id));
    await registrarEvento(tx, contexto, { accion: 'producto.eliminar', entidadId: id, antes: auditado(actual) });
    return actual.imagen;
  });
  await almacen.borrar(imagen);
}

/** Sets (or, with null, removes) a product's image; the previous file is deleted afterwards. */
export async function cambiarImagen(
  db: Db,
  almacen: AlmacenImagenes,
  id: number,
  imagen: { contenido: Buffer; extension: ExtensionImagen } | null,
  contexto: ContextoAuditoria,
): Promise<Producto> {
  const nueva = imagen ? await almacen.guardar(imagen.contenido, imagen.extension) : null;
  let anterior: string | null;
  try {
    anterior = await db.transaction(async (tx) => {
      const [actual] = await tx.select({ imagen: producto.imagen }).from(producto).where(eq(producto.id, id)).for('update');
      if (!actual) throw new NoEncontrado(MENSAJES.productoNoEncontrado);
      await tx.update(producto).set({ imagen: nueva, actualizado: new Date() }).where(eq(producto.id, id));
      if (actual.imagen !== nueva) {
        await registrarEvento(tx, contexto, { accion: 'producto.cambiar-imagen', entidadId: id, antes: { imagen: actual.imagen }, despues: { imagen: nueva } });
      }
      return actual.imagen;
    });
  } catch (error) {
    await almacen.borrar(nueva);
    throw error;
  }
  await almacen.borrar(anterior);
  return obtenerProducto(db, id);
}

/** Adds units (a delivery from a supplier): one CARGA movement and its audit event, in the same transaction. */
export async function cargarStock(
  db: Db,
  filtro: { id: number } | { codigo: string },
  cantidad: number,
  contexto: ContextoAuditoria,
): Promise<Producto> {
  const id = await db.transaction(async (tx) => {
    const donde = 'id' in filtro ? eq(producto.id, filtro.id) : eq(producto.codigo, filtro.codigo);
    const cargado = await cargarUnidades(tx, donde, cantidad, idDeUsuario(contexto));
    if (cargado === null) throw new NoEncontrado('id' in filtro ? MENSAJES.productoNoEncontrado : MENSAJES_STOCK.productoInvalido);
    await registrarEvento(tx, contexto, {
      accion: 'producto.cargar-stock',
      entidadId: cargado.id,
      antes: { stock: cargado.stock - cantidad },
      despues: { stock: cargado.stock },
      detalle: { cantidad },
    });
    return cargado.id;
  });
  return obtenerProducto(db, id);
}

/** Suggestions for the stock and sale-line screens: by name, the catalogue's matching; by code, 'contains'. */
export async function sugerirProductos(db: Db, consulta: z.output<typeof sugerenciasQuerySchema>): Promise<Sugerencia[]> {
  const texto = normalizarBusqueda(consulta.q);
  if (texto === '') return [];
  const aSugerencia = (p: Pick<Producto, 'id' | 'denominacion' | 'codigo' | 'marca' | 'precio' | 'stock'>): Sugerencia => ({
    id: p.id,
    denominacion: p.denominacion,
    codigo: p.codigo,
    marca: p.marca,
    precio: p.precio,
    stock: p.stock,
  });
  if (consulta.campo === 'nombre') {
    const huecos = await huecosDeTextos(db, [{ texto: consulta.q, campos: CAMPOS.denominacion }]);
    if (huecos.length === 0) return [];
    const { items } = await buscar(db, { huecos, codigo: codigoCompacto(consulta.q), orden: 'relevancia', limite: consulta.limite, desde: 0 });
    return items.map(aSugerencia);
  }
  // By code: its letters and digits ('esc003' finds ESC-003); a code typed without any finds nothing.
  const codigo = codigoCompacto(consulta.q);
  if (codigo === '') return [];
  const filas = await db
    .select({
      id: producto.id,
      denominacion: producto.denominacion,
      codigo: producto.codigo,
      marca: producto.marca,
      precio: producto.precio,
      stock: producto.stock,
    })
    .from(producto)
    .where(sql`busqueda_codigo(${producto.codigo}) like ${patronContiene(codigo)}`)
    .orderBy(sql`case when busqueda_codigo(${producto.codigo}) like ${`${codigo}%`} then 0 else 1 end`, asc(producto.denominacion), asc(producto.id))
    .limit(consulta.limite);
  return filas.map(aSugerencia);
}

/** The product form may add a category; names are unique regardless of case. */
export async function crearCategoria(db: Db, denominacion: string, contexto: ContextoAuditoria): Promise<Categoria> {
  const [existente] = await db
    .select({ id: categoria.id })
    .from(categoria)
    .where(sql`lower(${categoria.denominacion}) = lower(${denominacion})`)
    .limit(1);
  if (existente) throw new Conflicto(MENSAJES_CATEGORIA.existente(denominacion));
  try {
    return await db.transaction(async (tx) => {
      const [creada] = await tx.insert(categoria).values({ denominacion }).returning();
      await registrarEvento(tx, contexto, { accion: 'categoria.crear', entidadId: creada!.id, despues: { denominacion } });
      return creada!;
    });
  } catch (error) {
    if (esCodigoRepetido(error)) throw new Conflicto(MENSAJES_CATEGORIA.existente(denominacion));
    throw error;
  }
}

// The spreadsheet import (docs/decisions/030-catalogo-masivo.md). The preview reads the file, plans what
// it would do against the catalogue and keeps the file's rows and the plan's fingerprint in the database
// under a token; the confirmation plans again from those rows, inside its transaction with the products
// locked, and applies only if the plan is the one the owner saw. Writes are set-based (one statement per
// chunk of rows) through valoresDeProducto and server/stock.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  FILAS_EN_VISTA_PREVIA,
  MENSAJES_IMPORTACION,
  MINUTOS_VISTA_PREVIA,
  type CampoCambio,
  type ColumnaImportacion,
  type EstadoImportacion,
  type FaseImportacion,
  type FilaConErrores,
  type FilaParaActualizar,
  type FilaParaCrear,
  type ResultadoImportacion,
  type VistaPreviaImportacion,
} from '../../domain/importacion';
import { MENSAJES } from '../../domain/mensajes';
import { aCentavos } from '../../domain/money';
import { productoInputSchema, validarProducto, type ProductoFiltros, type ProductoValidado } from '../../domain/producto';
import { normalizarBusqueda } from '../../domain/texto';
import { idDeUsuario, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { categoria, importacionProductos, producto } from '../db/schema';
import { Conflicto, Invalido } from '../errors';
import { contieneTextoNoValido } from '../http/texto-valido';
import { fijarStocks, registrarStockInicial } from '../stock/stock';
import { escribirCsv, escribirXlsx, leerPlanilla, type FilaLeida, type ProductoExportado, type ValorCelda } from './importacion-archivo';
import { listarProductos } from './service';
import { valoresDeProducto } from './valores';

interface ProductoActual {
  id: number;
  codigo: string;
  denominacion: string;
  marca: string;
  descripcion: string;
  costo: number;
  porcentaje: number;
  precio: number;
  stock: number;
  categoriaId: number;
}

type Datos = Omit<ProductoValidado, 'precio'>;

interface Plan {
  crear: Array<{ fila: number; datos: Datos; vista: FilaParaCrear }>;
  actualizar: Array<{ fila: number; id: number; datos: Datos; cambiaStock: boolean; vista: FilaParaActualizar }>;
  sinCambios: number;
  errores: FilaConErrores[];
}

interface Guardado {
  columnas: ColumnaImportacion[];
  filas: FilaLeida[];
}

const texto = (v: ValorCelda | undefined): string => (v === undefined ? '' : String(v).trim());

/** '1.234' in a stock cell is twelve hundred and thirty-four units, as es-AR writes it. */
const stockDe = (v: ValorCelda): number | string => (typeof v === 'string' && /^\d{1,3}(\.\d{3})+$/.test(v.trim()) ? v.trim().replaceAll('.', '') : v);

const mismoNumero = (campo: CampoCambio, a: number, b: number) =>
  campo === 'porcentaje' ? Math.round(a * 1e6) === Math.round(b * 1e6) : aCentavos(a) === aCentavos(b);

/** The plan of a file's rows against the catalogue now (the products locked when `bloquear`). */
async function planificar(db: Db, guardado: Guardado, bloquear: boolean): Promise<Plan> {
  const { columnas, filas } = guardado;
  const tiene = new Set(columnas);
  const codigos = [...new Set(filas.map((f) => texto(f.valores.codigo)).filter((c) => c !== ''))];
  const categorias = await db.select().from(categoria);
  const porNombre = new Map(categorias.map((c) => [normalizarBusqueda(c.denominacion), c]));
  const nombreDe = new Map(categorias.map((c) => [c.id, c.denominacion]));
  const existentes = new Map<string, ProductoActual>();
  if (codigos.length > 0) {
    const consulta = db
      .select({
        id: producto.id,
        codigo: producto.codigo,
        denominacion: producto.denominacion,
        marca: producto.marca,
        descripcion: producto.descripcion,
        costo: producto.costo,
        porcentaje: producto.porcentaje,
        precio: producto.precio,
        stock: producto.stock,
        categoriaId: producto.categoriaId,
      })
      .from(producto)
      // The codes as one JSON parameter: 10.000 bound parameters cost more than the query.
      .where(sql`${producto.codigo} in (select json_array_elements_text(${JSON.stringify(codigos)}::json))`)
      .orderBy(producto.id);
    for (const p of await (bloquear ? consulta.for('update') : consulta)) existentes.set(p.codigo, p);
  }
  const filasDeCodigo = new Map<string, number[]>();
  for (const f of filas) {
    const c = texto(f.valores.codigo);
    if (c !== '') filasDeCodigo.set(c, [...(filasDeCodigo.get(c) ?? []), f.fila]);
  }

  const plan: Plan = { crear: [], actualizar: [], sinCambios: 0, errores: [] };
  for (const { fila, valores } of filas) {
    const codigo = texto(valores.codigo);
    const error = (mensajes: string[]) => plan.errores.push({ fila, codigo, mensajes });
    if (contieneTextoNoValido(valores)) {
      error([MENSAJES.caracteresNoValidos]);
      continue;
    }
    const repetidas = filasDeCodigo.get(codigo) ?? [];
    if (repetidas.length > 1) {
      error([MENSAJES_IMPORTACION.codigoRepetido(codigo, repetidas)]);
      continue;
    }
    const actual = existentes.get(codigo);
    const de = <T>(columna: ColumnaImportacion, siFalta: T): ValorCelda | T => (tiene.has(columna) ? (valores[columna] ?? '') : siFalta);
    const mensajes: string[] = [];
    let categoriaId = actual?.categoriaId;
    if (tiene.has('categoria')) {
      const nombre = texto(valores.categoria);
      categoriaId = nombre === '' ? undefined : porNombre.get(normalizarBusqueda(nombre))?.id;
      if (nombre !== '' && categoriaId === undefined) mensajes.push(MENSAJES_IMPORTACION.categoriaDesconocida(nombre));
    }
    const stock = de('stock', actual?.stock ?? 0);
    const entrada = productoInputSchema.safeParse({
      codigo,
      denominacion: texto(de('denominacion', actual?.denominacion)),
      marca: texto(de('marca', actual?.marca)),
      descripcion: texto(de('descripcion', actual?.descripcion)),
      costo: de('costo', actual?.costo ?? ''),
      porcentaje: de('porcentaje', actual?.porcentaje ?? ''),
      stock: stock === '' ? (actual?.stock ?? 0) : stockDe(stock),
      categoria: categoriaId ? { id: categoriaId } : null,
    });
    if (!entrada.success) {
      error([...new Set(entrada.error.issues.map((i) => i.message)), ...mensajes]);
      continue;
    }
    const validado = validarProducto(entrada.data);
    if (!validado.ok || mensajes.length > 0) {
      // An unknown category says so, instead of the form's 'Debe seleccionar una categoría'.
      const propios = validado.ok ? [] : validado.mensajes.filter((m) => !(mensajes.length > 0 && m === MENSAJES.debeSeleccionarCategoria));
      error([...propios, ...mensajes]);
      continue;
    }
    const { precio: _precio, ...datos } = valoresDeProducto(validado.valor);
    const nuevo = valoresDeProducto(datos);
    if (!actual) {
      plan.crear.push({
        fila,
        datos,
        vista: { fila, codigo, denominacion: datos.denominacion, categoria: nombreDe.get(datos.categoriaId) ?? '', precio: nuevo.precio, stock: datos.stock },
      });
      continue;
    }
    const cambios: FilaParaActualizar['cambios'] = [];
    const comparar = (campo: CampoCambio, antes: string | number, despues: string | number) => {
      const igual = typeof antes === 'number' && typeof despues === 'number' ? mismoNumero(campo, antes, despues) : antes === despues;
      if (!igual) cambios.push({ campo, antes, despues });
    };
    comparar('denominacion', actual.denominacion, datos.denominacion);
    comparar('marca', actual.marca, datos.marca);
    comparar('categoria', nombreDe.get(actual.categoriaId) ?? '', nombreDe.get(datos.categoriaId) ?? '');
    comparar('costo', actual.costo, datos.costo);
    comparar('porcentaje', actual.porcentaje, datos.porcentaje);
    comparar('precio', actual.precio, nuevo.precio);
    comparar('stock', actual.stock, datos.stock);
    comparar('descripcion', actual.descripcion, datos.descripcion);
    if (cambios.length === 0) plan.sinCambios++;
    else
      plan.actualizar.push({
        fila,
        id: actual.id,
        datos,
        cambiaStock: cambios.some((c) => c.campo === 'stock'),
        vista: { fila, id: actual.id, codigo, denominacion: datos.denominacion, cambios },
      });
  }
  return plan;
}

/** What the owner saw: every row's outcome and every change with its before and after. */
const huellaDe = (plan: Plan): string =>
  createHash('sha256')
    .update(JSON.stringify([plan.crear.map((c) => c.vista), plan.actualizar.map((a) => a.vista), plan.sinCambios, plan.errores]))
    .digest('hex');

/** Reads the file, plans it and keeps it under a new token for MINUTOS_VISTA_PREVIA minutes. */
export async function vistaPreviaImportacion(db: Db, contenido: Buffer, archivo: string, usuarioId: number): Promise<VistaPreviaImportacion> {
  const leida = await leerPlanilla(contenido);
  const guardado: Guardado = { columnas: leida.columnas, filas: leida.filas };
  const plan = await planificar(db, guardado, false);
  const token = randomBytes(24).toString('base64url');
  const vence = new Date(Date.now() + MINUTOS_VISTA_PREVIA * 60_000);
  await db.delete(importacionProductos).where(lt(importacionProductos.vence, new Date()));
  await db.insert(importacionProductos).values({ token, usuarioId, archivo, filas: guardado, huella: huellaDe(plan), vence });
  return {
    token,
    archivo,
    vence: vence.toISOString(),
    totales: {
      filas: leida.filas.length,
      crear: plan.crear.length,
      actualizar: plan.actualizar.length,
      sinCambios: plan.sinCambios,
      errores: plan.errores.length,
    },
    crear: plan.crear.slice(0, FILAS_EN_VISTA_PREVIA).map((c) => c.vista),
    actualizar: plan.actualizar.slice(0, FILAS_EN_VISTA_PREVIA).map((a) => a.vista),
    errores: plan.errores.slice(0, FILAS_EN_VISTA_PREVIA * 5),
    columnasIgnoradas: leida.ignoradas,
  };
}

/** Rows written so far by the imports this process is applying, for the page's progress bar. */
const progreso = new Map<string, { hechas: number; total: number }>();

export async function estadoImportacion(db: Db, token: string, usuarioId: number): Promise<EstadoImportacion> {
  const [fila] = await db
    .select({ estado: importacionProductos.estado })
    .from(importacionProductos)
    .where(and(eq(importacionProductos.token, token), eq(importacionProductos.usuarioId, usuarioId)));
  if (!fila) throw new Conflicto(MENSAJES_IMPORTACION.vistaPreviaVencida);
  return { estado: fila.estado as FaseImportacion, hechas: 0, total: 0, ...progreso.get(token) };
}

const TANDA = 2500;

/**
 * Applies a preview: claims it (only one instance and one click can), plans again with the products
 * locked, refuses (409) if the plan is not the one the preview showed, and writes everything in one
 * transaction with the stock movements and one audit event. A failure leaves the preview to confirm again.
 */
export async function confirmarImportacion(db: Db, token: string, contexto: ContextoAuditoria): Promise<ResultadoImportacion> {
  const usuarioId = idDeUsuario(contexto);
  if (usuarioId === null) throw new Conflicto(MENSAJES_IMPORTACION.vistaPreviaVencida);
  const [reclamada] = await db
    .update(importacionProductos)
    .set({ estado: 'APLICANDO' })
    .where(
      and(
        eq(importacionProductos.token, token),
        eq(importacionProductos.usuarioId, usuarioId),
        eq(importacionProductos.estado, 'PREVIA'),
        gt(importacionProductos.vence, new Date()),
      ),
    )
    .returning();
  if (!reclamada) throw new Conflicto(MENSAJES_IMPORTACION.vistaPreviaVencida);
  try {
    const resultado = await db.transaction(async (tx) => {
      const plan = await planificar(tx, reclamada.filas as Guardado, true);
      if (huellaDe(plan) !== reclamada.huella) throw new Conflicto(MENSAJES_IMPORTACION.catalogoCambio);
      if (plan.crear.length + plan.actualizar.length === 0) throw new Invalido(MENSAJES_IMPORTACION.nadaQueAplicar);
      const avance = { hechas: 0, total: plan.crear.length + plan.actualizar.length };
      progreso.set(token, avance);

      for (let i = 0; i < plan.crear.length; i += TANDA) {
        const tanda = plan.crear.slice(i, i + TANDA);
        // One statement per chunk, the rows as one JSON parameter (a multi-row VALUES costs 12 parameters a row).
        const json = JSON.stringify(tanda.map((c) => ({ ...valoresDeProducto(c.datos), categoria_id: c.datos.categoriaId })));
        const creados = (
          (await tx.execute(sql`
            insert into ${producto} (denominacion, marca, codigo, precio, costo, porcentaje, stock, descripcion, categoria_id)
            select v.denominacion, v.marca, v.codigo, v.precio, v.costo, v.porcentaje, v.stock, v.descripcion, v.categoria_id
            from json_to_recordset(${json}::json) as v(denominacion text, marca text, codigo text, precio numeric, costo numeric,
              porcentaje numeric, stock integer, descripcion text, categoria_id integer)
            returning id, stock`)) as unknown as { rows: Array<{ id: number; stock: number }> }
        ).rows;
        await registrarStockInicial(tx, creados.map((c) => ({ productoId: c.id, stock: c.stock })), usuarioId);
        avance.hechas += tanda.length;
      }

      for (let i = 0; i < plan.actualizar.length; i += TANDA) {
        const tanda = plan.actualizar.slice(i, i + TANDA);
        const json = JSON.stringify(
          tanda.map((a) => {
            const v = valoresDeProducto(a.datos);
            return { id: a.id, ...v, categoria_id: v.categoriaId };
          }),
        );
        await tx.execute(sql`
          update ${producto} set denominacion = v.denominacion, marca = v.marca, descripcion = v.descripcion,
            categoria_id = v.categoria_id, costo = v.costo, porcentaje = v.porcentaje, precio = v.precio,
            actualizado = now()
          from json_to_recordset(${json}::json) as v(id integer, denominacion text, marca text, descripcion text,
            categoria_id integer, costo numeric, porcentaje numeric, precio numeric)
          where ${producto.id} = v.id`);
        avance.hechas += tanda.length;
      }
      await fijarStocks(
        tx,
        plan.actualizar.filter((a) => a.cambiaStock).map((a) => ({ productoId: a.id, stock: a.datos.stock })),
        usuarioId,
      );

      await registrarEvento(tx, contexto, {
        accion: 'producto.importar',
        entidadId: null,
        detalle: { archivo: reclamada.archivo, creados: plan.crear.length, actualizados: plan.actualizar.length, sinCambios: plan.sinCambios, conErrores: plan.errores.length },
      });
      await tx.update(importacionProductos).set({ estado: 'APLICADA' }).where(eq(importacionProductos.token, token));
      return { creados: plan.crear.length, actualizados: plan.actualizar.length };
    });
    return { ...resultado, message: MENSAJES_IMPORTACION.aplicada(resultado.creados, resultado.actualizados) };
  } catch (error) {
    await db.update(importacionProductos).set({ estado: 'PREVIA' }).where(eq(importacionProductos.token, token));
    if ((error as { code?: string }).code === '23505') throw new Conflicto(MENSAJES_IMPORTACION.catalogoCambio);
    throw error;
  } finally {
    progreso.delete(token);
  }
}

// ---- Export and template ----

export type FiltrosDeExportacion = Omit<ProductoFiltros, 'pagina' | 'porPagina' | 'orden'>;

/** The whole catalogue or the grid's filter (the grid's own query), ordered by code, in the import's columns. */
export async function exportarProductos(db: Db, filtros: FiltrosDeExportacion, formato: 'xlsx' | 'csv'): Promise<Buffer> {
  const { items } = await listarProductos(db, { ...filtros, orden: 'asc', pagina: 1, porPagina: 1_000_000 });
  const filas: ProductoExportado[] = items
    .map((p) => ({
      codigo: p.codigo,
      denominacion: p.denominacion,
      marca: p.marca,
      categoria: p.categoria.denominacion,
      costo: p.costo ?? 0,
      porcentaje: p.porcentaje ?? 0,
      stock: p.stock,
      descripcion: p.descripcion,
    }))
    .sort((a, b) => (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0));
  return formato === 'csv' ? escribirCsv(filas) : escribirXlsx(filas);
}

export const plantillaDeProductos = (formato: 'xlsx' | 'csv'): Promise<Buffer> | Buffer => (formato === 'csv' ? escribirCsv([]) : escribirXlsx([]));

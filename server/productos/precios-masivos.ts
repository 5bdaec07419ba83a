// The bulk price update (docs/decisions/030-catalogo-masivo.md): the products of a brand, a category or
// the grid's filter (chosen by the grid's own query, listarProductos), their new cost, margin and price by
// domain/precios-masivos.ts, written in one statement and one transaction with one audit event.
import { asc, inArray, sql } from 'drizzle-orm';
import {
  calcularNuevoPrecio,
  describirCambio,
  MENSAJES_PRECIOS,
  type Alcance,
  type CambioDePreciosValidado,
  type FilaCambioDePrecio,
  type ResultadoCambioDePrecios,
} from '../../domain/precios-masivos';
import type { ProductoFiltros } from '../../domain/producto';
import { registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { producto } from '../db/schema';
import { Conflicto, Invalido } from '../errors';
import { listarProductos } from './service';
import { valoresDeProducto } from './valores';

/** Rows the preview shows. */
export const FILAS_VISTA_PREVIA_PRECIOS = 20;

const filtrosDe = (alcance: Alcance): Omit<ProductoFiltros, 'pagina' | 'porPagina' | 'orden'> =>
  alcance.tipo === 'marca' ? { marca: alcance.marca } : alcance.tipo === 'categoria' ? { categoriaId: alcance.categoriaId } : alcance.filtros;

/** Every product's new values, or the 400 naming the products that would end with an invalid price. */
async function calcular(db: Db, cambio: CambioDePreciosValidado, bloquear: boolean): Promise<FilaCambioDePrecio[]> {
  const { items } = await listarProductos(db, { ...filtrosDe(cambio.alcance), orden: 'asc', pagina: 1, porPagina: 1_000_000 });
  const ids = items.map((p) => p.id);
  if (ids.length === 0) return [];
  // The values to change from, read again under lock when applying.
  const consulta = db
    .select({
      id: producto.id,
      codigo: producto.codigo,
      denominacion: producto.denominacion,
      marca: producto.marca,
      costo: producto.costo,
      porcentaje: producto.porcentaje,
      precio: producto.precio,
    })
    .from(producto)
    .where(inArray(producto.id, ids))
    .orderBy(asc(producto.id));
  const actuales = await (bloquear ? consulta.for('update') : consulta);
  const filas: FilaCambioDePrecio[] = [];
  const rechazados: string[] = [];
  for (const p of actuales) {
    const nuevo = calcularNuevoPrecio(p, cambio);
    if (!nuevo.ok) {
      rechazados.push(`${p.codigo}: ${nuevo.motivo}`);
      continue;
    }
    const valores = valoresDeProducto({ ...p, costo: nuevo.costo, porcentaje: nuevo.porcentaje });
    filas.push({
      id: p.id,
      codigo: p.codigo,
      denominacion: p.denominacion,
      marca: p.marca,
      costoAntes: p.costo,
      porcentajeAntes: p.porcentaje,
      precioAntes: p.precio,
      costo: valores.costo,
      porcentaje: valores.porcentaje,
      precio: valores.precio,
    });
  }
  if (rechazados.length > 0) throw new Invalido(MENSAJES_PRECIOS.rechazado(rechazados.length, rechazados.slice(0, 3).join('; ')));
  return filas.sort((a, b) => (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0));
}

export async function vistaPreviaPrecios(db: Db, cambio: CambioDePreciosValidado): Promise<ResultadoCambioDePrecios> {
  const filas = await calcular(db, cambio, false);
  return { total: filas.length, filas: filas.slice(0, FILAS_VISTA_PREVIA_PRECIOS) };
}

export async function aplicarPrecios(db: Db, cambio: CambioDePreciosValidado, contexto: ContextoAuditoria): Promise<ResultadoCambioDePrecios> {
  const filas = await db.transaction(async (tx) => {
    const filas = await calcular(tx, cambio, true);
    if (filas.length === 0) throw new Invalido(MENSAJES_PRECIOS.sinProductos);
    if (cambio.esperados !== undefined && cambio.esperados !== filas.length) throw new Conflicto(MENSAJES_PRECIOS.catalogoCambio);
    const json = JSON.stringify(filas.map((f) => ({ id: f.id, costo: f.costo, porcentaje: f.porcentaje, precio: f.precio })));
    await tx.execute(sql`
      update ${producto} set costo = v.costo, porcentaje = v.porcentaje, precio = v.precio, actualizado = now()
      from json_to_recordset(${json}::json) as v(id integer, costo numeric, porcentaje numeric, precio numeric)
      where ${producto.id} = v.id`);
    await registrarEvento(tx, contexto, {
      accion: 'producto.actualizar-precios',
      entidadId: null,
      detalle: { alcance: cambio.alcance, cambio: describirCambio(cambio), productos: filas.length },
    });
    return filas;
  });
  return { total: filas.length, filas: filas.slice(0, FILAS_VISTA_PREVIA_PRECIOS), message: MENSAJES_PRECIOS.cambioAplicado(filas.length) };
}

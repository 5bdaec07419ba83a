// Sale lines of the admin's sale form. Each change moves stock and the sold count, writes its
// movement and recomputes the sale total, all in one transaction.
import { eq } from 'drizzle-orm';
import { MENSAJES_IMPRESION } from '../../domain/impresion';
import { MENSAJES } from '../../domain/mensajes';
import type { DetalleVenta } from '../../domain/venta';
import { diferencias, idDeUsuario, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { detalleVenta, producto } from '../db/schema';
import { Conflicto, Invalido, NoEncontrado } from '../errors';
import { cancelarTrabajo } from '../impresiones/cola';
import { agregarLineas, mensajeSinStock } from './lineas';
import { aDetalle, bloquearVenta, duenoDeVenta, recalcularTotal, seleccionarDetalles, ventaAuditada } from './service';
import { lineasDeProducto, reponerStock, tomarStock } from '../stock/stock';

export interface NuevoDetalle {
  ventaId: number;
  productoId: number;
  cantidad: number;
}

export async function obtenerDetalle(db: Db, id: number): Promise<DetalleVenta> {
  const [fila] = await seleccionarDetalles(db).where(eq(detalleVenta.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES.detalleNoEncontrado);
  return aDetalle(fila);
}

/** The lines of a sale; 404 when the sale does not exist. */
export async function existeVenta(db: Db, ventaId: number): Promise<void> {
  await duenoDeVenta(db, ventaId);
}

async function precioDeProducto(tx: Db, productoId: number): Promise<number> {
  const [p] = await tx.select({ precio: producto.precio }).from(producto).where(eq(producto.id, productoId));
  if (!p) throw new Invalido(MENSAJES.productoInvalido);
  return p.precio;
}

/** A line as the audit trail keeps it, with its sale's total. */
const lineaAuditada = (linea: { ventaId: number; productoId: number | null; cantidad: number; precioAplicado: number }, totalVenta: number) => ({
  ventaId: linea.ventaId,
  productoId: linea.productoId,
  cantidad: linea.cantidad,
  precioAplicado: linea.precioAplicado,
  totalVenta,
});

/** A new line at the product's current price (a price sent by a browser is never used). */
export async function agregarDetalle(db: Db, nuevo: NuevoDetalle, contexto: ContextoAuditoria): Promise<DetalleVenta> {
  return db.transaction(async (tx) => {
    const { total: totalAntes } = await bloquearVenta(tx, nuevo.ventaId, true);
    const [creado] = await agregarLineas(tx, nuevo.ventaId, [nuevo], idDeUsuario(contexto));
    const total = await recalcularTotal(tx, nuevo.ventaId);
    const detalle = await obtenerDetalle(tx, creado!);
    await registrarEvento(tx, contexto, {
      accion: 'detalleVenta.agregar',
      entidadId: creado!,
      antes: { totalVenta: totalAntes },
      despues: lineaAuditada({ ...detalle, productoId: detalle.producto?.id ?? null }, total),
    });
    return detalle;
  });
}

/** A print line's job is fixed when ordered: only its removal changes it. */
function conProducto<T extends { productoId: number | null }>(linea: T): T & { productoId: number } {
  if (linea.productoId === null) throw new Conflicto(MENSAJES_IMPRESION.lineaDeImpresionNoEditable);
  return linea as T & { productoId: number };
}

async function bloquearDetalle(tx: Db, id: number) {
  const [fila] = await tx.select().from(detalleVenta).where(eq(detalleVenta.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES.detalleNoEncontrado);
  await bloquearVenta(tx, fila.ventaId, true);
  // Read again under the sale's lock: a concurrent change may have happened meanwhile.
  const [actual] = await tx.select().from(detalleVenta).where(eq(detalleVenta.id, id));
  if (!actual) throw new NoEncontrado(MENSAJES.detalleNoEncontrado);
  return actual;
}

/**
 * New quantity and, optionally, another product. Same product: only the difference moves (the
 * applied price stays, a promotion line keeps its price); another product: the old units go back
 * and the new ones are taken at the new product's current price.
 */
export async function actualizarDetalle(
  db: Db,
  id: number,
  cambio: { cantidad: number; productoId?: number; ventaId?: number },
  contexto: ContextoAuditoria,
): Promise<DetalleVenta> {
  return db.transaction(async (tx) => {
    const linea = conProducto(await bloquearDetalle(tx, id));
    if (cambio.ventaId !== undefined && cambio.ventaId !== linea.ventaId) throw new Invalido(MENSAJES.datosInvalidos);
    const antes = lineaAuditada(linea, (await ventaAuditada(tx, linea.ventaId)).total);
    const origen = { motivo: 'DETALLE_CAMBIO' as const, ventaId: linea.ventaId, userId: idDeUsuario(contexto) };
    const productoId = cambio.productoId ?? linea.productoId;

    if (productoId === linea.productoId) {
      const diferencia = cambio.cantidad - linea.cantidad;
      if (diferencia > 0) {
        await tomarStock(tx, origen, [{ productoId, cantidad: diferencia }], mensajeSinStock(linea.cantidad));
      } else if (diferencia < 0) {
        await reponerStock(tx, origen, [{ productoId, cantidad: -diferencia }]);
      }
      await tx.update(detalleVenta).set({ cantidad: cambio.cantidad }).where(eq(detalleVenta.id, id));
    } else {
      const precio = await precioDeProducto(tx, productoId);
      // Rows are locked in id order, as every other stock change does, so two changes cannot deadlock.
      const reponer = () => reponerStock(tx, origen, [{ productoId: linea.productoId, cantidad: linea.cantidad }]);
      const tomar = () => tomarStock(tx, origen, [{ productoId, cantidad: cambio.cantidad }], mensajeSinStock());
      if (linea.productoId < productoId) {
        await reponer();
        await tomar();
      } else {
        await tomar();
        await reponer();
      }
      await tx
        .update(detalleVenta)
        .set({ productoId, cantidad: cambio.cantidad, precioAplicado: precio, promocionId: null })
        .where(eq(detalleVenta.id, id));
    }
    const total = await recalcularTotal(tx, linea.ventaId);
    const detalle = await obtenerDetalle(tx, id);
    const cambios = diferencias(antes, lineaAuditada({ ...detalle, productoId: detalle.producto?.id ?? null }, total), [
      'productoId',
      'cantidad',
      'precioAplicado',
      'totalVenta',
    ]);
    if (cambios) await registrarEvento(tx, contexto, { accion: 'detalleVenta.editar', entidadId: id, ...cambios, detalle: { ventaId: linea.ventaId } });
    return detalle;
  });
}

export async function eliminarDetalle(db: Db, id: number, contexto: ContextoAuditoria): Promise<void> {
  await db.transaction(async (tx) => {
    const linea = await bloquearDetalle(tx, id);
    const antes = lineaAuditada(linea, (await ventaAuditada(tx, linea.ventaId)).total);
    // A print line moves no stock: its job is cancelled instead (it is no longer charged).
    if (linea.trabajoImpresionId !== null) await cancelarTrabajo(tx, linea.trabajoImpresionId);
    else await reponerStock(tx, { motivo: 'DETALLE_BAJA', ventaId: linea.ventaId, userId: idDeUsuario(contexto) }, lineasDeProducto([linea]));
    await tx.delete(detalleVenta).where(eq(detalleVenta.id, id));
    const total = await recalcularTotal(tx, linea.ventaId);
    await registrarEvento(tx, contexto, { accion: 'detalleVenta.eliminar', entidadId: id, antes, despues: { totalVenta: total } });
  });
}

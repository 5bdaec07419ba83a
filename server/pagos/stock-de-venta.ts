import { and, eq, gte, sql } from 'drizzle-orm';
import type { MotivoMovimiento } from '../../domain/enums';
import type { Db } from '../db/client';
import { detalleVenta, movimientoStock, producto, venta } from '../db/schema';
import { devolverStockDeVenta } from '../ventas/stock';

// Units of an unpaid online order go back to stock, and come back to the order if a late approval
// arrives.

const lineasDe = (tx: Db, ventaId: number) =>
  tx.select({ productoId: detalleVenta.productoId, cantidad: detalleVenta.cantidad }).from(detalleVenta).where(eq(detalleVenta.ventaId, ventaId));

/**
 * Gives an unpaid sale's units back to stock, once (see devolverStockDeVentas). A concluded sale
 * keeps its units: the goods were handed over. Call it inside a transaction.
 */
export const liberarStockDeVenta = (tx: Db, ventaId: number, motivo: Extract<MotivoMovimiento, 'PAGO_RECHAZADO' | 'PAGO_VENCIDO'>) =>
  devolverStockDeVenta(tx, ventaId, motivo, null, { soloPendientes: true });

/**
 * A payment approved after the units were released takes them again, all or none (a savepoint).
 * Answers false when some product no longer has enough stock: the admin must restock or refund.
 */
export async function reservarStockDeNuevo(tx: Db, ventaId: number): Promise<boolean> {
  try {
    return await tx.transaction(async (sp) => {
      const marcada = await sp
        .update(venta)
        .set({ stockLiberado: false })
        .where(and(eq(venta.id, ventaId), eq(venta.stockLiberado, true)))
        .returning({ id: venta.id });
      if (marcada.length === 0) return true;
      for (const linea of await lineasDe(sp, ventaId)) {
        const tomado = await sp
          .update(producto)
          .set({ stock: sql`${producto.stock} - ${linea.cantidad}`, cantidadVendida: sql`${producto.cantidadVendida} + ${linea.cantidad}` })
          .where(and(eq(producto.id, linea.productoId), gte(producto.stock, linea.cantidad)))
          .returning({ id: producto.id });
        if (tomado.length === 0) throw new SinStock();
        await sp.insert(movimientoStock).values({ productoId: linea.productoId, delta: -linea.cantidad, motivo: 'PEDIDO', ventaId });
      }
      return true;
    });
  } catch (error) {
    if (error instanceof SinStock) return false;
    throw error;
  }
}

class SinStock extends Error {}

import { and, eq } from 'drizzle-orm';
import type { MotivoMovimiento } from '../../domain/enums';
import type { Db } from '../db/client';
import { detalleVenta, venta } from '../db/schema';
import { Conflicto } from '../errors';
import { devolverStockDeVenta, tomarStock } from '../ventas/stock';

// Units of an unpaid online order go back to stock, and come back to the order if a late approval
// arrives. The stock moves themselves are the sales area's (server/ventas/stock.ts).

/**
 * Gives the sale's units back to stock, once (the sales area's conditional update on
 * `stock_liberado`), with movements. A concluded sale keeps its units: the goods were handed over.
 * Call it inside a transaction.
 */
export async function liberarStockDeVenta(tx: Db, ventaId: number, motivo: Extract<MotivoMovimiento, 'PAGO_RECHAZADO' | 'PAGO_VENCIDO'>): Promise<boolean> {
  const [v] = await tx.select({ estadoVenta: venta.estadoVenta }).from(venta).where(eq(venta.id, ventaId));
  if (v?.estadoVenta !== 'PENDIENTE') return false;
  return devolverStockDeVenta(tx, ventaId, motivo, null);
}

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
      const lineas = await sp
        .select({ productoId: detalleVenta.productoId, cantidad: detalleVenta.cantidad })
        .from(detalleVenta)
        .where(eq(detalleVenta.ventaId, ventaId));
      await tomarStock(sp, { motivo: 'PEDIDO', ventaId, userId: null }, lineas, (f) => `Sin stock de ${f.denominacion}`);
      return true;
    });
  } catch (error) {
    if (error instanceof Conflicto) return false;
    throw error;
  }
}

// Writing messages to the outbox (`correo_pendiente`), inside the caller's transaction: the message
// exists only if the change it tells about commits. The sender (./envio.ts) sends it afterwards.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { correoPendiente, detalleVenta, persona, producto, promocion, trabajoImpresion, usuario, venta } from '../db/schema';
import type { AvisoDeVenta, Correo, DatosDeVenta } from './plantillas';

let encolados = 0;
/**
 * How many messages this process has queued: the sender compares it after each answered request and
 * looks at the outbox at once when it changed (the request's transaction has committed by then).
 */
export const mensajesEncolados = () => encolados;

/** Queues one message; `destinatario` null is the owner (MAIL_DUENO, read when sending). */
export async function encolarCorreo(tx: Db, destinatario: string | null, correo: Correo): Promise<void> {
  await tx.insert(correoPendiente).values({ tipo: correo.tipo, destinatario, datos: correo.datos });
  encolados++;
}

/** The order as its messages show it, read inside the transaction that changed it. */
async function datosDeVenta(tx: Db, ventaId: number): Promise<DatosDeVenta | undefined> {
  const [v] = await tx
    .select({
      id: venta.id,
      fecha: venta.fecha,
      formaPago: venta.formaPago,
      conEnvio: venta.conEnvio,
      envio: venta.envio,
      total: venta.total,
      carrito: venta.carrito,
      usuario: usuario.usuario,
      nombre: persona.nombre,
      apellido: persona.apellido,
      email: persona.email,
      telefono: persona.telefono,
    })
    .from(venta)
    .innerJoin(usuario, eq(usuario.id, venta.userId))
    .leftJoin(persona, eq(persona.userId, venta.userId))
    .where(eq(venta.id, ventaId));
  // Only the shop's cart orders are a customer's: a counter sale entered by an admin tells no one.
  if (!v?.carrito) return undefined;
  const lineas = await tx
    .select({
      // A print line (issue 21) names its file.
      denominacion: sql<string>`coalesce(${producto.denominacion}, 'Impresión: ' || ${trabajoImpresion.nombreArchivo})`,
      cantidad: detalleVenta.cantidad,
      precio: detalleVenta.precioAplicado,
      promocion: promocion.denominacion,
    })
    .from(detalleVenta)
    .leftJoin(producto, eq(producto.id, detalleVenta.productoId))
    .leftJoin(trabajoImpresion, eq(trabajoImpresion.id, detalleVenta.trabajoImpresionId))
    .leftJoin(promocion, eq(promocion.id, detalleVenta.promocionId))
    .where(eq(detalleVenta.ventaId, ventaId))
    .orderBy(asc(detalleVenta.id));
  return {
    ventaId: v.id,
    fecha: v.fecha.toISOString(),
    formaPago: v.formaPago,
    conEnvio: v.conEnvio,
    envio: v.envio,
    total: v.total,
    lineas,
    cliente: { usuario: v.usuario, nombre: v.nombre, apellido: v.apellido, email: v.email?.trim() || null, telefono: v.telefono?.trim() || null },
  };
}

/**
 * Tells the customer of a cart order what just happened to it (and, for a new order, the owner), in
 * the transaction that did it. A customer without an e-mail gets nothing; an admin's counter sale
 * tells no one.
 */
export async function avisarDeVenta(tx: Db, ventaId: number, aviso: Exclude<AvisoDeVenta, 'pedido-nuevo'>): Promise<void> {
  const datos = await datosDeVenta(tx, ventaId);
  if (!datos) return;
  if (datos.cliente.email) await encolarCorreo(tx, datos.cliente.email, { tipo: aviso, datos });
  if (aviso === 'pedido-recibido') await encolarCorreo(tx, null, { tipo: 'pedido-nuevo', datos });
}

// The cart order and the promotions added to a sale: the server prices every line itself.
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  MENSAJES,
  mensajeErrorAgregarPromocion,
  mensajePromocionFinalizada,
  mensajePromocionNoEmpezo,
  mensajePromocionSinProductos,
  mensajeStockInsuficiente,
} from '../../domain/mensajes';
import { lineasDePromocion, sumarLineas, type LineaConPrecio } from '../../domain/money';
import type { Pedido, PedidoRespuesta } from '../../domain/pedido';
import { pedidoSchema } from '../../domain/pedido';
import { MENSAJES_PROMOCION, superaPrecioRegular } from '../../domain/promocion';
import type { Venta } from '../../domain/venta';
import { idDeUsuario, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import { avisarDeVenta } from '../correo/cola';
import type { Db } from '../db/client';
import { MENSAJES_LISTA } from '../../domain/lista-escolar-reglas';
import { detallePromocion, detalleVenta, listaEscolar, pedidoIdempotente, producto, promocion, venta } from '../db/schema';
import { AppError, Conflicto, Invalido, NoAutenticado, NoEncontrado } from '../errors';
import { bloquearVenta, obtenerVenta, recalcularTotal } from './service';
import { agruparPorProducto, descontarStock, registrarSalida, tomarStock, type Faltante } from '../stock/stock';
import { asegurarLimitesDePedido, type LimitesDePedido } from './limites-de-pedido';
import { impresionesDelPedido, RITMO_POR_DEFECTO, type RitmoDeImpresion } from '../impresiones/cola';

const faltaStock = ({ denominacion, stock }: Faltante) => mensajeStockInsuficiente(denominacion, stock);

/**
 * The lines `veces` bundles of each promotion are charged as (`lineasDePromocion`: they add up to the
 * promotional price to the cent), for promotions active now: started, not finished, with products, and
 * not dearer than those products at their current prices (`superaPrecioRegular`).
 */
async function lineasDePromociones(
  tx: Db,
  pedidas: ReadonlyArray<{ promocionId: number; cantidad: number }>,
  ahora: Date,
): Promise<Map<number, LineaConPrecio[]>> {
  const veces = new Map<number, number>();
  for (const p of pedidas) veces.set(p.promocionId, (veces.get(p.promocionId) ?? 0) + p.cantidad);
  const ids = [...veces.keys()];
  const resultado = new Map<number, LineaConPrecio[]>();
  if (ids.length === 0) return resultado;
  const promos = await tx.select().from(promocion).where(inArray(promocion.id, ids));
  const detalles = await tx
    .select({ promocionId: detallePromocion.promocionId, productoId: detallePromocion.productoId, cantidad: detallePromocion.cantidad, precio: producto.precio })
    .from(detallePromocion)
    .innerJoin(producto, eq(producto.id, detallePromocion.productoId))
    .where(inArray(detallePromocion.promocionId, ids))
    .orderBy(asc(detallePromocion.id));
  for (const id of ids) {
    const promo = promos.find((p) => p.id === id);
    if (!promo) throw new NoEncontrado(MENSAJES.promocionNoEncontrada);
    if (promo.fechaFin < ahora) throw new Conflicto(mensajePromocionFinalizada(promo.denominacion));
    if (promo.fechaInicio > ahora) throw new Conflicto(mensajePromocionNoEmpezo(promo.denominacion));
    const suyos = detalles.filter((d) => d.promocionId === id);
    if (suyos.length === 0) throw new Conflicto(mensajePromocionSinProductos(promo.denominacion));
    // Never sold above its products one by one (prices or lines changed since it was listed).
    if (superaPrecioRegular(promo.precioPromocional, sumarLineas(suyos))) throw new Conflicto(MENSAJES_PROMOCION.noDisponiblePorPrecio(promo.denominacion));
    resultado.set(id, lineasDePromocion(promo.precioPromocional, suyos, veces.get(id)));
  }
  return resultado;
}

/**
 * The cart order of the context's user, in one transaction: prices, stock taken with conditional
 * updates (PEDIDO movements), the PENDIENTE sale, its lines and its audit event. Not enough stock of
 * anything: 409 and nothing written. With an idempotency key, a repeated request answers the first
 * answer and creates nothing more. With `limites`, a customer past PEDIDOS_PENDIENTES_MAX or
 * UNIDADES_POR_PRODUCTO_MAX gets a 409.
 */
export async function crearPedido(
  db: Db,
  contexto: ContextoAuditoria,
  entrada: Pedido,
  claveIdempotencia?: string,
  limites?: LimitesDePedido,
  ritmo: RitmoDeImpresion = RITMO_POR_DEFECTO,
): Promise<{ respuesta: PedidoRespuesta; repetido: boolean }> {
  const userId = idDeUsuario(contexto);
  if (userId === null) throw new NoAutenticado(MENSAJES.usuarioNoAutenticado);
  const pedido = pedidoSchema.parse(entrada);
  return db.transaction(async (tx) => {
    if (claveIdempotencia) {
      // A concurrent request with the same key waits on this row until the first one commits or rolls back.
      const [nueva] = await tx
        .insert(pedidoIdempotente)
        .values({ userId, clave: claveIdempotencia, respuesta: {} })
        .onConflictDoNothing()
        .returning({ clave: pedidoIdempotente.clave });
      if (!nueva) {
        const [previa] = await tx
          .select({ respuesta: pedidoIdempotente.respuesta })
          .from(pedidoIdempotente)
          .where(and(eq(pedidoIdempotente.userId, userId), eq(pedidoIdempotente.clave, claveIdempotencia)));
        if (!previa) throw new Conflicto(MENSAJES.errorInesperado);
        return { respuesta: previa.respuesta as PedidoRespuesta, repetido: true };
      }
    }

    const ahora = new Date();
    // The school list it came from must be a published one (a shared lock: not unpublished or deleted meanwhile).
    const listaEscolarId = pedido.listaEscolarId ?? null;
    if (listaEscolarId !== null) {
      const [lista] = await tx
        .select({ id: listaEscolar.id })
        .from(listaEscolar)
        .where(and(eq(listaEscolar.id, listaEscolarId), eq(listaEscolar.publicada, true)))
        .for('share');
      if (!lista) throw new Invalido(MENSAJES_LISTA.pedidoListaInvalida);
    }
    const promos = await lineasDePromociones(tx, pedido.promociones, ahora);

    // Product lines: one line per product, at its current price.
    const porProducto = new Map<number, number>();
    for (const l of pedido.lineas) porProducto.set(l.productoId, (porProducto.get(l.productoId) ?? 0) + l.cantidad);
    const lineas: Array<{ productoId: number; cantidad: number; precioAplicado: number; promocionId: number | null }> = [];
    for (const [productoId, cantidad] of porProducto) {
      lineas.push({ productoId, cantidad, precioAplicado: 0, promocionId: null });
    }
    for (const [promocionId, suyas] of promos) {
      for (const l of suyas) lineas.push({ productoId: l.productoId, cantidad: l.cantidad, precioAplicado: l.precio, promocionId });
    }
    // Stock first (one conditional update for every product, which also answers the current prices):
    // a product line whose product does not exist is a 404 before any lack of stock.
    const agrupadas = agruparPorProducto(lineas);
    if (limites) await asegurarLimitesDePedido(tx, userId, agrupadas, limites);
    const precioDe = await descontarStock(tx, agrupadas, faltaStock, { ausentePrimero: [...porProducto.keys()] });
    for (const l of lineas) if (l.promocionId === null) l.precioAplicado = precioDe.get(l.productoId)!;
    // Print jobs (issue 21): priced from the current table and each job's options; no stock.
    const impresiones = await impresionesDelPedido(tx, userId, pedido.impresiones, pedido.formaPago, ritmo, ahora);
    const total = sumarLineas([...lineas, ...impresiones.lineas].map((l) => ({ cantidad: l.cantidad, precio: l.precioAplicado })));

    const [creada] = await tx
      .insert(venta)
      .values({
        fecha: ahora,
        formaPago: pedido.formaPago,
        estadoVenta: 'PENDIENTE',
        conEnvio: pedido.envio === 1,
        envio: 0,
        total,
        userId,
        estadoPago: pedido.formaPago === 'MERCADOPAGO' ? 'PENDIENTE' : null,
        carrito: true,
        listaEscolarId,
      })
      .returning({ id: venta.id });
    const ventaId = creada!.id;
    await registrarSalida(tx, { motivo: 'PEDIDO', ventaId, userId }, agrupadas);
    if (lineas.length > 0) await tx.insert(detalleVenta).values(lineas.map((l) => ({ ...l, ventaId })));
    if (impresiones.lineas.length > 0) await tx.insert(detalleVenta).values(impresiones.lineas.map((l) => ({ ...l, ventaId })));
    const impresionesListas = await impresiones.registrar(ventaId);
    await registrarEvento(tx, contexto, {
      accion: 'venta.pedido',
      entidadId: ventaId,
      despues: {
        formaPago: pedido.formaPago,
        conEnvio: pedido.envio === 1,
        total,
        ...(listaEscolarId === null ? {} : { listaEscolarId }),
        lineas: lineas.map(({ promocionId, ...l }) => (promocionId === null ? l : { ...l, promocionId })),
        ...(impresiones.lineas.length > 0 ? { impresiones: impresiones.lineas } : {}),
      },
    });
    await avisarDeVenta(tx, ventaId, 'pedido-recibido');

    const respuesta: PedidoRespuesta = { id: ventaId, total, ...(impresionesListas ? { impresionesListas: impresionesListas.toISOString() } : {}) };
    if (claveIdempotencia) {
      await tx
        .update(pedidoIdempotente)
        .set({ respuesta, ventaId })
        .where(and(eq(pedidoIdempotente.userId, userId), eq(pedidoIdempotente.clave, claveIdempotencia)));
    }
    return { respuesta, repetido: false };
  });
}

/**
 * Adds one bundle of a promotion to a sale: its products on lines of their own (with `promocionId`),
 * charged as `lineasDePromocion` says. The sale's other lines keep their units and their prices: a
 * price already sold is never changed (docs/decisions/018-promociones-en-lineas-propias.md). Any
 * failure answers 'Error al agregar la promoción a la venta: {reason}' with the reason's status.
 */
export async function agregarPromocionAVenta(db: Db, ventaId: number, promocionId: number, contexto: ContextoAuditoria): Promise<Venta> {
  try {
    return await db.transaction(async (tx) => {
      const { total: totalAntes } = await bloquearVenta(tx, ventaId, true);
      const lineasPromo = (await lineasDePromociones(tx, [{ promocionId, cantidad: 1 }], new Date())).get(promocionId)!;
      await tomarStock(tx, { motivo: 'DETALLE_ALTA', ventaId, userId: idDeUsuario(contexto) }, lineasPromo, faltaStock);
      await tx
        .insert(detalleVenta)
        .values(lineasPromo.map((l) => ({ ventaId, productoId: l.productoId, cantidad: l.cantidad, precioAplicado: l.precio, promocionId })));
      const total = await recalcularTotal(tx, ventaId);
      await registrarEvento(tx, contexto, {
        accion: 'venta.agregar-promocion',
        entidadId: ventaId,
        antes: { total: totalAntes },
        despues: { total },
        detalle: { promocionId, lineas: lineasPromo.map((l) => ({ productoId: l.productoId, cantidad: l.cantidad, precioAplicado: l.precio })) },
      });
      return obtenerVenta(tx, ventaId);
    });
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.status, mensajeErrorAgregarPromocion(error.message), error.errors);
    throw error;
  }
}

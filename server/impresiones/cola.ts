// The shop's print queue: jobs entering it with their order, the admin's moves through it, and how
// long it is (the 'ready by' estimate). Every function takes the caller's transaction.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  ESTADOS_EN_COLA,
  MENSAJES_IMPRESION as M,
  OpcionesDeImpresionInvalidas,
  precioDeImpresion,
  presupuestoEnPesos,
  puedePasarA,
  telefonoParaWhatsapp,
  type EstadoImpresion,
  type TrabajoEnCola,
  type CambioEstadoImpresionRespuesta,
} from '../../domain/impresion';
import { enlaceWhatsapp } from '../../domain/whatsapp';
import { registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import { encolarCorreo } from '../correo/cola';
import type { Db } from '../db/client';
import { persona, trabajoImpresion, usuario } from '../db/schema';
import { Conflicto, Invalido, NoEncontrado } from '../errors';
import { leerTarifa } from './tarifa';
import { aRespuesta, type FilaTrabajo } from './trabajos';

/** Sides printed per hour (IMPRESION_CARILLAS_POR_HORA); the estimate is sides ahead / pace. */
export interface RitmoDeImpresion {
  carillasPorHora: number;
}
/** IMPRESION_CARILLAS_POR_HORA's default (server/config.ts), for callers without the config (tests). */
export const RITMO_POR_DEFECTO: RitmoDeImpresion = { carillasPorHora: 600 };

/** Sides still to print among jobs in the queue (RECIBIDO, EN_PROCESO), all or those up to a moment. */
async function carillasPendientes(tx: Db, hasta?: Date): Promise<number> {
  const [fila] = await tx
    .select({ n: sql<number>`coalesce(sum(${trabajoImpresion.carillas}), 0)::integer` })
    .from(trabajoImpresion)
    .where(and(inArray(trabajoImpresion.estado, ['RECIBIDO', 'EN_PROCESO']), hasta ? lte(trabajoImpresion.recibido, hasta) : undefined));
  return fila?.n ?? 0;
}

/** `carillas` more sides after the queue's: when they would be printed at the shop's pace. */
export const estimarListo = (ahora: Date, carillasDelante: number, ritmo: RitmoDeImpresion): Date =>
  new Date(ahora.getTime() + Math.ceil((carillasDelante / ritmo.carillasPorHora) * 3_600_000));

/** Lines of an order for its print jobs, and what to do with the jobs once the sale exists. */
export interface ImpresionesDelPedido {
  lineas: Array<{ trabajoImpresionId: number; cantidad: number; precioAplicado: number }>;
  /** Marks the jobs as ordered in `ventaId` (and queued for a cash order); answers the estimate. */
  registrar: (ventaId: number) => Promise<Date | null>;
}

/**
 * The print jobs of a cart order, priced now from the current table and each job's options: each one
 * must be the customer's, unordered (BORRADOR) and in the order once. Locks them until the order commits,
 * so two orders of the same job give one success and one 409.
 */
export async function impresionesDelPedido(
  tx: Db,
  userId: number,
  pedidas: ReadonlyArray<{ trabajoId: number }>,
  formaPago: 'EFECTIVO' | 'MERCADOPAGO',
  ritmo: RitmoDeImpresion,
  ahora: Date,
): Promise<ImpresionesDelPedido> {
  if (pedidas.length === 0) return { lineas: [], registrar: async () => null };
  const ids = pedidas.map((p) => p.trabajoId);
  if (new Set(ids).size !== ids.length) throw new Invalido(M.trabajoRepetido);
  const filas = await tx.select().from(trabajoImpresion).where(inArray(trabajoImpresion.id, ids)).orderBy(asc(trabajoImpresion.id)).for('update');
  const tarifa = await leerTarifa(tx);
  const precios = ids.map((id) => {
    const fila = filas.find((f) => f.id === id);
    // Another customer's job is as unknown as a missing one.
    if (!fila || fila.userId !== userId) throw new NoEncontrado(M.trabajoNoEncontrado);
    if (fila.estado !== 'BORRADOR' || fila.ventaId !== null) throw new Conflicto(M.trabajoYaPedido);
    try {
      return { fila, precio: precioDeImpresion(tarifa, fila, fila.opciones) };
    } catch (error) {
      if (error instanceof OpcionesDeImpresionInvalidas) throw new Invalido(error.errores.join(' '));
      throw error;
    }
  });
  return {
    lineas: precios.map(({ fila, precio }) => ({ trabajoImpresionId: fila.id, cantidad: 1, precioAplicado: presupuestoEnPesos(precio).precio })),
    registrar: async (ventaId) => {
      const enCola = formaPago === 'EFECTIVO';
      let delante = await carillasPendientes(tx);
      let ultimo: Date | null = null;
      for (const { fila, precio } of precios) {
        const pesos = presupuestoEnPesos(precio);
        delante += precio.carillas;
        ultimo = estimarListo(ahora, delante, ritmo);
        await tx
          .update(trabajoImpresion)
          .set({
            ventaId,
            estado: enCola ? 'RECIBIDO' : 'ESPERANDO_PAGO',
            recibido: enCola ? ahora : null,
            // For a Mercado Pago order: the estimate were it paid now; the payment shifts it (encolarTrabajosPagados).
            listoEstimado: ultimo,
            carillas: pesos.carillas,
            hojas: pesos.hojas,
            precio: pesos.precio,
            detallePrecio: pesos.detalle,
            actualizado: ahora,
          })
          .where(eq(trabajoImpresion.id, fila.id));
      }
      // A Mercado Pago order's estimate: were it paid now.
      return ultimo;
    },
  };
}

/**
 * A paid order's jobs enter the queue (ESPERANDO_PAGO -> RECIBIDO). Their estimate was worked out when
 * ordered, were it paid then; it moves by the time the payment took (the queue ahead is the one seen
 * when ordering: Mercado Pago orders expire within MP_PAGO_VENCE_MINUTOS, so it is recent). A paid
 * order's cancelled jobs (a payment approved after the order expired) come back too.
 */
export async function encolarTrabajosPagados(tx: Db, ventaId: number, ahora = new Date()): Promise<void> {
  const esperando = await tx
    .select()
    .from(trabajoImpresion)
    .where(and(eq(trabajoImpresion.ventaId, ventaId), inArray(trabajoImpresion.estado, ['ESPERANDO_PAGO', 'CANCELADO']), isNull(trabajoImpresion.archivoBorrado)))
    .orderBy(asc(trabajoImpresion.id))
    .for('update');
  for (const fila of esperando) {
    const espera = fila.listoEstimado ? Math.max(0, fila.listoEstimado.getTime() - fila.actualizado.getTime()) : 0;
    await tx
      .update(trabajoImpresion)
      .set({ estado: 'RECIBIDO', recibido: ahora, listoEstimado: new Date(ahora.getTime() + espera), actualizado: ahora })
      .where(eq(trabajoImpresion.id, fila.id));
  }
}

/**
 * The orders' units went back (an unpaid order expired or was rejected, a pending sale was deleted):
 * their jobs not yet being printed are cancelled. Started ones stay for the admin to decide.
 */
export async function cancelarTrabajosDeVentas(tx: Db, ventaIds: readonly number[], ahora = new Date()): Promise<void> {
  if (ventaIds.length === 0) return;
  await tx
    .update(trabajoImpresion)
    .set({ estado: 'CANCELADO', listoEstimado: null, actualizado: ahora })
    .where(and(inArray(trabajoImpresion.ventaId, [...ventaIds]), inArray(trabajoImpresion.estado, ['ESPERANDO_PAGO', 'RECIBIDO'])));
}

/** An admin removed a job's line from its sale: it is no longer charged, so not printed either. */
export async function cancelarTrabajo(tx: Db, id: number, ahora = new Date()): Promise<void> {
  await tx
    .update(trabajoImpresion)
    .set({ estado: 'CANCELADO', listoEstimado: null, actualizado: ahora })
    .where(and(eq(trabajoImpresion.id, id), inArray(trabajoImpresion.estado, ['ESPERANDO_PAGO', 'RECIBIDO', 'EN_PROCESO', 'LISTO'])));
}

/** 'Pagar' again took the units back: the order's cancelled jobs wait for the payment again. */
export async function reactivarTrabajosDeVenta(tx: Db, ventaId: number): Promise<void> {
  await tx
    .update(trabajoImpresion)
    // `actualizado` stays: the estimate's wait is measured from the order.
    .set({ estado: 'ESPERANDO_PAGO' })
    .where(and(eq(trabajoImpresion.ventaId, ventaId), eq(trabajoImpresion.estado, 'CANCELADO'), isNull(trabajoImpresion.archivoBorrado)));
}

const columnasCola = {
  trabajo: trabajoImpresion,
  usuario: usuario.usuario,
  nombre: persona.nombre,
  apellido: persona.apellido,
  telefono: persona.telefono,
  email: persona.email,
};

type FilaCola = { trabajo: FilaTrabajo; usuario: string | null; nombre: string | null; apellido: string | null; telefono: string | null; email: string | null };

async function aCola(tx: Db, filas: FilaCola[]): Promise<TrabajoEnCola[]> {
  const tarifa = await leerTarifa(tx);
  return filas.map((f) => ({
    ...aRespuesta(f.trabajo, tarifa),
    cliente: {
      id: f.trabajo.userId ?? 0,
      usuario: f.usuario ?? '',
      nombre: [f.nombre, f.apellido].filter(Boolean).join(' ') || (f.usuario ?? ''),
      telefono: f.telefono?.trim() || null,
      email: f.email?.trim() || null,
    },
    fechaRecibido: f.trabajo.recibido?.toISOString() ?? null,
  }));
}

/** The queue, oldest first: RECIBIDO, EN_PROCESO and LISTO jobs, or those of one state. */
export async function listarCola(db: Db, estado?: EstadoImpresion): Promise<TrabajoEnCola[]> {
  const filas = await db
    .select(columnasCola)
    .from(trabajoImpresion)
    .leftJoin(usuario, eq(usuario.id, trabajoImpresion.userId))
    .leftJoin(persona, eq(persona.userId, trabajoImpresion.userId))
    .where(estado ? eq(trabajoImpresion.estado, estado) : inArray(trabajoImpresion.estado, [...ESTADOS_EN_COLA]))
    .orderBy(sql`${trabajoImpresion.recibido} asc nulls last`, asc(trabajoImpresion.id))
    .limit(500);
  return aCola(db, filas);
}

/**
 * The admin moves a job one step: RECIBIDO -> EN_PROCESO -> LISTO -> ENTREGADO; anything else is a 409
 * naming both states. LISTO queues the 'lista para retirar' e-mail and answers the WhatsApp link to
 * the customer's phone (the existing wa.me format), when there is one.
 */
export async function cambiarEstado(db: Db, id: number, hacia: EstadoImpresion, contexto: ContextoAuditoria): Promise<CambioEstadoImpresionRespuesta> {
  return db.transaction(async (tx) => {
    const [fila] = await tx.select().from(trabajoImpresion).where(eq(trabajoImpresion.id, id)).for('update');
    if (!fila) throw new NoEncontrado(M.trabajoNoEncontrado);
    if (!puedePasarA(fila.estado, hacia)) throw new Conflicto(M.transicionInvalida(fila.estado, hacia));
    const ahora = new Date();
    await tx
      .update(trabajoImpresion)
      .set({ estado: hacia, actualizado: ahora, ...(hacia === 'LISTO' ? { listoEstimado: null } : {}) })
      .where(eq(trabajoImpresion.id, id));
    await registrarEvento(tx, contexto, {
      accion: 'trabajoImpresion.cambiar-estado',
      entidadId: id,
      antes: { estado: fila.estado },
      despues: { estado: hacia },
      detalle: { ventaId: fila.ventaId },
    });
    const [enCola] = await aCola(
      tx,
      await tx
        .select(columnasCola)
        .from(trabajoImpresion)
        .leftJoin(usuario, eq(usuario.id, trabajoImpresion.userId))
        .leftJoin(persona, eq(persona.userId, trabajoImpresion.userId))
        .where(eq(trabajoImpresion.id, id)),
    );
    let whatsapp: string | null = null;
    if (hacia === 'LISTO' && enCola) {
      const numero = telefonoParaWhatsapp(enCola.cliente.telefono);
      whatsapp = numero ? enlaceWhatsapp(numero, M.listoParaRetirar(id, fila.nombreArchivo)) : null;
      if (enCola.cliente.email) {
        await encolarCorreo(tx, enCola.cliente.email, {
          tipo: 'impresion-lista',
          datos: { trabajoId: id, nombreArchivo: fila.nombreArchivo, ventaId: fila.ventaId, usuario: enCola.cliente.usuario, nombre: enCola.cliente.nombre || null },
        });
      }
    }
    return { trabajo: enCola!, whatsapp };
  });
}


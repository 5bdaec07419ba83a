import { and, asc, count, desc, eq, exists, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { diaMendoza, esDiaValido, finDelDiaMendoza, inicioDelDiaMendoza, parsearFecha } from '../../domain/fechas';
import { MENSAJES, mensajeVentasPagadasEntreFechas } from '../../domain/mensajes';
import { mismoMonto, SumaDeDinero, totalVenta } from '../../domain/money';
import type {
  DetalleVenta,
  PaginaVentas,
  Venta,
  VentaActualizar,
  VentaCrear,
  VentaFiltros,
  VentaResumen,
} from '../../domain/venta';
import { motivoMontoFijo, motivoNoSeElimina, ventaActualizarSchema, ventaCrearSchema } from '../../domain/venta';
import type { TrabajoEnDetalle } from '../../domain/impresion';
import { diferencias, idDeUsuario, registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import { avisarDeVenta } from '../correo/cola';
import type { Db } from '../db/client';
import { detalleVenta, listaEscolar, producto, trabajoImpresion, usuario, venta } from '../db/schema';
import { Conflicto, Invalido, NoEncontrado } from '../errors';
import { devolverStockDeVentas, reservarStockDeNuevo } from '../stock/stock';
import { agregarLineas } from './lineas';

const columnasResumen = {
  id: venta.id,
  fecha: venta.fecha,
  formaPago: venta.formaPago,
  total: venta.total,
  envio: venta.envio,
  conEnvio: venta.conEnvio,
  estadoVenta: venta.estadoVenta,
  estadoPago: venta.estadoPago,
  pagoId: venta.pagoId,
  userId: venta.userId,
  usuario: usuario.usuario,
};

type FilaResumen = { fecha: Date; userId: number | null; usuario: string | null } & Omit<VentaResumen, 'fecha' | 'user'>;

const aResumen = ({ fecha, userId, usuario: nombre, ...resto }: FilaResumen): VentaResumen => ({
  ...resto,
  fecha: fecha.toISOString(),
  user: userId !== null && nombre !== null ? { id: userId, usuario: nombre } : null,
});

export const columnasDetalle = {
  id: detalleVenta.id,
  cantidad: detalleVenta.cantidad,
  precioAplicado: detalleVenta.precioAplicado,
  promocionId: detalleVenta.promocionId,
  ventaId: detalleVenta.ventaId,
  venta: { id: detalleVenta.ventaId },
  producto: {
    id: producto.id,
    denominacion: producto.denominacion,
    codigo: producto.codigo,
    precio: producto.precio,
    imagen: producto.imagen,
  },
  trabajo: {
    id: trabajoImpresion.id,
    nombreArchivo: trabajoImpresion.nombreArchivo,
    paginas: trabajoImpresion.paginas,
    carillas: trabajoImpresion.carillas,
    opciones: trabajoImpresion.opciones,
    estado: trabajoImpresion.estado,
    listoEstimado: trabajoImpresion.listoEstimado,
  },
};

type FilaDetalle = {
  id: number;
  cantidad: number;
  precioAplicado: number;
  promocionId: number | null;
  ventaId: number;
  venta: { id: number };
  producto: DetalleVenta['producto'] | null;
  trabajo: {
    id: number;
    nombreArchivo: string;
    paginas: number;
    carillas: number | null;
    opciones: TrabajoEnDetalle['opciones'];
    estado: TrabajoEnDetalle['estado'];
    listoEstimado: Date | null;
  } | null;
};

/** A line as the API answers it: a product line keeps `producto`, a print line carries `trabajoImpresion` instead. */
export function aDetalle({ producto: p, trabajo: t, ...linea }: FilaDetalle): DetalleVenta {
  return {
    ...linea,
    ...(p ? { producto: p } : {}),
    ...(t
      ? {
          trabajoImpresion: {
            id: t.id,
            nombreArchivo: t.nombreArchivo,
            paginas: t.paginas,
            carillas: t.carillas ?? 0,
            opciones: t.opciones,
            estado: t.estado,
            listoEstimado: t.listoEstimado && (t.estado === 'RECIBIDO' || t.estado === 'EN_PROCESO') ? t.listoEstimado.toISOString() : null,
          },
        }
      : {}),
  };
}

/** The lines with their product or print job (each line has exactly one). */
export const seleccionarDetalles = (db: Db) =>
  db
    .select(columnasDetalle)
    .from(detalleVenta)
    .leftJoin(producto, eq(producto.id, detalleVenta.productoId))
    .leftJoin(trabajoImpresion, eq(trabajoImpresion.id, detalleVenta.trabajoImpresionId));

/** A sale as the audit trail keeps it: its state, payment, amounts and customer. */
export async function ventaAuditada(tx: Db, id: number) {
  const [fila] = await tx
    .select({
      estadoVenta: venta.estadoVenta,
      formaPago: venta.formaPago,
      estadoPago: venta.estadoPago,
      envio: venta.envio,
      total: venta.total,
      userId: venta.userId,
    })
    .from(venta)
    .where(eq(venta.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES.ventaNoEncontrada);
  return fila;
}

/** A sale's lines as the audit trail keeps them: product, units, the price charged and the promotion, if any. */
export async function lineasAuditadas(tx: Db, ventaId: number) {
  const lineas = await tx
    .select({
      productoId: detalleVenta.productoId,
      cantidad: detalleVenta.cantidad,
      precioAplicado: detalleVenta.precioAplicado,
      promocionId: detalleVenta.promocionId,
    })
    .from(detalleVenta)
    .where(eq(detalleVenta.ventaId, ventaId))
    .orderBy(asc(detalleVenta.id));
  return lineas.map(({ promocionId, ...linea }) => (promocionId === null ? linea : { ...linea, promocionId }));
}

/** Whole Mendoza days, inclusive on both ends. */
export function condicionFechas(desde?: string, hasta?: string): SQL[] {
  const condiciones: SQL[] = [];
  if (desde) condiciones.push(gte(venta.fecha, inicioDelDiaMendoza(desde)));
  if (hasta) condiciones.push(lte(venta.fecha, finDelDiaMendoza(hasta)));
  return condiciones;
}

export async function listarVentas(db: Db, filtros: VentaFiltros): Promise<PaginaVentas> {
  if (filtros.desde && filtros.hasta && filtros.desde > filtros.hasta) throw new Invalido(MENSAJES.rangoFechasInvertido);
  const condiciones = condicionFechas(filtros.desde, filtros.hasta);
  if (filtros.estado) condiciones.push(eq(venta.estadoVenta, filtros.estado));
  const where = condiciones.length > 0 ? and(...condiciones) : undefined;
  const [filas, [totales]] = await Promise.all([
    db
      .select(columnasResumen)
      .from(venta)
      .leftJoin(usuario, eq(usuario.id, venta.userId))
      .where(where)
      .orderBy(desc(venta.fecha), desc(venta.id))
      .limit(filtros.porPagina)
      .offset((filtros.pagina - 1) * filtros.porPagina),
    db.select({ total: count() }).from(venta).where(where),
  ]);
  return { items: filas.map(aResumen), total: totales?.total ?? 0, pagina: filtros.pagina, porPagina: filtros.porPagina };
}

/**
 * Orders waiting for the shop: PENDIENTE with at least one line, except unpaid online orders whose
 * units already went back. A sale without lines (made through the API without them, or left empty)
 * has nothing to prepare. A payment approved after its order expired counts: the customer paid, and
 * its units must be taken again before it is handed over.
 */
export async function contarPendientes(db: Db): Promise<number> {
  const conLineas = db.select({ uno: sql`1` }).from(detalleVenta).where(eq(detalleVenta.ventaId, venta.id));
  const [fila] = await db
    .select({ n: count() })
    .from(venta)
    .where(and(eq(venta.estadoVenta, 'PENDIENTE'), or(eq(venta.stockLiberado, false), eq(venta.estadoPago, 'APROBADO')), exists(conLineas)));
  return fila?.n ?? 0;
}

/** A customer's purchases, newest first. */
export async function ventasDeUsuario(db: Db, userId: number): Promise<VentaResumen[]> {
  const filas = await db
    .select(columnasResumen)
    .from(venta)
    .leftJoin(usuario, eq(usuario.id, venta.userId))
    .where(eq(venta.userId, userId))
    .orderBy(desc(venta.fecha), desc(venta.id))
    .limit(1000);
  return filas.map(aResumen);
}

export async function detallesDeVenta(db: Db, ventaId: number): Promise<DetalleVenta[]> {
  const filas = await seleccionarDetalles(db).where(eq(detalleVenta.ventaId, ventaId)).orderBy(asc(detalleVenta.id));
  return filas.map(aDetalle);
}

export async function obtenerVenta(db: Db, id: number): Promise<Venta> {
  const [fila] = await db
    .select({ ...columnasResumen, lista: { id: listaEscolar.id, escuela: listaEscolar.escuela, grado: listaEscolar.grado, anio: listaEscolar.anio } })
    .from(venta)
    .leftJoin(usuario, eq(usuario.id, venta.userId))
    .leftJoin(listaEscolar, eq(listaEscolar.id, venta.listaEscolarId))
    .where(eq(venta.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES.ventaNoEncontrada);
  const { lista, ...resumen } = fila;
  return { ...aResumen(resumen), detalleVentas: await detallesDeVenta(db, id), listaEscolar: lista };
}

/** The sale's owner, for the ownership check; 404 when there is no such sale. */
export async function duenoDeVenta(db: Db, id: number): Promise<number | null> {
  const [fila] = await db.select({ userId: venta.userId }).from(venta).where(eq(venta.id, id));
  if (!fila) throw new NoEncontrado(MENSAJES.ventaNoEncontrada);
  return fila.userId;
}

/**
 * Locks the sale row for a change of its lines or its total (so a concurrent deletion or edit waits).
 * A sale paid online or concluded cannot change its lines (docs/decisions/044-ventas-pagadas.md), nor
 * one whose units already went back to stock.
 */
export async function bloquearVenta(tx: Db, id: number, paraLineas = false) {
  const [fila] = await tx
    .select({
      id: venta.id,
      estadoVenta: venta.estadoVenta,
      estadoPago: venta.estadoPago,
      stockLiberado: venta.stockLiberado,
      formaPago: venta.formaPago,
      envio: venta.envio,
      total: venta.total,
    })
    .from(venta)
    .where(eq(venta.id, id))
    .for('update');
  if (!fila) throw new NoEncontrado(MENSAJES.ventaNoEncontrada);
  const fijo = paraLineas ? motivoMontoFijo(fila) : null;
  if (fijo) throw new Conflicto(fijo);
  if (paraLineas && fila.stockLiberado) throw new Conflicto(MENSAJES.ventaStockYaDevuelto);
  return fila;
}

/** total = sum of cantidad x precioAplicado + envio, in cents. Call after every line or shipping change. */
export async function recalcularTotal(tx: Db, ventaId: number): Promise<number> {
  const [fila] = await tx.select({ envio: venta.envio }).from(venta).where(eq(venta.id, ventaId));
  if (!fila) throw new NoEncontrado(MENSAJES.ventaNoEncontrada);
  const lineas = await tx
    .select({ cantidad: detalleVenta.cantidad, precio: detalleVenta.precioAplicado })
    .from(detalleVenta)
    .where(eq(detalleVenta.ventaId, ventaId));
  const total = totalVenta(lineas, fila.envio);
  await tx.update(venta).set({ total }).where(eq(venta.id, ventaId));
  return total;
}

/**
 * A sale's date from the form: a day 'yyyy-MM-dd' is that Mendoza day (now when it is today, else
 * 12:00 of it, safely inside the day); an ISO instant is taken as is; nothing means now.
 */
export function fechaDeVenta(texto: string | undefined, ahora = new Date()): Date {
  if (!texto) return ahora;
  if (esDiaValido(texto)) {
    if (texto === diaMendoza(ahora)) return ahora;
    return new Date(`${texto}T12:00:00.000-03:00`);
  }
  // A date-time without an offset is Mendoza wall-clock time, never the server's zone.
  const fecha = parsearFecha(texto, 'inicio');
  if (!fecha) throw new Invalido(MENSAJES.fechaInvalida);
  return fecha;
}

/**
 * An admin's new sale, with its first lines (their units taken, at the products' current prices) or
 * without them (total = envio until lines are added). One transaction: a line without stock leaves
 * no sale behind, and no audit event.
 */
export async function crearVenta(db: Db, entrada: VentaCrear, contexto: ContextoAuditoria): Promise<Venta> {
  const datos = ventaCrearSchema.parse(entrada);
  const fecha = fechaDeVenta(datos.fecha);
  const adminId = idDeUsuario(contexto);
  const userId = datos.user === undefined ? adminId : (datos.user?.id ?? null);
  return db.transaction(async (tx) => {
    if (userId !== null) {
      const [existe] = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, userId));
      if (!existe) throw new Invalido(MENSAJES.usuarioDeVentaNoExiste);
    }
    const [creada] = await tx
      .insert(venta)
      .values({
        fecha,
        estadoVenta: datos.estadoVenta,
        formaPago: datos.formaPago,
        envio: datos.envio,
        total: datos.envio,
        userId,
      })
      .returning({ id: venta.id });
    const lineas = (datos.detalleVentas ?? []).map((l) => ({ productoId: l.producto.id, cantidad: l.cantidad }));
    if (lineas.length > 0) {
      await agregarLineas(tx, creada!.id, lineas, adminId);
      await recalcularTotal(tx, creada!.id);
    }
    await registrarEvento(tx, contexto, {
      accion: 'venta.crear',
      entidadId: creada!.id,
      despues: { fecha: fecha.toISOString(), ...(await ventaAuditada(tx, creada!.id)), lineas: await lineasAuditadas(tx, creada!.id) },
    });
    return obtenerVenta(tx, creada!.id);
  });
}

/**
 * The sale form's Guardar: status, payment method and shipping. The date stays; the total is
 * recomputed. The form's save checks are enforced here: at least one line and a total above zero.
 * A sale paid online, or concluded, keeps its shipping and payment method: only its status changes
 * (its state before this save decides, so reopening a concluded sale is a step of its own).
 */
export async function actualizarVenta(db: Db, id: number, entrada: VentaActualizar, contexto: ContextoAuditoria): Promise<Venta> {
  const datos = ventaActualizarSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const actual = await bloquearVenta(tx, id);
    // An expired (cash or Mercado Pago) or rejected order gave its units back: concluding it would
    // record goods handed over that are still on the shelf, and money the closing never counts.
    const devuelta = actual.stockLiberado && (actual.estadoPago === 'VENCIDO' || actual.estadoPago === 'RECHAZADO');
    if (devuelta && actual.estadoVenta !== 'CONCLUIDO' && datos.estadoVenta === 'CONCLUIDO') throw new Conflicto(MENSAJES.ventaVencidaNoSeConcluye);
    const fijo = motivoMontoFijo(actual);
    if (fijo && (datos.formaPago !== actual.formaPago || !mismoMonto(datos.envio, actual.envio))) throw new Conflicto(fijo);
    // Paid after it expired: its units went back, so they are taken again (all or none) before it is handed over.
    const retomaStock = actual.estadoPago === 'APROBADO' && actual.stockLiberado && datos.estadoVenta === 'CONCLUIDO';
    if (retomaStock && !(await reservarStockDeNuevo(tx, id))) throw new Conflicto(MENSAJES.ventaPagadaSinStock);
    const antes = await ventaAuditada(tx, id);
    const [lineas] = await tx.select({ n: count() }).from(detalleVenta).where(eq(detalleVenta.ventaId, id));
    if (!lineas || lineas.n === 0) throw new Invalido(MENSAJES.ventaSinDetalles);
    await tx.update(venta).set({ estadoVenta: datos.estadoVenta, formaPago: datos.formaPago, envio: datos.envio }).where(eq(venta.id, id));
    const total = await recalcularTotal(tx, id);
    if (total <= 0) throw new Invalido(MENSAJES.totalVentaMayorACero);
    const cambios = diferencias(antes, await ventaAuditada(tx, id), ['estadoVenta', 'formaPago', 'envio', 'total']);
    if (cambios) await registrarEvento(tx, contexto, { accion: 'venta.editar', entidadId: id, ...cambios, ...(retomaStock ? { detalle: { stockRetomado: true } } : {}) });
    if (actual.estadoVenta !== 'CONCLUIDO' && datos.estadoVenta === 'CONCLUIDO') await avisarDeVenta(tx, id, 'pedido-concluido');
    return obtenerVenta(tx, id);
  });
}

/**
 * Deletes sales. A PENDIENTE sale's units go back to stock (VENTA_ELIMINADA movements); a CONCLUIDO
 * sale's goods left the shop, so its stock and sold count stay (docs/decisions/001). A sale paid
 * online is never deleted: `siHayPagadas` words the refusal, and nothing is deleted
 * (docs/decisions/044-ventas-pagadas.md).
 */
async function eliminarVentasEnTx(tx: Db, ids: number[], userId: number | null, siHayPagadas: (pagadas: number) => string): Promise<number[]> {
  const estados = await tx
    .select({ id: venta.id, estadoVenta: venta.estadoVenta, estadoPago: venta.estadoPago })
    .from(venta)
    .where(inArray(venta.id, ids))
    .orderBy(asc(venta.id))
    .for('update');
  // Checked with the rows locked: a payment approved meanwhile is seen here.
  const pagadas = estados.filter((v) => motivoNoSeElimina(v) !== null).length;
  if (pagadas > 0) throw new Conflicto(siHayPagadas(pagadas));
  const pendientes = estados.filter((v) => v.estadoVenta === 'PENDIENTE').map((v) => v.id);
  const devueltas = await devolverStockDeVentas(tx, pendientes, 'VENTA_ELIMINADA', userId);
  await tx.delete(venta).where(inArray(venta.id, ids));
  return devueltas;
}

export async function eliminarVenta(db: Db, id: number, contexto: ContextoAuditoria): Promise<void> {
  await db.transaction(async (tx) => {
    await bloquearVenta(tx, id);
    const antes = { ...(await ventaAuditada(tx, id)), lineas: await lineasAuditadas(tx, id) };
    const devueltas = await eliminarVentasEnTx(tx, [id], idDeUsuario(contexto), () => MENSAJES.ventaPagadaNoSeElimina);
    await registrarEvento(tx, contexto, { accion: 'venta.eliminar', entidadId: id, antes, detalle: { stockDevuelto: devueltas.includes(id) } });
  });
}

/**
 * Bulk delete of whole Mendoza days; true when it deleted at least one sale. One audit event lists them.
 * A range with a sale paid online deletes nothing (409 naming how many).
 */
export async function eliminarVentasEntreFechas(db: Db, desde: string, hasta: string, contexto: ContextoAuditoria): Promise<boolean> {
  if (desde > hasta) throw new Invalido(MENSAJES.rangoFechasInvertido);
  return db.transaction(async (tx) => {
    const filas = await tx
      .select({ id: venta.id, total: venta.total })
      .from(venta)
      .where(and(...condicionFechas(desde, hasta)))
      .orderBy(asc(venta.id));
    if (filas.length === 0) return false;
    const ids = filas.map((f) => f.id);
    const devueltas = await eliminarVentasEnTx(tx, ids, idDeUsuario(contexto), mensajeVentasPagadasEntreFechas);
    await registrarEvento(tx, contexto, {
      accion: 'venta.eliminar-entre-fechas',
      antes: { cantidadVentas: ids.length, total: filas.reduce((suma, f) => suma.sumar(f.total), new SumaDeDinero()).pesos },
      detalle: { desde, hasta, ventas: ids, ventasConStockDevuelto: devueltas },
    });
    return true;
  });
}

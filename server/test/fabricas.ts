// Test data with overrides, shared by the API and browser tests.
import type { EstadoPago, EstadoVenta, FormaPago, Rol } from '../../domain/enums';
import type { OpcionesImpresion } from '../../domain/impresion';
import { calcularPrecio, totalVenta } from '../../domain/money';
import { busquedaDeProducto } from '../../domain/texto';
import { hashearClave } from '../auth/claves';
import type { Db } from '../db/client';
import { agruparPorProducto, descontarStock, registrarSalida, registrarStockInicial } from '../stock/stock';
import {
  categoria,
  detallePromocion,
  detalleVenta,
  domicilio,
  persona,
  producto,
  promocion,
  trabajoImpresion,
  usuario,
  venta,
} from '../db/schema';

let secuencia = 0;
const siguiente = () => ++secuencia;

export async function crearUsuario(db: Db, datos: { usuario?: string; clave?: string; rol?: Rol; conPersona?: boolean } = {}) {
  const n = siguiente();
  const nombre = datos.usuario ?? `usuario${n}`;
  const clave = datos.clave ?? `clave-${n}-segura`;
  const [creado] = await db
    .insert(usuario)
    .values({ usuario: nombre, clave: await hashearClave(clave), rol: datos.rol ?? 'USER' })
    .returning();
  let personaId: number | undefined;
  if (datos.conPersona ?? true) {
    const [d] = await db.insert(domicilio).values({ calle: 'Colón', numero: String(100 + n) }).returning();
    const [p] = await db
      .insert(persona)
      .values({ nombre: `Nombre${n}`, apellido: `Apellido${n}`, email: `${nombre}@example.com`, telefono: '2610000000', domicilioId: d!.id, userId: creado!.id })
      .returning();
    personaId = p!.id;
  }
  return { ...creado!, clave, personaId };
}

export async function crearCategoria(db: Db, denominacion = `Categoría ${siguiente()}`) {
  const [creada] = await db.insert(categoria).values({ denominacion }).returning();
  return creada!;
}

export async function crearProducto(
  db: Db,
  datos: Partial<{ denominacion: string; marca: string; codigo: string; costo: number; porcentaje: number; stock: number; categoriaId: number; descripcion: string }> = {},
) {
  const n = siguiente();
  const categoriaId = datos.categoriaId ?? (await crearCategoria(db)).id;
  const costo = datos.costo ?? 1000;
  const porcentaje = datos.porcentaje ?? 50;
  const denominacion = datos.denominacion ?? `Producto ${n}`;
  const marca = datos.marca ?? 'Marca';
  const codigo = datos.codigo ?? `COD-${n}`;
  const stock = datos.stock ?? 10;
  const [creado] = await db
    .insert(producto)
    .values({
      denominacion,
      marca,
      codigo,
      costo,
      porcentaje,
      precio: calcularPrecio(costo, porcentaje),
      stock,
      descripcion: datos.descripcion ?? '',
      categoriaId,
      busqueda: busquedaDeProducto({ denominacion, marca, codigo }),
    })
    .returning();
  await registrarStockInicial(db, [{ productoId: creado!.id, stock }], null);
  return creado!;
}

export async function crearPromocion(
  db: Db,
  datos: Partial<{ denominacion: string; descripcion: string; precioPromocional: number; fechaInicio: Date; fechaFin: Date }> & {
    detalles?: Array<{ productoId: number; cantidad: number }>;
    /** Days from now to the end date (negative: already expired). */
    finDias?: number;
  } = {},
) {
  const n = siguiente();
  const [creada] = await db
    .insert(promocion)
    .values({
      denominacion: datos.denominacion ?? `Promo ${n}`,
      descripcion: datos.descripcion ?? 'Una promoción',
      precioPromocional: datos.precioPromocional ?? 1000,
      fechaInicio: datos.fechaInicio ?? new Date(Date.now() - 10 * 86_400_000),
      fechaFin: datos.fechaFin ?? new Date(Date.now() + (datos.finDias ?? 1) * 86_400_000),
    })
    .returning();
  if (datos.detalles?.length) {
    await db.insert(detallePromocion).values(datos.detalles.map((d) => ({ ...d, promocionId: creada!.id })));
  }
  return creada!;
}

/**
 * A sale with its lines, made as a cart order makes it: one transaction that takes the units from
 * stock (refusing to go below 0, counting them as sold) and writes a PEDIDO movement per line. Mercado Pago sales start with
 * their payment PENDIENTE.
 */
export async function crearVenta(
  db: Db,
  datos: {
    userId: number | null;
    lineas: Array<{ productoId: number; cantidad: number; precioAplicado?: number }>;
    formaPago?: FormaPago;
    estadoVenta?: EstadoVenta;
    estadoPago?: EstadoPago | null;
    fecha?: Date;
    envio?: number;
    /** Marked as placed through the shop's cart (the limits count it; a cash one can expire). */
    carrito?: boolean;
  },
) {
  const formaPago = datos.formaPago ?? 'MERCADOPAGO';
  return db.transaction(async (tx) => {
    const agrupadas = agruparPorProducto(datos.lineas);
    const precios = await descontarStock(tx, agrupadas, (f) => `sin stock del producto ${f.productoId}`);
    const lineas = datos.lineas.map((l) => ({ ...l, precioAplicado: l.precioAplicado ?? precios.get(l.productoId)! }));
    const envio = datos.envio ?? 0;
    const total = totalVenta(
      lineas.map((l) => ({ cantidad: l.cantidad, precio: l.precioAplicado })),
      envio,
    );
    const [creada] = await tx
      .insert(venta)
      .values({
        userId: datos.userId,
        formaPago,
        total,
        envio,
        fecha: datos.fecha ?? new Date(),
        estadoVenta: datos.estadoVenta ?? 'PENDIENTE',
        estadoPago: datos.estadoPago === undefined ? (formaPago === 'MERCADOPAGO' ? 'PENDIENTE' : null) : datos.estadoPago,
        carrito: datos.carrito ?? false,
      })
      .returning();
    await tx.insert(detalleVenta).values(lineas.map((l) => ({ ventaId: creada!.id, productoId: l.productoId, cantidad: l.cantidad, precioAplicado: l.precioAplicado })));
    await registrarSalida(tx, { motivo: 'PEDIDO', ventaId: creada!.id, userId: datos.userId }, agrupadas);
    return { ...creada!, lineas };
  });
}

/** A counter sale (EFECTIVO unless told) with lines at the given prices; see `crearVenta`. */
export const crearVentaDirecta = (
  db: Db,
  datos: Omit<Parameters<typeof crearVenta>[1], 'lineas'> & { lineas: Array<{ productoId: number; cantidad: number; precio: number }> },
) =>
  crearVenta(db, {
    ...datos,
    formaPago: datos.formaPago ?? 'EFECTIVO',
    lineas: datos.lineas.map((l) => ({ productoId: l.productoId, cantidad: l.cantidad, precioAplicado: l.precio })),
  });

/** A print job's row (BORRADOR, A4, black and white) without a file on disk: for access and fuzz tables. */
export async function crearTrabajoImpresion(db: Db, datos: { userId: number; paginas?: number; opciones?: OpcionesImpresion }) {
  const n = siguiente();
  const [creado] = await db
    .insert(trabajoImpresion)
    .values({
      userId: datos.userId,
      nombreArchivo: `trabajo-${n}.pdf`,
      archivo: `prueba-${n}-${Date.now()}.pdf`,
      bytes: 1000,
      paginas: datos.paginas ?? 2,
      tamanioPagina: 'A4',
      paginasColor: [],
      opciones: datos.opciones ?? { copias: 1, paginas: '', color: 'BN', dobleFaz: false, papel: 'A4', terminacion: 'NINGUNA' },
    })
    .returning();
  return creado!;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FormaPago } from '../../../domain/enums';
import { calcularPrecio, totalVenta } from '../../../domain/money';
import { busquedaDeProducto } from '../../../domain/texto';
import { hashearClave } from '../../auth/claves';
import type { Config } from '../../config';
import type { Db } from '../client';
import {
  alternativaItemLista,
  categoria,
  detallePromocion,
  detalleVenta,
  domicilio,
  itemListaEscolar,
  listaEscolar,
  persona,
  producto,
  promocion,
  usuario,
  venta,
} from '../schema';
import { CATEGORIAS_DEMO, LISTAS_DEMO, PRODUCTOS_DEMO, PROMOCIONES_DEMO } from './catalogo-demo';
import { generarImagenProducto } from './imagenes';
import { registrarStockInicial, tomarStock } from '../../stock/stock';

export const CLAVE_CLIENTE_DEMO = 'cliente123';
const DIA_MS = 86_400_000;

/** Fills an empty database with the demo shop; answers the lines that tell how to log in. */
export async function sembrarSiVacia(db: Db, config: Config, log: FastifyBaseLogger): Promise<string[]> {
  const [{ usuarios } = { usuarios: 0 }] = await db.select({ usuarios: count() }).from(usuario);
  if (usuarios > 0) {
    return [
      '  Usuarios de demostración: admin (la contraseña se mostró en el primer inicio, o ADMIN_PASSWORD)',
      `                            cliente / ${CLAVE_CLIENTE_DEMO}`,
    ];
  }
  const claveAdmin = config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
  log.info('Base de datos vacía: cargando los datos de demostración');
  await sembrarDemo(db, config.UPLOADS_DIR, claveAdmin);
  return [
    '  Usuarios de demostración:',
    `    admin / ${claveAdmin}${config.ADMIN_PASSWORD ? ' (de ADMIN_PASSWORD)' : '  <- generada ahora: anotala, no se vuelve a mostrar'}`,
    `    cliente / ${CLAVE_CLIENTE_DEMO}`,
  ];
}

export async function sembrarDemo(db: Db, carpetaUploads: string, claveAdmin: string): Promise<void> {
  fs.mkdirSync(carpetaUploads, { recursive: true });
  const imagenes = await Promise.all(
    PRODUCTOS_DEMO.map((p) => {
      const cat = CATEGORIAS_DEMO.find((c) => c.denominacion === p.categoria);
      if (!cat) throw new Error(`Categoría desconocida: ${p.categoria}`);
      return generarImagenProducto(carpetaUploads, { denominacion: p.denominacion, marca: p.marca, categoria: cat });
    }),
  );
  const [hashAdmin, hashCliente] = await Promise.all([hashearClave(claveAdmin), hashearClave(CLAVE_CLIENTE_DEMO)]);

  await db.transaction(async (tx) => {
    const personas = [
      { usuario: 'admin', clave: hashAdmin, rol: 'ADMIN' as const, nombre: 'Marta', apellido: 'Giménez', email: 'admin@libreria.com.ar', telefono: '2614250000', calle: 'San Martín', numero: '1250', localidad: 'CAPITAL' as const },
      { usuario: 'cliente', clave: hashCliente, rol: 'USER' as const, nombre: 'Lucía', apellido: 'Fernández', email: 'lucia.fernandez@example.com', telefono: '2615551234', calle: 'Av. Arístides Villanueva', numero: '480', localidad: 'CAPITAL' as const },
      { usuario: 'jperez', clave: hashCliente, rol: 'USER' as const, nombre: 'Juan', apellido: 'Pérez', email: 'juan.perez@example.com', telefono: '2614998877', calle: 'Perú', numero: '2231', localidad: 'GODOY_CRUZ' as const },
      { usuario: 'sofia.m', clave: hashCliente, rol: 'USER' as const, nombre: 'Sofía', apellido: 'Morales', email: 'sofia.morales@example.com', telefono: '2616123456', calle: 'Bandera de los Andes', numero: '5120', localidad: 'GUAYMALLEN' as const },
    ];
    const idsUsuario: number[] = [];
    for (const p of personas) {
      const [u] = await tx.insert(usuario).values({ usuario: p.usuario, clave: p.clave, rol: p.rol }).returning({ id: usuario.id });
      const [d] = await tx
        .insert(domicilio)
        .values({ calle: p.calle, numero: p.numero, localidad: p.localidad, provincia: 'MENDOZA' })
        .returning({ id: domicilio.id });
      await tx.insert(persona).values({ nombre: p.nombre, apellido: p.apellido, email: p.email, telefono: p.telefono, domicilioId: d!.id, userId: u!.id });
      idsUsuario.push(u!.id);
    }
    const [adminId, ...clientes] = idsUsuario;

    const categorias = await tx
      .insert(categoria)
      .values(CATEGORIAS_DEMO.map((c) => ({ denominacion: c.denominacion })))
      .returning();
    const idCategoria = new Map(categorias.map((c) => [c.denominacion, c.id]));

    const productos = await tx
      .insert(producto)
      .values(
        PRODUCTOS_DEMO.map((p, i) => ({
          codigo: p.codigo,
          denominacion: p.denominacion,
          marca: p.marca,
          costo: p.costo,
          porcentaje: p.porcentaje,
          precio: calcularPrecio(p.costo, p.porcentaje),
          stock: p.stock,
          descripcion: p.descripcion,
          categoriaId: idCategoria.get(p.categoria)!,
          imagen: imagenes[i]!,
          busqueda: busquedaDeProducto(p),
        })),
      )
      .returning({ id: producto.id, codigo: producto.codigo, precio: producto.precio, stock: producto.stock });
    await registrarStockInicial(
      tx,
      productos.map((p) => ({ productoId: p.id, stock: p.stock })),
      adminId ?? null,
    );
    const porCodigo = new Map(productos.map((p) => [p.codigo, p]));

    const ahora = Date.now();
    for (const promo of PROMOCIONES_DEMO) {
      const [creada] = await tx
        .insert(promocion)
        .values({
          denominacion: promo.denominacion,
          descripcion: promo.descripcion,
          precioPromocional: promo.precioPromocional,
          fechaInicio: new Date(ahora + promo.inicioDias * DIA_MS),
          fechaFin: new Date(ahora + promo.finDias * DIA_MS),
        })
        .returning({ id: promocion.id });
      await tx.insert(detallePromocion).values(
        promo.detalles.map((d) => ({ promocionId: creada!.id, productoId: porCodigo.get(d.codigo)!.id, cantidad: d.cantidad })),
      );
    }

    // School lists for next school year, published (issue 20).
    const anio = new Date(ahora).getUTCFullYear() + 1;
    for (const l of LISTAS_DEMO) {
      const [creada] = await tx
        .insert(listaEscolar)
        .values({ escuela: l.escuela, localidad: l.localidad, nivel: l.nivel, grado: l.grado, anio, notas: l.notas, publicada: true })
        .returning({ id: listaEscolar.id });
      const items = await tx
        .insert(itemListaEscolar)
        .values(
          l.items.map((i, k) => ({
            listaId: creada!.id,
            orden: k + 1,
            cantidad: i.cantidad,
            texto: i.texto,
            productoId: i.codigo === null ? null : porCodigo.get(i.codigo)!.id,
            opcional: i.opcional ?? false,
          })),
        )
        .returning({ id: itemListaEscolar.id });
      const alternativas = l.items.flatMap((i, k) =>
        (i.alternativas ?? []).map((codigo, orden) => ({ itemId: items[k]!.id, orden: orden + 1, productoId: porCodigo.get(codigo)!.id })),
      );
      if (alternativas.length > 0) await tx.insert(alternativaItemLista).values(alternativas);
    }

    // About 20 sales over the last 30 days; the stock they took is written as movements.
    const formas: FormaPago[] = ['EFECTIVO', 'MERCADOPAGO', 'TRANSFERENCIA', 'QR', 'POSTNET', 'EFECTIVO', 'MERCADOPAGO'];
    const vendibles = productos.filter((p) => p.stock >= 10);
    for (let i = 0; i < 20; i++) {
      const dias = 29 - Math.floor(i * 1.5);
      const fecha = new Date(ahora - dias * DIA_MS - ((i * 7) % 9) * 3_600_000);
      const formaPago = formas[i % formas.length]!;
      const lineas = [0, 1, 2].slice(0, 1 + (i % 3)).map((k) => ({
        p: vendibles[(i * 5 + k * 11) % vendibles.length]!,
        cantidad: 1 + ((i + k) % 3),
      }));
      const concluida = dias > 4 || i % 4 === 0;
      const envio = i % 5 === 0 ? 3500 : 0;
      const total = totalVenta(
        lineas.map((l) => ({ cantidad: l.cantidad, precio: l.p.precio })),
        envio,
      );
      const [v] = await tx
        .insert(venta)
        .values({
          fecha,
          formaPago,
          total,
          envio,
          conEnvio: envio > 0,
          estadoVenta: concluida ? 'CONCLUIDO' : 'PENDIENTE',
          userId: i % 6 === 5 ? adminId : clientes[i % clientes.length]!,
          estadoPago: formaPago === 'MERCADOPAGO' ? (concluida ? 'APROBADO' : 'PENDIENTE') : null,
          pagoActualizado: formaPago === 'MERCADOPAGO' ? fecha : null,
        })
        .returning({ id: venta.id });
      await tx.insert(detalleVenta).values(lineas.map((l) => ({ ventaId: v!.id, productoId: l.p.id, cantidad: l.cantidad, precioAplicado: l.p.precio })));
      await tomarStock(
        tx,
        { motivo: 'PEDIDO', ventaId: v!.id, userId: adminId ?? null, fecha },
        lineas.map((l) => ({ productoId: l.p.id, cantidad: l.cantidad })),
        ({ denominacion }) => `Sin stock de ${denominacion} para la venta de demostración`,
      );
    }
  });
}

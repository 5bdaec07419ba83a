// The audit trail (docs/decisions/022-auditoria.md): which events it records, the admin screen's
// filters and answers, and how a row's values read in Spanish (screen and CSV alike).
import { z } from 'zod';
import { ESTADO_PAGO_LABEL, ESTADO_VENTA_LABEL, FORMA_PAGO_LABEL, ROL_LABEL } from './enums';
import { esDiaValido, fechaLegibleMendoza, horaLocalMendoza } from './fechas';
import { MENSAJES } from './mensajes';
import { formatearPrecio } from './money';
import { busquedaQuery, paginacionQuery, paginaDe } from './paginacion';

/** What an event is about, with the name people read. */
export const ENTIDADES_AUDITORIA = {
  usuario: 'Usuario',
  producto: 'Producto',
  categoria: 'Categoría',
  venta: 'Venta',
  detalleVenta: 'Detalle de venta',
  promocion: 'Promoción',
  detallePromocion: 'Detalle de promoción',
  sinonimo: 'Sinónimo',
  trabajoImpresion: 'Trabajo de impresión',
  tarifaImpresion: 'Tarifa de impresión',
} as const;
export type EntidadAuditoria = keyof typeof ENTIDADES_AUDITORIA;

const accion = (entidad: EntidadAuditoria, etiqueta: string) => ({ entidad, etiqueta });

/**
 * Every event the trail records, `entidad.verbo`, with its entity and label. The only list: the server
 * writes only these, the screen's filter offers these. `sesion.iniciar`, `.fallida` and `.cerrar` are
 * written by the sign-in routes, `sesion.cerrar-otras` and `usuario.editar-datos` by 'Mi cuenta'
 * (server/auditoria/README.md says how).
 */
export const ACCIONES_AUDITORIA = {
  'sesion.iniciar': accion('usuario', 'Inicio de sesión'),
  'sesion.fallida': accion('usuario', 'Inicio de sesión fallido'),
  'sesion.cerrar': accion('usuario', 'Cierre de sesión'),
  'sesion.cerrar-otras': accion('usuario', 'Cierre de las demás sesiones'),
  'segundo-factor.activar': accion('usuario', 'Verificación en dos pasos activada'),
  'segundo-factor.renovar-codigos': accion('usuario', 'Códigos de recuperación renovados'),
  'segundo-factor.desactivar': accion('usuario', 'Verificación en dos pasos desactivada'),
  'segundo-factor.restablecer': accion('usuario', 'Verificación en dos pasos quitada por otro administrador'),
  'usuario.registrar': accion('usuario', 'Registro de cliente'),
  'usuario.crear': accion('usuario', 'Alta de usuario'),
  'usuario.editar': accion('usuario', 'Cambio de usuario'),
  'usuario.editar-datos': accion('usuario', 'Cambio de datos personales en Mi cuenta'),
  'usuario.cambiar-rol': accion('usuario', 'Cambio de rol'),
  'usuario.cambiar-clave': accion('usuario', 'Cambio de contraseña'),
  'usuario.pedir-enlace-clave': accion('usuario', 'Enlace para recuperar la contraseña enviado'),
  'usuario.recuperar-clave': accion('usuario', 'Contraseña recuperada con el enlace del correo'),
  'usuario.eliminar': accion('usuario', 'Baja de usuario'),
  'producto.crear': accion('producto', 'Alta de producto'),
  'producto.editar': accion('producto', 'Cambio de producto'),
  'producto.cambiar-imagen': accion('producto', 'Cambio de imagen'),
  'producto.cargar-stock': accion('producto', 'Carga de stock'),
  'producto.eliminar': accion('producto', 'Baja de producto'),
  'producto.importar': accion('producto', 'Importación de productos desde una planilla'),
  'producto.actualizar-precios': accion('producto', 'Cambio de precios en bloque'),
  'categoria.crear': accion('categoria', 'Alta de categoría'),
  'venta.crear': accion('venta', 'Alta de venta'),
  'venta.pedido': accion('venta', 'Pedido del carrito'),
  'venta.editar': accion('venta', 'Cambio de venta'),
  'venta.agregar-promocion': accion('venta', 'Promoción agregada a una venta'),
  'venta.eliminar': accion('venta', 'Baja de venta'),
  'venta.eliminar-entre-fechas': accion('venta', 'Baja de ventas entre fechas'),
  'venta.registrar-pago': accion('venta', 'Pago registrado'),
  'venta.vencer-pago': accion('venta', 'Pago vencido'),
  'venta.pagar-de-nuevo': accion('venta', 'Pago reintentado: unidades tomadas de nuevo'),
  'detalleVenta.agregar': accion('detalleVenta', 'Alta de detalle de venta'),
  'detalleVenta.editar': accion('detalleVenta', 'Cambio de detalle de venta'),
  'detalleVenta.eliminar': accion('detalleVenta', 'Baja de detalle de venta'),
  'promocion.crear': accion('promocion', 'Alta de promoción'),
  'promocion.eliminar': accion('promocion', 'Baja de promoción'),
  'detallePromocion.agregar': accion('detallePromocion', 'Producto agregado a una promoción'),
  'detallePromocion.eliminar': accion('detallePromocion', 'Producto quitado de una promoción'),
  'sinonimo.crear': accion('sinonimo', 'Alta de sinónimo'),
  'sinonimo.editar': accion('sinonimo', 'Cambio de sinónimo'),
  'sinonimo.eliminar': accion('sinonimo', 'Baja de sinónimo'),
  'trabajoImpresion.cambiar-estado': accion('trabajoImpresion', 'Cambio de estado de una impresión'),
  'tarifaImpresion.editar': accion('tarifaImpresion', 'Cambio de la tarifa de impresión'),
} as const satisfies Record<string, { entidad: EntidadAuditoria; etiqueta: string }>;
export type AccionAuditoria = keyof typeof ACCIONES_AUDITORIA;

const CLAVES_ACCIONES = Object.keys(ACCIONES_AUDITORIA) as [AccionAuditoria, ...AccionAuditoria[]];
const CLAVES_ENTIDADES = Object.keys(ENTIDADES_AUDITORIA) as [EntidadAuditoria, ...EntidadAuditoria[]];

/** The label of an action or entity; an unknown one (written by a newer version) shows as it is. */
export const etiquetaAccion = (clave: string): string => (ACCIONES_AUDITORIA as Record<string, { etiqueta: string }>)[clave]?.etiqueta ?? clave;
export const etiquetaEntidad = (clave: string): string => (ENTIDADES_AUDITORIA as Record<string, string>)[clave] ?? clave;

/** Who acted when no user did. */
export const ACTORES = { mercadoPago: 'Mercado Pago', sistema: 'Sistema', anonimo: 'Anónimo' } as const;

export const MENSAJES_AUDITORIA = {
  accionInvalida: 'Seleccioná una acción válida.',
  entidadInvalida: 'Seleccioná una entidad válida.',
  idInvalido: 'El número debe ser un entero positivo.',
  sinEventos: 'No hay eventos para mostrar.',
  errorCargar: 'No se pudo cargar la auditoría.',
  errorExportar: 'No se pudo exportar la auditoría.',
} as const;

const diaOpcional = z.string().trim().refine(esDiaValido, MENSAJES.fechaInvalida).optional();
const idOpcional = z.coerce
  .number({ error: MENSAJES_AUDITORIA.idInvalido })
  .int(MENSAJES_AUDITORIA.idInvalido)
  .positive(MENSAJES_AUDITORIA.idInvalido)
  .max(2_147_483_647, MENSAJES_AUDITORIA.idInvalido)
  .optional();

/** What the export and the list filter by: all of it optional, days are whole Mendoza days. */
export const auditoriaFiltrosBase = {
  /** The user's name at the time (or the actor's, 'Mercado Pago'), contains, no case or accents. */
  usuario: busquedaQuery,
  usuarioId: idOpcional,
  entidad: z.enum(CLAVES_ENTIDADES, { error: MENSAJES_AUDITORIA.entidadInvalida }).optional(),
  entidadId: idOpcional,
  accion: z.enum(CLAVES_ACCIONES, { error: MENSAJES_AUDITORIA.accionInvalida }).optional(),
  desde: diaOpcional,
  hasta: diaOpcional,
};
export const auditoriaExportarSchema = z.object(auditoriaFiltrosBase);
export type AuditoriaExportar = z.infer<typeof auditoriaExportarSchema>;
export const auditoriaFiltrosSchema = z.object({ ...auditoriaFiltrosBase, ...paginacionQuery(50, 200) });
export type AuditoriaFiltros = z.infer<typeof auditoriaFiltrosSchema>;

/** Values of an event: field -> value, as the API answers them (money in pesos, dates ISO). */
const valoresSchema = z.record(z.string(), z.unknown()).nullable();

export const eventoAuditoriaSchema = z.object({
  id: z.number().int(),
  /** ISO instant. */
  fecha: z.string(),
  usuarioId: z.number().int().nullable(),
  /** The user's name at the time, or who acted without one ('Mercado Pago', 'Sistema', 'Anónimo'). */
  usuario: z.string(),
  accion: z.string(),
  entidad: z.string(),
  entidadId: z.number().int().nullable(),
  direccion: z.string().nullable(),
  navegador: z.string().nullable(),
  antes: valoresSchema,
  despues: valoresSchema,
  detalle: valoresSchema,
});
export type EventoAuditoria = z.infer<typeof eventoAuditoriaSchema>;

export const paginaAuditoriaSchema = paginaDe(eventoAuditoriaSchema);
export type PaginaAuditoria = z.infer<typeof paginaAuditoriaSchema>;

export const nombreArchivoAuditoria = (desde?: string, hasta?: string): string =>
  `auditoria${desde ? `_desde_${desde}` : ''}${hasta ? `_hasta_${hasta}` : ''}.csv`;

// ---- How values read ----

/** Each field's label, in the order a row shows them (the database keeps JSON keys in its own order). */
const CAMPOS: Record<string, string> = {
  usuario: 'Usuario',
  rol: 'Rol',
  mensaje: 'Mensaje',
  codigo: 'Código',
  denominacion: 'Denominación',
  marca: 'Marca',
  descripcion: 'Descripción',
  categoriaId: 'Categoría nro',
  imagen: 'Imagen',
  costo: 'Costo',
  porcentaje: 'Margen %',
  precio: 'Precio',
  precioPromocional: 'Precio promocional',
  fechaInicio: 'Inicio',
  fechaFin: 'Fin',
  stock: 'Stock',
  fecha: 'Fecha',
  userId: 'Cliente nro',
  ventaId: 'Venta nro',
  productoId: 'Producto nro',
  promocionId: 'Promoción nro',
  cantidad: 'Cantidad',
  precioAplicado: 'Precio aplicado',
  estadoVenta: 'Estado',
  formaPago: 'Forma de pago',
  estadoPago: 'Estado del pago',
  pagoId: 'Pago nro',
  monto: 'Monto',
  envio: 'Envío',
  conEnvio: 'Con envío',
  total: 'Total',
  totalVenta: 'Total de la venta',
  lineas: 'Líneas',
  desde: 'Desde',
  hasta: 'Hasta',
  cantidadVentas: 'Cantidad de ventas',
  ventas: 'Ventas',
  stockDevuelto: 'Stock devuelto',
  stockLiberado: 'Stock liberado',
  ventasConStockDevuelto: 'Ventas con stock devuelto',
  sinStockParaAprobacionTardia: 'Sin stock para el pago tardío',
  camposPersonales: 'Datos personales cambiados',
  nombre: 'nombre',
  apellido: 'apellido',
  telefono: 'teléfono',
  email: 'e-mail',
  calle: 'calle',
  numero: 'número',
  localidad: 'localidad',
  provincia: 'provincia',
  localidadTexto: 'localidad (fuera de Mendoza)',
  codigoPostal: 'código postal',
  cerradas: 'Sesiones cerradas',
  motivo: 'Motivo',
  termino: 'Término',
  equivalente: 'Equivalente',
};
const ORDEN = new Map(Object.keys(CAMPOS).map((campo, i) => [campo, i]));
/** Known fields in CAMPOS' order, unknown ones after them as they came. */
const enOrden = (campos: string[]): string[] =>
  campos
    .map((c, i) => [c, ORDEN.get(c) ?? ORDEN.size + i] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([c]) => c);
const DINERO = new Set(['precio', 'costo', 'envio', 'total', 'totalVenta', 'precioAplicado', 'precioPromocional', 'monto']);
const ENUMS: Record<string, Record<string, string>> = {
  rol: ROL_LABEL,
  estadoVenta: ESTADO_VENTA_LABEL,
  estadoPago: ESTADO_PAGO_LABEL,
  formaPago: FORMA_PAGO_LABEL,
};
const INSTANTES = new Set(['fecha', 'fechaInicio', 'fechaFin']);

export const etiquetaCampo = (campo: string): string => CAMPOS[campo] ?? campo;

const horaMendoza = (iso: string): string => {
  const fecha = new Date(iso);
  if (Number.isNaN(fecha.getTime())) return iso;
  return `${fechaLegibleMendoza(fecha)} ${horaLocalMendoza(fecha).toISOString().slice(11, 19)}`;
};

/** One value as people read it: money '$ 1.360,00', states by their label, instants in Mendoza time. */
export function valorLegible(campo: string, valor: unknown): string {
  if (valor === null || valor === undefined) return '—';
  if (typeof valor === 'boolean') return valor ? 'sí' : 'no';
  if (typeof valor === 'number' && DINERO.has(campo)) return formatearPrecio(valor);
  if (typeof valor === 'string' && ENUMS[campo]?.[valor]) return ENUMS[campo][valor];
  if (typeof valor === 'string' && INSTANTES.has(campo)) return horaMendoza(valor);
  if (typeof valor === 'string' && campo === 'camposPersonales') return etiquetaCampo(valor);
  if (Array.isArray(valor)) return valor.map((v) => valorLegible(campo, v)).join('; ');
  if (typeof valor === 'object') {
    const objeto = valor as Record<string, unknown>;
    return enOrden(Object.keys(objeto))
      .map((c) => `${etiquetaCampo(c)} ${valorLegible(c, objeto[c])}`)
      .join(', ');
  }
  return String(valor);
}

/**
 * The event's values as lines: 'Precio: $ 1.000,00 → $ 1.360,00' for a change, 'Stock: 10' for a value
 * only before (a deletion) or only after (a creation), then the detail's facts.
 */
export function describirCambios(evento: Pick<EventoAuditoria, 'antes' | 'despues' | 'detalle'>): string[] {
  const antes = evento.antes ?? {};
  const despues = evento.despues ?? {};
  const campos = enOrden([...new Set([...Object.keys(antes), ...Object.keys(despues)])]);
  const lineas = campos.map((campo) => {
    const etiqueta = etiquetaCampo(campo);
    if (campo in antes && campo in despues) return `${etiqueta}: ${valorLegible(campo, antes[campo])} → ${valorLegible(campo, despues[campo])}`;
    return `${etiqueta}: ${valorLegible(campo, campo in despues ? despues[campo] : antes[campo])}`;
  });
  const detalle = evento.detalle ?? {};
  for (const campo of enOrden(Object.keys(detalle))) lineas.push(`${etiquetaCampo(campo)}: ${valorLegible(campo, detalle[campo])}`);
  return lineas;
}

/** The event's instant as the screen and the CSV show it: 'dd/MM/yyyy HH:mm:ss', Mendoza time. */
export const fechaHoraAuditoria = (iso: string): string => horaMendoza(iso);

// Messages of the spec (sections 5 and 8) and of the API, written once for browser and server.

import { MENSAJE_ERROR_DESCONOCIDO } from './mensaje-error-desconocido';

/** The kinds of a JSON value as zod's Spanish locale names them. */
const NOMBRES_DE_TIPO: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número entero',
  boolean: 'booleano',
  array: 'arreglo',
  object: 'objeto',
};

export const MENSAJES = {
  loginIncorrecto: 'Usuario o contraseña incorrectos',
  loginCamposObligatorios: 'Ambos campos son obligatorios',
  loginDemasiadosIntentos: 'Demasiados intentos fallidos. Esperá 15 minutos y volvé a intentar.',
  usuarioNoAutenticado: 'Usuario no autenticado',
  usuarioExistente: 'El nombre de usuario ya existe',
  sinPermiso: 'No tenés permiso para realizar esta acción.',
  debeIniciarSesion: 'Debés iniciar sesión para continuar.',
  datosInvalidos: 'Los datos enviados no son válidos.',
  jsonInvalido: 'El cuerpo de la solicitud no es un JSON válido.',
  solicitudDemasiadoGrande: 'La solicitud es demasiado grande.',
  tipoContenidoNoSoportado: 'Tipo de contenido no soportado.',
  recursoNoEncontrado: 'No se encontró el recurso solicitado.',
  /** A money or percentage text that is not an es-AR number ('1.2.3', '1,000,5', '12a'). */
  numeroInvalido: (campo: string) =>
    `${campo} no es un número válido: escribí los miles con punto y los decimales con coma (por ejemplo 1.234,56).`,
  /** A body field the API neither takes nor answers for that resource. */
  camposDesconocidos: (campos: readonly string[]) =>
    campos.length === 1 ? `Campo desconocido: ${campos[0]}` : `Campos desconocidos: ${campos.join(', ')}`,
  /**
   * A field present with a value of another kind (`{"termino": 123}`): named, as zod's Spanish names the
   * kinds, where a field's own message would say it is missing.
   */
  tipoInvalido: (campo: string, esperado: string, recibido: string) =>
    `Tipo inválido en ${campo}: se esperaba ${NOMBRES_DE_TIPO[esperado] ?? esperado}, recibido ${NOMBRES_DE_TIPO[recibido] ?? recibido}`,
  rutaNoCanonica: 'La dirección solicitada no es válida.',
  /** A request Node's HTTP parser cannot read (a lowercase method, a broken header line). */
  solicitudMalFormada: 'La solicitud no es válida: no se pudo leer.',
  /** Headers past Node's 16 KB, usually too many or too big cookies. */
  cabecerasDemasiadoGrandes: 'La solicitud tiene cabeceras demasiado grandes. Borrá las cookies de este sitio y volvé a intentar.',
  /** A request that did not arrive whole within the server's time limits. */
  solicitudDemoradaDemasiado: 'La solicitud tardó demasiado en llegar. Volvé a intentar.',
  /** A path parameter longer than the router takes (Fastify's maxParamLength). */
  rutaDemasiadoLarga: 'La dirección solicitada es demasiado larga.',
  /** An id that is not plain digits from 1 up (domain/numeros.ts, idEntero). */
  idInvalido: 'El identificador no es válido: tiene que ser un número entero positivo.',
  /** A text with a NUL byte or a lone surrogate (server/http/texto-valido.ts). */
  caracteresNoValidos: 'Los datos enviados tienen caracteres no válidos: revisá los textos y volvé a intentar.',
  origenNoPermitido: 'La solicitud viene de otro sitio y fue rechazada: los cambios solo se hacen desde las páginas de la tienda.',
  errorInesperado: 'Ocurrió un error inesperado. Intentá de nuevo en unos minutos.',
  cierreXlsxNoDisponible: 'No se pudo armar el archivo del cierre de caja. Intentá de nuevo en unos minutos.',
  errorDesconocido: MENSAJE_ERROR_DESCONOCIDO,
  productoNoEncontrado: 'No se encontró el producto.',
  categoriaNoEncontrada: 'No se encontró la categoría.',
  // Product form (spec section 5), joined with '. '.
  denominacionObligatoria: 'La denominación es obligatoria',
  codigoObligatorio: 'El código es obligatorio',
  costoMayorACero: 'El costo debe ser mayor a cero',
  porcentajeMayorACero: 'El porcentaje debe ser mayor a cero',
  stockNoNegativo: 'El stock no puede ser negativo',
  stockEntero: 'El stock debe ser un número entero',
  debeSeleccionarCategoria: 'Debe seleccionar una categoría',
  // Images.
  soloImagenes: 'Solo se permiten imágenes',
  imagenMaximo5MBSeleccion: 'La imagen no debe superar 5MB',
  soloJpegPngGif: 'Solo se permiten imágenes JPEG, PNG o GIF',
  imagenMaximo5MB: 'La imagen no debe superar los 5MB',
  // Sales (spec sections 5 and 8).
  noHayUsuarioAutenticado: 'No hay usuario autenticado.',
  totalVentaMayorACero: 'El total de la venta debe ser mayor que cero.',
  ventaSinDetalles: 'La venta debe tener al menos un detalle.',
  ventaNoEncontrada: 'No se encontró la venta con el ID proporcionado.',
  ventaIdInvalido: 'El ID de la venta no es válido',
  ventaStockYaDevuelto: 'La venta ya devolvió sus unidades al stock: no se pueden cambiar sus detalles.',
  ventaVencidaNoSeConcluye:
    'La venta venció o su pago fue rechazado y sus unidades volvieron al stock: no se puede concluir. Si la persona vino a pagar, cargá una venta nueva.',
  usuarioDeVentaNoExiste: 'El usuario indicado no existe.',
  /** A sale paid through Mercado Pago keeps what was charged (docs/decisions/044-ventas-pagadas.md). */
  ventaPagadaNoCambia:
    'La venta está pagada con Mercado Pago: no se pueden cambiar sus productos, su envío ni su forma de pago. Para cambiarla, devolvé primero el pago desde Mercado Pago.',
  ventaPagadaNoSeElimina: 'La venta está pagada con Mercado Pago: no se puede eliminar. Para anularla, devolvé primero el pago desde Mercado Pago.',
  /** A concluded sale already counts in a closed cash day. */
  ventaConcluidaNoCambia:
    'La venta está concluida y ya cuenta en el cierre de caja: no se pueden cambiar sus productos, su envío ni su forma de pago. Si hay que corregirla, pasala primero a Pendiente.',
  /** Mercado Pago approved the payment after the order expired and its units are no longer there. */
  ventaPagadaSinStock:
    'El pago se aprobó después de que el pedido venciera y sus unidades volvieron al stock, pero ya no alcanzan: no se puede concluir. Reponé el stock de sus productos y volvé a concluirla, o devolvé el pago desde Mercado Pago.',
  envioNoNegativo: 'El envío no puede ser negativo.',
  errorObtenerVenta: 'Error al obtener los datos de la venta.',
  noSePudoGuardarVenta: 'No se pudo guardar la venta. Inténtalo de nuevo.',
  errorGuardarVenta: 'Error al guardar la venta.',
  errorCrearVenta: (mensaje: string) => `Error al crear la venta: ${mensaje}`,
  errorCargarVenta: 'No se pudo cargar la información de la venta.',
  pedidoGuardado: '✅ Pedido guardado con éxito',
  confirmarEliminarVenta: (id: number) => `¿Está seguro que desea eliminar la venta nro ${id}?`,
  confirmarEliminarVentasEntre: (desde: string, hasta: string) =>
    `¿Estás seguro de que querés eliminar TODAS las ventas entre el ${desde} y el ${hasta}?`,
  ventasEliminadas: '✅ Ventas eliminadas correctamente.',
  errorEliminarVentas: '❌ Ocurrió un error al eliminar las ventas.',
  /** The bulk delete found nothing to delete (the API answered false): not an error. */
  sinVentasEntreFechas: 'No hay ventas entre esas fechas.',
  // Sale lines (spec sections 5 and 8).
  cantidadInvalida: 'Debe ingresar una cantidad válida.',
  productoInvalido: 'Debe seleccionar un producto válido.',
  productoSinStock: 'El producto seleccionado no tiene stock disponible.',
  detalleNoEncontrado: 'No se encontró el detalle con el ID proporcionado.',
  errorObtenerDetalle: 'Error al obtener los datos del detalle de la venta.',
  errorEliminarDetalle: 'Ocurrió un error al eliminar el detalle.',
  errorGuardarDetalle: 'Ocurrió un error al guardar el detalle.',
  errorAgregarDetalle: 'Error al agregar el detalle.',
  detalleAgregado: 'Detalle agregado con éxito.',
  confirmarEliminarDetalle: (producto: string) => `¿Está seguro que desea eliminar el detalle de venta del producto ${producto}?`,
  // Cart order.
  pedidoVacio: 'El pedido debe tener al menos un producto o una promoción.',
  promocionNoEncontrada: 'No se encontró la promoción.',
  errorAgregarPromocion: 'Error al agregar la promoción a la venta',
  // Date ranges.
  completaAmbasFechas: '⚠️ Por favor completá ambas fechas.',
  seleccionaAmbasFechas: 'Debes seleccionar ambas fechas',
  fechaInvalida: 'La fecha no es válida (formato aaaa-mm-dd).',
  rangoFechasInvertido: 'La fecha desde no puede ser posterior a la fecha hasta.',
  // Back office loads and deletes (spec section 8).
  errorCargarCategorias: 'Error al cargar categorías',
  errorCargarProducto: 'Error al cargar producto',
  errorCargarDatos: 'Error al cargar datos',
  errorEliminarElemento: 'Error al eliminar el elemento',
} as const;

/** 'La cantidad no puede ser mayor al stock disponible ({stock}).' (spec section 5). */
export const mensajeCantidadMayorAlStock = (stock: number): string =>
  `La cantidad no puede ser mayor al stock disponible (${stock}).`;

export const unirMensajes = (mensajes: readonly string[]): string => mensajes.join('. ');

/** A cart order asking for more units than are left. */
export const mensajeStockInsuficiente = (denominacion: string, quedan: number): string =>
  `No hay stock suficiente de ${denominacion}: quedan ${quedan} unidades.`;

/** The bulk delete found paid sales in its range: it deletes none (docs/decisions/044-ventas-pagadas.md). */
export const mensajeVentasPagadasEntreFechas = (pagadas: number): string =>
  `Entre esas fechas ${pagadas === 1 ? 'hay 1 venta pagada' : `hay ${pagadas} ventas pagadas`} con Mercado Pago, que no se pueden eliminar: no se eliminó ninguna venta. Elegí un rango sin ventas pagadas.`;

/** A customer at PEDIDOS_PENDIENTES_MAX orders not yet paid (server/ventas/limites-de-pedido.ts). */
export const mensajeDemasiadosPedidosPendientes = (maximo: number): string =>
  `Ya tenés ${maximo} ${maximo === 1 ? 'pedido pendiente' : 'pedidos pendientes'} de pago, el máximo permitido: pagá o retirá alguno antes de hacer otro.`;

/** More than UNIDADES_POR_PRODUCTO_MAX units of one product among a customer's orders not yet paid. */
export const mensajeDemasiadasUnidades = (denominacion: string, maximo: number, yaTiene: number): string =>
  `Podés tener hasta ${maximo} unidades de ${denominacion} en pedidos pendientes de pago` +
  (yaTiene > 0 ? ` y ya tenés ${yaTiene}.` : '.');

export const mensajePromocionFinalizada = (denominacion: string): string => `La promoción ${denominacion} ya finalizó.`;
export const mensajePromocionNoEmpezo = (denominacion: string): string => `La promoción ${denominacion} todavía no empezó.`;
export const mensajePromocionSinProductos = (denominacion: string): string =>
  `La promoción ${denominacion} no tiene productos.`;

/** 'Error al agregar la promoción a la venta' plus the reason. */
export const mensajeErrorAgregarPromocion = (motivo: string): string => `${MENSAJES.errorAgregarPromocion}: ${motivo}`;

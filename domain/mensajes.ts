// Messages of the spec (sections 5 and 8) and of the API, written once for browser and server.

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
  errorInesperado: 'Ocurrió un error inesperado. Intentá de nuevo en unos minutos.',
  errorDesconocido: 'Error desconocido',
  productoNoEncontrado: 'No se encontró el producto.',
  categoriaNoEncontrada: 'No se encontró la categoría.',
  // Product form (spec section 5), joined with '. '.
  denominacionObligatoria: 'La denominación es obligatoria',
  codigoObligatorio: 'El código es obligatorio',
  costoMayorACero: 'El costo debe ser mayor a cero',
  porcentajeMayorACero: 'El porcentaje debe ser mayor a cero',
  stockNoNegativo: 'El stock no puede ser negativo',
  debeSeleccionarCategoria: 'Debe seleccionar una categoría',
  // Images.
  soloImagenes: 'Solo se permiten imágenes',
  imagenMaximo5MBSeleccion: 'La imagen no debe superar 5MB',
  soloJpegPngGif: 'Solo se permiten imágenes JPEG, PNG o GIF',
  imagenMaximo5MB: 'La imagen no debe superar los 5MB',
} as const;

export const unirMensajes = (mensajes: readonly string[]): string => mensajes.join('. ');

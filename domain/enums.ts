// Enumerations of spec section 3, with the Spanish labels people read.

export const ROLES = ['ADMIN', 'USER'] as const;
export type Rol = (typeof ROLES)[number];
export const ROL_LABEL: Record<Rol, string> = { ADMIN: 'Administrador', USER: 'Usuario' };

export const PROVINCIAS = [
  'BUENOS_AIRES',
  'CATAMARCA',
  'CHACO',
  'CHUBUT',
  'CIUDAD_AUTONOMA_BUENOS_AIRES',
  'CORDOBA',
  'CORRIENTES',
  'ENTRE_RIOS',
  'FORMOSA',
  'JUJUY',
  'LA_PAMPA',
  'LA_RIOJA',
  'MENDOZA',
  'MISIONES',
  'NEUQUEN',
  'RIO_NEGRO',
  'SALTA',
  'SAN_JUAN',
  'SAN_LUIS',
  'SANTA_CRUZ',
  'SANTA_FE',
  'SANTIAGO_DEL_ESTERO',
  'TIERRA_DEL_FUEGO',
  'TUCUMAN',
] as const;
export type Provincia = (typeof PROVINCIAS)[number];
export const PROVINCIA_LABEL: Record<Provincia, string> = {
  BUENOS_AIRES: 'Buenos Aires',
  CATAMARCA: 'Catamarca',
  CHACO: 'Chaco',
  CHUBUT: 'Chubut',
  CIUDAD_AUTONOMA_BUENOS_AIRES: 'Ciudad Autónoma de Buenos Aires',
  CORDOBA: 'Córdoba',
  CORRIENTES: 'Corrientes',
  ENTRE_RIOS: 'Entre Ríos',
  FORMOSA: 'Formosa',
  JUJUY: 'Jujuy',
  LA_PAMPA: 'La Pampa',
  LA_RIOJA: 'La Rioja',
  MENDOZA: 'Mendoza',
  MISIONES: 'Misiones',
  NEUQUEN: 'Neuquén',
  RIO_NEGRO: 'Río Negro',
  SALTA: 'Salta',
  SAN_JUAN: 'San Juan',
  SAN_LUIS: 'San Luis',
  SANTA_CRUZ: 'Santa Cruz',
  SANTA_FE: 'Santa Fe',
  SANTIAGO_DEL_ESTERO: 'Santiago del Estero',
  TIERRA_DEL_FUEGO: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur',
  TUCUMAN: 'Tucumán',
};

export const LOCALIDADES = [
  'CAPITAL',
  'GODOY_CRUZ',
  'GUAYMALLEN',
  'LAS_HERAS',
  'LUJAN_DE_CUYO',
  'MAIPU',
  'MENDOZA',
  'SAN_MARTIN',
  'SAN_RAFAEL',
  'TUNUYAN',
  'TUPUNGATO',
  'GENERAL_ALVEAR',
  'JUNIN',
  'LA_PAZ',
  'LAVALLE',
  'MALARGUE',
  'RIVADAVIA',
  'SAN_CARLOS',
  'SANTA_ROSA',
] as const;
export type Localidad = (typeof LOCALIDADES)[number];
export const LOCALIDAD_LABEL: Record<Localidad, string> = {
  CAPITAL: 'Ciudad de Mendoza',
  GODOY_CRUZ: 'Godoy Cruz',
  GUAYMALLEN: 'Guaymallén',
  LAS_HERAS: 'Las Heras',
  LUJAN_DE_CUYO: 'Luján de Cuyo',
  MAIPU: 'Maipú',
  MENDOZA: 'Mendoza',
  SAN_MARTIN: 'San Martín',
  SAN_RAFAEL: 'San Rafael',
  TUNUYAN: 'Tunuyán',
  TUPUNGATO: 'Tupungato',
  GENERAL_ALVEAR: 'General Alvear',
  JUNIN: 'Junín',
  LA_PAZ: 'La Paz',
  LAVALLE: 'Lavalle',
  MALARGUE: 'Malargüe',
  RIVADAVIA: 'Rivadavia',
  SAN_CARLOS: 'San Carlos',
  SANTA_ROSA: 'Santa Rosa',
};

export const FORMAS_PAGO = ['EFECTIVO', 'MERCADOPAGO', 'QR', 'POSTNET', 'TRANSFERENCIA'] as const;
export type FormaPago = (typeof FORMAS_PAGO)[number];
export const FORMA_PAGO_LABEL: Record<FormaPago, string> = {
  EFECTIVO: 'Efectivo',
  MERCADOPAGO: 'Mercado Pago',
  QR: 'QR',
  POSTNET: 'Postnet',
  TRANSFERENCIA: 'Transferencia',
};
/** A customer's cart order can only be paid these two ways (spec section 3). */
export const FORMAS_PAGO_CARRITO = ['EFECTIVO', 'MERCADOPAGO'] as const;
export type FormaPagoCarrito = (typeof FORMAS_PAGO_CARRITO)[number];

export const ESTADOS_VENTA = ['PENDIENTE', 'CONCLUIDO'] as const;
export type EstadoVenta = (typeof ESTADOS_VENTA)[number];
export const ESTADO_VENTA_LABEL: Record<EstadoVenta, string> = {
  PENDIENTE: 'Pendiente',
  CONCLUIDO: 'Concluido',
};

/** State of an online (Mercado Pago) payment, kept apart from the sale's own state. */
export const ESTADOS_PAGO = ['PENDIENTE', 'APROBADO', 'RECHAZADO', 'VENCIDO'] as const;
export type EstadoPago = (typeof ESTADOS_PAGO)[number];
export const ESTADO_PAGO_LABEL: Record<EstadoPago, string> = {
  PENDIENTE: 'Pago pendiente',
  APROBADO: 'Pago aprobado',
  RECHAZADO: 'Pago rechazado',
  VENCIDO: 'Pago vencido',
};

/** Why a product's stock moved; every change writes one movement row. */
export const MOTIVOS_MOVIMIENTO = [
  'INICIAL',
  'CARGA',
  'AJUSTE',
  'PEDIDO',
  'DETALLE_ALTA',
  'DETALLE_CAMBIO',
  'DETALLE_BAJA',
  'VENTA_ELIMINADA',
  'PAGO_RECHAZADO',
  'PAGO_VENCIDO',
] as const;
export type MotivoMovimiento = (typeof MOTIVOS_MOVIMIENTO)[number];

export const opciones = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((key) => ({ key, nombre: labels[key] }));

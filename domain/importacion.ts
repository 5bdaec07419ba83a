// The spreadsheet import and export of the catalogue (docs/decisions/030-catalogo-masivo.md): the columns,
// how headers are recognised, the limits, the messages and the preview's contract.
import { z } from 'zod';
import { normalizarBusqueda } from './texto';

/** The columns, in the template's order, with the header the template writes. */
export const COLUMNAS_IMPORTACION = {
  codigo: 'Código',
  denominacion: 'Denominación',
  marca: 'Marca',
  categoria: 'Categoría',
  costo: 'Costo',
  porcentaje: 'Porcentaje',
  stock: 'Stock',
  descripcion: 'Descripción',
} as const;
export type ColumnaImportacion = keyof typeof COLUMNAS_IMPORTACION;
export const CLAVES_COLUMNAS = Object.keys(COLUMNAS_IMPORTACION) as ColumnaImportacion[];

/** Other ways people head those columns in a distributor's list. */
const SINONIMOS: Record<string, ColumnaImportacion> = {
  cod: 'codigo',
  'codigo de producto': 'codigo',
  sku: 'codigo',
  nombre: 'denominacion',
  producto: 'denominacion',
  rubro: 'categoria',
  margen: 'porcentaje',
  'porcentaje de ganancia': 'porcentaje',
  '%': 'porcentaje',
  cantidad: 'stock',
};

/** ' CÓDIGO ', 'codigo', 'Código:' all name `codigo`: accents, case, spaces and a trailing ':' aside. */
export function columnaDeEncabezado(encabezado: string): ColumnaImportacion | undefined {
  const texto = normalizarBusqueda(encabezado).replace(/[:.]+$/, '').replace(/\s+/g, ' ').trim();
  const directa = CLAVES_COLUMNAS.find((c) => normalizarBusqueda(COLUMNAS_IMPORTACION[c]) === texto);
  return directa ?? SINONIMOS[texto];
}

export const FORMATOS_ARCHIVO = ['xlsx', 'csv'] as const;
export type FormatoArchivo = (typeof FORMATOS_ARCHIVO)[number];
export const TIPO_MIME: Record<FormatoArchivo, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};

export const TAMANO_MAXIMO_IMPORTACION = 10 * 1024 * 1024;
export const FILAS_MAXIMAS_IMPORTACION = 20_000;
/** Minutes a preview waits for its confirmation. */
export const MINUTOS_VISTA_PREVIA = 30;

export const MENSAJES_IMPORTACION = {
  archivoGrande: 'El archivo supera el máximo de 10 MB: dividilo en partes.',
  tipoNoSoportado: 'Solo se pueden importar planillas .xlsx (Excel) o .csv.',
  archivoIlegible: 'No se pudo leer el archivo: guardalo de nuevo como .xlsx o .csv y volvé a intentar.',
  archivoVacio: 'El archivo no tiene filas de productos.',
  demasiadasFilas: `El archivo tiene más de ${FILAS_MAXIMAS_IMPORTACION.toLocaleString('es-AR')} filas: dividilo en partes.`,
  sinColumnaCodigo: "Falta la columna 'Código' en la primera fila: descargá la plantilla para ver los encabezados.",
  columnaRepetida: (columna: string) => `La columna '${columna}' aparece dos veces.`,
  codigoRepetido: (codigo: string, filas: readonly number[]) => `El código ${codigo} está repetido en las filas ${filas.join(', ')}`,
  categoriaDesconocida: (nombre: string) => `No existe la categoría '${nombre}': creala desde el formulario de un producto o corregí el nombre`,
  vistaPreviaVencida: 'La vista previa venció o ya se aplicó: subí el archivo de nuevo.',
  catalogoCambio: 'El catálogo cambió desde la vista previa (otro cambio de productos): subí el archivo de nuevo para ver qué se aplicaría.',
  nadaQueAplicar: 'No hay filas válidas con cambios para aplicar.',
  aplicada: (creados: number, actualizados: number) =>
    `Importación aplicada: ${creados} ${creados === 1 ? 'producto creado' : 'productos creados'} y ${actualizados} ${actualizados === 1 ? 'actualizado' : 'actualizados'}.`,
} as const;

const CAMPOS_CAMBIO = ['denominacion', 'marca', 'categoria', 'costo', 'porcentaje', 'precio', 'stock', 'descripcion'] as const;
export type CampoCambio = (typeof CAMPOS_CAMBIO)[number];
export const ETIQUETA_CAMPO: Record<CampoCambio, string> = {
  ...COLUMNAS_IMPORTACION,
  precio: 'Precio',
};

const valor = z.union([z.string(), z.number()]);

export const filaParaCrearSchema = z.object({
  fila: z.number().int(),
  codigo: z.string(),
  denominacion: z.string(),
  categoria: z.string(),
  precio: z.number(),
  stock: z.number().int(),
});
export const filaParaActualizarSchema = z.object({
  fila: z.number().int(),
  id: z.number().int(),
  codigo: z.string(),
  denominacion: z.string(),
  cambios: z.array(z.object({ campo: z.enum(CAMPOS_CAMBIO), antes: valor, despues: valor })),
});
export const filaConErroresSchema = z.object({ fila: z.number().int(), codigo: z.string(), mensajes: z.array(z.string()) });
export type FilaParaCrear = z.infer<typeof filaParaCrearSchema>;
export type FilaParaActualizar = z.infer<typeof filaParaActualizarSchema>;
export type FilaConErrores = z.infer<typeof filaConErroresSchema>;

/** Rows the preview lists in full per group; the counts are always whole. */
export const FILAS_EN_VISTA_PREVIA = 200;

export const vistaPreviaImportacionSchema = z.object({
  token: z.string(),
  archivo: z.string(),
  vence: z.string(),
  totales: z.object({ filas: z.number().int(), crear: z.number().int(), actualizar: z.number().int(), sinCambios: z.number().int(), errores: z.number().int() }),
  crear: z.array(filaParaCrearSchema),
  actualizar: z.array(filaParaActualizarSchema),
  errores: z.array(filaConErroresSchema),
  /** Headers that name no column: ignored (the price, for one: it is always computed). */
  columnasIgnoradas: z.array(z.string()),
});
export type VistaPreviaImportacion = z.infer<typeof vistaPreviaImportacionSchema>;

export const FASES_IMPORTACION = ['PREVIA', 'APLICANDO', 'APLICADA'] as const;
export type FaseImportacion = (typeof FASES_IMPORTACION)[number];

export const estadoImportacionSchema = z.object({
  estado: z.enum(FASES_IMPORTACION),
  /** While applying, on the instance doing it: rows written so far of the total. */
  hechas: z.number().int(),
  total: z.number().int(),
});
export type EstadoImportacion = z.infer<typeof estadoImportacionSchema>;

export const resultadoImportacionSchema = z.object({ creados: z.number().int(), actualizados: z.number().int(), message: z.string() });
export type ResultadoImportacion = z.infer<typeof resultadoImportacionSchema>;

export const formatoQuerySchema = z.object({ formato: z.enum(FORMATOS_ARCHIVO).default('xlsx') });
export const tokenParam = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'La vista previa no existe.') });

// Online printing (issue 21): a customer's PDF, the options chosen for it, and THE price rule, written
// once for the page and the server (docs/decisions/035-impresiones.md).
//
// CONTRACT with the web branch: the names and shapes below stay. Changes are additive only, and each one
// is noted in the 'Cambios' list at the end of this file.

import { z } from 'zod';
import { cuerpoDe } from './contratos';
import { aCentavos, aPesos, type Centavos } from './money';
import { cantidadEntera, numeroArgentino } from './numeros';

// ---------------------------------------------------------------------------------------------------
// Enumerations and labels

export const COLORES_IMPRESION = ['BN', 'COLOR'] as const;
export type ColorImpresion = (typeof COLORES_IMPRESION)[number];
export const COLOR_IMPRESION_LABEL: Record<ColorImpresion, string> = { BN: 'Blanco y negro', COLOR: 'Color' };

export const PAPELES = ['A4', 'OFICIO'] as const;
export type Papel = (typeof PAPELES)[number];
export const PAPEL_LABEL: Record<Papel, string> = { A4: 'A4', OFICIO: 'Oficio' };

/** The size the server reads from page 1: A4, Oficio (legal, 216 x 356 mm) or anything else. */
export const TAMANIOS_DE_PAGINA = ['A4', 'OFICIO', 'OTRO'] as const;
export type TamanioDePagina = (typeof TAMANIOS_DE_PAGINA)[number];
export const TAMANIO_DE_PAGINA_LABEL: Record<TamanioDePagina, string> = { A4: 'A4', OFICIO: 'Oficio', OTRO: 'Otro tamaño' };

export const TERMINACIONES = ['NINGUNA', 'ABROCHADO', 'ANILLADO', 'PLASTIFICADO'] as const;
export type Terminacion = (typeof TERMINACIONES)[number];
export const TERMINACION_LABEL: Record<Terminacion, string> = {
  NINGUNA: 'Sin terminación',
  ABROCHADO: 'Abrochado',
  ANILLADO: 'Anillado',
  PLASTIFICADO: 'Plastificado',
};

/**
 * A job's life. BORRADOR: uploaded, options being chosen, not ordered yet (the owner may change options).
 * ESPERANDO_PAGO: in a Mercado Pago order not paid yet (not in the shop's queue). RECIBIDO: in the queue
 * (paid, or a cash order). Then EN_PROCESO -> LISTO -> ENTREGADO. CANCELADO: its order was cancelled or
 * expired.
 */
export const ESTADOS_IMPRESION = ['BORRADOR', 'ESPERANDO_PAGO', 'RECIBIDO', 'EN_PROCESO', 'LISTO', 'ENTREGADO', 'CANCELADO'] as const;
export type EstadoImpresion = (typeof ESTADOS_IMPRESION)[number];
export const ESTADO_IMPRESION_LABEL: Record<EstadoImpresion, string> = {
  BORRADOR: 'Sin pedir',
  ESPERANDO_PAGO: 'Esperando el pago',
  RECIBIDO: 'Recibido',
  EN_PROCESO: 'En proceso',
  LISTO: 'Listo para retirar',
  ENTREGADO: 'Entregado',
  CANCELADO: 'Cancelado',
};
/** The states of the shop's queue (what the admin screen shows by default). */
export const ESTADOS_EN_COLA = ['RECIBIDO', 'EN_PROCESO', 'LISTO'] as const satisfies readonly EstadoImpresion[];
/** The admin's moves: one step forward at a time; anything else is a 409. */
export const SIGUIENTE_ESTADO_IMPRESION: Partial<Record<EstadoImpresion, EstadoImpresion>> = {
  RECIBIDO: 'EN_PROCESO',
  EN_PROCESO: 'LISTO',
  LISTO: 'ENTREGADO',
};
export const puedePasarA = (desde: EstadoImpresion, hacia: EstadoImpresion): boolean => SIGUIENTE_ESTADO_IMPRESION[desde] === hacia;
/** Only an unordered job's options can change. */
export const opcionesEditables = (estado: EstadoImpresion): boolean => estado === 'BORRADOR';

// ---------------------------------------------------------------------------------------------------
// Messages

export const MAX_COPIAS = 1000;
export const MAX_LARGO_RANGO = 200;

export const MENSAJES_IMPRESION = {
  // Upload
  archivoObligatorio: 'Elegí un archivo PDF para subir.',
  noEsPdf: 'El archivo no es un PDF. Subí un archivo PDF.',
  pdfDaniado: 'No se pudo leer el PDF: el archivo está dañado o incompleto.',
  pdfProtegido: 'El PDF está protegido con contraseña. Subilo sin contraseña.',
  pdfSinPaginas: 'El PDF no tiene páginas.',
  archivoDemasiadoGrande: (maxMb: number) => `El archivo supera el tamaño máximo de ${maxMb} MB.`,
  demasiadasPaginas: (paginas: number, max: number) => `El PDF tiene ${paginas} páginas y el máximo es ${max}.`,
  unArchivoPorVez: 'Subí un archivo por vez.',
  lecturaNoDisponible: 'No se pudo leer el PDF en este momento. Intentá de nuevo en unos minutos.',
  // Options
  copiasInvalidas: `Las copias tienen que ser un número entero de 1 a ${MAX_COPIAS}.`,
  colorInvalido: 'Elegí blanco y negro o color.',
  dobleFazInvalido: 'Indicá si es simple o doble faz.',
  papelInvalido: 'Elegí el papel: A4 u Oficio.',
  terminacionInvalida: 'Elegí una terminación: sin terminación, abrochado, anillado o plastificado.',
  rangoDemasiadoLargo: `El rango de páginas es demasiado largo (máximo ${MAX_LARGO_RANGO} caracteres).`,
  rangoInvalido: (parte: string) => `"${parte}" no es una página ni un rango: escribí por ejemplo 1-5, 8.`,
  rangoPaginaCero: 'Las páginas se cuentan desde 1.',
  rangoFueraDelArchivo: (pagina: number, total: number) =>
    `La página ${pagina} no existe: el archivo tiene ${total} ${total === 1 ? 'página' : 'páginas'}.`,
  rangoAlReves: (desde: number, hasta: number) => `El rango ${desde}-${hasta} está al revés: escribí ${hasta}-${desde}.`,
  plastificadoSoloHojaSuelta:
    'El plastificado es solo para hojas sueltas: elegí una sola página (o dos en doble faz) por copia.',
  abrochadoMinimoDosHojas: 'Para abrochar hacen falta al menos 2 hojas por copia.',
  anilladoMinimoDosHojas: 'Para anillar hacen falta al menos 2 hojas por copia.',
  // Jobs and orders
  trabajoNoEncontrado: 'No se encontró el trabajo de impresión.',
  archivoBorrado: 'El archivo de este trabajo ya fue borrado: se guardan hasta unos días después de entregado o cancelado.',
  trabajoYaPedido: 'Ese trabajo de impresión ya está en un pedido.',
  trabajoNoEditable: 'El trabajo ya fue pedido: sus opciones no se pueden cambiar.',
  trabajoRepetido: 'El mismo trabajo de impresión está dos veces en el pedido.',
  lineaDeImpresionNoEditable: 'Una línea de impresión no se edita: eliminala si el trabajo ya no se cobra.',
  transicionInvalida: (desde: EstadoImpresion, hacia: EstadoImpresion) =>
    `Un trabajo "${ESTADO_IMPRESION_LABEL[desde]}" no puede pasar a "${ESTADO_IMPRESION_LABEL[hacia]}".`,
  estadoInvalido: 'El estado no es válido.',
  // Price table
  tarifaTramosObligatorios: 'La tarifa necesita al menos un tramo de precios.',
  tarifaPrimerTramo: 'El primer tramo tiene que empezar en 1 carilla.',
  tarifaTramosOrdenados: 'Los tramos tienen que ir de menor a mayor cantidad de carillas, sin repetir.',
  tarifaDesdeInvalido: 'La cantidad de carillas de un tramo tiene que ser un número entero mayor a 0.',
  tarifaPrecioMayorACero: (campo: string) => `${campo} tiene que ser mayor a cero.`,
  tarifaPrecioNoNegativo: (campo: string) => `${campo} no puede ser negativo.`,
  tarifaActualizada: 'Tarifa de impresión actualizada.',
  // The customer's notice
  listoParaRetirar: (numeroTrabajo: number, archivo: string) =>
    `¡Hola! Tu impresión N° ${numeroTrabajo} (${archivo}) está lista para retirar en el local.`,
} as const;
const M = MENSAJES_IMPRESION;

// ---------------------------------------------------------------------------------------------------
// Page ranges: '1-5, 8'

export type RangoLeido = { ok: true; paginas: number[] } | { ok: false; error: string };

/**
 * The pages a range text selects, in order and without repeats ('1-3, 2, 8' is 1, 2, 3, 8). Empty or
 * blank selects the whole file. Parts are split by commas or semicolons; a part is 'N' or 'N-M' (also
 * with an en dash and spaces around it). The first wrong part is named in the Spanish error.
 */
type PartesLeidas = { ok: true; partes: Array<[number, number]> } | { ok: false; error: string };

/** The parts of a range text as [from, to], checked for form only (not against a file). */
function partesDelRango(limpio: string): PartesLeidas {
  if (limpio.length > MAX_LARGO_RANGO) return { ok: false, error: M.rangoDemasiadoLargo };
  const partes: Array<[number, number]> = [];
  for (const crudo of limpio.split(/[,;]/)) {
    const parte = crudo.trim();
    if (parte === '') continue;
    const m = /^(\d{1,6})(?:\s*[-–]\s*(\d{1,6}))?$/.exec(parte);
    if (!m) return { ok: false, error: M.rangoInvalido(parte) };
    const desde = Number(m[1]);
    const hasta = m[2] === undefined ? desde : Number(m[2]);
    if (desde === 0 || hasta === 0) return { ok: false, error: M.rangoPaginaCero };
    if (hasta < desde) return { ok: false, error: M.rangoAlReves(desde, hasta) };
    partes.push([desde, hasta]);
  }
  if (partes.length === 0 && limpio !== '') return { ok: false, error: M.rangoInvalido(limpio) };
  return { ok: true, partes };
}

/** A range text's error of form ('1-x', '5-2'), or null: what a form can say before the file is known. */
export function errorDeFormaDelRango(texto: string | null | undefined): string | null {
  const r = partesDelRango((texto ?? '').trim());
  return r.ok ? null : r.error;
}

export function leerRangoDePaginas(texto: string | null | undefined, totalPaginas: number): RangoLeido {
  const limpio = (texto ?? '').trim();
  const leidas = partesDelRango(limpio);
  if (!leidas.ok) return leidas;
  if (leidas.partes.length === 0) return { ok: true, paginas: Array.from({ length: totalPaginas }, (_, i) => i + 1) };
  const elegidas = new Set<number>();
  for (const [desde, hasta] of leidas.partes) {
    if (hasta > totalPaginas) return { ok: false, error: M.rangoFueraDelArchivo(hasta, totalPaginas) };
    for (let p = desde; p <= hasta; p++) elegidas.add(p);
  }
  return { ok: true, paginas: [...elegidas].sort((a, b) => a - b) };
}

// ---------------------------------------------------------------------------------------------------
// Options of one file

/** A range text's shape only (the file's page count is checked by `revisarOpciones`). */
const rangoSchema = z
  .string({ error: M.rangoInvalido('') })
  .max(MAX_LARGO_RANGO, { error: M.rangoDemasiadoLargo })
  .refine((t) => errorDeFormaDelRango(t) === null, { error: (issue) => errorDeFormaDelRango(String(issue.input)) ?? undefined });

export const opcionesImpresionSchema = z
  .object({
    copias: cantidadEntera(M.copiasInvalidas, { min: 1, max: MAX_COPIAS }),
    /** '' (or null) prints the whole file. */
    paginas: rangoSchema.nullable().transform((t) => (t ?? '').trim()),
    color: z.enum(COLORES_IMPRESION, { error: M.colorInvalido }),
    dobleFaz: z.boolean({ error: M.dobleFazInvalido }),
    papel: z.enum(PAPELES, { error: M.papelInvalido }),
    terminacion: z.enum(TERMINACIONES, { error: M.terminacionInvalida }),
  })
  .strict();
export type OpcionesImpresion = z.output<typeof opcionesImpresionSchema>;
export type OpcionesImpresionEntrada = z.input<typeof opcionesImpresionSchema>;

/** What a new job starts with: the whole file, one copy, black and white, single-sided, on its own paper. */
export const opcionesPorDefecto = (tamanio: TamanioDePagina): OpcionesImpresion => ({
  copias: 1,
  paginas: '',
  color: 'BN',
  dobleFaz: false,
  papel: tamanio === 'OFICIO' ? 'OFICIO' : 'A4',
  terminacion: 'NINGUNA',
});

/** What the price rule needs from the file: its page count and which pages (1-based) have colour. */
export interface ArchivoParaPrecio {
  paginas: number;
  paginasColor: readonly number[];
}

const hojasPorCopia = (paginasElegidas: number, dobleFaz: boolean) => (dobleFaz ? Math.ceil(paginasElegidas / 2) : paginasElegidas);

/**
 * The options' errors against the file (an empty list: they can be priced). The page range must fit the
 * file; plastificado is only for a single sheet per copy; abrochado and anillado need 2 sheets or more.
 */
export function revisarOpciones(archivo: ArchivoParaPrecio, opciones: OpcionesImpresion): string[] {
  const rango = leerRangoDePaginas(opciones.paginas, archivo.paginas);
  if (!rango.ok) return [rango.error];
  const hojas = hojasPorCopia(rango.paginas.length, opciones.dobleFaz);
  if (opciones.terminacion === 'PLASTIFICADO' && hojas !== 1) return [M.plastificadoSoloHojaSuelta];
  if (opciones.terminacion === 'ABROCHADO' && hojas < 2) return [M.abrochadoMinimoDosHojas];
  if (opciones.terminacion === 'ANILLADO' && hojas < 2) return [M.anilladoMinimoDosHojas];
  return [];
}

// ---------------------------------------------------------------------------------------------------
// The price table

/**
 * One quantity break: from `desdeCarillas` sides in the whole job (all copies) on, each side costs these
 * prices (pesos). The first break starts at 1; 'más de 100 carillas' is `desdeCarillas: 101`.
 */
export interface TramoDeTarifa {
  desdeCarillas: number;
  bnA4: number;
  bnOficio: number;
  colorA4: number;
  colorOficio: number;
}
/** The owner's price table, in pesos. Finishes: abrochado and anillado per copy, plastificado per sheet. */
export interface TarifaImpresion {
  tramos: TramoDeTarifa[];
  abrochado: number;
  anillado: number;
  plastificado: number;
}

export const TARIFA_CAMPO_LABEL = {
  bnA4: 'Carilla blanco y negro A4',
  bnOficio: 'Carilla blanco y negro Oficio',
  colorA4: 'Carilla color A4',
  colorOficio: 'Carilla color Oficio',
  abrochado: 'Abrochado (por copia)',
  anillado: 'Anillado (por copia)',
  plastificado: 'Plastificado (por hoja)',
} as const;

/** The demo table of the seed (and of tests that price by hand). */
export const TARIFA_DEMO: TarifaImpresion = {
  tramos: [
    { desdeCarillas: 1, bnA4: 40, bnOficio: 50, colorA4: 150, colorOficio: 180 },
    { desdeCarillas: 101, bnA4: 30, bnOficio: 38, colorA4: 120, colorOficio: 145 },
    { desdeCarillas: 501, bnA4: 25, bnOficio: 32, colorA4: 100, colorOficio: 120 },
  ],
  abrochado: 200,
  anillado: 1800,
  plastificado: 900,
};

/** 'Hasta 100 carillas', 'Más de 100 carillas' (a break and the next one's start). */
export function etiquetaDeTramo(tramos: readonly TramoDeTarifa[], indice: number): string {
  const tramo = tramos[indice];
  const siguiente = tramos[indice + 1];
  if (!tramo) return '';
  if (tramo.desdeCarillas <= 1) return siguiente ? `Hasta ${siguiente.desdeCarillas - 1} carillas` : 'Cualquier cantidad';
  return `Más de ${tramo.desdeCarillas - 1} carillas`;
}

const MAX_PRECIO = 99_999_999;
const precioDeTarifa = (campo: keyof typeof TARIFA_CAMPO_LABEL, minimo: 'positivo' | 'noNegativo') =>
  numeroArgentino(TARIFA_CAMPO_LABEL[campo], M.tarifaPrecioMayorACero(TARIFA_CAMPO_LABEL[campo])).transform((precio, ctx) => {
    const malo = minimo === 'positivo' ? !(precio > 0) : !(precio >= 0);
    if (malo || precio > MAX_PRECIO) {
      ctx.addIssue({
        code: 'custom',
        message: minimo === 'positivo' ? M.tarifaPrecioMayorACero(TARIFA_CAMPO_LABEL[campo]) : M.tarifaPrecioNoNegativo(TARIFA_CAMPO_LABEL[campo]),
      });
      return z.NEVER;
    }
    return aPesos(aCentavos(precio));
  });

const tramoEntradaSchema = z
  .object({
    desdeCarillas: cantidadEntera(M.tarifaDesdeInvalido, { min: 1, max: 1_000_000 }),
    bnA4: precioDeTarifa('bnA4', 'positivo'),
    bnOficio: precioDeTarifa('bnOficio', 'positivo'),
    colorA4: precioDeTarifa('colorA4', 'positivo'),
    colorOficio: precioDeTarifa('colorOficio', 'positivo'),
  })
  .strict();

/** The table as the API answers it (GET /api/tarifaImpresion). */
export const tarifaImpresionSchema = z.object({
  tramos: z.array(
    z.object({ desdeCarillas: z.number().int(), bnA4: z.number(), bnOficio: z.number(), colorA4: z.number(), colorOficio: z.number() }),
  ),
  abrochado: z.number(),
  anillado: z.number(),
  plastificado: z.number(),
  /** ISO instant of the last change; null for the table the migration wrote. */
  actualizado: z.string().nullable(),
});
export type TarifaImpresionRespuesta = z.infer<typeof tarifaImpresionSchema>;

/** PUT /api/tarifaImpresion: prices as numbers or es-AR texts; breaks from 1, increasing. */
export const tarifaImpresionEntradaSchema = cuerpoDe(
  z
    .object({
      tramos: z.array(tramoEntradaSchema, { error: M.tarifaTramosObligatorios }).min(1, M.tarifaTramosObligatorios).max(20),
      abrochado: precioDeTarifa('abrochado', 'noNegativo'),
      anillado: precioDeTarifa('anillado', 'noNegativo'),
      plastificado: precioDeTarifa('plastificado', 'noNegativo'),
    })
    .strict()
    .superRefine((t, ctx) => {
      if (!Array.isArray(t.tramos) || t.tramos.length === 0) return;
      if (t.tramos[0]?.desdeCarillas !== 1) ctx.addIssue({ code: 'custom', message: M.tarifaPrimerTramo, path: ['tramos', 0, 'desdeCarillas'] });
      for (let i = 1; i < t.tramos.length; i++) {
        if (!(t.tramos[i]!.desdeCarillas > t.tramos[i - 1]!.desdeCarillas)) {
          ctx.addIssue({ code: 'custom', message: M.tarifaTramosOrdenados, path: ['tramos', i, 'desdeCarillas'] });
          return;
        }
      }
    }),
  tarifaImpresionSchema,
);
export type TarifaImpresionEntrada = z.input<typeof tarifaImpresionEntradaSchema>;

// ---------------------------------------------------------------------------------------------------
// THE price rule

/** One line of a price's breakdown, in cents. */
export interface LineaDePrecio {
  concepto: string;
  cantidad: number;
  centavosUnitario: Centavos;
  centavos: Centavos;
}
export interface PrecioDeImpresion {
  /** Printed sides of the whole job (all copies). */
  carillas: number;
  /** Sheets of paper of the whole job. */
  hojas: number;
  centavos: Centavos;
  detalle: LineaDePrecio[];
}

export class OpcionesDeImpresionInvalidas extends Error {
  constructor(readonly errores: string[]) {
    super(errores.join(' '));
  }
}

/** The break that applies to a job of `carillas` sides: the last one that starts at or below it. */
export function tramoPara(tarifa: TarifaImpresion, carillas: number): TramoDeTarifa {
  let elegido = tarifa.tramos[0]!;
  for (const t of tarifa.tramos) if (t.desdeCarillas <= carillas) elegido = t;
  return elegido;
}

const precioCarilla = (tramo: TramoDeTarifa, color: ColorImpresion, papel: Papel): number =>
  color === 'COLOR' ? (papel === 'A4' ? tramo.colorA4 : tramo.colorOficio) : papel === 'A4' ? tramo.bnA4 : tramo.bnOficio;

/**
 * The price of a print job, in integer cents:
 * - the chosen pages (the range, or all) times the copies are the job's sides (carillas); double-sided
 *   puts two sides on a sheet (an odd page count leaves the last sheet's back blank);
 * - the quantity break is picked by the job's total sides, and every side is charged at that break;
 * - in colour, only the chosen pages that have colour pay the colour price; the others pay black and
 *   white (a colour job of a mostly text file costs what it prints); in black and white all pay B/N;
 * - abrochado and anillado are charged per copy, plastificado per sheet.
 * Throws `OpcionesDeImpresionInvalidas` when `revisarOpciones` finds errors.
 */
export function precioDeImpresion(tarifa: TarifaImpresion, archivo: ArchivoParaPrecio, opciones: OpcionesImpresion): PrecioDeImpresion {
  const errores = revisarOpciones(archivo, opciones);
  if (errores.length > 0) throw new OpcionesDeImpresionInvalidas(errores);
  const rango = leerRangoDePaginas(opciones.paginas, archivo.paginas);
  const elegidas = rango.ok ? rango.paginas : [];
  const conColor = new Set(archivo.paginasColor);
  const paginasColor = opciones.color === 'COLOR' ? elegidas.filter((p) => conColor.has(p)).length : 0;
  const paginasBn = elegidas.length - paginasColor;
  const { copias, papel } = opciones;
  const carillas = elegidas.length * copias;
  const hojas = hojasPorCopia(elegidas.length, opciones.dobleFaz) * copias;
  const tramo = tramoPara(tarifa, carillas);
  const papelTexto = PAPEL_LABEL[papel];
  const detalle: LineaDePrecio[] = [];
  const agregar = (concepto: string, cantidad: number, pesosUnitario: number) => {
    if (cantidad <= 0) return;
    const centavosUnitario = aCentavos(pesosUnitario);
    detalle.push({ concepto, cantidad, centavosUnitario, centavos: cantidad * centavosUnitario });
  };
  agregar(`Carillas blanco y negro ${papelTexto}`, paginasBn * copias, precioCarilla(tramo, 'BN', papel));
  agregar(`Carillas color ${papelTexto}`, paginasColor * copias, precioCarilla(tramo, 'COLOR', papel));
  if (opciones.terminacion === 'ABROCHADO') agregar('Abrochado (por copia)', copias, tarifa.abrochado);
  if (opciones.terminacion === 'ANILLADO') agregar('Anillado (por copia)', copias, tarifa.anillado);
  if (opciones.terminacion === 'PLASTIFICADO') agregar('Plastificado (por hoja)', hojas, tarifa.plastificado);
  return { carillas, hojas, centavos: detalle.reduce((s, l) => s + l.centavos, 0), detalle };
}

// ---------------------------------------------------------------------------------------------------
// API shapes

/** A price as the API answers it (pesos, like every amount of the API). */
export const presupuestoImpresionSchema = z.object({
  carillas: z.number().int(),
  hojas: z.number().int(),
  /** Total in pesos. */
  precio: z.number(),
  detalle: z.array(z.object({ concepto: z.string(), cantidad: z.number().int(), precioUnitario: z.number(), subtotal: z.number() })),
});
export type PresupuestoImpresion = z.infer<typeof presupuestoImpresionSchema>;

export const presupuestoEnPesos = (p: PrecioDeImpresion): PresupuestoImpresion => ({
  carillas: p.carillas,
  hojas: p.hojas,
  precio: aPesos(p.centavos),
  detalle: p.detalle.map((l) => ({ concepto: l.concepto, cantidad: l.cantidad, precioUnitario: aPesos(l.centavosUnitario), subtotal: aPesos(l.centavos) })),
});

/** The options as the API answers them (after parsing). */
export const opcionesImpresionRespuestaSchema = z.object({
  copias: z.number().int(),
  paginas: z.string(),
  color: z.enum(COLORES_IMPRESION),
  dobleFaz: z.boolean(),
  papel: z.enum(PAPELES),
  terminacion: z.enum(TERMINACIONES),
});

/**
 * A print job as the API answers it (POST /api/impresion, PUT /api/impresion/:id, GET /api/impresion/:id).
 * `archivo` and `miniatura` are the URLs of the file and of page 1's PNG (owner or admin only).
 */
export const trabajoImpresionSchema = z.object({
  id: z.number().int(),
  nombreArchivo: z.string(),
  /** Size of the file in bytes. */
  bytes: z.number().int(),
  paginas: z.number().int(),
  tamanioPagina: z.enum(TAMANIOS_DE_PAGINA),
  /** 1-based numbers of the pages that have colour. */
  paginasColor: z.array(z.number().int()),
  archivo: z.string(),
  miniatura: z.string(),
  opciones: opcionesImpresionRespuestaSchema,
  /** The price now: from the current table while BORRADOR, the charged one once ordered. */
  presupuesto: presupuestoImpresionSchema,
  estado: z.enum(ESTADOS_IMPRESION),
  /** ISO instant of the upload. */
  fechaCreacion: z.string(),
  /** The order (sale) it is in, once ordered. */
  ventaId: z.number().int().nullable(),
  /** ISO instant it is expected ready, once in the queue and not ready yet; else null. */
  listoEstimado: z.string().nullable(),
});
export type TrabajoImpresion = z.infer<typeof trabajoImpresionSchema>;

/** PUT /api/impresion/:id: the options (the job as it was answered may be sent back whole). */
export const trabajoImpresionEntradaSchema = cuerpoDe(z.object({ opciones: opcionesImpresionSchema }).strict(), trabajoImpresionSchema);
export type TrabajoImpresionEntrada = z.input<typeof trabajoImpresionEntradaSchema>;

/** One job of the admin's queue (GET /api/impresion/cola): the job plus who ordered it. */
export const trabajoEnColaSchema = trabajoImpresionSchema.extend({
  cliente: z.object({
    id: z.number().int(),
    usuario: z.string(),
    nombre: z.string(),
    telefono: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** ISO instant the job entered the queue (RECIBIDO). */
  fechaRecibido: z.string().nullable(),
});
export type TrabajoEnCola = z.infer<typeof trabajoEnColaSchema>;

/** GET /api/impresion/cola?estado=RECIBIDO: no estado = the whole queue (RECIBIDO, EN_PROCESO, LISTO). */
export const colaFiltrosSchema = z.object({ estado: z.enum(ESTADOS_IMPRESION, { error: M.estadoInvalido }).optional() }).strict();

/** PUT /api/impresion/:id/estado. */
export const cambioEstadoImpresionSchema = cuerpoDe(
  z.object({ estado: z.enum(ESTADOS_IMPRESION, { error: M.estadoInvalido }) }).strict(),
  trabajoImpresionSchema,
);
/** Its answer: the job, and for LISTO the WhatsApp link to tell the customer (null without a phone). */
export const cambioEstadoImpresionRespuestaSchema = z.object({ trabajo: trabajoEnColaSchema, whatsapp: z.string().nullable() });
export type CambioEstadoImpresionRespuesta = z.infer<typeof cambioEstadoImpresionRespuestaSchema>;

/** A print job as a sale line carries it (instead of `producto`), for the sale detail and Mis compras. */
export const trabajoEnDetalleSchema = z.object({
  id: z.number().int(),
  nombreArchivo: z.string(),
  paginas: z.number().int(),
  carillas: z.number().int(),
  opciones: opcionesImpresionRespuestaSchema,
  estado: z.enum(ESTADOS_IMPRESION),
  listoEstimado: z.string().nullable(),
});
export type TrabajoEnDetalle = z.infer<typeof trabajoEnDetalleSchema>;

/** An order's print line: the job's id only; the server prices it. */
export const impresionEnPedidoSchema = z.object({ trabajoId: z.number().int().positive().max(2_147_483_647) }).strict();

/**
 * A customer's phone as wa.me wants it: digits with the country code. An Argentine number written
 * locally ('0261 15-412-3456', '261 4123456') gets 54 9 in front (mobile) and loses its 0 and 15;
 * one already with 54 stays. Null when it has too few digits to be a phone.
 */
export function telefonoParaWhatsapp(telefono: string | null | undefined): string | null {
  let d = (telefono ?? '').replace(/\D/g, '');
  if (d.startsWith('00')) d = d.slice(2);
  if (d.startsWith('54')) return d.length >= 11 ? d : null;
  d = d.replace(/^0/, '');
  // '261 15 4123456': the local mobile prefix 15 after a 2-4 digit area code goes.
  const conQuince = /^(\d{2,4})15(\d{6,8})$/.exec(d);
  if (conQuince && conQuince[1]!.length + conQuince[2]!.length === 10) d = conQuince[1]! + conQuince[2]!;
  return d.length === 10 ? `549${d}` : null;
}

// Cambios (additive changes after the first commit):
// - errorDeFormaDelRango (a range's error of form, without the file).
// - telefonoParaWhatsapp (the LISTO WhatsApp link's number).
// - domain/informe.ts: resumenInformeSchema.impresiones { trabajos, importe } (the dashboard's print group).
// - domain/titulos.ts: titles of paths.impresiones ('Impresiones online') and paths.grillaImpresiones ('Impresiones').
// - MENSAJES_IMPRESION.archivoBorrado (GET archivo/miniatura after the cleanup: 404).
// - GET /api/impresion: the customer's own jobs (array of trabajoImpresionSchema).
// - MENSAJES_IMPRESION.lineaDeImpresionNoEditable (the admin edits a print line of a sale: 409).

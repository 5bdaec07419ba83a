// Numbers as people write them in Argentina, read in one place for every money and percentage field
// of the web app and the API: '.' groups thousands, ',' marks decimals ('1.234,56').

import { z } from 'zod';
import { MENSAJES } from './mensajes';

/**
 * 'vacio': nothing was written (each field says what it needs); 'formato': it is not a number we can read
 * without guessing.
 */
export type NumeroLeido = { ok: true; valor: number } | { ok: false; motivo: 'vacio' | 'formato' };

const SOLO_DIGITOS = /^\d+$/;
/** '1.000', '12.345', '1.234.567', '1.234,56': groups of exactly three digits after the first one. */
const CON_MILES = /^([1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d+))?$/;
/** '12,5', '1234,56'. */
const CON_COMA = /^(\d+),(\d+)$/;
/** '1.5', '12.50': a point followed by one or two digits can only be a decimal point. */
const CON_PUNTO_DECIMAL = /^(\d+)\.(\d{1,2})$/;

/**
 * Reads an es-AR number: '1.000' = 1000, '12.345' = 12345, '1.234,56' = 1234.56, '1.234.567' = 1234567,
 * '12,5' = 12.5, and '1.5' or '12.50' (a point followed by one or two digits) = 1.5 and 12.5. A leading
 * '-' is kept, so that the field's own rule ('mayor a cero') can answer. Anything else ('1,000,5', '1.2.3',
 * '1.2345', '1,2.3', letters, '0x10', '1e3') is refused, never guessed. A JSON number is taken as it is,
 * when finite.
 */
export function leerNumero(valor: string | number): NumeroLeido {
  if (typeof valor === 'number') return Number.isFinite(valor) ? { ok: true, valor } : { ok: false, motivo: 'formato' };
  const texto = valor.trim();
  if (texto === '') return { ok: false, motivo: 'vacio' };
  const negativo = texto.startsWith('-');
  const cifras = negativo ? texto.slice(1) : texto;
  let normalizado: string | undefined;
  if (SOLO_DIGITOS.test(cifras)) normalizado = cifras;
  else {
    const miles = CON_MILES.exec(cifras);
    const coma = CON_COMA.exec(cifras);
    const punto = CON_PUNTO_DECIMAL.exec(cifras);
    if (miles) normalizado = `${miles[1]!.replaceAll('.', '')}.${miles[2] ?? '0'}`;
    else if (coma) normalizado = `${coma[1]}.${coma[2]}`;
    else if (punto) normalizado = `${punto[1]}.${punto[2]}`;
  }
  if (normalizado === undefined) return { ok: false, motivo: 'formato' };
  const numero = Number(normalizado);
  if (!Number.isFinite(numero)) return { ok: false, motivo: 'formato' };
  return { ok: true, valor: negativo && numero !== 0 ? -numero : numero };
}

const LARGO_MAXIMO = 30;

/** A number as an input shows it to be edited: decimal comma, no thousands points ('1234,5'). */
export const numeroParaEditar = (valor: number): string => String(valor).replace('.', ',');

/**
 * A money or percentage field of a body: a JSON number or an es-AR text, read with `leerNumero`.
 * `vacio` is the field's message when nothing was written (a missing key gets it too); `campo` names the
 * field in the message of a text that cannot be read ('El costo', 'El envío'). The field's own rules
 * (greater than zero, not negative...) go after, on the number.
 */
export const numeroArgentino = (campo: string, vacio: string) =>
  z.union([z.number(), z.string()], { error: vacio }).transform((v, ctx) => {
    const leido: NumeroLeido = typeof v === 'string' && v.length > LARGO_MAXIMO ? { ok: false, motivo: 'formato' } : leerNumero(v);
    if (!leido.ok) {
      ctx.addIssue({ code: 'custom', message: leido.motivo === 'vacio' ? vacio : MENSAJES.numeroInvalido(campo), input: v });
      return z.NEVER;
    }
    return leido.valor;
  });

/** Plain decimal digits, with a '-' in front at most: no '+', space, point, exponent or '0x'. */
const DIGITOS = /^-?\d{1,16}$/;

/**
 * A quantity of units (stock loads, sale lines, promotion lines, the product form's stock): a JSON
 * integer, or a text of plain decimal digits ('12', as a query string carries it), from `min` to `max`.
 * Anything else is `mensaje`, never coerced: `true`, '0x10', '1e3', '1.5', ' 5', '+5', '', [], {}, 1.5.
 */
export const cantidadEntera = (mensaje: string, { min = 1, max }: { min?: number; max: number }) =>
  z.union([z.number(), z.string()], { error: mensaje }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : DIGITOS.test(v) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: mensaje, input: v });
      return z.NEVER;
    }
    return n;
  });

/** The largest id PostgreSQL's `serial` gives. */
export const MAX_ID = 2_147_483_647;

/**
 * A row's id, in a path, a query string or a body: a JSON integer or plain decimal digits, from 1 to
 * MAX_ID. Never coerced: '0x10', '1e1', '16.0', '+16', ' 16', `true` and `[16]` name no row (they used
 * to be read as 16, 10, 16, 16, 16, 1 and 16).
 */
export const idEntero = (mensaje: string = MENSAJES.idInvalido) => cantidadEntera(mensaje, { min: 1, max: MAX_ID });

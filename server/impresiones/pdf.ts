// What the shop needs to know about a customer's PDF, read with MuPDF.js (WASM: no native build, no
// network). Runs in a worker thread (pdf-pool.ts): parsing and rendering are CPU work.
import * as mupdf from 'mupdf';
import type { TamanioDePagina } from '../../domain/impresion';

/** Why a file cannot be a print job; the routes turn it into MENSAJES_IMPRESION's text (a 400). */
export type MotivoRechazo = 'noEsPdf' | 'daniado' | 'protegido' | 'demasiadasPaginas';

export type LecturaPdf =
  | { ok: true; paginas: number; tamanioPagina: TamanioDePagina; paginasColor: number[]; miniatura: Uint8Array }
  | { ok: false; motivo: MotivoRechazo; paginas?: number };

// MuPDF's warnings about repaired files would reach the server's stderr; the answer says it all.
mupdf.setLog(() => undefined);

/** Points per millimetre. */
const PT = 72 / 25.4;
const TOLERANCIA_PT = 6;
const cerca = (a: number, b: number) => Math.abs(a - b) <= TOLERANCIA_PT;

/** A4 (210 x 297 mm) or Oficio (216 x 356 mm, also the 216 x 340 mm some shops call oficio), either way round. */
export function tamanioDe(ancho: number, alto: number): TamanioDePagina {
  const [corto, largo] = ancho < alto ? [ancho, alto] : [alto, ancho];
  if (cerca(corto, 210 * PT) && cerca(largo, 297 * PT)) return 'A4';
  if (cerca(corto, 216 * PT) && (cerca(largo, 356 * PT) || cerca(largo, 340 * PT))) return 'OFICIO';
  return 'OTRO';
}

/**
 * Colour is found by drawing each page small (about 1/12 of its size, RGB) and looking for pixels whose
 * channels differ by more than UMBRAL: black, grey and anti-aliased black text have equal channels.
 * A few such pixels (a scanned page's tint, a thin coloured rule) do not make a colour page.
 */
const ESCALA_COLOR = 1 / 12;
const UMBRAL = 40;
const PIXELES_MINIMOS = 4;

function tieneColor(pagina: mupdf.Page): boolean {
  const pixmap = pagina.toPixmap(mupdf.Matrix.scale(ESCALA_COLOR, ESCALA_COLOR), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    const pixeles = pixmap.getPixels();
    const n = pixmap.getNumberOfComponents();
    let conColor = 0;
    for (let i = 0; i + 2 < pixeles.length; i += n) {
      const r = pixeles[i]!;
      const g = pixeles[i + 1]!;
      const b = pixeles[i + 2]!;
      if (Math.max(r, g, b) - Math.min(r, g, b) > UMBRAL && ++conColor >= PIXELES_MINIMOS) return true;
    }
    return false;
  } finally {
    pixmap.destroy();
  }
}

/** Page 1 as a PNG about MINIATURA_PX wide. */
const MINIATURA_PX = 240;

function miniaturaDe(pagina: mupdf.Page): Uint8Array {
  const [x0, , x1] = pagina.getBounds();
  const escala = MINIATURA_PX / Math.max(1, (x1 ?? 0) - (x0 ?? 0));
  const pixmap = pagina.toPixmap(mupdf.Matrix.scale(escala, escala), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    return pixmap.asPNG().slice();
  } finally {
    pixmap.destroy();
  }
}

/** A PDF starts with '%PDF-' (within its first KB, as readers allow). */
export const pareceUnPdf = (inicio: Uint8Array): boolean => Buffer.from(inicio.subarray(0, 1024)).includes('%PDF-');

/**
 * Reads `bytes`: page count (refused past `maxPaginas` before any rendering), page 1's size, the
 * pages with colour and page 1's thumbnail. Never throws for a bad file: it answers why.
 */
export function leerPdf(bytes: Uint8Array, maxPaginas: number): LecturaPdf {
  if (!pareceUnPdf(bytes)) return { ok: false, motivo: 'noEsPdf' };
  let documento: mupdf.Document;
  try {
    documento = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    return { ok: false, motivo: 'daniado' };
  }
  try {
    if (documento.needsPassword()) return { ok: false, motivo: 'protegido' };
    const paginas = documento.countPages();
    // A file MuPDF had to repair into no pages at all is a broken one.
    if (paginas === 0) return { ok: false, motivo: 'daniado' };
    if (paginas > maxPaginas) return { ok: false, motivo: 'demasiadasPaginas', paginas };
    const paginasColor: number[] = [];
    let tamanioPagina: TamanioDePagina = 'OTRO';
    let miniatura: Uint8Array = new Uint8Array();
    for (let i = 0; i < paginas; i++) {
      const pagina = documento.loadPage(i);
      try {
        if (i === 0) {
          const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = pagina.getBounds();
          tamanioPagina = tamanioDe(x1 - x0, y1 - y0);
          miniatura = miniaturaDe(pagina);
        }
        if (tieneColor(pagina)) paginasColor.push(i + 1);
      } finally {
        pagina.destroy();
      }
    }
    return { ok: true, paginas, tamanioPagina, paginasColor, miniatura };
  } catch {
    // A file that opened but breaks on a page (a damaged object stream).
    return { ok: false, motivo: 'daniado' };
  } finally {
    documento.destroy();
  }
}

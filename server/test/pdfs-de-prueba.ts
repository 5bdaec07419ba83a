// PDFs made in the tests with MuPDF.js itself: pages of a size, black and white or with colour,
// encrypted, broken. Nothing is read from fixtures on disk.
import * as mupdf from 'mupdf';

export const A4: [number, number] = [595.28, 841.89];
export const OFICIO: [number, number] = [612, 1008];
export const CARTA: [number, number] = [612, 792];

export interface PaginaDePrueba {
  tamanio?: [number, number];
  color?: boolean;
}

/** Black and grey shapes; a colour page adds a red and a blue block. */
const contenido = (color: boolean) =>
  ['0 0 0 rg 50 700 400 20 re f', '0.5 g 50 650 300 10 re f', ...(color ? ['1 0 0 rg 50 400 200 150 re f', '0 0 1 rg 300 400 150 150 re f'] : [])].join('\n');

/** A PDF with these pages (all A4 black and white by default); `opciones` of MuPDF's writer ('encrypt=...'). */
export function pdfDePrueba(paginas: ReadonlyArray<PaginaDePrueba> | number, opciones = 'compress'): Buffer {
  const lista: ReadonlyArray<PaginaDePrueba> = typeof paginas === 'number' ? Array.from({ length: paginas }, () => ({})) : paginas;
  const doc = new mupdf.PDFDocument();
  try {
    for (const p of lista) {
      const [ancho, alto] = p.tamanio ?? A4;
      const pagina = doc.addPage([0, 0, ancho, alto], 0, {}, contenido(p.color ?? false));
      doc.insertPage(-1, pagina);
    }
    return Buffer.from(doc.saveToBuffer(opciones).asUint8Array());
  } finally {
    doc.destroy();
  }
}

/** The same, encrypted: opening it needs a password. */
export const pdfProtegido = () => pdfDePrueba(2, 'encrypt=aes-256,user-password=secreta,owner-password=duenio');

/** A PDF cut in half: a header, no cross-reference table, objects missing. */
export const pdfDaniado = () => {
  const entero = pdfDePrueba(3);
  return Buffer.concat([entero.subarray(0, 20), Buffer.from('\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nbasura sin fin')]);
};

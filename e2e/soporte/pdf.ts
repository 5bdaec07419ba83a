/**
 * A small valid PDF written by hand (no library): `paginas` pages of `ancho` x `alto` points with a line
 * of text each; the pages in `conColor` (1-based) also carry a red square, so the server reads them as
 * colour. Enough for the browser tests to upload a real file; the server's own tests cover odd ones.
 */
export function pdfDePrueba({ paginas, conColor = [], ancho = 595, alto = 842 }: { paginas: number; conColor?: number[]; ancho?: number; alto?: number }): Buffer {
  const objetos: string[] = [];
  // 1: catalogue, 2: page tree, 3: font, then a page and its content per page.
  const kids = Array.from({ length: paginas }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  objetos.push('<< /Type /Catalog /Pages 2 0 R >>');
  objetos.push(`<< /Type /Pages /Kids [${kids}] /Count ${paginas} >>`);
  objetos.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let p = 1; p <= paginas; p++) {
    const contenido = [`BT /F1 24 Tf 72 ${alto - 100} Td (Pagina ${p} de ${paginas}) Tj ET`, ...(conColor.includes(p) ? ['1 0 0 rg 72 200 300 300 re f'] : [])].join('\n');
    objetos.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${ancho} ${alto}] /Contents ${5 + (p - 1) * 2} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    objetos.push(`<< /Length ${Buffer.byteLength(contenido, 'latin1')} >>\nstream\n${contenido}\nendstream`);
  }
  let pdf = '%PDF-1.4\n';
  const posiciones: number[] = [];
  objetos.forEach((o, i) => {
    posiciones.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n${posiciones.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

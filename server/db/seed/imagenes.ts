import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { CategoriaDemo } from './catalogo-demo';
import { cargarSharp } from '../../uploads/sharp';

const escaparXml = (texto: string) =>
  texto.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function partirEnLineas(texto: string, maximo: number): string[] {
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of texto.split(/\s+/)) {
    if ((actual + ' ' + palabra).trim().length > maximo && actual) {
      lineas.push(actual);
      actual = palabra;
    } else actual = (actual + ' ' + palabra).trim();
  }
  if (actual) lineas.push(actual);
  return lineas.slice(0, 3);
}

const ICONOS: Record<CategoriaDemo['icono'], string> = {
  lapiz: '<rect x="-110" y="-18" width="190" height="36" rx="4" fill="#ffd43b"/><polygon points="80,-18 120,0 80,18" fill="#f1c99b"/><polygon points="108,-6 120,0 108,6" fill="#343a40"/><rect x="-130" y="-18" width="22" height="36" rx="4" fill="#ff8787"/>',
  carpeta: '<rect x="-90" y="-70" width="180" height="140" rx="10" fill="#ffffff" opacity="0.95"/><rect x="-90" y="-70" width="36" height="140" rx="6" fill="#adb5bd"/><circle cx="-72" cy="20" r="10" fill="#495057"/>',
  pincel: '<rect x="-10" y="-90" width="20" height="120" rx="8" fill="#8d5524"/><rect x="-14" y="25" width="28" height="22" fill="#ced4da"/><path d="M-14 47 Q0 110 14 47 Z" fill="#f03e3e"/>',
  libro: '<rect x="-95" y="-65" width="90" height="130" rx="6" fill="#ffffff"/><rect x="5" y="-65" width="90" height="130" rx="6" fill="#f8f9fa"/><line x1="-80" y1="-35" x2="-20" y2="-35" stroke="#adb5bd" stroke-width="6"/><line x1="-80" y1="-10" x2="-20" y2="-10" stroke="#adb5bd" stroke-width="6"/><line x1="20" y1="-35" x2="80" y2="-35" stroke="#adb5bd" stroke-width="6"/>',
  regalo: '<rect x="-80" y="-40" width="160" height="110" rx="8" fill="#ffffff"/><rect x="-12" y="-40" width="24" height="110" fill="#fcc419"/><rect x="-90" y="-60" width="180" height="30" rx="6" fill="#ffe066"/><circle cx="-22" cy="-72" r="20" fill="none" stroke="#fcc419" stroke-width="10"/><circle cx="22" cy="-72" r="20" fill="none" stroke="#fcc419" stroke-width="10"/>',
  bloques: '<rect x="-100" y="0" width="70" height="70" rx="8" fill="#ffd43b"/><rect x="-20" y="0" width="70" height="70" rx="8" fill="#74c0fc"/><rect x="-60" y="-75" width="70" height="70" rx="8" fill="#ff8787"/><polygon points="60,70 130,70 95,5" fill="#ffffff"/>',
  hoja: '<rect x="-70" y="-90" width="140" height="180" rx="6" fill="#ffffff"/><line x1="-50" y1="-50" x2="50" y2="-50" stroke="#74c0fc" stroke-width="5"/><line x1="-50" y1="-20" x2="50" y2="-20" stroke="#74c0fc" stroke-width="5"/><line x1="-50" y1="10" x2="50" y2="10" stroke="#74c0fc" stroke-width="5"/><line x1="-50" y1="40" x2="30" y2="40" stroke="#74c0fc" stroke-width="5"/>',
  calculadora: '<rect x="-70" y="-95" width="140" height="190" rx="14" fill="#ffffff"/><rect x="-52" y="-78" width="104" height="40" rx="4" fill="#b2f2bb"/><g fill="#868e96"><rect x="-52" y="-25" width="28" height="24" rx="4"/><rect x="-14" y="-25" width="28" height="24" rx="4"/><rect x="24" y="-25" width="28" height="24" rx="4"/><rect x="-52" y="10" width="28" height="24" rx="4"/><rect x="-14" y="10" width="28" height="24" rx="4"/><rect x="24" y="10" width="28" height="24" rx="4"/><rect x="-52" y="45" width="28" height="24" rx="4"/><rect x="-14" y="45" width="28" height="24" rx="4"/><rect x="24" y="45" width="28" height="24" rx="4"/></g>',
};

/** Draws a product picture (nothing is downloaded) and stores it as a JPEG under a generated name. */
export async function generarImagenProducto(
  carpeta: string,
  datos: { denominacion: string; marca: string; categoria: CategoriaDemo },
): Promise<string> {
  const lineas = partirEnLineas(datos.denominacion, 22);
  const textos = lineas
    .map((l, i) => `<text x="300" y="${445 + i * 40}" font-size="34" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" fill="#212529">${escaparXml(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <rect width="600" height="600" fill="${datos.categoria.color}"/>
    <circle cx="520" cy="80" r="140" fill="#ffffff" opacity="0.12"/>
    <circle cx="60" cy="560" r="120" fill="#ffffff" opacity="0.10"/>
    <rect x="40" y="40" width="520" height="520" rx="28" fill="#ffffff" opacity="0.92"/>
    <g transform="translate(300 220) scale(1.1)">${ICONOS[datos.categoria.icono]}</g>
    <text x="300" y="395" font-size="26" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="${datos.categoria.color}">${escaparXml(datos.marca.toUpperCase())}</text>
    ${textos}
  </svg>`;
  const nombre = `${randomUUID()}.jpg`;
  const sharp = await cargarSharp();
  await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toFile(path.join(carpeta, nombre));
  return nombre;
}

// Pasted school lists as owners paste them (a sheet's text, a WhatsApp message), with what the import must
// read on each line: the quantity, the text without it, and the product it proposes (a key of the test's
// catalogue in server/listas/listas.test.ts), or null when it has to stay free text.

export interface LineaEsperada {
  linea: number;
  cantidad: number;
  texto: string;
  producto: string | null;
}

export interface ListaPegada {
  nombre: string;
  texto: string;
  lineas: LineaEsperada[];
}

export const LISTAS_PEGADAS: ListaPegada[] = [
  {
    nombre: 'una hoja de primaria, con cantidades en cifras, escritas y a la manera de la escuela',
    texto: [
      '2 cuadernos tapa dura rayados',
      '',
      'x2 Gomas de borrar',
      'dos tijeras punta roma',
      '- una plasticola',
      'Caja de lapices de colores x24',
      '1/2 docena de lapices negros',
      'cuadreno universitario (3)',
      'TEMPERAS',
      'carpeta N° 3 forrada con papel araña',
    ].join('\n'),
    lineas: [
      { linea: 1, cantidad: 2, texto: 'cuadernos tapa dura rayados', producto: 'cuaderno' },
      { linea: 3, cantidad: 2, texto: 'Gomas de borrar', producto: 'goma' },
      { linea: 4, cantidad: 2, texto: 'tijeras punta roma', producto: 'tijera' },
      { linea: 5, cantidad: 1, texto: 'plasticola', producto: 'adhesivo' },
      { linea: 6, cantidad: 1, texto: 'Caja de lapices de colores x24', producto: 'colores' },
      { linea: 7, cantidad: 6, texto: 'lapices negros', producto: 'lapiz' },
      { linea: 8, cantidad: 3, texto: 'cuadreno universitario', producto: 'cuadernoEspiral' },
      { linea: 9, cantidad: 1, texto: 'TEMPERAS', producto: 'temperas' },
      { linea: 10, cantidad: 1, texto: 'carpeta N° 3 forrada con papel araña', producto: null },
    ],
  },
  {
    nombre: 'una lista numerada de primer grado, con acentos, plurales y palabras de más',
    texto: [
      '1) Dos cuadernos tapa dura de 50 hojas rayadas, forrados de rojo',
      '2) Una caja de lápices de colores largos',
      '3) 1 Goma de borrar blanca',
      '4) Una docena de lápices negros',
      '5) Plasticola (2)',
      '6) Témperas x6',
      '7) Compás',
    ].join('\r\n'),
    lineas: [
      { linea: 1, cantidad: 2, texto: 'cuadernos tapa dura de 50 hojas rayadas, forrados de rojo', producto: 'cuaderno' },
      { linea: 2, cantidad: 1, texto: 'caja de lápices de colores largos', producto: 'colores' },
      { linea: 3, cantidad: 1, texto: 'Goma de borrar blanca', producto: 'goma' },
      { linea: 4, cantidad: 12, texto: 'lápices negros', producto: 'lapiz' },
      { linea: 5, cantidad: 2, texto: 'Plasticola', producto: 'adhesivo' },
      { linea: 6, cantidad: 1, texto: 'Témperas x6', producto: 'temperas' },
      { linea: 7, cantidad: 1, texto: 'Compás', producto: null },
    ],
  },
  {
    nombre: 'un mensaje de WhatsApp de secundaria, con viñetas',
    texto: [
      '• 3 cuadernos universitarios cuadriculados',
      '• x2 marcadores acuarelables',
      '• papel glase',
      '• tres cartulinas de colores',
    ].join('\n'),
    lineas: [
      { linea: 1, cantidad: 3, texto: 'cuadernos universitarios cuadriculados', producto: 'cuadernoEspiral' },
      { linea: 2, cantidad: 2, texto: 'marcadores acuarelables', producto: 'acuarelables' },
      { linea: 3, cantidad: 1, texto: 'papel glase', producto: 'glase' },
      { linea: 4, cantidad: 3, texto: 'cartulinas de colores', producto: null },
    ],
  },
];

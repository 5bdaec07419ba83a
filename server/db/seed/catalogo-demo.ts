// The demo catalogue: what a stationery shop and bookshop in Mendoza really sells.

export interface CategoriaDemo {
  denominacion: string;
  /** Colour of the generated product pictures of this category. */
  color: string;
  icono: 'lapiz' | 'carpeta' | 'pincel' | 'libro' | 'regalo' | 'bloques' | 'hoja' | 'calculadora';
}

export const CATEGORIAS_DEMO: CategoriaDemo[] = [
  { denominacion: 'Escolar', color: '#2f6fde', icono: 'lapiz' },
  { denominacion: 'Oficina', color: '#3d4a5c', icono: 'carpeta' },
  { denominacion: 'Arte y dibujo', color: '#d9480f', icono: 'pincel' },
  { denominacion: 'Libros', color: '#5f3dc4', icono: 'libro' },
  { denominacion: 'Regalería', color: '#c2255c', icono: 'regalo' },
  { denominacion: 'Juguetes didácticos', color: '#2b8a3e', icono: 'bloques' },
  { denominacion: 'Papelería', color: '#0b7285', icono: 'hoja' },
  { denominacion: 'Tecnología y calculadoras', color: '#495057', icono: 'calculadora' },
];

/** The six brands shown on the home page. */
export const MARCAS_DESTACADAS = ['Faber-Castell', 'Rivadavia', 'Maped', 'Bic', 'Filgo', 'Staedtler'] as const;

export interface ProductoDemo {
  codigo: string;
  denominacion: string;
  marca: string;
  categoria: string;
  costo: number;
  porcentaje: number;
  stock: number;
  descripcion: string;
}

export const PRODUCTOS_DEMO: ProductoDemo[] = [
  { codigo: 'ESC-001', denominacion: 'Lápiz negro HB Ecolápiz x 12', marca: 'Faber-Castell', categoria: 'Escolar', costo: 2900, porcentaje: 60, stock: 80, descripcion: 'Caja de 12 lápices de grafito HB, madera reforestada, ideales para escritura y dibujo escolar.' },
  { codigo: 'ESC-002', denominacion: 'Lápices de colores x 24 largos', marca: 'Faber-Castell', categoria: 'Escolar', costo: 6200, porcentaje: 55, stock: 45, descripcion: 'Estuche de 24 lápices de colores largos con mina resistente y colores intensos.' },
  { codigo: 'ESC-003', denominacion: 'Cuaderno tapa dura 50 hojas rayadas', marca: 'Rivadavia', categoria: 'Escolar', costo: 3800, porcentaje: 50, stock: 120, descripcion: 'Cuaderno clásico con tapa dura forrada, 50 hojas rayadas de 90 g.' },
  { codigo: 'ESC-004', denominacion: 'Cuaderno universitario A4 84 hojas cuadriculadas', marca: 'Rivadavia', categoria: 'Escolar', costo: 5200, porcentaje: 50, stock: 60, descripcion: 'Espiral, tapa de cartón, 84 hojas cuadriculadas con margen.' },
  { codigo: 'ESC-005', denominacion: 'Birome Cristal azul x 10', marca: 'Bic', categoria: 'Escolar', costo: 3100, porcentaje: 60, stock: 90, descripcion: 'Pack de 10 biromes de trazo mediano, tinta azul de secado rápido.' },
  { codigo: 'ESC-006', denominacion: 'Goma de borrar blanca Dust Free', marca: 'Faber-Castell', categoria: 'Escolar', costo: 650, porcentaje: 80, stock: 4, descripcion: 'Goma blanca que no deja residuos, para lápiz de grafito.' },
  { codigo: 'ESC-007', denominacion: 'Sacapuntas metálico doble', marca: 'Maped', categoria: 'Escolar', costo: 900, porcentaje: 70, stock: 70, descripcion: 'Sacapuntas de metal con dos orificios, para lápices comunes y gruesos.' },
  { codigo: 'ESC-008', denominacion: 'Regla flexible 30 cm', marca: 'Maped', categoria: 'Escolar', costo: 1100, porcentaje: 65, stock: 35, descripcion: 'Regla irrompible y flexible de 30 cm con graduación clara.' },
  { codigo: 'ESC-009', denominacion: 'Tijera escolar punta roma 13 cm', marca: 'Maped', categoria: 'Escolar', costo: 1800, porcentaje: 60, stock: 3, descripcion: 'Tijera segura para chicos, hojas de acero inoxidable y mango ergonómico.' },
  { codigo: 'ESC-010', denominacion: 'Adhesivo vinílico Plasticola 90 g', marca: 'Filgo', categoria: 'Escolar', costo: 1200, porcentaje: 60, stock: 50, descripcion: 'Adhesivo vinílico escolar lavable, no tóxico.' },
  { codigo: 'ESC-011', denominacion: 'Cartuchera canopla 2 pisos', marca: 'Mooving', categoria: 'Escolar', costo: 11500, porcentaje: 45, stock: 12, descripcion: 'Cartuchera de dos pisos equipada con elásticos para útiles.' },
  { codigo: 'ESC-012', denominacion: 'Marcadores escolares x 12', marca: 'Filgo', categoria: 'Escolar', costo: 3500, porcentaje: 55, stock: 0, descripcion: 'Marcadores de punta fina, tinta lavable, 12 colores.' },
  { codigo: 'ESC-013', denominacion: 'Mochila espalda 17 pulgadas', marca: 'Mooving', categoria: 'Escolar', costo: 28000, porcentaje: 40, stock: 8, descripcion: 'Mochila con dos bolsillos, espalda acolchada y tiradores reforzados.' },
  { codigo: 'OFI-001', denominacion: 'Bibliorato A4 lomo ancho', marca: 'Rivadavia', categoria: 'Oficina', costo: 3900, porcentaje: 55, stock: 40, descripcion: 'Bibliorato de cartón forrado con palanca metálica y anillos.' },
  { codigo: 'OFI-002', denominacion: 'Carpeta A4 3 anillos', marca: 'Rivadavia', categoria: 'Oficina', costo: 4600, porcentaje: 50, stock: 30, descripcion: 'Carpeta de tapa rígida con 3 anillos y bolsillo interior.' },
  { codigo: 'OFI-003', denominacion: 'Resaltadores Textliner x 4', marca: 'Faber-Castell', categoria: 'Oficina', costo: 4200, porcentaje: 55, stock: 55, descripcion: 'Set de 4 resaltadores fluorescentes de punta biselada.' },
  { codigo: 'OFI-004', denominacion: 'Resaltador Textsurfer amarillo', marca: 'Staedtler', categoria: 'Oficina', costo: 1300, porcentaje: 60, stock: 75, descripcion: 'Resaltador con tinta a base de agua, trazo de 1 a 5 mm.' },
  { codigo: 'OFI-005', denominacion: 'Abrochadora metálica 21/6', marca: 'Maped', categoria: 'Oficina', costo: 9800, porcentaje: 45, stock: 15, descripcion: 'Abrochadora de escritorio para hasta 25 hojas.' },
  { codigo: 'OFI-006', denominacion: 'Broches 21/6 x 1000', marca: 'Maped', categoria: 'Oficina', costo: 1500, porcentaje: 60, stock: 100, descripcion: 'Caja de 1000 broches galvanizados.' },
  { codigo: 'OFI-007', denominacion: 'Notas adhesivas 76x76 x 100', marca: 'Staedtler', categoria: 'Oficina', costo: 1700, porcentaje: 65, stock: 2, descripcion: 'Block de 100 notas autoadhesivas amarillas, reposicionables.' },
  { codigo: 'OFI-008', denominacion: 'Corrector en cinta', marca: 'Bic', categoria: 'Oficina', costo: 2100, porcentaje: 60, stock: 45, descripcion: 'Cinta correctora de 5 mm x 8 m, aplicación limpia y en seco.' },
  { codigo: 'OFI-009', denominacion: 'Bolígrafo roller azul', marca: 'Pelikan', categoria: 'Oficina', costo: 2600, porcentaje: 60, stock: 40, descripcion: 'Roller de tinta gel azul con grip de goma, trazo 0,7 mm.' },
  { codigo: 'OFI-010', denominacion: 'Sobres manila A4 x 10', marca: 'Laprida', categoria: 'Oficina', costo: 2200, porcentaje: 55, stock: 65, descripcion: 'Sobres de papel madera 90 g, tamaño A4.' },
  { codigo: 'ART-001', denominacion: 'Acuarelas x 12 con pincel', marca: 'Faber-Castell', categoria: 'Arte y dibujo', costo: 5400, porcentaje: 55, stock: 25, descripcion: 'Estuche de 12 pastillas de acuarela con pincel incluido.' },
  { codigo: 'ART-002', denominacion: 'Témperas x 6 pomos', marca: 'Alba', categoria: 'Arte y dibujo', costo: 4100, porcentaje: 55, stock: 30, descripcion: 'Témperas escolares lavables en pomos de 10 ml.' },
  { codigo: 'ART-003', denominacion: 'Set de pinceles x 5', marca: 'Pinceles Tigre', categoria: 'Arte y dibujo', costo: 3700, porcentaje: 60, stock: 20, descripcion: 'Pinceles de pelo sintético, redondos y chatos, mango corto.' },
  { codigo: 'ART-004', denominacion: 'Lápices grafito Mars Lumograph x 6', marca: 'Staedtler', categoria: 'Arte y dibujo', costo: 8900, porcentaje: 50, stock: 18, descripcion: 'Set de dibujo técnico y artístico: 2H, HB, B, 2B, 4B y 6B.' },
  { codigo: 'ART-005', denominacion: 'Block de dibujo N° 5 blanco', marca: 'El Nene', categoria: 'Arte y dibujo', costo: 2500, porcentaje: 55, stock: 50, descripcion: 'Block de 24 hojas blancas de 120 g para técnicas secas y húmedas.' },
  { codigo: 'ART-006', denominacion: 'Marcadores acuarelables x 10', marca: 'Staedtler', categoria: 'Arte y dibujo', costo: 7200, porcentaje: 50, stock: 5, descripcion: 'Marcadores de doble punta que se difuminan con agua.' },
  { codigo: 'ART-007', denominacion: 'Crayones x 12', marca: 'Filgo', categoria: 'Arte y dibujo', costo: 1600, porcentaje: 60, stock: 40, descripcion: 'Crayones de cera de colores brillantes.' },
  { codigo: 'LIB-001', denominacion: 'Rayuela - Julio Cortázar', marca: 'Alfaguara', categoria: 'Libros', costo: 14500, porcentaje: 35, stock: 6, descripcion: 'La novela que cambió la forma de leer: se puede leer de corrido o saltando capítulos.' },
  { codigo: 'LIB-002', denominacion: 'Ficciones - Jorge Luis Borges', marca: 'Debolsillo', categoria: 'Libros', costo: 11800, porcentaje: 35, stock: 9, descripcion: 'Cuentos fundamentales de Borges: Tlön, La biblioteca de Babel, El jardín de senderos que se bifurcan.' },
  { codigo: 'LIB-003', denominacion: 'Cuentos de la selva - Horacio Quiroga', marca: 'Kapelusz', categoria: 'Libros', costo: 7600, porcentaje: 40, stock: 14, descripcion: 'Clásico para lectores jóvenes, con ilustraciones.' },
  { codigo: 'LIB-004', denominacion: 'Diccionario escolar de la lengua española', marca: 'Kapelusz', categoria: 'Libros', costo: 9900, porcentaje: 40, stock: 10, descripcion: 'Diccionario con más de 30.000 definiciones, sinónimos y antónimos.' },
  { codigo: 'LIB-005', denominacion: 'El principito - Antoine de Saint-Exupéry', marca: 'Salamandra', categoria: 'Libros', costo: 8800, porcentaje: 40, stock: 1, descripcion: 'Edición ilustrada del clásico para todas las edades.' },
  { codigo: 'REG-001', denominacion: 'Agenda 2027 diaria tapa dura', marca: 'Mooving', categoria: 'Regalería', costo: 13200, porcentaje: 45, stock: 22, descripcion: 'Agenda día por página con elástico, cinta señaladora y calendario.' },
  { codigo: 'REG-002', denominacion: 'Taza cerámica frase "Mendoza"', marca: 'Regalos Cuyo', categoria: 'Regalería', costo: 5200, porcentaje: 60, stock: 16, descripcion: 'Taza de cerámica de 350 ml, apta para microondas.' },
  { codigo: 'REG-003', denominacion: 'Set de lapiceras de regalo en estuche', marca: 'Pelikan', categoria: 'Regalería', costo: 16500, porcentaje: 45, stock: 7, descripcion: 'Estuche con pluma y bolígrafo, ideal para regalar.' },
  { codigo: 'REG-004', denominacion: 'Papel de regalo x 5 pliegos', marca: 'Laprida', categoria: 'Regalería', costo: 1900, porcentaje: 70, stock: 60, descripcion: 'Pliegos de 70x100 cm con diseños surtidos.' },
  { codigo: 'JUG-001', denominacion: 'Bloques de madera para encastrar x 50', marca: 'Didácticos Andes', categoria: 'Juguetes didácticos', costo: 15800, porcentaje: 45, stock: 9, descripcion: 'Bloques de colores para construir y aprender formas, desde 2 años.' },
  { codigo: 'JUG-002', denominacion: 'Rompecabezas mapa de Argentina 60 piezas', marca: 'Didácticos Andes', categoria: 'Juguetes didácticos', costo: 8400, porcentaje: 50, stock: 11, descripcion: 'Rompecabezas de provincias con sus capitales.' },
  { codigo: 'JUG-003', denominacion: 'Ábaco de madera 10 filas', marca: 'Didácticos Andes', categoria: 'Juguetes didácticos', costo: 7300, porcentaje: 50, stock: 13, descripcion: 'Ábaco para aprender a contar, sumar y restar.' },
  { codigo: 'JUG-004', denominacion: 'Masa para modelar x 6 colores', marca: 'Faber-Castell', categoria: 'Juguetes didácticos', costo: 3300, porcentaje: 55, stock: 28, descripcion: 'Masa blanda que no se seca, no tóxica.' },
  { codigo: 'PAP-001', denominacion: 'Resma A4 75 g x 500 hojas', marca: 'Autor', categoria: 'Papelería', costo: 7900, porcentaje: 35, stock: 70, descripcion: 'Papel blanco para impresoras láser y de chorro de tinta.' },
  { codigo: 'PAP-002', denominacion: 'Repuesto hojas rayadas N° 3 x 96', marca: 'Rivadavia', categoria: 'Papelería', costo: 3600, porcentaje: 50, stock: 85, descripcion: 'Hojas perforadas rayadas para carpeta N° 3.' },
  { codigo: 'PAP-003', denominacion: 'Cartulinas colores surtidos x 10', marca: 'Laprida', categoria: 'Papelería', costo: 2400, porcentaje: 60, stock: 40, descripcion: 'Cartulinas de 50x70 cm en colores surtidos.' },
  { codigo: 'PAP-004', denominacion: 'Papel glasé x 40 hojas', marca: 'El Nene', categoria: 'Papelería', costo: 1300, porcentaje: 70, stock: 55, descripcion: 'Sobre de papel glasé brillante y opaco.' },
  { codigo: 'TEC-001', denominacion: 'Calculadora científica 240 funciones', marca: 'Casio', categoria: 'Tecnología y calculadoras', costo: 24500, porcentaje: 40, stock: 10, descripcion: 'Calculadora científica para secundaria y universidad.' },
  { codigo: 'TEC-002', denominacion: 'Pendrive 64 GB', marca: 'Kingston', categoria: 'Tecnología y calculadoras', costo: 9800, porcentaje: 40, stock: 20, descripcion: 'Memoria USB 3.2 de 64 GB.' },
  { codigo: 'TEC-003', denominacion: 'Pilas AA alcalinas x 4', marca: 'Duracell', categoria: 'Tecnología y calculadoras', costo: 4900, porcentaje: 45, stock: 36, descripcion: 'Pilas alcalinas de larga duración.' },
];

export interface PromocionDemo {
  denominacion: string;
  descripcion: string;
  precioPromocional: number;
  /** Days from today: negative is in the past. */
  inicioDias: number;
  finDias: number;
  detalles: Array<{ codigo: string; cantidad: number }>;
}

export const PROMOCIONES_DEMO: PromocionDemo[] = [
  {
    denominacion: 'Vuelta al cole',
    descripcion: 'Cuaderno, lápices de colores y birome para arrancar el año.',
    precioPromocional: 19990,
    inicioDias: -10,
    finDias: 30,
    detalles: [
      { codigo: 'ESC-003', cantidad: 2 },
      { codigo: 'ESC-002', cantidad: 1 },
      { codigo: 'ESC-005', cantidad: 1 },
    ],
  },
  {
    denominacion: 'Combo oficina',
    descripcion: 'Bibliorato, resaltadores y notas adhesivas.',
    precioPromocional: 15500,
    inicioDias: -3,
    finDias: 20,
    detalles: [
      { codigo: 'OFI-001', cantidad: 1 },
      { codigo: 'OFI-003', cantidad: 1 },
      { codigo: 'OFI-006', cantidad: 2 },
    ],
  },
  {
    denominacion: 'Pequeños artistas',
    descripcion: 'Acuarelas, témperas y block de dibujo.',
    precioPromocional: 18900,
    inicioDias: -1,
    finDias: 15,
    detalles: [
      { codigo: 'ART-001', cantidad: 1 },
      { codigo: 'ART-002', cantidad: 1 },
      { codigo: 'ART-005', cantidad: 2 },
    ],
  },
  {
    denominacion: 'Día del lector',
    descripcion: 'Dos clásicos argentinos a precio especial.',
    precioPromocional: 29990,
    inicioDias: -40,
    finDias: -5,
    detalles: [
      { codigo: 'LIB-001', cantidad: 1 },
      { codigo: 'LIB-002', cantidad: 1 },
    ],
  },
];

export interface ListaDemo {
  escuela: string;
  localidad: 'CAPITAL' | 'GODOY_CRUZ' | 'GUAYMALLEN';
  nivel: 'INICIAL' | 'PRIMARIO' | 'SECUNDARIO';
  grado: string;
  notas: string;
  /** `codigo` null: the school's text stays free text. `alternativas`: codes tried in order without stock. */
  items: Array<{ cantidad: number; texto: string; codigo: string | null; alternativas?: string[]; opcional?: boolean }>;
}

/** Published school lists of real-looking Mendoza schools (issue 20), for next school year. */
export const LISTAS_DEMO: ListaDemo[] = [
  {
    escuela: 'Escuela N° 1-001 Gral. José de San Martín',
    localidad: 'CAPITAL',
    nivel: 'PRIMARIO',
    grado: '1er grado',
    notas: 'Todos los útiles con nombre y apellido. Traer los materiales la primera semana de clases.',
    items: [
      { cantidad: 2, texto: 'cuadernos tapa dura 50 hojas rayadas', codigo: 'ESC-003' },
      { cantidad: 1, texto: 'caja de lápices negros', codigo: 'ESC-001' },
      { cantidad: 1, texto: 'caja de lápices de colores largos', codigo: 'ESC-002' },
      { cantidad: 2, texto: 'gomas de borrar blancas', codigo: 'ESC-006' },
      { cantidad: 1, texto: 'sacapuntas con depósito', codigo: 'ESC-007' },
      { cantidad: 1, texto: 'regla de 30 cm', codigo: 'ESC-008' },
      { cantidad: 1, texto: 'tijera punta redonda', codigo: 'ESC-009' },
      { cantidad: 2, texto: 'plasticolas', codigo: 'ESC-010' },
      { cantidad: 1, texto: 'marcadores x 12', codigo: 'ESC-012', alternativas: ['ART-006', 'ART-007'] },
      { cantidad: 1, texto: 'block de hojas blancas N° 5', codigo: 'ART-005' },
      { cantidad: 1, texto: 'sobre de papel glasé', codigo: 'PAP-004' },
      { cantidad: 1, texto: 'cartuchera', codigo: 'ESC-011', opcional: true },
      { cantidad: 1, texto: 'carpeta N° 3 con elástico forrada con papel araña azul', codigo: null },
    ],
  },
  {
    escuela: 'Escuela N° 1-211 Maestro Quiroga',
    localidad: 'GODOY_CRUZ',
    nivel: 'INICIAL',
    grado: 'Sala de 5',
    notas: 'Todo en una bolsa con el nombre del nene o la nena.',
    items: [
      { cantidad: 1, texto: 'caja de crayones gruesos', codigo: 'ART-007' },
      { cantidad: 1, texto: 'témperas x 6', codigo: 'ART-002' },
      { cantidad: 1, texto: 'pincel grueso', codigo: 'ART-003' },
      { cantidad: 2, texto: 'blocks de dibujo N° 5 blancos', codigo: 'ART-005' },
      { cantidad: 1, texto: 'sobre de papel glasé', codigo: 'PAP-004' },
      { cantidad: 1, texto: 'cartulinas de colores', codigo: 'PAP-003' },
      { cantidad: 1, texto: 'plasticola', codigo: 'ESC-010' },
      { cantidad: 1, texto: 'tijera punta roma', codigo: 'ESC-009' },
      { cantidad: 1, texto: 'masa para modelar', codigo: 'JUG-004' },
      { cantidad: 1, texto: 'marcadores gruesos', codigo: 'ESC-012', alternativas: ['ART-006'] },
      { cantidad: 1, texto: 'delantal de plástico para plástica', codigo: null },
    ],
  },
  {
    escuela: 'Escuela N° 4-020 Ingeniero Pablo Nogués',
    localidad: 'GUAYMALLEN',
    nivel: 'SECUNDARIO',
    grado: '1er año',
    notas: 'Carpeta única para todas las materias, con separadores.',
    items: [
      { cantidad: 1, texto: 'carpeta A4 de 3 anillos', codigo: 'OFI-002' },
      { cantidad: 2, texto: 'repuestos de hojas rayadas N° 3', codigo: 'PAP-002' },
      { cantidad: 1, texto: 'cuaderno universitario cuadriculado', codigo: 'ESC-004' },
      { cantidad: 1, texto: 'biromes azules', codigo: 'ESC-005' },
      { cantidad: 1, texto: 'lápiz negro HB', codigo: 'ESC-001' },
      { cantidad: 1, texto: 'goma de borrar', codigo: 'ESC-006' },
      { cantidad: 1, texto: 'corrector', codigo: 'OFI-008' },
      { cantidad: 1, texto: 'resaltadores', codigo: 'OFI-003', alternativas: ['OFI-004'] },
      { cantidad: 1, texto: 'regla de 30 cm', codigo: 'ESC-008' },
      { cantidad: 1, texto: 'calculadora científica', codigo: 'TEC-001' },
      { cantidad: 1, texto: 'diccionario escolar', codigo: 'LIB-004' },
      { cantidad: 1, texto: 'Cuentos de la selva (Horacio Quiroga)', codigo: 'LIB-003' },
      { cantidad: 1, texto: 'compás con portaminas', codigo: null },
      { cantidad: 1, texto: 'pendrive para informática', codigo: 'TEC-002', opcional: true },
    ],
  },
];

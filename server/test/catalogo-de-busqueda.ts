// A stationery catalogue for search: the relevance set's fixed "anchor" products (relevancia.json) among
// generated ones with realistic names (kinds x attributes x sizes x colours x brands). Shared by the
// bench (100,000 products) and the relevance API test (a few thousand): the same products for the same n.
import { calcularPrecio } from '../../domain/money';
import { normalizarBusqueda } from '../../domain/texto';
import type { Db } from '../db/client';
import { categoria, producto } from '../db/schema';
import relevancia from './relevancia.json';

export interface Ancla {
  codigo: string;
  denominacion: string;
  marca: string;
  categoria: string;
  /** More than any generated product sells: among equal matches, the anchor is the shop's best seller. */
  vendidos: number;
}

export interface ConsultaDeRelevancia {
  q: string;
  /** What it tests: palabra, plural, acentos, error, sinonimo, orden, marca, codigo. */
  tipo: string;
  /** Codes of the products a customer means: one of them must be among the first 3 results. */
  esperados: string[];
}

export const ANCLAS: Ancla[] = relevancia.anclas;
export const CONSULTAS_DE_RELEVANCIA: ConsultaDeRelevancia[] = relevancia.consultas;

/** Generated products' codes: 'BN' and the number, 1-based ('BN000777'). */
export const codigoGenerado = (n: number) => `BN${String(n).padStart(6, '0')}`;

interface Clase {
  /** Singular and, when packs read naturally in plural, the plural ('Lápices negros HB x12'). */
  nombre: string;
  plural?: string;
  categoria: string;
  /** One value of each list, in order; '' leaves the slot out. */
  atributos: string[][];
}

const COLORES = ['azul', 'negro', 'rojo', 'verde', 'amarillo', 'rosa', 'naranja', 'violeta', 'celeste', 'blanco', 'gris', 'pastel', 'flúo'];
const PACKS = ['', '', 'x3', 'x6', 'x12', 'x24'];

// No regional word of the synonym list (birome, plasticola, voligoma, liquid paper, fibra, resaltador...)
// appears here: the relevance set checks that a search by them finds what the catalogue calls otherwise.
const CLASES: Clase[] = [
  { nombre: 'Cuaderno', plural: 'Cuadernos', categoria: 'Cuadernos', atributos: [['tapa dura', 'espiral', 'universitario', 'ABC', 'tapa flexible', 'forrado'], ['42 hojas', '48 hojas', '84 hojas', '96 hojas', '120 hojas'], ['rayadas', 'cuadriculadas', 'lisas', 'mixtas'], ['', 'x3']] },
  { nombre: 'Lápiz negro', plural: 'Lápices negros', categoria: 'Escritura', atributos: [['HB', '2B', '4B', '6B', 'H', '2H'], ['', 'con goma', 'triangular', 'ecológico'], PACKS] },
  { nombre: 'Lápices de colores', categoria: 'Arte y dibujo', atributos: [['x6', 'x12', 'x36', 'x48'], ['cortos', 'acuarelables', 'pastel', 'metalizados', 'triangulares']] },
  { nombre: 'Bolígrafo', plural: 'Bolígrafos', categoria: 'Escritura', atributos: [COLORES.slice(0, 4), ['trazo grueso', 'punta 0.7', 'con tapa', 'gel', 'cristal', 'multicolor'], PACKS] },
  { nombre: 'Marcador', plural: 'Marcadores', categoria: 'Marcadores', atributos: [['permanente', 'al agua', 'para pizarra', 'flúo', 'para tela', 'doble punta', 'metalizado'], COLORES, ['', 'punta biselada', 'punta fina', 'x4']] },
  { nombre: 'Adhesivo vinílico', categoria: 'Adhesivos', atributos: [['30 g', '50 g', '90 g', '500 g', '4 kg'], ['', 'escolar', 'lavable', 'con aplicador']] },
  { nombre: 'Adhesivo en barra', categoria: 'Adhesivos', atributos: [['8 g', '10 g', '36 g', '40 g'], ['', 'de color', 'escolar']] },
  { nombre: 'Adhesivo instantáneo', categoria: 'Adhesivos', atributos: [['2 g', '3 g', '5 g'], ['', 'gel', 'pincel']] },
  { nombre: 'Corrector', plural: 'Correctores', categoria: 'Correctores', atributos: [['tipo lapicera 8 ml', 'en cinta 4.2 mm', 'en cinta 6 mm', 'líquido 12 ml', 'con esponja'], ['', 'x2', 'mini']] },
  { nombre: 'Carpeta', plural: 'Carpetas', categoria: 'Carpetas', atributos: [['nº3', 'nº5', 'A4', 'oficio', 'colegial'], ['con anillos', 'con elástico', 'de cartón', 'plástica', 'con solapas', 'con broche'], ['', ...COLORES.slice(0, 9)]] },
  { nombre: 'Goma de borrar', plural: 'Gomas de borrar', categoria: 'Escritura', atributos: [['', 'blanca', 'miga de pan', 'doble uso', 'con funda'], ['', 'chica', 'grande'], PACKS] },
  { nombre: 'Sacapuntas', categoria: 'Escritura', atributos: [['', 'con depósito', 'doble', 'de aluminio', 'eléctrico'], ['', 'para lápiz jumbo'], ['', 'x2', 'x10']] },
  { nombre: 'Regla', plural: 'Reglas', categoria: 'Geometría', atributos: [['15 cm', '20 cm', '40 cm', '60 cm'], ['', 'de aluminio', 'flexible', 'acrílica', 'de madera']] },
  { nombre: 'Escuadra', plural: 'Escuadras', categoria: 'Geometría', atributos: [['16 cm', '25 cm', '32 cm'], ['45°', '60°'], ['', 'acrílica']] },
  { nombre: 'Compás', categoria: 'Geometría', atributos: [['', 'metálico', 'plástico'], ['', 'con adaptador', 'con estuche']] },
  { nombre: 'Juego de geometría', categoria: 'Geometría', atributos: [['3 piezas', '4 piezas'], ['', 'acrílico', 'flexible']] },
  { nombre: 'Tijera', plural: 'Tijeras', categoria: 'Tijeras y cutters', atributos: [['de oficina', 'zigzag', 'para zurdos', 'de modista'], ['13 cm', '17 cm', '21 cm'], ['', 'mango de goma']] },
  { nombre: 'Cutter', categoria: 'Tijeras y cutters', atributos: [['9 mm', '18 mm'], ['', 'con traba', 'metálico']] },
  { nombre: 'Cinta adhesiva', plural: 'Cintas adhesivas', categoria: 'Adhesivos', atributos: [['12 mm', '48 mm'], ['doble faz', 'de embalar', 'de color', 'mágica'], ['', '30 m', '50 m']] },
  { nombre: 'Abrochadora', categoria: 'Oficina', atributos: [['nº21/6', 'nº24/6', 'de pinza', 'de escritorio'], ['', 'metálica', 'plástica']] },
  { nombre: 'Perforadora', categoria: 'Oficina', atributos: [['de 1 agujero', 'de 4 agujeros', 'de escritorio'], ['', 'metálica']] },
  { nombre: 'Broches', categoria: 'Oficina', atributos: [['nº21/6', 'nº24/6', 'nº50'], ['caja x500', 'caja x5000']] },
  { nombre: 'Clips', categoria: 'Oficina', atributos: [['nº2', 'nº4', 'nº6', 'mariposa'], ['', 'de color'], ['x50', 'x100']] },
  { nombre: 'Repuesto de hojas', categoria: 'Papelería', atributos: [['nº3', 'A4', 'oficio'], ['cuadriculadas', 'lisas', 'canson', 'de color'], ['x96', 'x288']] },
  { nombre: 'Block de dibujo', plural: 'Blocks de dibujo', categoria: 'Arte y dibujo', atributos: [['nº5', 'nº6', 'A3'], ['de color', 'negro', 'canson'], ['8 hojas', '24 hojas']] },
  { nombre: 'Témpera', plural: 'Témperas', categoria: 'Pinturas', atributos: [['15 ml', '70 ml', '1 litro'], ['', ...COLORES.slice(0, 11)], ['', 'x6', 'x10', 'escolar']] },
  { nombre: 'Acrílico', plural: 'Acrílicos', categoria: 'Pinturas', atributos: [['60 ml', '200 ml'], COLORES.slice(0, 11), ['', 'decorativo', 'metalizado']] },
  { nombre: 'Acuarela', plural: 'Acuarelas', categoria: 'Pinturas', atributos: [['x6', 'x24', 'en tubo', 'líquida'], ['', 'escolar', 'artística']] },
  { nombre: 'Pincel', plural: 'Pinceles', categoria: 'Pinceles', atributos: [['nº0', 'nº2', 'nº4', 'nº6', 'nº10', 'nº12'], ['de cerda', 'pelo de marta'], ['punta redonda', 'punta chata', 'lengua de gato']] },
  { nombre: 'Crayón', plural: 'Crayones', categoria: 'Arte y dibujo', atributos: [['de cera', 'triangular', 'lavable'], ['x6', 'x24']] },
  { nombre: 'Agenda', plural: 'Agendas', categoria: 'Agendas', atributos: [['2026', '2027', 'perpetua'], ['semanal', 'dos días por página', 'con anillos'], ['', 'tapa dura', 'tapa blanda']] },
  { nombre: 'Calculadora', plural: 'Calculadoras', categoria: 'Calculadoras', atributos: [['de bolsillo', 'de escritorio', 'financiera', 'gráfica', 'con impresora'], ['8 dígitos', '10 dígitos', '12 dígitos']] },
  { nombre: 'Mochila', plural: 'Mochilas', categoria: 'Mochilas', atributos: [['urbana', 'de espalda', 'para notebook', 'jardín'], ['16 pulgadas', '18 pulgadas', ''], ['', ...COLORES.slice(0, 11)]] },
  { nombre: 'Cartuchera', plural: 'Cartucheras', categoria: 'Cartucheras', atributos: [['1 piso', '3 pisos', 'tubo', 'canopla', 'con cierre'], ['', 'vacía', 'completa']] },
  { nombre: 'Resma', plural: 'Resmas', categoria: 'Resmas', atributos: [['carta', 'oficio', 'A3'], ['70 g', '80 g', '90 g'], ['100 hojas', '500 hojas']] },
  { nombre: 'Sobre', plural: 'Sobres', categoria: 'Sobres', atributos: [['blanco', 'bolsa', 'madera', 'de color'], ['oficio', 'carta', '23 x 16'], ['x10', 'x100', '']] },
  { nombre: 'Etiqueta', plural: 'Etiquetas', categoria: 'Etiquetas', atributos: [['autoadhesiva', 'para carpeta', 'para CD', 'de precio'], ['x100', 'x500']] },
  { nombre: 'Papel glasé', categoria: 'Manualidades', atributos: [['flúo', 'común', 'lustre'], ['x50', 'x100']] },
  { nombre: 'Cartulina', plural: 'Cartulinas', categoria: 'Manualidades', atributos: [COLORES.slice(0, 11), ['', 'metalizada', 'entelada'], ['', 'x10']] },
  { nombre: 'Plastilina', categoria: 'Manualidades', atributos: [['x6', 'x12'], ['', 'escolar', 'no tóxica']] },
  { nombre: 'Goma eva', categoria: 'Manualidades', atributos: [['lisa', 'con brillo', 'toalla'], ['', ...COLORES.slice(0, 11)], ['40 x 60', 'A4']] },
  { nombre: 'Portaminas', categoria: 'Escritura', atributos: [['0.3 mm', '0.7 mm', '0.9 mm', '2 mm'], ['', 'metálico', 'con grip']] },
  { nombre: 'Minas', categoria: 'Escritura', atributos: [['0.7 mm', '0.9 mm'], ['2B', 'H'], ['', 'x12']] },
  { nombre: 'Notas adhesivas', categoria: 'Oficina', atributos: [['38 x 51', '76 x 127'], ['pastel', 'flúo', 'surtidas'], ['', 'x4']] },
  { nombre: 'Bibliorato', plural: 'Biblioratos', categoria: 'Archivo', atributos: [['oficio', 'carta'], ['lomo 5 cm', 'lomo 8 cm'], ['', 'forrado', 'plastificado']] },
  { nombre: 'Folio', plural: 'Folios', categoria: 'Archivo', atributos: [['oficio', 'carta'], ['x50', 'x100'], ['', 'reforzado']] },
  { nombre: 'Caja archivo', plural: 'Cajas archivo', categoria: 'Archivo', atributos: [['oficio', 'carta'], ['plástica', 'de cartón'], ['', 'lomo 12 cm']] },
  { nombre: 'Pizarra', plural: 'Pizarras', categoria: 'Pizarras', atributos: [['de corcho', 'magnética', 'de tiza'], ['30 x 40', '40 x 60', '90 x 120']] },
  { nombre: 'Tiza', plural: 'Tizas', categoria: 'Pizarras', atributos: [['', 'de color', 'antialérgica'], ['x12', 'x50']] },
  { nombre: 'Libro para colorear', categoria: 'Libros', atributos: [['animales', 'mandalas', 'princesas', 'dinosaurios'], ['', 'con stickers']] },
  { nombre: 'Diccionario', categoria: 'Libros', atributos: [['escolar', 'inglés-español', 'de sinónimos'], ['', 'ilustrado']] },
  { nombre: 'Rompecabezas', categoria: 'Didácticos', atributos: [['24 piezas', '100 piezas', '500 piezas'], ['', 'de madera']] },
  { nombre: 'Ábaco', categoria: 'Didácticos', atributos: [['', 'de madera', 'escolar']] },
  { nombre: 'Taza', categoria: 'Regalería', atributos: [['cerámica', 'con frase', 'térmica'], ['', ...COLORES.slice(0, 6)]] },
  { nombre: 'Pendrive', categoria: 'Tecnología', atributos: [['16 GB', '32 GB', '64 GB'], ['', 'USB 3.0']] },
  { nombre: 'Anillado', categoria: 'Anillados', atributos: [['hasta 100 hojas', 'hasta 300 hojas'], ['tapa transparente', 'tapa de color']] },
];

/** Each kind of product as a visitor types it ('lapiz negro', 'cuaderno'). */
export const TERMINOS_DE_CLASE = CLASES.map((c) => normalizarBusqueda(c.nombre));

const MARCAS_REALES = ['Faber-Castell', 'Rivadavia', 'Maped', 'Bic', 'Filgo', 'Staedtler', 'Pizzini', 'Ledesma', 'Gloria', 'Simball', 'Pelikan', 'Trabi', 'Ezco', 'Mooving', 'Éxito', 'Casio', 'Laprida', 'Sifap', 'Pentel', 'Stabilo', 'Parker', 'Pegafix'];
const SILABAS = [['Ka', 'Lu', 'Mi', 'To', 'Re', 'Sa', 'Vi', 'No', 'Qui', 'Za', 'Be', 'Co', 'Fa', 'Ga', 'Ju', 'Ne', 'Pa', 'Ro', 'Te', 'Ya'], ['ral', 'mex', 'tix', 'var', 'lon', 'ven', 'nar', 'gal', 'bel', 'rim']];

/** The brands: the real ones first, then invented ones that read as brands ('Kamex', 'Luvar'). */
export function marcasDeCatalogo(n: number): string[] {
  const lista = [...MARCAS_REALES];
  for (let i = 0; lista.length < n && i < 200; i++) lista.push(`${SILABAS[0]![i % 20]}${SILABAS[1]![Math.floor(i / 20)]}`);
  for (let i = 1; lista.length < n; i++) lista.push(`Marca ${i}`);
  return lista.slice(0, n);
}

export const CATEGORIAS_DE_CATALOGO = [...new Set([...CLASES.map((c) => c.categoria), ...ANCLAS.map((a) => a.categoria)])];

/** Deterministic pseudo-random in [0, 1) from an integer (a hash, not a sequence: any product alone). */
function azar(n: number, sal: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(sal + 1, 0xc2b2ae35);
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d);
  x ^= x >>> 12;
  x = Math.imul(x, 0x297a2d39);
  x ^= x >>> 15;
  return (x >>> 0) / 2 ** 32;
}
const elegir = <T>(lista: readonly T[], n: number, sal: number): T => lista[Math.floor(azar(n, sal) * lista.length)]!;

/** As shop staff type names: mostly capitalized, some all capitals, some lower case, some without accents. */
function escritura(nombre: string, n: number): string {
  const r = azar(n, 99);
  if (r < 0.06) return nombre.toUpperCase();
  if (r < 0.12) return nombre.toLowerCase();
  if (r < 0.2) return nombre.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  return nombre;
}

export interface ProductoDeCatalogo {
  codigo: string;
  denominacion: string;
  marca: string;
  categoria: string;
  costo: number;
  porcentaje: number;
  cantidadVendida: number;
}

/** Generated product number n (1-based). */
export function productoGenerado(n: number, marcas: readonly string[]): ProductoDeCatalogo {
  const clase = elegir(CLASES, n, 1);
  const partes = clase.atributos.map((valores, i) => elegir(valores, n, 10 + i)).filter((v) => v !== '');
  const enPlural = clase.plural && partes.some((p) => /^x\d+$/.test(p)) && azar(n, 2) < 0.5;
  const denominacion = escritura([enPlural ? clase.plural : clase.nombre, ...partes].join(' '), n);
  // Sales fall off steeply, as a catalogue's do: a few sell hundreds, most a handful (all below the anchors).
  const cantidadVendida = Math.floor(900 * azar(n, 3) ** 6);
  return {
    codigo: codigoGenerado(n),
    denominacion,
    marca: elegir(marcas, n, 4),
    categoria: clase.categoria,
    costo: Math.round(15_000 + azar(n, 5) * 985_000) / 100,
    porcentaje: 30 + Math.floor(azar(n, 6) * 50),
    cantidadVendida,
  };
}

const anclaComoProducto = (a: Ancla, i: number): ProductoDeCatalogo => ({
  codigo: a.codigo,
  denominacion: a.denominacion,
  marca: a.marca,
  categoria: a.categoria,
  costo: 500 + i * 37,
  porcentaje: 50,
  cantidadVendida: a.vendidos,
});

export interface OpcionesCatalogo {
  /** Generated products besides the anchors. */
  productos: number;
  marcas?: number;
  /** Stock of product number i (1-based, anchors first); 10 by default. */
  stock?: (i: number) => number;
  descripcion?: string;
}

/**
 * Inserts the categories, the anchors (ids first) and the generated products, in statements of a few
 * thousand rows. No stock movements: the caller writes them (the bench with one set-based INSERT).
 */
export async function cargarCatalogo(db: Db, opciones: OpcionesCatalogo): Promise<{ categorias: number; productos: number }> {
  const categorias = await db
    .insert(categoria)
    .values(CATEGORIAS_DE_CATALOGO.map((denominacion) => ({ denominacion })))
    .returning();
  const idCategoria = new Map(categorias.map((c) => [c.denominacion, c.id]));
  const marcas = marcasDeCatalogo(opciones.marcas ?? 200);
  const total = ANCLAS.length + opciones.productos;
  const fila = (i: number) => {
    const p = i <= ANCLAS.length ? anclaComoProducto(ANCLAS[i - 1]!, i) : productoGenerado(i - ANCLAS.length, marcas);
    return {
      denominacion: p.denominacion,
      marca: p.marca,
      codigo: p.codigo,
      costo: p.costo,
      porcentaje: p.porcentaje,
      precio: calcularPrecio(p.costo, p.porcentaje),
      stock: opciones.stock?.(i) ?? 10,
      cantidadVendida: p.cantidadVendida,
      descripcion: opciones.descripcion ?? '',
      categoriaId: idCategoria.get(p.categoria)!,
    };
  };
  // 11 parameters a row: 4,000 rows stay below PostgreSQL's 65,535 parameters per statement.
  const LOTE = 4000;
  for (let desde = 1; desde <= total; desde += LOTE) {
    const filas = Array.from({ length: Math.min(LOTE, total - desde + 1) }, (_, k) => fila(desde + k));
    await db.insert(producto).values(filas);
  }
  return { categorias: categorias.length, productos: total };
}

// ---- The relevance score ----

export interface Relevancia {
  consultas: number;
  aciertos: number;
  /** Share of queries with an expected product among the first 3 results. */
  puntaje: number;
  fallos: Array<{ q: string; tipo: string; esperados: string[]; primeros: string[] }>;
}

/** Asks the catalogue every query of the relevance set (`buscar` answers the codes of the first page, in order). */
export async function medirRelevancia(buscar: (q: string) => Promise<string[]>): Promise<Relevancia> {
  const fallos: Relevancia['fallos'] = [];
  for (const c of CONSULTAS_DE_RELEVANCIA) {
    const primeros = (await buscar(c.q)).slice(0, 3);
    if (!primeros.some((codigo) => c.esperados.includes(codigo))) fallos.push({ ...c, primeros });
  }
  const consultas = CONSULTAS_DE_RELEVANCIA.length;
  return { consultas, aciertos: consultas - fallos.length, puntaje: (consultas - fallos.length) / consultas, fallos };
}

export const describirFallo = (f: Relevancia['fallos'][number]) =>
  `'${f.q}' (${f.tipo}): se esperaba ${f.esperados.join(' o ')}, llegaron ${f.primeros.length ? f.primeros.join(', ') : 'ningún resultado'}`;


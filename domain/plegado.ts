// How the search folds Spanish words so that forms of one word meet (issue 17): accents and case aside,
// plural and gender folded by a light stemmer ('rayadas' ~ 'rayado', 'lápices' ~ 'lápiz', 'gomas' ~
// 'goma'). The database applies the same rules when a product is written (`busqueda_plegar` and
// `busqueda_raiz` in the search migration, kept equal to these by server/productos/busqueda.test.ts).

/** The accented letters the database folds with `translate` (the same list, in server/db/texto-sql.ts). */
export const CON_ACENTO = 'áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ';
export const SIN_ACENTO = 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC';
const plegables = new Map([...CON_ACENTO].map((c, i) => [c, SIN_ACENTO[i]!]));

/** Lower case, without the accents of Spanish (and Portuguese/French brands): 'Lápiz Ñandú' -> 'lapiz nandu'. */
export const plegar = (texto: string): string => [...texto].map((c) => plegables.get(c) ?? c).join('').toLowerCase();

/** Words a query does without: 'cuaderno de 50 hojas' asks for 'cuaderno', '50' and 'hojas'. */
export const PALABRAS_VACIAS: ReadonlySet<string> = new Set([
  'a', 'al', 'de', 'del', 'el', 'la', 'las', 'los', 'lo', 'un', 'una', 'unos', 'unas', 'y', 'e', 'o', 'u',
  'con', 'sin', 'para', 'por', 'en', 'x',
]);

/** The folded words of a text, split on anything that is not a letter or a digit. */
export const palabrasDe = (texto: string): string[] => plegar(texto).split(/[^a-z0-9]+/).filter((p) => p !== '');

/**
 * A product code as it is compared: its folded letters and digits, without separators, so 'ESC-003',
 * 'esc 003' and 'ESC003' are one code. The database's `busqueda_codigo` (migration 0022) is the same rule.
 */
export const codigoCompacto = (texto: string): string => palabrasDe(texto).join('');

/**
 * The root of one folded word: plural then gender. 'lapices' -> 'lapiz', 'colores' -> 'color',
 * 'gomas' -> 'gom', 'rayadas'/'rayado' -> 'rayad', 'verdes' -> 'verd'. Words of 3 letters or less and
 * words with digits ('a4', '50', codes) stay as they are.
 */
export function raiz(palabra: string): string {
  if (palabra.length <= 3 || /[0-9]/.test(palabra)) return palabra;
  let s = palabra;
  if (/[aeiou]ces$/.test(s) && s.length > 4) s = `${s.slice(0, -3)}z`;
  else if (/[^aeiou]es$/.test(s) && s.length > 4) s = s.slice(0, -2);
  else if (/[aeo]s$/.test(s)) s = s.slice(0, -1);
  if (s.length > 3 && /[aeo]$/.test(s)) s = s.slice(0, -1);
  return s;
}

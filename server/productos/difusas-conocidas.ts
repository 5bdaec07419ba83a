import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { filasDelCatalogo } from '../db/preparadas';

// A typed word's nearest terms (its typos: 'lapis' -> lápiz), kept in memory per version of the catalogue's
// terms (migration 0023). Finding them (`busqueda_difusas`: trigram distance over every term, and the
// one-letter variants) was a fifth of a typo search's time in PostgreSQL at 100,000 products, and the
// answer moves only when a new term comes. A search passes what is known with the version it was found at,
// and PostgreSQL uses it only while that is still the version (server/productos/busqueda.ts `terminosDe`):
// another instance's write, or one a moment ago, makes the statement find them again, never use old ones.

/**
 * Nearest terms tried for a typo, how far they may be (trigram distance, 1 - similarity), and how much
 * farther than the nearest: every typo term ranks alike, so a far one ('cart' for 'cartuchear', beside
 * 'cartucher') put cards and letter-size files among the pencil cases, and its products had to be ranked.
 * The terms one letter away ('agneda' -> 'agend') come too: `busqueda_difusas`, migration 0019.
 */
const DIFUSAS_MAXIMAS = 3;
const DISTANCIA_MAXIMA = 0.75;
const MARGEN_DIFUSAS = 0.15;

/** The nearest terms of the root `w`, as a from-item of (palabra, id). */
export const difusasDe = (w: SQL): SQL =>
  sql`busqueda_difusas(${w}, ${sql.raw(String(DIFUSAS_MAXIMAS))}, ${sql.raw(String(DISTANCIA_MAXIMA))}, ${sql.raw(String(MARGEN_DIFUSAS))})`;

/** The terms' version now, as a scalar subquery. */
export const versionDeTerminos = sql`(select valor from contador_catalogo where nombre = 'terminos')`;

/** A root's nearest terms, and the terms' version they were found at. */
export interface Difusas {
  version: number;
  palabras: string[];
  ids: number[];
}

/** What a statement is passed for a root not known yet: a version there never is (it starts at 1). */
export const DIFUSAS_DESCONOCIDAS: Difusas = { version: -1, palabras: [], ids: [] };

/** Roots kept (a root is at most 100 characters: about 3 MB); past it, memory starts again. */
const RAICES_MAXIMAS = 20_000;
/** Lookups under way at once: a burst of new words fills memory a few at a time, beside the searches. */
const BUSQUEDAS_MAXIMAS = 8;
/** How often the version is read again: a new term, or a restored backup, makes what memory knows old. */
const VIGENCIA_MS = 1_000;

interface Memoria {
  version: number;
  porRaiz: Map<string, Difusas>;
  /** Lookups under way, by root: a caller that must wait for one (the bench) waits for that one. */
  buscando: Map<string, Promise<void>>;
  comprobada: number;
  comprobando: boolean;
}

const memorias = new WeakMap<Db, Memoria>();

function memoriaDe(db: Db): Memoria {
  let m = memorias.get(db);
  if (!m) {
    m = { version: 0, porRaiz: new Map(), buscando: new Map(), comprobada: Date.now(), comprobando: false };
    memorias.set(db, m);
  }
  return m;
}

/** Another version empties memory: what it knew was found among other terms (fewer, or a restored backup's). */
function cambiarVersion(m: Memoria, version: number): void {
  if (version !== m.version) {
    m.version = version;
    m.porRaiz.clear();
  }
}

type Numero = number | string | bigint;

function buscarDifusas(db: Db, m: Memoria, raiz: string): Promise<void> {
  const enCurso = m.buscando.get(raiz);
  if (enCurso) return enCurso;
  const busqueda = leerDifusas(db, m, raiz).finally(() => m.buscando.delete(raiz));
  m.buscando.set(raiz, busqueda);
  return busqueda;
}

async function leerDifusas(db: Db, m: Memoria, raiz: string): Promise<void> {
  // One statement: the terms and the version are of one snapshot.
  const [fila] = await filasDelCatalogo<{ version: Numero; palabras: string[] | null; ids: Numero[] | null }>(
    db,
    sql`select ${versionDeTerminos} as version, array_agg(d.palabra) as palabras, array_agg(d.id) as ids from ${difusasDe(sql`${raiz}::text`)} d`,
  );
  const version = Number(fila!.version);
  // A newer version is taken; an older one is a lookup that began before the last reading.
  if (version > m.version) cambiarVersion(m, version);
  if (version !== m.version) return;
  if (m.porRaiz.size >= RAICES_MAXIMAS) m.porRaiz.clear();
  m.porRaiz.set(raiz, { version, palabras: fila!.palabras ?? [], ids: (fila!.ids ?? []).map(Number) });
}

async function comprobarVersion(db: Db, m: Memoria): Promise<void> {
  m.comprobando = true;
  try {
    const [fila] = await filasDelCatalogo<{ version: Numero }>(db, sql`select ${versionDeTerminos} as version`);
    cambiarVersion(m, Number(fila!.version));
    m.comprobada = Date.now();
  } finally {
    m.comprobando = false;
  }
}

// A lookup that fails leaves the root unknown: its searches find its terms themselves, as before.
const enSegundoPlano = (tarea: Promise<void>): void => void tarea.catch(() => undefined);

/**
 * The nearest terms of `raiz` as known now, or `DIFUSAS_DESCONOCIDAS`; then, without waiting, they are
 * looked for when unknown, and the version is read again when it was read over a second ago.
 */
export function difusasConocidas(db: Db, raiz: string): Difusas {
  const m = memoriaDe(db);
  const conocidas = m.porRaiz.get(raiz);
  if (!conocidas && m.buscando.size < BUSQUEDAS_MAXIMAS) enSegundoPlano(buscarDifusas(db, m, raiz));
  if (!m.comprobando && Date.now() - m.comprobada > VIGENCIA_MS) enSegundoPlano(comprobarVersion(db, m));
  return conocidas ?? DIFUSAS_DESCONOCIDAS;
}

/** Looks for the roots' nearest terms and waits: the bench's statements are those of a server that has seen the words. */
export async function conocerDifusas(db: Db, raices: string[]): Promise<void> {
  const m = memoriaDe(db);
  for (const raiz of raices) if (!m.porRaiz.has(raiz)) await buscarDifusas(db, m, raiz);
}

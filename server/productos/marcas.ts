import type { Db } from '../db/client';
import { ejecutar, sqlDeMarcas } from './busqueda';

// The catalogue's distinct brands (the filter's list, in every catalogue answer), kept in memory per
// database with the version the triggers move when a brand appears or disappears (migration 0010).
// Each page reads the version in its own statement, so a brand added on any instance shows in the
// next request everywhere, and the list is read again only then.

/** Spanish order ('Ñ' after 'N', accents and case aside), whatever the database's collation. */
const ordenEspanol = new Intl.Collator('es', { sensitivity: 'base' });

const recordadas = new WeakMap<Db, { version: number; marcas: string[] }>();

/** The brands as of `version` (the page's); null when the page could not tell (they are read). */
export async function marcasDelCatalogo(db: Db, version: number | null): Promise<string[]> {
  const guardadas = recordadas.get(db);
  if (version !== null && guardadas?.version === version) return guardadas.marcas;
  const filas = await ejecutar<{ version_marcas: number | string | bigint | null; marca: string }>(db, sqlDeMarcas);
  const marcas = filas.map((f) => f.marca).sort(ordenEspanol.compare);
  const leida = filas[0]?.version_marcas;
  if (leida !== null && leida !== undefined) recordadas.set(db, { version: Number(leida), marcas });
  return marcas;
}

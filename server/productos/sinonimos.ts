import { asc, eq } from 'drizzle-orm';
import { MENSAJES_SINONIMO, type Sinonimo } from '../../domain/busqueda';
import { plegar } from '../../domain/plegado';
import { registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { sinonimo } from '../db/schema';
import { Conflicto, Invalido, NoEncontrado } from '../errors';
import { codigoPg } from '../http/manejar-errores';
import { olvidarSinonimos } from './busqueda';

// The regional synonyms of 'Sinónimos' (admin). Every change is audited and forgotten by the search's
// memory of them (`olvidarSinonimos`), so the next search uses it.

export const listarSinonimos = (db: Db): Promise<Sinonimo[]> =>
  db.select().from(sinonimo).orderBy(asc(sinonimo.termino), asc(sinonimo.id));

export interface DatosSinonimo {
  termino: string;
  equivalente: string;
}

/** Both sides trimmed, their inner spaces single; equal sides (accents and case aside) are refused. */
function limpiar(datos: DatosSinonimo): DatosSinonimo {
  const termino = datos.termino.trim().replace(/\s+/g, ' ');
  const equivalente = datos.equivalente.trim().replace(/\s+/g, ' ');
  if (plegar(termino) === plegar(equivalente)) throw new Invalido(MENSAJES_SINONIMO.iguales);
  return { termino, equivalente };
}

/** `sinonimo_par_idx` (either order, accents and case aside) answers a duplicate with 23505: a 409. */
async function conDuplicado<T>(datos: DatosSinonimo, accion: () => Promise<T>): Promise<T> {
  try {
    return await accion();
  } catch (error) {
    if (codigoPg(error) === '23505') throw new Conflicto(MENSAJES_SINONIMO.existente(datos.termino, datos.equivalente));
    throw error;
  }
}

export async function crearSinonimo(db: Db, entrada: DatosSinonimo, contexto: ContextoAuditoria): Promise<Sinonimo> {
  const datos = limpiar(entrada);
  const creado = await conDuplicado(datos, () =>
    db.transaction(async (tx) => {
      const [fila] = await tx.insert(sinonimo).values(datos).returning();
      await registrarEvento(tx, contexto, { accion: 'sinonimo.crear', entidadId: fila!.id, despues: { ...datos } });
      return fila!;
    }),
  );
  olvidarSinonimos(db);
  return creado;
}

export async function editarSinonimo(db: Db, id: number, entrada: DatosSinonimo, contexto: ContextoAuditoria): Promise<Sinonimo> {
  const datos = limpiar(entrada);
  const editado = await conDuplicado(datos, () =>
    db.transaction(async (tx) => {
      const [actual] = await tx.select().from(sinonimo).where(eq(sinonimo.id, id)).for('update');
      if (!actual) throw new NoEncontrado(MENSAJES_SINONIMO.noEncontrado);
      const [fila] = await tx.update(sinonimo).set(datos).where(eq(sinonimo.id, id)).returning();
      if (actual.termino !== datos.termino || actual.equivalente !== datos.equivalente) {
        await registrarEvento(tx, contexto, {
          accion: 'sinonimo.editar',
          entidadId: id,
          antes: { termino: actual.termino, equivalente: actual.equivalente },
          despues: { ...datos },
        });
      }
      return fila!;
    }),
  );
  olvidarSinonimos(db);
  return editado;
}

export async function eliminarSinonimo(db: Db, id: number, contexto: ContextoAuditoria): Promise<void> {
  await db.transaction(async (tx) => {
    const [borrado] = await tx.delete(sinonimo).where(eq(sinonimo.id, id)).returning();
    if (!borrado) throw new NoEncontrado(MENSAJES_SINONIMO.noEncontrado);
    await registrarEvento(tx, contexto, {
      accion: 'sinonimo.eliminar',
      entidadId: id,
      antes: { termino: borrado.termino, equivalente: borrado.equivalente },
    });
  });
  olvidarSinonimos(db);
}

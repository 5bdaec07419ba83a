// The owner's print price table: one row; until the owner saves one, the demo table applies.
import { eq } from 'drizzle-orm';
import { TARIFA_DEMO, type TarifaImpresion, type TarifaImpresionRespuesta } from '../../domain/impresion';
import { registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { tarifaImpresion } from '../db/schema';

async function filaDeTarifa(db: Db) {
  const [fila] = await db.select().from(tarifaImpresion).where(eq(tarifaImpresion.id, 1));
  return fila;
}

export async function leerTarifa(db: Db): Promise<TarifaImpresion> {
  return (await filaDeTarifa(db))?.tarifa ?? TARIFA_DEMO;
}

const aRespuesta = (tarifa: TarifaImpresion, actualizado: Date | null): TarifaImpresionRespuesta => ({
  tramos: tarifa.tramos,
  abrochado: tarifa.abrochado,
  anillado: tarifa.anillado,
  plastificado: tarifa.plastificado,
  actualizado: actualizado?.toISOString() ?? null,
});

export async function obtenerTarifa(db: Db): Promise<TarifaImpresionRespuesta> {
  const fila = await filaDeTarifa(db);
  return aRespuesta(fila?.tarifa ?? TARIFA_DEMO, fila?.actualizado ?? null);
}

/** Saves the table (validated by its schema) and records the change in the audit trail. */
export async function guardarTarifa(db: Db, tarifa: TarifaImpresion, contexto: ContextoAuditoria): Promise<TarifaImpresionRespuesta> {
  return db.transaction(async (tx) => {
    const antes = await leerTarifa(tx);
    const limpia: TarifaImpresion = {
      tramos: tarifa.tramos.map((t) => ({ desdeCarillas: t.desdeCarillas, bnA4: t.bnA4, bnOficio: t.bnOficio, colorA4: t.colorA4, colorOficio: t.colorOficio })),
      abrochado: tarifa.abrochado,
      anillado: tarifa.anillado,
      plastificado: tarifa.plastificado,
    };
    const ahora = new Date();
    await tx
      .insert(tarifaImpresion)
      .values({ id: 1, tarifa: limpia, actualizado: ahora })
      .onConflictDoUpdate({ target: tarifaImpresion.id, set: { tarifa: limpia, actualizado: ahora } });
    await registrarEvento(tx, contexto, { accion: 'tarifaImpresion.editar', entidadId: 1, antes: { ...antes }, despues: { ...limpia } });
    return aRespuesta(limpia, ahora);
  });
}

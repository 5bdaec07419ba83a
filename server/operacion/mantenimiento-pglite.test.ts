// PGlite has no autovacuum (server/operacion/mantenimiento-pglite.ts): the server vacuums and analyzes it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto } from '../test/fabricas';
import { mantenerPglite, programarMantenimientoPglite } from './mantenimiento-pglite';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const estado = async (db: Db, tabla: string) => {
  // Statistics reach the views in batches: flushed now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const r = await db.execute(sql`select n_dead_tup::int as muertas, last_vacuum is not null as vaciada, last_analyze is not null as analizada
    from pg_stat_user_tables where relname = ${tabla}`);
  return (r as unknown as { rows: Array<{ muertas: number; vaciada: boolean; analizada: boolean }> }).rows[0]!;
};

const silencio = { info: () => undefined, error: () => undefined } as never;

describe('PGlite maintenance', () => {
  // PostgreSQL has its own autovacuum: nothing to do there.
  it.skipIf(process.env.TEST_MOTOR === 'postgres')('a sale day leaves dead rows; the maintenance reclaims them and leaves statistics', async () => {
    const categoria = await crearCategoria(t.db);
    for (let i = 0; i < 20; i++) await crearProducto(t.db, { categoriaId: categoria.id });
    // What every sale does: the stock and the units sold of the products change.
    await t.db.execute(sql`update producto set stock = stock + 1, cantidad_vendida = cantidad_vendida + 1`);
    await t.db.execute(sql`update producto set stock = stock - 1`);
    expect((await estado(t.db, 'producto')).muertas).toBeGreaterThan(0);
    const ms = await mantenerPglite(t.base);
    expect(ms).toBeGreaterThan(0);
    const despues = await estado(t.db, 'producto');
    expect(despues).toEqual({ muertas: 0, vaciada: true, analizada: true });
    expect((await estado(t.db, 'producto_palabra')).vaciada).toBe(true);
  });

  it('is scheduled on PGlite only, and stops', async () => {
    let hechas = 0;
    const log = { info: () => (hechas += 1), error: () => undefined } as never;
    const detener = programarMantenimientoPglite(t.base, 1, log, 10);
    await expect.poll(() => hechas, { timeout: 5_000 }).toBe(t.base.motor === 'pglite' ? 1 : 0);
    detener();
    expect(programarMantenimientoPglite(t.base, 0, silencio)).toBeTypeOf('function');
  });
});

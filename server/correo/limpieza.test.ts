// The outbox's clean-up (server/correo/limpieza.ts): sent and discarded messages and expired
// forgotten-password links go after CORREO_RETENER_DIAS; pending messages and recent rows stay; two
// instances cleaning at once delete every old row exactly once.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirPostgres, type BaseDeDatos } from '../db/client';
import { correoPendiente, recuperacionClave } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';
import { limpiarCorreo } from './limpieza';

const DIA_MS = 24 * 60 * 60_000;
const hace = (dias: number, ahora: Date) => new Date(ahora.getTime() - dias * DIA_MS);

let t: AppDePrueba;
let userId: number;
beforeAll(async () => {
  t = await crearAppDePrueba({ CORREO_RETENER_DIAS: '30' });
  userId = (await crearUsuario(t.db)).id;
});
afterAll(() => t.cerrar());

const correo = (tipo: string, estado: string, creado: Date, enviado: Date | null) => ({
  tipo,
  destinatario: 'mirta@example.com',
  datos: { ventaId: 1 },
  estado,
  creado,
  proximoIntento: creado,
  enviado,
});

describe('CORREO_RETENER_DIAS', () => {
  it('deletes sent and discarded messages and links past the period, keeps pending ones and recent rows', async () => {
    const ahora = new Date('2026-11-26T12:00:00Z');
    const filas = await t.db
      .insert(correoPendiente)
      .values([
        correo('pedido-recibido', 'enviado', hace(40, ahora), hace(31, ahora)),
        correo('pedido-recibido', 'enviado', hace(40, ahora), hace(29, ahora)),
        correo('aviso-dueno', 'descartado', hace(31, ahora), null),
        correo('aviso-dueno', 'descartado', hace(2, ahora), null),
        // SMTP down for two months: still to be sent, never lost.
        correo('pedido-recibido', 'pendiente', hace(60, ahora), null),
      ])
      .returning({ id: correoPendiente.id });
    const ids = filas.map((f) => f.id);
    const enlace = (id: string, dias: number, usado: boolean) => ({
      id,
      userId,
      creado: new Date(hace(dias, ahora).getTime() - 30 * 60_000),
      expira: hace(dias, ahora),
      usado: usado ? hace(dias, ahora) : null,
    });
    await t.db.insert(recuperacionClave).values([enlace('usado-viejo', 31, true), enlace('vencido-viejo', 45, false), enlace('usado-reciente', 10, true), enlace('vigente', -0.01, false)]);

    // Through the app's service, as its hourly turn runs it.
    expect(await t.app.correo.limpiar(ahora)).toEqual({ correos: 2, enlaces: 2 });
    const quedan = await t.db.select({ id: correoPendiente.id, estado: correoPendiente.estado }).from(correoPendiente).where(inArray(correoPendiente.id, ids));
    expect(quedan.sort((a, b) => a.id - b.id)).toEqual([
      { id: ids[1], estado: 'enviado' },
      { id: ids[3], estado: 'descartado' },
      { id: ids[4], estado: 'pendiente' },
    ]);
    expect((await t.db.select({ id: recuperacionClave.id }).from(recuperacionClave)).map((f) => f.id).sort()).toEqual(['usado-reciente', 'vigente']);

    // Nothing more to do at the same moment; three weeks later the next ones go (not the discarded
    // message of 2 days, nor the link that was still valid).
    expect(await t.app.correo.limpiar(ahora)).toEqual({ correos: 0, enlaces: 0 });
    expect(await t.app.correo.limpiar(new Date(ahora.getTime() + 21 * DIA_MS))).toEqual({ correos: 1, enlaces: 1 });
  });

  it('two instances cleaning at once delete every old row once, in batches, neither waiting for the other', async () => {
    const ahora = new Date('2027-06-01T12:00:00Z');
    const viejo = hace(100, ahora);
    await limpiarCorreo(t.db, { dias: 30, ahora });
    await t.db.insert(correoPendiente).values(Array.from({ length: 2_500 }, () => correo('pedido-recibido', 'enviado', viejo, viejo)));
    // Another instance: its own connections to the same PostgreSQL (PGlite is one process: the same one).
    let otra: BaseDeDatos | undefined;
    if (t.urlPostgres) otra = await abrirPostgres(t.urlPostgres, 2);
    try {
      const [a, b] = await Promise.all([
        limpiarCorreo(t.db, { dias: 30, ahora, lote: 100 }),
        limpiarCorreo((otra ?? t.base).db, { dias: 30, ahora, lote: 100 }),
      ]);
      expect(a.correos + b.correos).toBe(2_500);
      expect(await t.db.select().from(correoPendiente).where(inArray(correoPendiente.estado, ['enviado', 'descartado']))).toEqual([]);
    } finally {
      await otra?.cerrar();
    }
  });
});

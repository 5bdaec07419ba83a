import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { carpetaMigraciones, type Db } from '../db/client';

/** When the journal's last migration was generated: drizzle stores it as the applied row's created_at. */
export function ultimaMigracionDelDiario(carpeta = carpetaMigraciones): { tag: string; when: number } {
  const diario = JSON.parse(fs.readFileSync(path.join(carpeta, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  const ultima = diario.entries.at(-1);
  if (!ultima) throw new Error('El diario de migraciones está vacío');
  return ultima;
}

/** A ready check that waits longer than this counts as a database that does not answer. */
const LIMITE_LISTA_MS = 2_000;

/** Null when the database answers and has the journal's last migration; otherwise why not (for the log). */
export async function problemaDeBase(db: Db, ultima: { tag: string; when: number }): Promise<string | null> {
  let limite: NodeJS.Timeout | undefined;
  const consulta = db
    .execute(sql`select max(created_at)::text as ultima from drizzle.__drizzle_migrations`)
    .then((r) => {
      const fila = (r as unknown as { rows: Array<{ ultima: string | null }> }).rows[0];
      return Number(fila?.ultima ?? 0) >= ultima.when ? null : `falta la migración ${ultima.tag}`;
    });
  const tarde = new Promise<string>((resolve) => {
    limite = setTimeout(() => resolve(`la base no respondió en ${LIMITE_LISTA_MS} ms`), LIMITE_LISTA_MS);
  });
  try {
    return await Promise.race([consulta, tarde]);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(limite);
  }
}

const estadoSchema = z.object({ estado: z.enum(['ok', 'no disponible']) });

/**
 * Liveness and readiness for a load balancer or a monitor: `/api/health` never touches the database
 * (the process answers), `/api/ready` asks it one tiny query. Access `contenido`: the answer depends on
 * nobody's session, so no session is read either. Logged only when something fails (logLevel warn).
 */
export async function saludRoutes(app: FastifyInstance) {
  const ultima = ultimaMigracionDelDiario();
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      config: { acceso: 'contenido' },
      logLevel: 'warn',
      // Like every 'contenido' route, out of the API document (README, 'Operación', documents both).
      schema: { hide: true, summary: 'El proceso responde (no consulta la base de datos)', response: { 200: estadoSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { estado: 'ok' as const };
    },
  );
  r.get(
    '/api/ready',
    {
      config: { acceso: 'contenido' },
      logLevel: 'warn',
      schema: {
        hide: true,
        summary: 'Lista para atender: la base responde y tiene la última migración (503 si no)',
        response: { 200: estadoSchema, 503: estadoSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const problema = await problemaDeBase(app.db, ultima);
      if (problema === null) return { estado: 'ok' as const };
      request.log.warn({ problema }, 'no está lista: la base de datos no está disponible');
      return reply.code(503).send({ estado: 'no disponible' as const });
    },
  );
}

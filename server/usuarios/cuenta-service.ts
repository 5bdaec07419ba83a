// 'Mi cuenta' (docs/decisions/025-mi-cuenta.md): a user's own person and address, read and changed by
// their session's user id only (no id in the path: nobody reaches another's through these).
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Perfil, perfilActualizarSchema } from '../../domain/cuenta';
import { valoresDeDomicilio } from '../../domain/persona';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import { registrarEvento, type ContextoAuditoria } from '../auditoria/auditoria';
import type { Db } from '../db/client';
import { domicilio, persona, usuario } from '../db/schema';
import { NoEncontrado } from '../errors';
import { guardarDomicilioDe } from './persona-service';
import { camposCambiados, obtenerUsuarioCompleto } from './service';

/** The admin form's read of the user, shaped as the customer sees it (no id, no role). */
export async function obtenerPerfil(db: Db, userId: number): Promise<Perfil> {
  const { usuario: u, persona: p, domicilio: d } = await obtenerUsuarioCompleto(db, userId);
  return { usuario: u.usuario, persona: p ? { nombre: p.nombre, apellido: p.apellido, telefono: p.telefono, email: p.email } : null, domicilio: d };
}

/**
 * The user's personal data and address, in one transaction; a missing person or address is created.
 * The audit trail names the fields that changed (`usuario.editar-datos`), never their values.
 */
export async function actualizarPerfil(
  db: Db,
  userId: number,
  datos: z.output<typeof perfilActualizarSchema>,
  contexto: ContextoAuditoria,
): Promise<Perfil> {
  await db.transaction(async (tx) => {
    const [u] = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, userId)).for('update');
    if (!u) throw new NoEncontrado(MENSAJES_USUARIO.usuarioNoEncontrado);
    const [p] = await tx.select().from(persona).where(eq(persona.userId, userId)).for('update');
    const [domicilioAntes] = p?.domicilioId ? await tx.select().from(domicilio).where(eq(domicilio.id, p.domicilioId)).for('update') : [];
    const domicilioId = await guardarDomicilioDe(tx, p?.domicilioId ?? null, datos.domicilio);
    if (p) await tx.update(persona).set({ ...datos.persona, domicilioId }).where(eq(persona.id, p.id));
    else await tx.insert(persona).values({ ...datos.persona, domicilioId, userId });
    const camposPersonales = [...camposCambiados(p, datos.persona), ...camposCambiados(domicilioAntes, valoresDeDomicilio(datos.domicilio))];
    if (camposPersonales.length > 0) {
      await registrarEvento(tx, contexto, { accion: 'usuario.editar-datos', entidadId: userId, detalle: { camposPersonales } });
    }
  });
  return obtenerPerfil(db, userId);
}

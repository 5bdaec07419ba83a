// Reading the audit trail: the admin screen's pages and the CSV export. Nothing here writes.
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  describirCambios,
  etiquetaAccion,
  etiquetaEntidad,
  fechaHoraAuditoria,
  type AuditoriaExportar,
  type AuditoriaFiltros,
  type EventoAuditoria,
  type PaginaAuditoria,
} from '../../domain/auditoria';
import { finDelDiaMendoza, inicioDelDiaMendoza } from '../../domain/fechas';
import { MENSAJES } from '../../domain/mensajes';
import type { Db } from '../db/client';
import { auditoria } from '../db/schema';
import { cadaPalabraEnAlguno } from '../db/texto-sql';
import { Invalido } from '../errors';
import { BOM, filaCsv } from './csv';

type Fila = typeof auditoria.$inferSelect;
type Valores = Record<string, unknown> | null;

const aEvento = (f: Fila): EventoAuditoria => ({
  id: f.id,
  fecha: f.fecha.toISOString(),
  usuarioId: f.usuarioId,
  usuario: f.usuario,
  accion: f.accion,
  entidad: f.entidad,
  entidadId: f.entidadId,
  direccion: f.direccion,
  navegador: f.navegador,
  antes: f.antes as Valores,
  despues: f.despues as Valores,
  detalle: f.detalle as Valores,
});

/** The filters as SQL; days are whole Mendoza days, inclusive on both ends. */
function condiciones(filtros: AuditoriaExportar): SQL | undefined {
  if (filtros.desde && filtros.hasta && filtros.desde > filtros.hasta) throw new Invalido(MENSAJES.rangoFechasInvertido);
  const donde: SQL[] = [];
  const deUsuario = cadaPalabraEnAlguno([auditoria.usuario], filtros.usuario);
  if (deUsuario) donde.push(deUsuario);
  if (filtros.usuarioId) donde.push(eq(auditoria.usuarioId, filtros.usuarioId));
  if (filtros.entidad) donde.push(eq(auditoria.entidad, filtros.entidad));
  if (filtros.entidadId) donde.push(eq(auditoria.entidadId, filtros.entidadId));
  if (filtros.accion) donde.push(eq(auditoria.accion, filtros.accion));
  if (filtros.desde) donde.push(gte(auditoria.fecha, inicioDelDiaMendoza(filtros.desde)));
  if (filtros.hasta) donde.push(lte(auditoria.fecha, finDelDiaMendoza(filtros.hasta)));
  return donde.length > 0 ? and(...donde) : undefined;
}

/** A page of events, newest first. */
export async function listarEventos(db: Db, filtros: AuditoriaFiltros): Promise<PaginaAuditoria> {
  const donde = condiciones(filtros);
  const [filas, [totales]] = await Promise.all([
    db
      .select()
      .from(auditoria)
      .where(donde)
      .orderBy(desc(auditoria.fecha), desc(auditoria.id))
      .limit(filtros.porPagina)
      .offset((filtros.pagina - 1) * filtros.porPagina),
    db.select({ total: count() }).from(auditoria).where(donde),
  ]);
  return { items: filas.map(aEvento), total: totales?.total ?? 0, pagina: filtros.pagina, porPagina: filtros.porPagina };
}

export const COLUMNAS_CSV = [
  'Fecha',
  'Usuario',
  'Nro de usuario',
  'Acción',
  'Entidad',
  'Nro',
  'Dirección',
  'Navegador',
  'Cambios',
  'Antes',
  'Después',
  'Detalle',
] as const;

const json = (v: Valores) => (v ? JSON.stringify(v) : '');

/** One event as a CSV row: readable columns first, then the stored values as JSON. */
export const filaDeEvento = (e: EventoAuditoria): string =>
  filaCsv([
    fechaHoraAuditoria(e.fecha),
    e.usuario,
    e.usuarioId,
    etiquetaAccion(e.accion),
    etiquetaEntidad(e.entidad),
    e.entidadId,
    e.direccion,
    e.navegador,
    describirCambios(e).join('\n'),
    json(e.antes),
    json(e.despues),
    json(e.detalle),
  ]);

const TANDA = 500;

/** The next events after `desde` (newest first), by (fecha, id): exact, `fecha` keeps milliseconds. */
async function tanda(db: Db, donde: SQL | undefined, desde: Fila | null): Promise<Fila[]> {
  const despues = desde ? sql`(${auditoria.fecha}, ${auditoria.id}) < (${desde.fecha.toISOString()}::timestamptz, ${desde.id})` : undefined;
  return db
    .select()
    .from(auditoria)
    .where(and(donde, despues))
    .orderBy(desc(auditoria.fecha), desc(auditoria.id))
    .limit(TANDA);
}

/**
 * Every event the filters match, newest first, as CSV text in pieces (a BOM and the header, then up to
 * 500 rows per piece), read 500 at a time so the export never holds the whole trail in memory. The first
 * piece is read before this answers: a bad filter or a database failure is still an error answer, not a
 * broken file.
 */
export async function exportarEventos(db: Db, filtros: AuditoriaExportar): Promise<AsyncGenerator<string>> {
  const donde = condiciones(filtros);
  const primera = await tanda(db, donde, null);
  async function* piezas(): AsyncGenerator<string> {
    yield BOM + filaCsv(COLUMNAS_CSV);
    let filas = primera;
    while (filas.length > 0) {
      yield filas.map((f) => filaDeEvento(aEvento(f))).join('');
      if (filas.length < TANDA) return;
      filas = await tanda(db, donde, filas[filas.length - 1]!);
    }
  }
  return piezas();
}

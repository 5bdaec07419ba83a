import { describe, expect, it } from 'vitest';
import { diaLegible, diaMendoza, fechaLegibleMendoza, esDiaValido, finDelDiaMendoza, horaLocalMendoza, hoyMendoza, inicioDelDiaMendoza, parsearFecha, ZONA_MENDOZA } from './fechas';
import { diaSchema } from './fechas-schemas';

describe('Mendoza days', () => {
  it('a day runs from 00:00:00.000 to 23:59:59.999 at UTC-3', () => {
    expect(inicioDelDiaMendoza('2026-03-01').toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(finDelDiaMendoza('2026-03-01').toISOString()).toBe('2026-03-02T02:59:59.999Z');
  });

  it('knows which Mendoza day an instant falls on', () => {
    expect(diaMendoza(new Date('2026-03-02T02:59:59.999Z'))).toBe('2026-03-01');
    expect(diaMendoza(new Date('2026-03-02T03:00:00.000Z'))).toBe('2026-03-02');
  });

  it("writes an instant's Mendoza day as es-AR does, the same as Intl", () => {
    expect(diaLegible('2026-03-01')).toBe('01/03/2026');
    expect(fechaLegibleMendoza(new Date('2026-03-02T02:59:59.999Z'))).toBe('01/03/2026');
    const intl = new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ZONA_MENDOZA });
    for (let i = 0; i < 2000; i++) {
      // Since 2010: Mendoza last changed its offset in 2009.
      const instante = new Date(Date.UTC(2010, 0, 1) + Math.floor(Math.random() * 30 * 365 * 86_400_000));
      expect(fechaLegibleMendoza(instante), instante.toISOString()).toBe(intl.format(instante));
    }
  });

  it('validates real calendar days', () => {
    expect(esDiaValido('2028-02-29')).toBe(true);
    expect(esDiaValido('2026-02-29')).toBe(false);
    expect(esDiaValido('2026-13-01')).toBe(false);
    expect(esDiaValido('01/03/2026')).toBe(false);
  });

  it('parses days as the start or the end of the day, and ISO date-times', () => {
    expect(parsearFecha('2026-03-01', 'inicio')?.toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(parsearFecha('2026-03-01', 'fin')?.toISOString()).toBe('2026-03-02T02:59:59.999Z');
    expect(parsearFecha('2026-03-01T10:00:00Z', 'fin')?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(parsearFecha('2026-03-01T10:00:00.5+01:00', 'fin')?.toISOString()).toBe('2026-03-01T09:00:00.500Z');
    expect(parsearFecha('2026-03-01T10:00', 'inicio')?.toISOString()).toBe('2026-03-01T13:00:00.000Z');
    for (const malo of ['', 'hoy', '2026-02-30', '2026-02-30T10:00:00Z', '2026-03-01T25:00:00Z', '1772334000000']) {
      expect(parsearFecha(malo, 'inicio')).toBeNull();
    }
  });
});

describe('today and wall-clock time in Mendoza', () => {
  it('today is the Mendoza day, not the UTC one', () => {
    expect(hoyMendoza(new Date('2026-03-02T02:30:00Z'))).toBe('2026-03-01');
    expect(hoyMendoza(new Date('2026-03-02T03:00:00Z'))).toBe('2026-03-02');
  });

  it('shows Mendoza wall-clock time in UTC fields (for spreadsheet cells)', () => {
    expect(horaLocalMendoza(new Date('2026-03-01T20:15:00Z')).toISOString()).toBe('2026-03-01T17:15:00.000Z');
  });

  it('a day field requires a real day with its messages', () => {
    const esquema = diaSchema('falta', 'mala');
    expect(esquema.parse(' 2026-03-01 ')).toBe('2026-03-01');
    expect(esquema.safeParse('').error?.issues[0]?.message).toBe('falta');
    expect(esquema.safeParse(undefined).error?.issues[0]?.message).toBe('falta');
    expect(esquema.safeParse('2026-02-30').error?.issues[0]?.message).toBe('mala');
  });
});

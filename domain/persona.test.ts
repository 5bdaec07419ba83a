import { describe, expect, it } from 'vitest';
import { PROVINCIAS } from './enums';
import {
  domicilioInputSchema,
  LARGOS_PERSONA,
  LETRA_CPA,
  localidadLegible,
  MENSAJES_PERSONA,
  mensajeDemasiadoLargo,
  normalizarCodigoPostal,
  personaDatosSchema,
  problemaDeCodigoPostal,
  valoresDeDomicilio,
} from './persona';
import { registroSchema } from './usuario';

const M = MENSAJES_PERSONA;
const errores = (resultado: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (resultado.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('postal codes', () => {
  it('takes four digits anywhere, and a CPA only with its province\'s letter', () => {
    expect(problemaDeCodigoPostal('5000', 'CORDOBA')).toBeNull();
    expect(problemaDeCodigoPostal('X5000ABC', 'CORDOBA')).toBeNull();
    expect(problemaDeCodigoPostal(' x5000 abc ', 'CORDOBA')).toBeNull();
    expect(problemaDeCodigoPostal('C1425DKF', 'CIUDAD_AUTONOMA_BUENOS_AIRES')).toBeNull();
    expect(problemaDeCodigoPostal('M5500ABC', 'CORDOBA')).toBe(M.codigoPostalDeOtraProvincia);
    for (const malo of ['500', '50000', '0500', 'X500ABC', 'X5000AB', 'I5000ABC', 'abcd', '5000-1']) {
      expect(problemaDeCodigoPostal(malo, 'CORDOBA'), malo).toBe(M.codigoPostalInvalido);
    }
    expect(problemaDeCodigoPostal('  ', 'CORDOBA')).toBe(M.codigoPostalObligatorio);
  });

  it('gives every province its own letter', () => {
    expect(new Set(PROVINCIAS.map((p) => LETRA_CPA[p])).size).toBe(PROVINCIAS.length);
  });

  it('is stored in capitals without spaces or dashes', () => {
    expect(normalizarCodigoPostal('x 5152-abc')).toBe('X5152ABC');
  });
});

describe('domicilioInputSchema', () => {
  it('in Mendoza: a locality of the list, CAPITAL by default, nothing written stored', () => {
    const leido = domicilioInputSchema.parse({ calle: 'Colón', numero: '10' });
    expect(leido).toMatchObject({ localidad: 'CAPITAL', provincia: 'MENDOZA' });
    expect(valoresDeDomicilio(domicilioInputSchema.parse({ calle: 'Colón', numero: '10', localidad: 'MAIPU', localidadTexto: 'x', codigoPostal: '5515' }))).toEqual({
      calle: 'Colón',
      numero: '10',
      provincia: 'MENDOZA',
      localidad: 'MAIPU',
      localidadTexto: null,
      codigoPostal: null,
    });
    expect(errores(domicilioInputSchema.safeParse({ calle: 'Colón', numero: '10', localidad: null }))).toEqual([`localidad: ${M.localidadInvalida}`]);
  });

  it('outside Mendoza: the written locality and a postal code, each message on its field', () => {
    expect(errores(domicilioInputSchema.safeParse({ calle: 'Colón', numero: '10', provincia: 'SAN_LUIS' }))).toEqual([
      `localidadTexto: ${M.localidadTextoObligatoria}`,
      `codigoPostal: ${M.codigoPostalObligatorio}`,
    ]);
    const valido = domicilioInputSchema.parse({ calle: 'Colón', numero: '10', provincia: 'SAN_LUIS', localidad: 'CAPITAL', localidadTexto: ' Merlo ', codigoPostal: 'd5881abc' });
    expect(valoresDeDomicilio(valido)).toEqual({ calle: 'Colón', numero: '10', provincia: 'SAN_LUIS', localidad: null, localidadTexto: 'Merlo', codigoPostal: 'D5881ABC' });
    expect(localidadLegible(valoresDeDomicilio(valido))).toBe('Merlo (D5881ABC), San Luis');
  });

  it('a field too long says so, with the limit, and not that it is missing', () => {
    const r = domicilioInputSchema.safeParse({ calle: 'c'.repeat(500), numero: '1'.repeat(23) });
    expect(errores(r)).toEqual([`calle: ${mensajeDemasiadoLargo('calle')}`, `numero: ${mensajeDemasiadoLargo('numero')}`]);
    expect(mensajeDemasiadoLargo('calle')).toBe('La calle no puede superar los 200 caracteres');
    expect(mensajeDemasiadoLargo('numero')).toBe('El número no puede superar los 20 caracteres');
  });
});

describe('personal data', () => {
  it('a 300-character name is too long, not missing; the limit is the exported one', () => {
    const r = personaDatosSchema.safeParse({ nombre: 'n'.repeat(300), apellido: 'a'.repeat(LARGOS_PERSONA.apellido), telefono: '2615550000', email: 'a@b.com' });
    expect(errores(r)).toEqual(['nombre: El nombre no puede superar los 100 caracteres']);
    expect(errores(personaDatosSchema.safeParse({ nombre: ' ', apellido: 'P', telefono: '2615550000', email: 'a@b.com' }))).toEqual([`nombre: ${M.nombreObligatorio}`]);
  });

  it('the registration refuses the issue\'s too-long inputs with their own messages', () => {
    const r = registroSchema.safeParse({
      persona: { nombre: 'n'.repeat(300), apellido: 'Pérez', telefono: '2615550000', email: 'a@b.com' },
      domicilio: { calle: 'c'.repeat(500), numero: '9'.repeat(23), localidad: 'CAPITAL', provincia: 'MENDOZA' },
      usuario: { usuario: 'nuevo', clave: 'una-clave-larga' },
    });
    expect(errores(r)).toEqual([
      `persona.nombre: ${mensajeDemasiadoLargo('nombre')}`,
      `domicilio.calle: ${mensajeDemasiadoLargo('calle')}`,
      `domicilio.numero: ${mensajeDemasiadoLargo('numero')}`,
    ]);
    expect(errores(r).join(' ')).not.toMatch(/obligatori/);
  });
});

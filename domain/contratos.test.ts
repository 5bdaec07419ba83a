import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cuerpoDe, mensajeDeCamposDesconocidos } from './contratos';

const respuesta = z.object({
  id: z.number(),
  nombre: z.string(),
  total: z.number(),
  user: z.object({ id: z.number(), usuario: z.string() }).nullable(),
  lineas: z.array(z.object({ id: z.number(), cantidad: z.number() })),
});

const cuerpo = cuerpoDe(
  z
    .object({
      nombre: z.string().min(1, 'El nombre es obligatorio'),
      user: z.object({ id: z.number() }, { error: 'Elegí un usuario' }).nullable().optional(),
    })
    .strict()
    .refine((v) => v.nombre !== 'prohibido', { message: 'Ese nombre no', path: ['nombre'] }),
  respuesta,
);

const mensajes = (valor: unknown) => cuerpo.safeParse(valor).error?.issues.map((i) => i.message);

describe('cuerpoDe: a body takes back what the API answers', () => {
  it('accepts the answer with id null, and drops every read-only field, nested ones too', () => {
    const r = cuerpo.parse({ id: null, nombre: 'Ana', total: 99, user: { id: 3, usuario: 'ana' }, lineas: [{ id: 1 }] });
    expect(r).toEqual({ nombre: 'Ana', user: { id: 3 } });
    expect(cuerpo.parse({ id: 7, nombre: 'Ana', user: null })).toEqual({ nombre: 'Ana', user: null });
  });

  it('refuses a field that is neither written nor answered, naming it (nested ones with their path)', () => {
    expect(mensajes({ nombre: 'Ana', observaciones: 'x' })).toEqual(['Campo desconocido: observaciones']);
    expect(mensajes({ nombre: 'Ana', a: 1, b: 2 })).toEqual(['Campos desconocidos: a, b']);
    expect(mensajes({ nombre: 'Ana', user: { id: 1, usuario: 'ana', clave: 'x' } })).toEqual(['Campo desconocido: user.clave']);
  });

  it("keeps the writable fields' rules, messages and the object's refinements", () => {
    expect(mensajes({ nombre: '' })).toEqual(['El nombre es obligatorio']);
    expect(mensajes({ nombre: 'Ana', user: 5 })).toEqual(['Elegí un usuario']);
    expect(mensajes({ nombre: 'prohibido', id: 1 })).toEqual(['Ese nombre no']);
  });

  it("gives zod's unknown-keys issue the Spanish message, and no other", () => {
    const estricto = z.object({ a: z.number() }).strict();
    const issue = estricto.safeParse({ a: 1, observaciones: '' }).error!.issues[0]!;
    expect(mensajeDeCamposDesconocidos({ ...issue, input: {} } as z.core.$ZodRawIssue)).toBe('Campo desconocido: observaciones');
    expect(mensajeDeCamposDesconocidos({ code: 'custom', input: 1, message: 'x' } as z.core.$ZodRawIssue)).toBeUndefined();
  });
});

import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import { Invalido } from '../errors';
import { asegurarClaveAceptable, contieneNombrePropio, esClaveComun } from './politica-de-claves';

describe('common passwords', () => {
  const lista = dictionary['passwords-common'];

  it('the shipped list holds at least the 10,000 most common passwords', () => {
    expect(lista.length).toBeGreaterThanOrEqual(10_000);
    expect(lista.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('refuses the first and the 10,000th of the list (also counting only those of 8 characters or more), in any case, without accents', async () => {
    const diezMil = lista.filter((c) => c.length >= 8)[9_999]!;
    for (const clave of ['12345678', lista[9_999]!, diezMil, diezMil.toUpperCase(), 'PassWord1', 'Contraseña']) {
      expect(await esClaveComun(clave), clave).toBe(true);
    }
  });

  it('accepts a password nobody uses', async () => {
    expect(await esClaveComun('cuaderno-rayado-7')).toBe(false);
  });
});

describe('own name', () => {
  const cuenta = { usuario: 'jperez', nombre: 'José María', apellido: 'Pérez Ruiz' };

  it.each([
    ['el-JPEREZ-de-siempre'],
    ['perez-1990!'],
    ['jose.maria.77'],
    ['MARÍA-estrella'],
    ['ruiz-ruiz-ruiz'],
    ['pérezruiz'],
  ])('refuses %s', (clave) => {
    expect(contieneNombrePropio(clave, cuenta)).toBe(true);
  });

  it('ignores names shorter than 4 characters, and accepts unrelated passwords', () => {
    const corta = { usuario: 'ana', nombre: 'Ana', apellido: 'Paz' };
    expect(contieneNombrePropio('ana-paz-banana', corta)).toBe(false);
    expect(contieneNombrePropio('cuaderno-rayado-7', cuenta)).toBe(false);
    expect(contieneNombrePropio('cuaderno-rayado-7', { usuario: 'sin.persona' })).toBe(false);
  });
});

describe('asegurarClaveAceptable', () => {
  it('throws Invalido with the message on the field', async () => {
    const error = await asegurarClaveAceptable('password1', { usuario: 'nadie' }, 'usuario.clave').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Invalido);
    expect(error).toMatchObject({ status: 400, message: MENSAJES_USUARIO.claveComun, errors: [{ campo: 'usuario.clave', mensaje: MENSAJES_USUARIO.claveComun }] });
    await expect(asegurarClaveAceptable('cuaderno-rayado-7', { usuario: 'nadie' }, 'clave')).resolves.toBeUndefined();
  });
});

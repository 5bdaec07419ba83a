// Sign-ups are limited per address and per hour in all: 60 accounts from one address in 2.2 s used
// to be accepted. A refused sign-up stores nothing, and concurrent ones cannot slip past the limit.
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import { intentoLogin, persona, usuario } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { CLAVE_REGISTROS_TOTAL, claveDeDireccion, redDeDireccion } from './limite-de-registros';

let t: AppDePrueba;
let n = 0;

beforeAll(async () => {
  t = await crearAppDePrueba({ REGISTROS_POR_DIRECCION_HORA: '3', REGISTROS_POR_HORA: '5' });
});
afterAll(() => t.cerrar());
beforeEach(async () => {
  await t.db.delete(intentoLogin).where(like(intentoLogin.clave, 'registro:%'));
});

function registrar(direccion: string) {
  const i = ++n;
  return t.app.inject({
    method: 'POST',
    url: '/api/registro',
    remoteAddress: direccion,
    payload: {
      persona: { nombre: 'Lucía', apellido: 'Sosa', telefono: '2614000000', email: `lucia${i}@example.com` },
      domicilio: { calle: 'San Martín', numero: '1000' },
      usuario: { usuario: `registro${i}`, clave: `Tintero-Azul-${i}-Mendoza` },
    },
  });
}

const cuentas = async () => {
  const [u] = await t.db.select({ n: count() }).from(usuario);
  const [p] = await t.db.select({ n: count() }).from(persona);
  return { usuarios: u!.n, personas: p!.n };
};

describe('sign-up limits', () => {
  it('per address: the fourth sign-up of the hour is a 429 that stores nothing; another address goes on', async () => {
    for (let i = 0; i < 3; i++) expect((await registrar('10.1.1.1')).statusCode).toBe(201);
    const antes = await cuentas();
    const cuarto = await registrar('10.1.1.1');
    expect(cuarto.statusCode).toBe(429);
    expect(cuarto.json()).toEqual({ message: MENSAJES_USUARIO.demasiadosRegistrosDesdeDireccion });
    expect(cuarto.cookies).toEqual([]);
    expect(await cuentas()).toEqual(antes);
    expect((await registrar('10.1.1.2')).statusCode).toBe(201);
  });

  it('per hour in all: past REGISTROS_POR_HORA every address is refused with its own message', async () => {
    for (const direccion of ['10.2.0.1', '10.2.0.2', '10.2.0.3', '10.2.0.4', '10.2.0.5']) expect((await registrar(direccion)).statusCode).toBe(201);
    const antes = await cuentas();
    const sexto = await registrar('10.2.0.6');
    expect(sexto.statusCode).toBe(429);
    expect(sexto.json()).toEqual({ message: MENSAJES_USUARIO.demasiadosRegistros });
    expect(await cuentas()).toEqual(antes);
  });

  it('a failed sign-up (a taken user name) counts nothing', async () => {
    const primero = await registrar('10.3.0.1');
    expect(primero.statusCode).toBe(201);
    const nombre = primero.json().data.usuario as string;
    for (let i = 0; i < 4; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/registro',
        remoteAddress: '10.3.0.1',
        payload: {
          persona: { nombre: 'Otra', apellido: 'Persona', telefono: '2614000001', email: 'otra@example.com' },
          domicilio: { calle: 'Colón', numero: '5' },
          usuario: { usuario: nombre, clave: 'Otra-Clave-Larga-42' },
        },
      });
      expect(r.statusCode).toBe(409);
    }
    expect((await registrar('10.3.0.1')).statusCode).toBe(201);
  });

  it('the window passes: an hour later the same address may sign up again', async () => {
    for (let i = 0; i < 3; i++) expect((await registrar('10.4.0.1')).statusCode).toBe(201);
    expect((await registrar('10.4.0.1')).statusCode).toBe(429);
    const haceUnaHora = new Date(Date.now() - 61 * 60_000);
    await t.db.update(intentoLogin).set({ desde: haceUnaHora }).where(eq(intentoLogin.clave, claveDeDireccion('10.4.0.1')));
    await t.db.update(intentoLogin).set({ desde: haceUnaHora }).where(eq(intentoLogin.clave, CLAVE_REGISTROS_TOTAL));
    expect((await registrar('10.4.0.1')).statusCode).toBe(201);
  });

  it('twenty sign-ups at once from one address: exactly three succeed', async () => {
    const antes = await cuentas();
    const respuestas = await Promise.all(Array.from({ length: 20 }, () => registrar('10.5.0.1')));
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados.filter((s) => s === 201)).toHaveLength(3);
    expect(estados.filter((s) => s === 429)).toHaveLength(17);
    expect((await cuentas()).usuarios).toBe(antes.usuarios + 3);
  });

  it('an IPv6 /64 counts as one address, and an IPv4 address written as IPv6 as itself', async () => {
    for (const direccion of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::2', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff']) {
      expect((await registrar(direccion)).statusCode).toBe(201);
    }
    expect((await registrar('2001:db8:1:2::99')).statusCode).toBe(429);
    expect(redDeDireccion('::ffff:10.6.0.1')).toBe('10.6.0.1');
    expect(redDeDireccion('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(redDeDireccion('::1')).toBe('0:0:0:0::/64');
    expect(redDeDireccion('10.6.0.1')).toBe('10.6.0.1');
  });
});

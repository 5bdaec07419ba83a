// The logs never hold a secret, someone's personal data or an SQL statement's parameters, whatever
// the level: checked on the app's real logger, writing to memory.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES } from '../../domain/mensajes';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearUsuario } from '../test/fabricas';
import { errorParaLog, urlParaLog } from './log';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const TELEFONO = '2615551234';

let t: AppDePrueba;
const lineas: string[] = [];
const registro = () => lineas.join('\n');

beforeAll(async () => {
  t = await crearAppDePrueba(
    { LOG_LEVEL: 'trace' },
    {
      logger: { level: 'trace', stream: { write: (linea: string) => void lineas.push(linea) } },
      antesDeLasRutas: (app) => {
        // A statement that fails inside PostgreSQL with a hash and a phone among its parameters.
        app.get('/api/prueba-de-log', { config: { acceso: 'publico' } }, async () => {
          await app.db.execute(sql`select ${HASH}::text as clave, ${TELEFONO}::text as telefono, 1 / ${0}::integer as nada`);
          return { ok: true };
        });
      },
    },
  );
});
afterAll(() => t.cerrar());

describe('errors are logged without SQL parameters', () => {
  it('a failing query: the 500 says nothing, and the log has the SQL code and statement but no parameter', async () => {
    lineas.length = 0;
    const r = await t.app.inject({ method: 'GET', url: '/api/prueba-de-log' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ message: MENSAJES.errorInesperado });
    const errores = lineas.map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> }).filter((l) => l.msg === 'error inesperado');
    expect(errores).toHaveLength(1);
    const err = errores[0]!.err!;
    // Still says what failed and where.
    expect(JSON.stringify(err)).toContain('22012');
    expect(JSON.stringify(err)).toMatch(/select \$1::text as clave/);
    expect(err.stack).toMatch(/^\s+at /);
    // And never with what.
    expect(registro()).not.toContain(HASH);
    expect(registro()).not.toContain(TELEFONO);
    expect(registro()).not.toMatch(/params/i);
  });

  it('errorParaLog keeps code, table and constraint; drops params, detail and the message line of the stack', () => {
    const causa = Object.assign(new Error('duplicate key value violates unique constraint "usuario_usuario_unique"'), {
      code: '23505',
      table: 'usuario',
      constraint: 'usuario_usuario_unique',
      detail: 'Key (usuario)=(juan.perez) already exists.',
    });
    const error = Object.assign(new Error(`Failed query: insert into "usuario" values ($1, $2)\nparams: juan.perez,${HASH}`, { cause: causa }), {
      query: 'insert into "usuario" values ($1, $2)',
      params: ['juan.perez', HASH],
    });
    const enLog = JSON.stringify(errorParaLog(error));
    expect(enLog).not.toContain(HASH);
    expect(enLog).not.toContain('juan.perez');
    expect(errorParaLog(error)).toMatchObject({
      message: 'Failed query: insert into "usuario" values ($1, $2)',
      query: 'insert into "usuario" values ($1, $2)',
      cause: { code: '23505', table: 'usuario', constraint: 'usuario_usuario_unique' },
    });
  });
});

describe('secrets and personal data are hidden', () => {
  it('passwords, hashes, tokens, cookies, second-factor secrets and personal fields, up to two levels down', () => {
    lineas.length = 0;
    t.app.log.info(
      {
        clave: 'secreta-1',
        usuario: { usuario: 'ana', clave: 'secreta-2', claveActual: 'secreta-3', hash: HASH },
        req: { headers: { cookie: 'sesion=token-1', authorization: 'Bearer token-2', 'x-signature': 'ts=1,v1=abc' } },
        token: 'token-3',
        secretoTotp: 'JBSWY3DPEHPK3PXP',
        persona: { nombre: 'Ana', apellido: 'Pérez', telefono: TELEFONO, email: 'ana@example.com' },
        datos: { domicilio: { calle: 'Colón', numero: '123' } },
        ventaId: 7,
      },
      'prueba',
    );
    const texto = registro();
    for (const secreto of ['secreta-1', 'secreta-2', 'secreta-3', HASH, 'token-1', 'token-2', 'token-3', 'ts=1,v1=abc', 'JBSWY3DPEHPK3PXP', 'Pérez', TELEFONO, 'ana@example.com', 'Colón']) {
      expect(texto).not.toContain(secreto);
    }
    // What is not secret stays, so the log still helps.
    expect(JSON.parse(texto)).toMatchObject({ ventaId: 7, usuario: { usuario: 'ana' }, msg: 'prueba' });
  });

  it("a request's log shows its path but not the values of its searches", async () => {
    lineas.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/producto?q=maria.gonzalez&pagina=2' });
    const entrantes = lineas.map((l) => JSON.parse(l) as { req?: { url: string } }).filter((l) => l.req);
    expect(entrantes.map((l) => l.req!.url)).toContain('/api/producto?q=[oculto]&pagina=2');
    expect(registro()).not.toContain('maria.gonzalez');
  });

  it('a sign-in, right or wrong, leaves neither the password nor the cookie in the log', async () => {
    const u = await crearUsuario(t.db, { usuario: 'logueada', clave: 'una-clave-larga-77' });
    lineas.length = 0;
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario: u.usuario, clave: 'otra-clave-larga-88' } });
    const cookie = await t.cookieDe(u.usuario, u.clave);
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    const texto = registro();
    expect(texto).not.toContain('una-clave-larga-77');
    expect(texto).not.toContain('otra-clave-larga-88');
    expect(texto).not.toContain(cookie.split('=')[1]);
  });
});

describe('urlParaLog', () => {
  it('hides the values of every parameter but paging, order and dates', () => {
    expect(urlParaLog('/api/user?nombre=Ana&rol=ADMIN')).toBe('/api/user?nombre=[oculto]&rol=[oculto]');
    expect(urlParaLog('/api/venta?desde=2026-01-01&hasta=2026-01-31&pagina=1')).toBe('/api/venta?desde=2026-01-01&hasta=2026-01-31&pagina=1');
    expect(urlParaLog('/api/producto')).toBe('/api/producto');
    expect(urlParaLog('/x?%E0%A4%A=1&flag')).toBe('/x?%E0%A4%A=[oculto]&flag');
  });
});

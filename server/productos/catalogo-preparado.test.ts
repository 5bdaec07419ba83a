// The catalogue's statements (docs/decisions/037-busqueda-sin-planificar.md): one statement a page, the
// brands kept in memory only while their version holds, and on PostgreSQL prepared statements with
// generic plans on the catalogue's own connections.
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PaginaProductos } from '../../domain/producto';
import { buildApp } from '../app';
import { abrirPostgres, type BaseDeDatos } from '../db/client';
import { CONEXIONES_CATALOGO, poolDelCatalogo } from '../db/preparadas';
import { producto } from '../db/schema';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto } from '../test/fabricas';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba({}, { cacheApiSegundos: 0 });
});
afterAll(async () => t?.cerrar());

const pagina = async (app: FastifyInstance, url: string) => {
  const r = await app.inject({ method: 'GET', url });
  expect(r.statusCode).toBe(200);
  return r.json() as PaginaProductos;
};

describe('the brands of the catalogue', () => {
  it('a brand that appears or goes behind the app’s back shows in the next page, searched or not', async () => {
    const categoriaId = (await crearCategoria(t.db)).id;
    await crearProducto(t.db, { marca: 'Ángel Estrada', denominacion: 'Cuaderno rayado', categoriaId });
    expect((await pagina(t.app, '/api/producto')).marcas).toContain('Ángel Estrada');
    // Plain SQL, as another instance or a script would write: no notice reaches this app.
    await t.db.execute(
      sql`insert into producto (denominacion, marca, codigo, precio, costo, porcentaje, stock, categoria_id)
        values ('Lápiz negro HB', 'Ñandú', 'VER-1', 150, 100, 50, 5, ${categoriaId})`,
    );
    expect((await pagina(t.app, '/api/producto')).marcas).toContain('Ñandú');
    expect((await pagina(t.app, '/api/producto?q=lapiz')).marcas).toContain('Ñandú');
    // Spanish order: 'Ñandú' after every brand that begins with 'N'.
    await crearProducto(t.db, { marca: 'Nube', categoriaId });
    const marcas = (await pagina(t.app, '/api/producto')).marcas;
    expect(marcas.indexOf('Ñandú')).toBeGreaterThan(marcas.indexOf('Nube'));
    await t.db.delete(producto).where(eq(producto.codigo, 'VER-1'));
    expect((await pagina(t.app, '/api/producto?q=cuaderno')).marcas).not.toContain('Ñandú');
  });

  it('a change of a brand’s count alone keeps the version (the list is not read again)', async () => {
    const antes = await t.db.execute(sql`select valor from contador_catalogo where nombre = 'marcas'`);
    await crearProducto(t.db, { marca: 'Ángel Estrada' });
    const despues = await t.db.execute(sql`select valor from contador_catalogo where nombre = 'marcas'`);
    expect(Number((despues as unknown as { rows: Array<{ valor: unknown }> }).rows[0]!.valor)).toBe(
      Number((antes as unknown as { rows: Array<{ valor: unknown }> }).rows[0]!.valor),
    );
  });
});

describe.skipIf(process.env.TEST_MOTOR !== 'postgres')('two instances and prepared statements on PostgreSQL', () => {
  let baseB: BaseDeDatos;
  let b: FastifyInstance;
  beforeAll(async () => {
    baseB = await abrirPostgres(t.urlPostgres!, 2);
    b = await buildApp({ config: t.config, base: baseB, cacheApiSegundos: 0 });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await baseB?.cerrar();
  });

  it('a brand created through one instance is in the other’s next page', async () => {
    expect((await pagina(b, '/api/producto')).marcas).not.toContain('Marca de A');
    await crearProducto(t.db, { marca: 'Marca de A' });
    expect((await pagina(b, '/api/producto')).marcas).toContain('Marca de A');
  });

  it('the catalogue’s statements are prepared once per connection, with generic plans and no parallel workers, and answer as before', async () => {
    await crearProducto(t.db, { denominacion: 'Carpeta con solapas verde', marca: 'Rivadavia' });
    const primera = await pagina(b, '/api/producto?q=carpeta%20verde');
    // Past the five custom plans PostgreSQL would try before choosing.
    for (let i = 0; i < 7; i++) expect(await pagina(b, '/api/producto?q=carpeta%20verde')).toEqual(primera);
    expect(primera.items[0]?.denominacion).toBe('Carpeta con solapas verde');
    // One request after another go to the connection that is free: it holds the statements, planned generic.
    const [enElPool] = await poolDelCatalogo(baseB.db)!.unsafe<Array<{ modo: string; paralelos: string; preparadas: number }>>(
      "select current_setting('plan_cache_mode') as modo, current_setting('max_parallel_workers_per_gather') as paralelos, (select count(*)::int from pg_prepared_statements) as preparadas",
      [],
      { prepare: false },
    );
    expect(enElPool).toEqual({ modo: 'force_generic_plan', paralelos: '0', preparadas: expect.any(Number) });
    expect(enElPool!.preparadas).toBeGreaterThan(0);
    // The main pool keeps custom plans for the rest of the shop.
    const principal = (await baseB.db.execute(sql`select current_setting('plan_cache_mode') as modo`)) as unknown as { rows: Array<{ modo: string }> };
    expect(principal.rows[0]!.modo).toBe('auto');
  });

  it("a search that finds nothing asks '¿Quisiste decir…?', also with every connection but one taken", async () => {
    await crearProducto(t.db, { denominacion: 'Bolígrafo roller azul', marca: 'Uni-ball' });
    // Two letters from each word: the search finds nothing, and the proposal is a second search.
    const sola = await pagina(b, '/api/producto?q=bligrfo%20roler');
    expect(sola.total).toBe(0);
    expect(sola.quisisteDecir).toBe('bolígrafo roller');
    // Every connection but one held elsewhere: requests like it share that one, none waits forever.
    const pool = poolDelCatalogo(baseB.db)!;
    const tomadas = await Promise.all(Array.from({ length: CONEXIONES_CATALOGO - 1 }, () => pool.reserve()));
    try {
      const paginas = await Promise.all([0, 1, 2, 3, 4, 5].map(() => pagina(b, '/api/producto?q=bligrfo%20roler')));
      for (const p of paginas) expect(p.quisisteDecir).toBe('bolígrafo roller');
    } finally {
      for (const c of tomadas) c.release();
    }
  });

  // The socket of a PostgreSQL on this machine, where it is (Debian's directory).
  const SOCKET = '/var/run/postgresql';
  const porSocket = (url: string) => {
    const u = new URL(url);
    return { socket: `${SOCKET}/.s.PGSQL.${u.port || 5432}`, url: `postgres://${u.username}@${u.pathname}?host=${SOCKET}&port=${u.port || 5432}` };
  };
  it.skipIf(!fs.existsSync(porSocket(process.env.TEST_DATABASE_URL ?? 'postgres://x@localhost/x').socket))(
    'a DATABASE_URL through the Unix socket (?host=/dir) opens both pools, and the catalogue answers through it',
    async () => {
      const base = await abrirPostgres(porSocket(t.urlPostgres!).url, 2);
      try {
        const app = await buildApp({ config: t.config, base, cacheApiSegundos: 0 });
        try {
          await crearProducto(t.db, { denominacion: 'Regla de aluminio 30 cm', marca: 'Pizzini' });
          expect((await pagina(app, '/api/producto?q=regla%20aluminio')).items[0]?.denominacion).toBe('Regla de aluminio 30 cm');
          const [conexion] = await poolDelCatalogo(base.db)!.unsafe<Array<{ tcp: string | null }>>('select inet_client_addr()::text as tcp', [], { prepare: false });
          // No client address: a Unix socket.
          expect(conexion).toEqual({ tcp: null });
        } finally {
          await app.close();
        }
      } finally {
        await base.cerrar();
      }
    },
  );
});

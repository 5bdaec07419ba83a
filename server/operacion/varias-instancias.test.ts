// Several instances on one PostgreSQL (server/operacion/avisos-entre-instancias.ts, salud.ts): a write
// through one empties the memory of the other at once (LISTEN/NOTIFY), and readiness follows the
// database going away and coming back.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Producto } from '../../domain/producto';
import { buildApp } from '../app';
import { abrirPostgres, type BaseDeDatos } from '../db/client';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearCategoria, crearProducto, crearUsuario } from '../test/fabricas';
import { multipart } from '../test/multipart';

const enPostgres = process.env.TEST_MOTOR === 'postgres';
// Far longer than the test: only the notice can explain a fresh answer.
const CACHE_SEGUNDOS = 300;

describe.skipIf(!enPostgres)('two instances on one PostgreSQL', () => {
  let a: AppDePrueba;
  let baseB: BaseDeDatos;
  let b: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    a = await crearAppDePrueba({}, { cacheApiSegundos: CACHE_SEGUNDOS });
    baseB = await abrirPostgres(a.urlPostgres!, 5);
    b = await buildApp({ config: a.config, base: baseB, cacheApiSegundos: CACHE_SEGUNDOS });
    await b.ready();
    const u = await crearUsuario(a.db, { rol: 'ADMIN' });
    admin = await a.cookieDe(u.usuario, u.clave);
  });
  afterAll(async () => {
    await b?.close();
    await baseB?.cerrar();
    await a?.cerrar();
  });

  const leerEnB = async (url: string) => (await b.inject({ method: 'GET', url })).json() as Record<string, unknown>;

  it('a price changed through one is seen through the other within 100 ms; so is a new brand', async () => {
    const categoriaId = (await crearCategoria(a.db)).id;
    const p = await crearProducto(a.db, { costo: 1000, porcentaje: 50, marca: 'Marca vieja', categoriaId });
    const url = `/api/producto/${p.id}`;
    expect((await leerEnB(url)).precio).toBe(1500);
    expect((await leerEnB('/api/producto?page=0')).marcas).not.toContain('Marca nueva');
    // Still the memory's copy on B after a change behind the app's back: the cache is on.
    const datos = {
      id: p.id,
      denominacion: p.denominacion,
      marca: 'Marca nueva',
      codigo: p.codigo,
      costo: 2000,
      porcentaje: 50,
      stock: p.stock,
      descripcion: '',
      categoria: { id: categoriaId },
    };
    const cuerpo = multipart([{ nombre: 'producto', valor: JSON.stringify(datos) }]);
    const r = await a.app.inject({ method: 'PUT', url: '/api/producto/with-image', payload: cuerpo.payload, headers: { ...cuerpo.headers, cookie: admin } });
    expect(r.statusCode).toBe(200);
    expect((r.json() as Producto).precio).toBe(3000);

    const desde = performance.now();
    let precio: unknown;
    while ((precio = (await leerEnB(url)).precio) !== 3000 && performance.now() - desde < 5_000) await new Promise((resolve) => setTimeout(resolve, 2));
    const ms = performance.now() - desde;
    expect(precio).toBe(3000);
    expect(ms, `visto en B después de ${ms.toFixed(1)} ms`).toBeLessThan(100);
    expect((await leerEnB('/api/producto?page=0')).marcas).toContain('Marca nueva');
  });
});

/** A TCP relay to PostgreSQL that can be stopped and started again on the same port. */
function relevo(destino: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let servidor: net.Server | undefined;
  let puerto = 0;
  const iniciar = () =>
    new Promise<number>((resolve) => {
      servidor = net.createServer((entrada) => {
        const salida = net.connect(destino.port, destino.host);
        for (const s of [entrada, salida]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        entrada.pipe(salida).pipe(entrada);
      });
      servidor.listen(puerto, '127.0.0.1', () => {
        puerto = (servidor!.address() as net.AddressInfo).port;
        resolve(puerto);
      });
    });
  const detener = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      servidor?.close(() => resolve());
    });
  return { iniciar, detener };
}

describe.skipIf(!enPostgres)('readiness with PostgreSQL going away', () => {
  let a: AppDePrueba;
  let base: BaseDeDatos;
  let app: FastifyInstance;
  const r = relevo({ host: '127.0.0.1', port: 0 });
  let puerto = 0;
  beforeAll(async () => {
    a = await crearAppDePrueba();
    const destino = new URL(a.urlPostgres!);
    Object.assign(r, relevo({ host: destino.hostname, port: Number(destino.port || 5432) }));
    puerto = await r.iniciar();
    destino.port = String(puerto);
    destino.hostname = '127.0.0.1';
    base = await abrirPostgres(destino.toString(), 3);
    app = await buildApp({ config: a.config, base });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await base?.cerrar().catch(() => undefined);
    await r.detener();
    await a?.cerrar();
  });

  const listo = async () => (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode;

  it('answers 503 while its database URL leads nowhere (health stays 200), and 200 once PostgreSQL answers there again', async () => {
    expect(await listo()).toBe(200);
    await r.detener();
    expect(await listo()).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await r.iniciar();
    // A load balancer polls: the first check may still meet a connection the relay cut, or wait on a
    // busy machine past its 2 s limit; what matters is that readiness comes back by itself.
    const desde = performance.now();
    let estado = await listo();
    while (estado !== 200 && performance.now() - desde < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      estado = await listo();
    }
    expect(estado).toBe(200);
  });

});

// Health, readiness and the Prometheus metrics (server/operacion/salud.ts, metricas.ts): /metrics answers
// only its exact path with the bearer token; every other caller, spelling and token gets what an unknown
// path gets. Requests go over a real socket so no client normalises the target.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { crearProducto, crearUsuario } from '../test/fabricas';
import { variantesDeRuta } from '../test/variantes-de-ruta';
import { tokenValido } from './metricas';

const TOKEN = 'token-de-metricas-de-prueba-0123456789';

/** One raw HTTP/1.1 request, the target exactly as given. */
function pedidoCrudo(puerto: number, metodo: string, objetivo: string, cabeceras: Record<string, string> = {}): Promise<{ status: number; cuerpo: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(puerto, '127.0.0.1');
    let datos = '';
    socket.on('data', (d) => (datos += d.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(datos)?.[1] ?? 0);
      resolve({ status, cuerpo: datos.slice(datos.indexOf('\r\n\r\n') + 4) });
    });
    const lineas = Object.entries({ Host: `127.0.0.1:${puerto}`, Connection: 'close', ...cabeceras }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`${metodo} ${objetivo} HTTP/1.1\r\n${lineas.join('\r\n')}\r\n\r\n`);
  });
}

const esMetricas = (cuerpo: string) => cuerpo.includes('# HELP') || cuerpo.includes('http_requests_total');

describe('health and readiness', () => {
  let t: AppDePrueba;
  beforeAll(async () => {
    t = await crearAppDePrueba();
  });
  afterAll(() => t.cerrar());

  it('health answers without the database, ready with it; both public and not cached', async () => {
    const salud = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(salud.statusCode).toBe(200);
    expect(salud.json()).toEqual({ estado: 'ok' });
    expect(salud.headers['cache-control']).toBe('no-store');
    const lista = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(lista.statusCode).toBe(200);
    expect(lista.json()).toEqual({ estado: 'ok' });
  });

  it('without METRICS_TOKEN, /metrics does not exist', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(404);
    expect(esMetricas(r.body)).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: AppDePrueba;
  let puerto: number;
  let cookieAdmin: string;
  let cookieCliente: string;
  beforeAll(async () => {
    t = await crearAppDePrueba({ METRICS_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    puerto = (t.app.server.address() as net.AddressInfo).port;
    const admin = await crearUsuario(t.db, { rol: 'ADMIN' });
    const cliente = await crearUsuario(t.db);
    cookieAdmin = await t.cookieDe(admin.usuario, admin.clave);
    cookieCliente = await t.cookieDe(cliente.usuario, cliente.clave);
  });
  afterAll(() => t.cerrar());

  it('compares the bearer token whole, scheme aside', () => {
    expect(tokenValido(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(tokenValido(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const mal of [undefined, '', TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, `Bearer  ${TOKEN}`, `Bearer ${TOKEN} x`, 'Bearer ']) {
      expect(tokenValido(mal, TOKEN), String(mal)).toBe(false);
    }
  });

  it('no role, no missing or wrong token and no other spelling of the path gets the metrics', async () => {
    const sinToken: Array<Record<string, string>> = [{}, { cookie: cookieCliente }, { cookie: cookieAdmin }];
    const tokensMalos = ['', `Bearer ${TOKEN}0`, `Bearer ${TOKEN.toUpperCase()}`, TOKEN, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`];
    const casos: Array<{ metodo: string; objetivo: string; cabeceras: Record<string, string> }> = [];
    for (const cabeceras of sinToken) for (const metodo of ['GET', 'HEAD', 'POST']) casos.push({ metodo, objetivo: '/metrics', cabeceras });
    for (const autorizacion of tokensMalos) casos.push({ metodo: 'GET', objetivo: '/metrics', cabeceras: { authorization: autorizacion, cookie: cookieAdmin } });
    // With the right token, any other spelling of the path.
    const otras = [...variantesDeRuta('/metrics', puerto), '/metrics/', '/METRICS', '/Metrics', '//metrics', '/%2Fmetrics', '/metrics%2F', '/api/../metrics', '/api/metrics', '/metrics.txt'];
    for (const objetivo of otras) casos.push({ metodo: 'GET', objetivo, cabeceras: { authorization: `Bearer ${TOKEN}` } });

    for (const caso of casos) {
      const r = await pedidoCrudo(puerto, caso.metodo, caso.objetivo, caso.cabeceras);
      const descripcion = `${caso.metodo} ${caso.objetivo} ${JSON.stringify(caso.cabeceras).slice(0, 60)} -> ${r.status}`;
      expect(esMetricas(r.cuerpo), descripcion).toBe(false);
      expect([400, 404], descripcion).toContain(r.status);
    }
    // And the right call does get them (the same socket helper).
    const bien = await pedidoCrudo(puerto, 'GET', '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(bien.status).toBe(200);
    expect(esMetricas(bien.cuerpo)).toBe(true);
  });

  it('counts an order by payment method, requests by route pattern (never the raw URL), login failures and process figures', async () => {
    const p = await crearProducto(t.db, { stock: 3 });
    const cliente = await crearUsuario(t.db);
    const cookie = await t.cookieDe(cliente.usuario, cliente.clave);
    const pedido = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { cookie },
      payload: { lineas: [{ productoId: p.id, cantidad: 1 }], formaPago: 'EFECTIVO', envio: 0 },
    });
    expect(pedido.statusCode).toBe(201);
    const sinStock = await t.app.inject({
      method: 'POST',
      url: '/api/pedido',
      headers: { cookie },
      payload: { lineas: [{ productoId: p.id, cantidad: 50 }], formaPago: 'EFECTIVO', envio: 0 },
    });
    expect(sinStock.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/api/producto/${p.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { usuario: cliente.usuario, clave: 'otra-clave-mala' } })).statusCode).toBe(401);

    const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const texto = r.body;
    expect(texto).toMatch(/^tienda_pedidos_total\{forma_pago="EFECTIVO"\} 1$/m);
    expect(texto).toMatch(/^tienda_conflictos_total\{route="\/api\/pedido"\} 1$/m);
    expect(texto).toMatch(/^tienda_login_fallidos_total\{status="401"\} 1$/m);
    expect(texto).toMatch(/^tienda_ventas\{forma_pago="EFECTIVO",estado="PENDIENTE"\} 1$/m);
    expect(texto).toMatch(/^http_requests_total\{method="GET",route="\/api\/producto\/:id",status="200"\} 1$/m);
    expect(texto).toMatch(/^http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/pedido"\} 2$/m);
    expect(texto).not.toContain(`/api/producto/${p.id}"`);
    expect(texto).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(texto).toMatch(/^process_resident_memory_bytes /m);
  });
});

describe('request counts with the memory cache on', () => {
  let t: AppDePrueba;
  beforeAll(async () => {
    t = await crearAppDePrueba({ METRICS_TOKEN: TOKEN }, { cacheApiSegundos: 60 });
  });
  afterAll(() => t.cerrar());

  const metricas = async () => {
    const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.statusCode).toBe(200);
    return r.body;
  };
  const valor = (texto: string, linea: string) => {
    const encontrada = texto.split('\n').find((l) => l.startsWith(`${linea} `));
    return encontrada === undefined ? undefined : Number(encontrada.slice(linea.length + 1));
  };

  it('counts each request once (HEAD too), totals across scrapes, 404s as one route, and memory-cache hits and misses', async () => {
    const p = await crearProducto(t.db);
    const ruta = `/api/producto/${p.id}`;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: ruta })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: ruta })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-existe' })).statusCode).toBe(404);
    let texto = await metricas();
    expect(valor(texto, 'http_requests_total{method="GET",route="/api/producto/:id",status="200"}')).toBe(3);
    expect(valor(texto, 'http_requests_total{method="HEAD",route="/api/producto/:id",status="200"}')).toBe(1);
    expect(valor(texto, 'http_request_duration_seconds_count{method="GET",route="/api/producto/:id"}')).toBe(3);
    expect(valor(texto, 'http_request_duration_seconds_bucket{le="+Inf",method="HEAD",route="/api/producto/:id"}')).toBe(1);
    expect(valor(texto, 'http_requests_total{method="GET",route="sin_ruta",status="404"}')).toBe(1);
    // The first read asked the database, the next two came from memory.
    expect(valor(texto, 'tienda_cache_lecturas_total{route="/api/producto/:id",resultado="fallo"}')).toBe(1);
    expect(valor(texto, 'tienda_cache_lecturas_total{route="/api/producto/:id",resultado="acierto"}')).toBe(2);

    expect((await t.app.inject({ method: 'GET', url: ruta })).statusCode).toBe(200);
    texto = await metricas();
    expect(valor(texto, 'http_requests_total{method="GET",route="/api/producto/:id",status="200"}')).toBe(4);
    expect(valor(texto, 'http_request_duration_seconds_count{method="GET",route="/api/producto/:id"}')).toBe(4);
    expect(valor(texto, 'tienda_cache_lecturas_total{route="/api/producto/:id",resultado="acierto"}')).toBe(3);
    expect(valor(texto, 'http_requests_total{method="GET",route="/metrics",status="200"}')).toBe(1);
  });
});

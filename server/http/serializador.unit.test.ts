import Fastify from 'fastify';
import { isResponseSerializationError, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { promocionActivaSchema, promocionSchema } from '../../domain/promocion';
import { paginaProductosSchema } from '../../domain/producto';
import { usuarioSchema } from '../../domain/usuario';
import { paginaVentasSchema, ventaSchema } from '../../domain/venta';
import { errorSchema } from './schemas';
import { modoDeSerializar, serializadorDeRespuestas } from './serializador';

const fecha = z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() });

describe('which schemas are parsed forward', () => {
  it("the app's response schemas: all of them", () => {
    for (const esquema of [
      z.array(promocionSchema),
      z.array(promocionActivaSchema),
      paginaProductosSchema,
      paginaVentasSchema,
      ventaSchema,
      usuarioSchema,
      errorSchema,
      z.null(),
      z.boolean(),
    ]) {
      expect(modoDeSerializar(esquema)).toBe('parse');
    }
  });

  it('anything that acts differently when encoding keeps safeEncode, however deep', () => {
    const dentro = (s: z.ZodType) => z.object({ items: z.array(z.object({ a: z.string().optional(), b: s })) });
    for (const s of [
      fecha,
      z.string().transform((x) => x.length),
      z.string().pipe(z.string()),
      z.number().default(0),
      z.number().prefault(0),
      z.number().catch(0),
      z.coerce.number(),
      z.discriminatedUnion('tipo', [z.object({ tipo: z.literal('a') }), z.object({ tipo: z.literal('b') })]),
    ]) {
      expect(modoDeSerializar(s)).toBe('encode');
      expect(modoDeSerializar(dentro(s))).toBe('encode');
      expect(modoDeSerializar(z.union([z.null(), dentro(s)]))).toBe('encode');
    }
  });

  it('a recursive schema is walked once', () => {
    interface Nodo {
      nombre: string;
      hijos: Nodo[];
    }
    const nodo: z.ZodType<Nodo> = z.lazy(() => z.object({ nombre: z.string(), hijos: z.array(nodo) }));
    expect(modoDeSerializar(nodo)).toBe('parse');
  });
});

describe('the serializer in a route', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  const usuario = z.object({ id: z.number().int().positive(), usuario: z.string(), rol: z.enum(['ADMIN', 'USER']) });
  // What each case answers, right or wrong: the handler's type is deliberately bypassed.
  const respuestas: Record<string, unknown> = {};
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializadorDeRespuestas);
    app.setErrorHandler((error, _request, reply) => reply.code(500).send({ serializacion: isResponseSerializationError(error) }));
    app.get('/usuario/:caso', { schema: { response: { 200: z.array(usuario) } } }, async (request) => respuestas[(request.params as { caso: string }).caso] as never);
    app.get('/con-fecha', { schema: { response: { 200: z.object({ cuando: fecha }) } } }, async () => ({ cuando: new Date(Date.UTC(2026, 0, 2)) }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets out only what the schema declares (a password hash never leaks)', async () => {
    respuestas.extra = [{ id: 1, usuario: 'ana', rol: 'USER', clave: '$argon2id$v=19$secreto', persona: { dni: 1 } }];
    const r = await app.inject('/usuario/extra');
    expect(r.statusCode).toBe(200);
    expect(r.body).toBe('[{"id":1,"usuario":"ana","rol":"USER"}]');
  });

  it('refuses an answer that does not match its schema, however deep or late in the list', async () => {
    const bien = { id: 1, usuario: 'ana', rol: 'USER' };
    respuestas.tipo = [bien, { ...bien, id: 'uno' }];
    respuestas.falta = [bien, { id: 2, rol: 'USER' }];
    respuestas.enum = [...Array.from({ length: 50 }, () => bien), { ...bien, rol: 'ROOT' }];
    respuestas.check = [{ ...bien, id: -3 }];
    respuestas.noLista = bien;
    for (const caso of ['tipo', 'falta', 'enum', 'check', 'noLista']) {
      // Twice: the first call compiles, the second runs the compiled code.
      for (let i = 0; i < 2; i++) {
        const r = await app.inject(`/usuario/${caso}`);
        expect(r.statusCode, caso).toBe(500);
        expect(r.json(), caso).toEqual({ serializacion: true });
      }
    }
  });

  it('still encodes a schema with a codec', async () => {
    const r = await app.inject('/con-fecha');
    expect(r.json()).toEqual({ cuando: '2026-01-02T00:00:00.000Z' });
  });

  it('answers what safeEncode answered, byte for byte, for the admin list of promotions', async () => {
    const lista = z.array(promocionSchema);
    const datos = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      denominacion: `Promo ${i} «ñandú»`,
      descripcion: 'Dos "cuadernos"\ny un lápiz',
      fechaInicio: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      fechaFin: new Date(Date.UTC(2026, 5, i + 1)).toISOString(),
      precioPromocional: 1999.9 + i,
      detallePromociones: Array.from({ length: i % 4 }, (_, j) => ({
        id: i * 10 + j,
        cantidad: j + 1,
        producto: { id: j + 1, denominacion: 'Lápiz HB', precio: 123.45, stock: 7, imagen: j % 2 ? null : 'a.png', costo: 1 },
        promocion: { id: i + 1 },
      })),
    }));
    const serializar = serializadorDeRespuestas({ schema: lista, method: 'GET', url: '/api/promocion', httpStatus: '200' });
    const esperado = JSON.stringify(z.safeEncode(lista, datos).data);
    expect(serializar(datos)).toBe(esperado);
    expect(serializar(datos)).toBe(esperado);
    expect(esperado).not.toContain('costo');
  });
});

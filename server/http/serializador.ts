import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The response serializer of every route (decision 013).
 *
 * fastify-type-provider-zod serializes with `safeEncode` (zod's backward direction, for codecs). zod runs
 * that direction with a checkless first pass and a second full pass at every schema that has checks
 * (`.int()`, `.max()`...), and never through the code `z.compile` generates: the admin list of 200
 * promotions cost 1.7 ms there against 0.04 ms compiled. For a schema without transforms, codecs,
 * defaults or coercion, encoding and parsing give the same value and the same failures, so such
 * schemas are compiled once (on first use) and parsed forward; any other schema keeps `safeEncode`.
 * Either way the answer is what the schema lets out (unknown keys stripped) and a mismatch throws
 * `ResponseSerializationError` (a 500), as with the library's serializer.
 */
export const serializadorDeRespuestas: FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> = ({ schema, method, url }) => {
  const esquema = resolverEsquema(schema);
  const fallo = (cause: z.core.$ZodError) => new ResponseSerializationError(method, url, { cause });
  if (modoDeSerializar(esquema) === 'encode') {
    return (datos) => {
      const r = z.safeEncode(esquema, datos);
      if (!r.success) throw fallo(r.error);
      return JSON.stringify(r.data);
    };
  }
  let compilado: z.ZodType | undefined;
  return (datos) => {
    compilado ??= z.compile(esquema);
    const r = compilado.safeParse(datos);
    if (!r.success) throw fallo(r.error);
    return JSON.stringify(r.data);
  };
};

function resolverEsquema(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema && schema.properties instanceof z.ZodType) {
    return schema.properties;
  }
  throw new InvalidSchemaError(JSON.stringify(schema));
}

/** Kinds of schema that give the same result in both directions, once their children do. */
const SIMETRICOS = new Set<string>([
  'string', 'number', 'int', 'boolean', 'bigint', 'symbol', 'null', 'undefined', 'void', 'never', 'any', 'unknown', 'nan',
  'date', 'enum', 'literal', 'template_literal', 'file',
  'object', 'array', 'tuple', 'record', 'union', 'intersection', 'optional', 'nullable', 'nonoptional', 'readonly', 'lazy',
]);

/**
 * 'parse' when parsing forward gives what encoding would: no transform, pipe, codec, default, prefault,
 * catch or coercion anywhere inside (these act differently, or only, in one direction), no discriminated
 * union (its backward direction tries every option when the tag is missing). 'encode' otherwise.
 */
export function modoDeSerializar(esquema: z.core.$ZodType): 'parse' | 'encode' {
  return simetrico(esquema, new Set()) ? 'parse' : 'encode';
}

function simetrico(esquema: z.core.$ZodType, vistos: Set<z.core.$ZodType>): boolean {
  if (vistos.has(esquema)) return true;
  vistos.add(esquema);
  const def = esquema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (!SIMETRICOS.has(def.type) || def.coerce === true || def.discriminator !== undefined) return false;
  return hijos(def).every((hijo) => simetrico(hijo, vistos));
}

function hijos(def: z.core.$ZodTypeDef & Record<string, unknown>): z.core.$ZodType[] {
  const esEsquema = (x: unknown): x is z.core.$ZodType => x instanceof z.core.$ZodType;
  const lista: unknown[] = [];
  switch (def.type) {
    case 'object':
      lista.push(...Object.values(def.shape as Record<string, unknown>), def.catchall);
      break;
    case 'array':
      lista.push(def.element);
      break;
    case 'tuple':
      lista.push(...(def.items as unknown[]), def.rest);
      break;
    case 'record':
      lista.push(def.keyType, def.valueType);
      break;
    case 'union':
      lista.push(...(def.options as unknown[]));
      break;
    case 'intersection':
      lista.push(def.left, def.right);
      break;
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      lista.push(def.innerType);
      break;
    case 'lazy':
      lista.push((def.getter as () => unknown)());
      break;
  }
  return lista.filter(esEsquema);
}

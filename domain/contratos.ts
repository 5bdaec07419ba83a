// What a write body may carry: the fields the client changes, plus whatever the API answers for that
// resource, sent back as it came (read-only: accepted and dropped). Anything else is refused by name.

import { z } from 'zod';
import { MENSAJES } from './mensajes';

/**
 * 'Campo desconocido: observaciones' / 'Campos desconocidos: a, user.b' for zod's `unrecognized_keys`
 * (undefined for any other issue). The server sets it as zod's global `customError`; `cuerpoDe` also sets
 * it on every object it builds, so the message is the same in the browser and under a schema's own error.
 */
export const mensajeDeCamposDesconocidos = (issue: z.core.$ZodRawIssue): string | undefined =>
  issue.code === 'unrecognized_keys'
    ? MENSAJES.camposDesconocidos(issue.keys.map((clave) => [...(issue.path ?? []), clave].join('.')))
    : undefined;

type Esquema = z.core.$ZodType;

const tipo = (esquema: Esquema) => esquema._zod.def.type;

/** The object (or array) an answer's field holds, under nullable / optional / default. */
function sinEnvoltorios(esquema: Esquema): Esquema {
  let actual = esquema;
  for (;;) {
    const def = actual._zod.def as { type: string; innerType?: Esquema };
    if (!['nullable', 'optional', 'default', 'prefault', 'readonly', 'nonoptional'].includes(def.type) || !def.innerType) return actual;
    actual = def.innerType;
  }
}

const esObjeto = (esquema: Esquema): esquema is z.ZodObject => tipo(esquema) === 'object';

/** A read-only field in a body: any value is accepted and dropped. */
const soloLectura = () => z.unknown().optional().describe('Solo lectura: se acepta y se ignora');

/**
 * The writable field `escribible` with the read-only fields of `respuesta` added where both hold objects
 * (also under optional / nullable, and in arrays); any other kind of field stays as it is.
 */
function conCamposDeRespuesta(escribible: Esquema, respuesta: Esquema): Esquema {
  const def = escribible._zod.def as { type: string; innerType?: Esquema; element?: Esquema };
  if (def.type === 'optional' && def.innerType) return (conCamposDeRespuesta(def.innerType, respuesta) as z.ZodType).optional();
  if (def.type === 'nullable' && def.innerType) return (conCamposDeRespuesta(def.innerType, respuesta) as z.ZodType).nullable();
  const destino = sinEnvoltorios(respuesta);
  if (def.type === 'array' && def.element && tipo(destino) === 'array') {
    const elemento = conCamposDeRespuesta(def.element, (destino._zod.def as unknown as { element: Esquema }).element);
    return (escribible as z.ZodArray).clone(z.core.util.mergeDefs(escribible._zod.def, { element: elemento }));
  }
  if (esObjeto(escribible) && esObjeto(destino)) return objetoConRespuesta(escribible, destino);
  return escribible;
}

function objetoConRespuesta(escribible: z.ZodObject, respuesta: z.ZodObject): z.ZodType {
  const forma: Record<string, Esquema> = {};
  for (const [clave, campo] of Object.entries(escribible.shape)) {
    const devuelto = respuesta.shape[clave];
    forma[clave] = devuelto ? conCamposDeRespuesta(campo, devuelto) : campo;
  }
  const ignorados = Object.keys(respuesta.shape).filter((clave) => !(clave in escribible.shape));
  for (const clave of ignorados) forma[clave] = soloLectura();
  const propio = escribible._zod.def.error as ((issue: z.core.$ZodRawIssue) => unknown) | undefined;
  // The object's own checks (refinements) and error stay; an unknown key always names itself.
  const objeto = escribible.clone(
    z.core.util.mergeDefs(escribible._zod.def, {
      shape: forma,
      catchall: z.never(),
      error: (issue: z.core.$ZodRawIssue) => mensajeDeCamposDesconocidos(issue) ?? propio?.(issue),
    }),
  );
  if (ignorados.length === 0) return objeto;
  return objeto.transform((valor) => {
    const escrito: Record<string, unknown> = { ...valor };
    for (const clave of ignorados) delete escrito[clave];
    return escrito;
  });
}

/**
 * The body of a write (`POST`, `PUT`) of a resource: `escribible` lists what the client may change, with
 * its rules; `respuesta` is the schema of what the API answers for that resource. Every field of the
 * answer that the body does not take (id, computed totals, names of linked records, lines...) is accepted
 * back with any value and dropped before the handler sees it, also inside nested objects (`user: {id,
 * usuario}` keeps `id`, drops `usuario`); `id: null` of a creation is one of them. A key that is in neither
 * is a 400 that names it ('Campo desconocido: observaciones'). So a client can send back the object it
 * got, as form libraries do, and nothing it did not mean to change is stored.
 */
export function cuerpoDe<E extends z.ZodObject>(escribible: E, respuesta: z.ZodObject): z.ZodType<z.output<E>, z.input<E>> {
  return objetoConRespuesta(escribible, respuesta) as unknown as z.ZodType<z.output<E>, z.input<E>>;
}

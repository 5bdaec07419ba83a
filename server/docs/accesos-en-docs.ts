import type { FastifyInstance } from 'fastify';
import type { Acceso } from '../auth/acceso';

/** One operation of the OpenAPI document with the access its route declared (`x-acceso`). */
export interface OperacionDocumentada {
  method: string;
  /** OpenAPI path, with {parameters}. */
  camino: string;
  acceso: Acceso;
}

export const ETIQUETA_ACCESO: Record<Acceso, string> = {
  contenido: 'contenido',
  publico: 'público',
  usuario: 'usuario',
  propio: 'propio',
  admin: 'admin',
};

const INICIO = '<!-- accesos: generado por `npm run docs:api`; no editar a mano -->';
const FIN = '<!-- fin de accesos -->';

/** The API's operations (HEAD ones aside) from the OpenAPI document the app serves. */
export async function operacionesDocumentadas(app: FastifyInstance): Promise<OperacionDocumentada[]> {
  const respuesta = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const documento = respuesta.json() as { paths: Record<string, Record<string, { 'x-acceso'?: Acceso }>> };
  return Object.entries(documento.paths).flatMap(([camino, metodos]) =>
    Object.entries(metodos)
      .filter(([metodo]) => metodo !== 'head')
      .map(([metodo, op]) => {
        if (!op['x-acceso']) throw new Error(`${metodo.toUpperCase()} ${camino} no declara su acceso`);
        return { method: metodo.toUpperCase(), camino, acceso: op['x-acceso'] };
      }),
  );
}

/**
 * docs/api.md with every access written from the routes' declarations: the Access cell of each table
 * row that names an operation ('| GET /api/venta/{id} | ... |'), and the full list between the
 * markers. A row naming no operation is an error, so the document cannot drift from the code.
 */
export function documentoConAccesos(texto: string, operaciones: OperacionDocumentada[]): string {
  const acceso = new Map(operaciones.map((op) => [`${op.method} ${op.camino}`, op.acceso]));
  const desconocidas: string[] = [];
  const conCeldas = texto.replace(/^\| (GET|POST|PUT|PATCH|DELETE) (\/api\/[^ ?|]*)(\?[^ |]*)? \| [^|]* \|/gm, (fila, metodo: string, camino: string, consulta?: string) => {
    const declarado = acceso.get(`${metodo} ${camino}`);
    if (!declarado) {
      desconocidas.push(`${metodo} ${camino}`);
      return fila;
    }
    return `| ${metodo} ${camino}${consulta ?? ''} | ${ETIQUETA_ACCESO[declarado]} |`;
  });
  if (desconocidas.length > 0) throw new Error(`docs/api.md nombra operaciones que no existen: ${desconocidas.join(', ')}`);

  const desde = conCeldas.indexOf(INICIO);
  const hasta = conCeldas.indexOf(FIN);
  if (desde === -1 || hasta < desde) throw new Error(`docs/api.md no tiene las marcas ${INICIO} y ${FIN}`);
  const ordenadas = [...operaciones].sort((a, b) => a.camino.localeCompare(b.camino) || a.method.localeCompare(b.method));
  const lista = [
    INICIO,
    '',
    '| Method and path | Access |',
    '|---|---|',
    ...ordenadas.map((op) => `| ${op.method} ${op.camino} | ${ETIQUETA_ACCESO[op.acceso]} |`),
    '',
    FIN,
  ].join('\n');
  return conCeldas.slice(0, desde) + lista + conCeldas.slice(hasta + FIN.length);
}

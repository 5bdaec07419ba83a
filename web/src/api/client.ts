import { MENSAJE_ERROR_DESCONOCIDO } from '../../../domain/mensaje-error-desconocido';

/** An API answer that was not 2xx, with the server's Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Array<{ campo: string; mensaje: string }>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface OpcionesApi extends Omit<RequestInit, 'body'> {
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
}

// The server's prerender answers the API in-process (no relative URLs in Node): it swaps this.
let fetchApi: typeof fetch = (entrada, init) => fetch(entrada, init);
export function usarFetchApi(f: typeof fetch) {
  fetchApi = f;
}

export function urlApi(ruta: string, query?: OpcionesApi['query']): string {
  const params = new URLSearchParams();
  for (const [clave, valor] of Object.entries(query ?? {})) {
    if (valor !== undefined && valor !== null && valor !== '') params.set(clave, String(valor));
  }
  const qs = params.toString();
  return `/api/${ruta.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}

export async function apiFetch<T>(ruta: string, { body, query, headers, ...opciones }: OpcionesApi = {}): Promise<T> {
  const esFormulario = body instanceof FormData;
  const respuesta = await fetchApi(urlApi(ruta, query), {
    credentials: 'same-origin',
    ...opciones,
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && !esFormulario ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : esFormulario ? body : JSON.stringify(body),
  });
  if (respuesta.status === 204) return undefined as T;
  const tipo = respuesta.headers.get('content-type') ?? '';
  const datos: unknown = tipo.includes('application/json') ? await respuesta.json() : await respuesta.text();
  if (!respuesta.ok) {
    const cuerpo = (typeof datos === 'object' && datos !== null ? datos : {}) as {
      message?: string;
      errors?: Array<{ campo: string; mensaje: string }>;
    };
    throw new ApiError(respuesta.status, cuerpo.message ?? MENSAJE_ERROR_DESCONOCIDO, cuerpo.errors);
  }
  return datos as T;
}

/** The message to show for any failure: the server's when it sent one. */
export const mensajeDeError = (error: unknown, porDefecto: string = MENSAJE_ERROR_DESCONOCIDO): string =>
  error instanceof ApiError ? error.message : porDefecto;

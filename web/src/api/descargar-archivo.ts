import { ApiError, urlApi, type OpcionesApi } from './client';

/** Downloads a file (a spreadsheet, a CSV) through fetch so that a failure can be told, then saves it under `nombre`. */
export async function descargarArchivo(ruta: string, query: OpcionesApi['query'], nombre: string, mensajeError: string): Promise<void> {
  const respuesta = await fetch(urlApi(ruta, query), { credentials: 'same-origin' });
  if (!respuesta.ok) {
    const cuerpo = (await respuesta.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(respuesta.status, cuerpo.message ?? mensajeError);
  }
  const url = URL.createObjectURL(await respuesta.blob());
  const enlace = document.createElement('a');
  enlace.href = url;
  enlace.download = nombre;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Puts each field error of a server's answer on its input ('persona.nombre', 'domicilio.codigoPostal'),
 * when the form has that field (`campos`); answers whether any was placed.
 */
export function marcarErroresDelServidor<T extends FieldValues>(error: unknown, marcar: UseFormSetError<T>, campos: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  let alguno = false;
  for (const { campo, mensaje } of error.errors ?? []) {
    if (!campos.includes(campo)) continue;
    marcar(campo as Path<T>, { type: 'server', message: mensaje });
    alguno = true;
  }
  return alguno;
}

/** The field paths of the personal data and address, as the API names them in its errors. */
export const CAMPOS_PERSONA_Y_DOMICILIO = [
  'persona.nombre',
  'persona.apellido',
  'persona.telefono',
  'persona.email',
  'domicilio.calle',
  'domicilio.numero',
  'domicilio.provincia',
  'domicilio.localidad',
  'domicilio.localidadTexto',
  'domicilio.codigoPostal',
] as const;

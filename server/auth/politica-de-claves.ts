import { normalizarBusqueda } from '../../domain/texto';
import { MENSAJES_USUARIO } from '../../domain/usuario';
import { Invalido } from '../errors';

// What a new password must not be, beyond the 8-to-200 characters the zod schemas already ask.
// Server only: the list is large and must not reach the browser (domain/ is bundled there).

let comunes: Promise<ReadonlySet<string>> | undefined;

/**
 * zxcvbn-ts's list of the most used passwords (lower-case, by frequency; tens of thousands, far more
 * than the 10,000 asked), shipped in the package, no network: read on the first password set, kept as a Set.
 */
function clavesComunes(): Promise<ReadonlySet<string>> {
  comunes ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
    (error: unknown) => {
      comunes = undefined;
      throw error;
    },
  );
  return comunes;
}

/** Compared lower-case, and also without accents ('Contraseña' as 'contrasena'). */
export async function esClaveComun(clave: string): Promise<boolean> {
  const lista = await clavesComunes();
  return lista.has(clave.toLowerCase()) || lista.has(normalizarBusqueda(clave));
}

export interface DatosDeLaCuenta {
  usuario: string;
  nombre?: string | null | undefined;
  apellido?: string | null | undefined;
}

const MINIMO_NOMBRE = 4;

/** A person's name as a password would hide it: whole, and each of its words ('María José'). */
const partesDeNombre = (normalizado: string): string[] => [normalizado, ...normalizado.split(/[^\p{L}\p{N}]+/u)];

/**
 * The password contains the user name, or the person's name or surname (or one of their words), from
 * 4 characters on, compared lower-case and without accents.
 */
export function contieneNombrePropio(clave: string, cuenta: DatosDeLaCuenta): boolean {
  const normalizada = normalizarBusqueda(clave);
  const nombres = [cuenta.nombre, cuenta.apellido].flatMap((texto) => (texto ? partesDeNombre(normalizarBusqueda(texto)) : []));
  return [normalizarBusqueda(cuenta.usuario), ...nombres].some((parte) => parte.length >= MINIMO_NOMBRE && normalizada.includes(parte));
}

/** Refuses, as a 400 on `campo`, a password that is common or carries the account's own name. */
export async function asegurarClaveAceptable(clave: string, cuenta: DatosDeLaCuenta, campo: string): Promise<void> {
  const mensaje = contieneNombrePropio(clave, cuenta)
    ? MENSAJES_USUARIO.claveConNombre
    : (await esClaveComun(clave))
      ? MENSAJES_USUARIO.claveComun
      : undefined;
  if (mensaje) throw new Invalido(mensaje, [{ campo, mensaje }]);
}

import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes).
const opciones = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashearClave = (clave: string): Promise<string> => hash(clave, opciones);

export async function verificarClave(hashGuardado: string, clave: string): Promise<boolean> {
  try {
    return await verify(hashGuardado, clave);
  } catch {
    return false;
  }
}

/** Spent on unknown users too, so response time does not reveal which user names exist. */
let hashFicticio: Promise<string> | undefined;
export const hashParaUsuarioInexistente = (): Promise<string> => (hashFicticio ??= hashearClave('no-existe'));

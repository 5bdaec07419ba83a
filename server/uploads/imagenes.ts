import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MENSAJES } from '../../domain/mensajes';
import { TAMANO_MAXIMO_IMAGEN } from '../../domain/producto';
import { DemasiadoGrande, TipoNoSoportado } from '../errors';
import { cargarSharp } from './sharp';

/** Where product images live. On disk today; object storage would implement the same two calls. */
export interface AlmacenImagenes {
  /** Stores the bytes under a new generated name and answers that name. */
  guardar(contenido: Buffer, extension: ExtensionImagen): Promise<string>;
  /** Deletes a stored image; an unknown or foreign name is ignored. */
  borrar(nombre: string | null | undefined): Promise<void>;
}

export type ExtensionImagen = 'jpg' | 'png' | 'gif';
const EXTENSION_POR_FORMATO: Record<string, ExtensionImagen> = { jpeg: 'jpg', png: 'png', gif: 'gif' };

// Only names this module generates (and the seed's) can be deleted: no path ever reaches the disk.
const NOMBRE_VALIDO = /^[A-Za-z0-9-]{1,80}\.(jpg|png|gif)$/;

/** Checks the bytes themselves (not the name or the declared type): JPEG, PNG or GIF, at most 5 MB. */
export async function verificarImagen(contenido: Buffer): Promise<ExtensionImagen> {
  if (contenido.length > TAMANO_MAXIMO_IMAGEN) throw new DemasiadoGrande(MENSAJES.imagenMaximo5MB);
  const sharp = await cargarSharp();
  let formato: string | undefined;
  try {
    formato = (await sharp(contenido).metadata()).format;
  } catch {
    formato = undefined;
  }
  const extension = formato ? EXTENSION_POR_FORMATO[formato] : undefined;
  if (!extension) throw new TipoNoSoportado(MENSAJES.soloJpegPngGif);
  return extension;
}

export function almacenEnDisco(carpeta: string): AlmacenImagenes {
  return {
    async guardar(contenido, extension) {
      await fs.mkdir(carpeta, { recursive: true });
      const nombre = `${randomUUID()}.${extension}`;
      // 'wx': never overwrite, and the file is not executable.
      await fs.writeFile(path.join(carpeta, nombre), contenido, { flag: 'wx', mode: 0o644 });
      return nombre;
    },
    async borrar(nombre) {
      if (!nombre || !NOMBRE_VALIDO.test(nombre)) return;
      await fs.rm(path.join(carpeta, nombre), { force: true });
    },
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ANCHOS_VARIANTE } from '../../domain/imagenes';
import { MENSAJES } from '../../domain/mensajes';
import { cargarSharp } from './sharp';

// Only names the image store (or the seed) generates: no path ever reaches the disk.
const NOMBRE = /^([A-Za-z0-9-]{1,80})\.(jpg|png|gif)$/;

/**
 * `GET /uploads/w{ancho}/{imagen}.webp`: the uploaded image resized (never enlarged) to that width and
 * re-encoded as WebP, made with sharp on first demand and kept next to the original in
 * `UPLOADS_DIR/variantes/`. The names never change for a given file, so the answer is cached for a
 * year. A product image of a few hundred KB becomes 5-30 KB at card size.
 */
export async function variantesRoutes(app: FastifyInstance) {
  const carpeta = app.config.UPLOADS_DIR;
  const carpetaVariantes = path.join(carpeta, 'variantes');
  const enCurso = new Map<string, Promise<Buffer>>();

  const generar = async (nombre: string, ancho: number): Promise<Buffer> => {
    const destino = path.join(carpetaVariantes, `${path.parse(nombre).name}-w${ancho}.webp`);
    try {
      return await fs.readFile(destino);
    } catch {
      // not made yet
    }
    const original = await fs.readFile(path.join(carpeta, nombre));
    const sharp = await cargarSharp();
    const webp = await sharp(original, { animated: false })
      .rotate()
      .resize({ width: ancho, withoutEnlargement: true })
      .webp({ quality: 75, effort: 4 })
      .toBuffer();
    await fs.mkdir(carpetaVariantes, { recursive: true });
    // Written under a temporary name and renamed: a concurrent reader never sees half a file.
    const temporal = `${destino}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporal, webp, { mode: 0o644 });
    await fs.rename(temporal, destino);
    return webp;
  };

  app.get<{ Params: { ancho: string; archivo: string } }>(
    '/uploads/w:ancho/:archivo',
    { config: { acceso: 'contenido' }, schema: { hide: true } },
    async (request, reply) => {
      const ancho = Number(request.params.ancho);
      const nombre = request.params.archivo.endsWith('.webp') ? request.params.archivo.slice(0, -5) : '';
      if (!(ANCHOS_VARIANTE as readonly number[]).includes(ancho) || !NOMBRE.test(nombre)) {
        return reply.code(404).send({ message: MENSAJES.recursoNoEncontrado });
      }
      const clave = `${ancho}/${nombre}`;
      let trabajo = enCurso.get(clave);
      if (!trabajo) {
        trabajo = generar(nombre, ancho).finally(() => enCurso.delete(clave));
        enCurso.set(clave, trabajo);
      }
      let webp: Buffer;
      try {
        webp = await trabajo;
      } catch {
        return reply.code(404).send({ message: MENSAJES.recursoNoEncontrado });
      }
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .type('image/webp')
        .send(webp);
    },
  );
}

// Builds multipart/form-data bodies for `app.inject`, as a browser's FormData would send them.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface Parte {
  nombre: string;
  valor: string | Buffer;
  /** A file name makes it a file part. */
  archivo?: string;
  tipo?: string;
}

export function multipart(partes: Parte[]): { payload: Buffer; headers: Record<string, string> } {
  const limite = `----prueba${randomBytes(8).toString('hex')}`;
  const trozos: Buffer[] = [];
  for (const p of partes) {
    const disposicion = `form-data; name="${p.nombre}"${p.archivo ? `; filename="${p.archivo}"` : ''}`;
    const cabecera = `--${limite}\r\nContent-Disposition: ${disposicion}\r\n${p.tipo ? `Content-Type: ${p.tipo}\r\n` : ''}\r\n`;
    trozos.push(Buffer.from(cabecera), Buffer.isBuffer(p.valor) ? p.valor : Buffer.from(p.valor), Buffer.from('\r\n'));
  }
  trozos.push(Buffer.from(`--${limite}--\r\n`));
  return { payload: Buffer.concat(trozos), headers: { 'content-type': `multipart/form-data; boundary=${limite}` } };
}

/** A real, tiny picture in the given format. */
export function imagenDePrueba(formato: 'jpeg' | 'png' | 'gif' | 'webp'): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#2f6fde' } })
    .toFormat(formato)
    .toBuffer();
}

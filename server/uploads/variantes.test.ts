import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearAppDePrueba, type AppDePrueba } from '../test/app-de-prueba';
import { urlVariante } from '../../domain/imagenes';

let t: AppDePrueba;
const nombre = 'prueba-variante-1.png';

beforeAll(async () => {
  t = await crearAppDePrueba();
  fs.mkdirSync(t.config.UPLOADS_DIR, { recursive: true });
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366cc' } }).png().toBuffer();
  fs.writeFileSync(path.join(t.config.UPLOADS_DIR, nombre), png);
});
afterAll(() => t.cerrar());

describe('GET /uploads/w{ancho}/{imagen}.webp', () => {
  it('answers the image resized to that width as WebP, cached for a year, and keeps it on disk', async () => {
    const r = await t.app.inject({ method: 'GET', url: urlVariante(nombre, 320) });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/webp');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(r.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(240);
    expect(fs.existsSync(path.join(t.config.UPLOADS_DIR, 'variantes', 'prueba-variante-1-w320.webp'))).toBe(true);
    const otraVez = await t.app.inject({ method: 'GET', url: urlVariante(nombre, 320) });
    expect(otraVez.rawPayload.equals(r.rawPayload)).toBe(true);
  });

  it('never enlarges a small image', async () => {
    const chica = 'prueba-variante-chica.png';
    fs.writeFileSync(path.join(t.config.UPLOADS_DIR, chica), await sharp({ create: { width: 100, height: 50, channels: 3, background: '#000' } }).png().toBuffer());
    const r = await t.app.inject({ method: 'GET', url: urlVariante(chica, 640) });
    expect((await sharp(r.rawPayload).metadata()).width).toBe(100);
  });

  it('answers 404 for a width not offered, a foreign name or a missing file', async () => {
    for (const url of [
      `/uploads/w333/${nombre}.webp`,
      `/uploads/w320/${nombre}`,
      '/uploads/w320/..%2F..%2Fetc%2Fpasswd.webp',
      '/uploads/w320/no-existe.png.webp',
    ]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
    }
  });
});

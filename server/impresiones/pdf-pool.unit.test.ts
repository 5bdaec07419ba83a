// The PDF readers' pool: real worker threads reading real PDFs, several at once; a worker that cannot
// run rejects with the Spanish 503, never a hung request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MENSAJES_IMPRESION } from '../../domain/impresion';
import { NoDisponible } from '../errors';
import { pdfDePrueba, pdfProtegido } from '../test/pdfs-de-prueba';
import { PoolPdf } from './pdf-pool';

const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-pool-'));
afterAll(() => fs.rmSync(carpeta, { recursive: true, force: true }));

const escribir = (nombre: string, bytes: Buffer) => {
  const ruta = path.join(carpeta, nombre);
  fs.writeFileSync(ruta, bytes);
  return ruta;
};

describe('PoolPdf', () => {
  it('reads several files at once in at most `maximo` workers, and writes each thumbnail', async () => {
    const pool = new PoolPdf({ maximo: 2, ociosoMs: 1000 });
    try {
      const archivos = [3, 1, 4, 2].map((n, i) => escribir(`a${i}.pdf`, pdfDePrueba(Array.from({ length: n }, (_, p) => ({ color: p === 0 })))));
      const lecturas = await Promise.all(archivos.map((a, i) => pool.leer(a, path.join(carpeta, `a${i}.png`), 500)));
      expect(lecturas.map((l) => (l.ok ? [l.paginas, l.paginasColor] : l.motivo))).toEqual([
        [3, [1]],
        [1, [1]],
        [4, [1]],
        [2, [1]],
      ]);
      for (let i = 0; i < 4; i++) expect(fs.readFileSync(path.join(carpeta, `a${i}.png`)).subarray(1, 4).toString()).toBe('PNG');
      expect(pool.enCurso).toBe(0);
      const protegido = await pool.leer(escribir('p.pdf', pdfProtegido()), path.join(carpeta, 'p.png'), 500);
      expect(protegido).toEqual({ ok: false, motivo: 'protegido' });
      expect(fs.existsSync(path.join(carpeta, 'p.png'))).toBe(false);
    } finally {
      await pool.cerrar();
    }
  });

  it('a file that takes too long is refused as damaged and its worker ended', async () => {
    // A worker that never answers stands for a PDF that makes the reader loop.
    const pool = new PoolPdf({ maximo: 1, limiteMs: 300, archivo: escribir('mudo.mjs', Buffer.from('setInterval(() => {}, 1000)')) });
    try {
      const lectura = await pool.leer(escribir('c.pdf', pdfDePrueba(1)), path.join(carpeta, 'c.png'), 500);
      expect(lectura).toEqual({ ok: false, motivo: 'daniado' });
      expect(pool.enCurso).toBe(0);
    } finally {
      await pool.cerrar();
    }
  });

  it('a worker that cannot start rejects with NoDisponible and its Spanish message', async () => {
    const pool = new PoolPdf({ maximo: 1, archivo: escribir('roto.mjs', Buffer.from('throw new Error("roto")')) });
    try {
      const error = await pool.leer(escribir('b.pdf', pdfDePrueba(1)), path.join(carpeta, 'b.png'), 500).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NoDisponible);
      expect((error as Error).message).toBe(MENSAJES_IMPRESION.lecturaNoDisponible);
    } finally {
      await pool.cerrar();
    }
  });
});

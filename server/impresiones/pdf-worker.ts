// The worker thread that reads customers' PDFs (pdf-pool.ts starts it): MuPDF's parsing and the small
// renders for colour and the thumbnail take the CPU, so they run here and the server keeps answering.
// It reads the file from disk (the upload is already there) and writes the thumbnail next to it.
import fs from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { leerPdf } from './pdf';
import type { AlPrincipalPdf, AlWorkerPdf } from './pdf-pool';

if (!parentPort) throw new Error('pdf-worker.ts corre como worker thread (pdf-pool.ts)');
const puerto = parentPort;

puerto.on('message', (mensaje: AlWorkerPdf) => {
  void (async () => {
    try {
      const bytes = await fs.readFile(mensaje.archivo);
      const lectura = leerPdf(bytes, mensaje.maxPaginas);
      if (lectura.ok) {
        await fs.writeFile(mensaje.miniatura, lectura.miniatura);
        const { miniatura: _png, ...resto } = lectura;
        puerto.postMessage({ id: mensaje.id, lectura: { ...resto, ok: true } } satisfies AlPrincipalPdf);
      } else {
        puerto.postMessage({ id: mensaje.id, lectura } satisfies AlPrincipalPdf);
      }
    } catch (error) {
      puerto.postMessage({ id: mensaje.id, error: error instanceof Error ? error.message : String(error) } satisfies AlPrincipalPdf);
    }
  })();
});

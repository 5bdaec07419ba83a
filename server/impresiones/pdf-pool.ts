// A small pool of worker threads that read PDFs (pdf-worker.ts), the house pattern of
// server/informes/cierre-xlsx-pool.ts made simpler: one file per worker at a time, a queue beyond
// that, workers started on demand and ended when idle. The main thread only moves file names.
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { MENSAJES_IMPRESION } from '../../domain/impresion';
import { NoDisponible } from '../errors';
import { RAIZ } from '../raiz';
import type { LecturaPdf } from './pdf';

/** Read `archivo` (a path), write page 1's PNG to `miniatura`. */
export interface AlWorkerPdf {
  id: number;
  archivo: string;
  miniatura: string;
  maxPaginas: number;
}
/** What the worker read (the thumbnail went to disk), or an unexpected failure. */
export type LecturaSinMiniatura = Exclude<LecturaPdf, { ok: true }> | (Omit<Extract<LecturaPdf, { ok: true }>, 'miniatura'> & { ok: true });
export type AlPrincipalPdf = { id: number; lectura: LecturaSinMiniatura } | { id: number; error: string };

declare const SERVIDOR_COMPILADO: boolean | undefined;

export const ARCHIVO_WORKER_PDF =
  typeof SERVIDOR_COMPILADO !== 'undefined' && SERVIDOR_COMPILADO
    ? path.join(RAIZ, 'dist', 'server', 'pdf-worker.mjs')
    : path.join(RAIZ, 'server', 'impresiones', 'pdf-worker-tsx.mjs');

interface Pendiente {
  mensaje: AlWorkerPdf;
  resolver: (lectura: LecturaSinMiniatura) => void;
  rechazar: (error: Error) => void;
}
interface Hilo {
  worker: Worker;
  actual?: Pendiente;
  ocioso?: NodeJS.Timeout;
  /** The current file's time limit. */
  limite?: NodeJS.Timeout;
}

export interface OpcionesPoolPdf {
  /** Workers at most: the machine's cores, at most 2. */
  maximo?: number;
  /** An idle worker ends after this long (its WASM heap costs memory). */
  ociosoMs?: number;
  /**
   * A file still being read after this long is a broken or hostile one (a PDF can make a reader loop):
   * its worker is ended and the file refused as damaged. 500 real pages take a few seconds here.
   */
  limiteMs?: number;
  archivo?: string;
  log?: FastifyBaseLogger;
}

export class PoolPdf {
  private readonly maximo: number;
  private readonly ociosoMs: number;
  private readonly limiteMs: number;
  private readonly archivo: string;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly hilos = new Set<Hilo>();
  private readonly cola: Pendiente[] = [];
  private ultimoId = 0;
  private cerrado = false;

  constructor(opciones: OpcionesPoolPdf = {}) {
    this.maximo = opciones.maximo ?? Math.max(1, Math.min(2, os.availableParallelism()));
    this.ociosoMs = opciones.ociosoMs ?? 60_000;
    this.limiteMs = opciones.limiteMs ?? 60_000;
    this.archivo = opciones.archivo ?? ARCHIVO_WORKER_PDF;
    this.log = opciones.log;
  }

  /** Reads the PDF at `archivo`; its thumbnail is written to `miniatura` when it is a good one. */
  leer(archivo: string, miniatura: string, maxPaginas: number): Promise<LecturaSinMiniatura> {
    if (this.cerrado) return Promise.reject(new NoDisponible(MENSAJES_IMPRESION.lecturaNoDisponible));
    return new Promise((resolver, rechazar) => {
      this.cola.push({ mensaje: { id: ++this.ultimoId, archivo, miniatura, maxPaginas }, resolver, rechazar });
      this.repartir();
    });
  }

  /** Files being read plus waiting (tests). */
  get enCurso(): number {
    return this.cola.length + [...this.hilos].filter((h) => h.actual).length;
  }

  async cerrar(): Promise<void> {
    this.cerrado = true;
    const hilos = [...this.hilos];
    this.hilos.clear();
    for (const p of this.cola.splice(0)) p.rechazar(new NoDisponible(MENSAJES_IMPRESION.lecturaNoDisponible));
    await Promise.all(hilos.map((h) => h.worker.terminate()));
  }

  private repartir() {
    while (this.cola.length > 0) {
      let hilo = [...this.hilos].find((h) => !h.actual);
      if (!hilo && this.hilos.size < this.maximo) {
        try {
          hilo = this.iniciar();
        } catch (error) {
          this.log?.error({ err: error }, 'no se pudo iniciar el worker de PDF');
          for (const p of this.cola.splice(0)) p.rechazar(new NoDisponible(MENSAJES_IMPRESION.lecturaNoDisponible));
          return;
        }
      }
      if (!hilo) return;
      const pendiente = this.cola.shift()!;
      clearTimeout(hilo.ocioso);
      hilo.actual = pendiente;
      hilo.limite = setTimeout(() => this.pasadoDeTiempo(hilo, pendiente), this.limiteMs);
      hilo.limite.unref();
      hilo.worker.postMessage(pendiente.mensaje);
    }
  }

  private iniciar(): Hilo {
    const worker = new Worker(this.archivo);
    worker.unref();
    const hilo: Hilo = { worker };
    this.hilos.add(hilo);
    worker.on('message', (mensaje: AlPrincipalPdf) => {
      const pendiente = hilo.actual;
      if (!pendiente || pendiente.mensaje.id !== mensaje.id) return;
      hilo.actual = undefined;
      clearTimeout(hilo.limite);
      if ('error' in mensaje) {
        this.log?.error({ detalle: mensaje.error }, 'la lectura del PDF falló en el worker');
        pendiente.rechazar(new NoDisponible(MENSAJES_IMPRESION.lecturaNoDisponible));
      } else {
        pendiente.resolver(mensaje.lectura);
      }
      this.alQuedarOcioso(hilo);
      this.repartir();
    });
    const caido = (causa: unknown) => {
      if (!this.hilos.delete(hilo)) return;
      clearTimeout(hilo.ocioso);
      clearTimeout(hilo.limite);
      if (hilo.actual) {
        this.log?.error({ err: causa }, 'el worker de PDF terminó con un archivo a medias');
        hilo.actual.rechazar(new NoDisponible(MENSAJES_IMPRESION.lecturaNoDisponible));
        hilo.actual = undefined;
      }
      if (!this.cerrado) this.repartir();
    };
    worker.on('error', caido);
    worker.on('exit', caido);
    return hilo;
  }

  /** The file took too long: refused as damaged, and its worker (maybe stuck in a loop) ended. */
  private pasadoDeTiempo(hilo: Hilo, pendiente: Pendiente) {
    if (hilo.actual !== pendiente) return;
    hilo.actual = undefined;
    this.hilos.delete(hilo);
    clearTimeout(hilo.ocioso);
    this.log?.warn({ archivo: pendiente.mensaje.archivo, ms: this.limiteMs }, 'lectura de PDF demasiado larga: se corta');
    pendiente.resolver({ ok: false, motivo: 'daniado' });
    void hilo.worker.terminate();
    this.repartir();
  }

  private alQuedarOcioso(hilo: Hilo) {
    clearTimeout(hilo.ocioso);
    hilo.ocioso = setTimeout(() => {
      if (hilo.actual) return;
      this.hilos.delete(hilo);
      void hilo.worker.terminate();
    }, this.ociosoMs).unref();
  }
}

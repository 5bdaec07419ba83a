// Cash-closing workbooks written in worker threads (cierre-xlsx-worker.ts), so that two downloads at
// once use two cores and exceljs never loads in the main thread. The main thread still reads the
// data (the database, PGlite included, lives here) and sends it in columns (cierre-compacto.ts);
// the worker streams the zipped bytes back into the reply.
// Decision docs/decisions/014-cierre-xlsx-en-worker.md.
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { MENSAJES } from '../../domain/mensajes';
import { NoDisponible } from '../errors';
import { RAIZ } from '../raiz';
import { transferibles, type CierreCompacto } from './cierre-compacto';

/** Messages to the worker; `id` names one workbook; `calentar` asks for the warm-up workbook. */
export type AlWorker =
  | { tipo: 'libro'; id: number; datos: CierreCompacto }
  | { tipo: 'sigue'; id: number }
  | { tipo: 'cancelar'; id: number }
  | { tipo: 'calentar' };
/** Messages from the worker: `listo` after its warm-up; a workbook's chunks, then `fin`, or `error`. */
export type AlPrincipal =
  | { tipo: 'listo' }
  | { tipo: 'trozo'; id: number; bytes: ArrayBuffer; largo: number }
  | { tipo: 'fin'; id: number }
  | { tipo: 'error'; id: number; mensaje: string };

// Replaced by `true` when scripts/servidor.mjs compiles the server (esbuild's `define`).
declare const SERVIDOR_COMPILADO: boolean | undefined;

/**
 * The worker's file: compiled next to main.mjs by `npm start`; else the TypeScript source, through a
 * shim that registers tsx's loader (a worker does not inherit it): tests, `npm run dev`, e2e.
 */
export const ARCHIVO_WORKER =
  typeof SERVIDOR_COMPILADO !== 'undefined' && SERVIDOR_COMPILADO
    ? path.join(RAIZ, 'dist', 'server', 'cierre-xlsx-worker.mjs')
    : path.join(RAIZ, 'server', 'informes', 'cierre-xlsx-worker-tsx.mjs');

/**
 * Each worker's young generation: 2 × 2 MB semi-spaces. With the process's 2 × 8 MB (OPCIONES_NODE in
 * scripts/servidor.mjs, sized for the main thread) every worker kept 16 MB of it full of the writer's
 * short-lived garbage: two workers under load took the server to 253 MB instead of 226, for no
 * difference in time or CPU that this machine could tell (bench/results/2026-11-22-a-26-historia.md). V8 reads the flag when
 * it creates an isolate, over a Worker's resourceLimits; the main thread's heap, sized at start, does
 * not read it again (measured).
 */
const SEMIESPACIO_WORKER_MB = 2;

export interface OpcionesPoolXlsx {
  /** Workers at most: the machine's cores, at most 2. More downloads share them. */
  maximo?: number;
  /** A worker without work this long ends: its isolate and exceljs cost memory. */
  ociosoMs?: number;
  /**
   * The same for a worker that goes idle while another one already is: one warm worker is enough for
   * the next download. Each idle worker kept 30-40 MB (two workers after a burst of downloads: +80 MB).
   */
  ociosoSegundoMs?: number;
  archivo?: string;
  log?: FastifyBaseLogger;
}

interface Trabajo {
  id: number;
  resolver: (salida: Readable) => void;
  rechazar: (error: Error) => void;
  /** The reply's stream, once the first bytes came. */
  salida?: PassThrough;
}

interface Hilo {
  worker: Worker;
  trabajos: Map<number, Trabajo>;
  ocioso?: NodeJS.Timeout;
  /** It has written a workbook (or the warm-up one): exceljs loaded and its code compiled. */
  listo: boolean;
}

export class PoolXlsx {
  private readonly maximo: number;
  private readonly ociosoMs: number;
  private readonly ociosoSegundoMs: number;
  private readonly archivo: string;
  private readonly log: FastifyBaseLogger | undefined;
  /** Workers that take work: one that failed or is ending leaves this set at once. */
  private readonly hilos = new Set<Hilo>();
  private ultimoId = 0;
  private cerrado = false;

  constructor(opciones: OpcionesPoolXlsx = {}) {
    this.maximo = opciones.maximo ?? Math.min(2, os.availableParallelism());
    this.ociosoMs = opciones.ociosoMs ?? 60_000;
    this.ociosoSegundoMs = Math.min(this.ociosoMs, opciones.ociosoSegundoMs ?? 5_000);
    this.archivo = opciones.archivo ?? ARCHIVO_WORKER;
    this.log = opciones.log;
  }

  /**
   * The workbook of `compacto`, resolved with its first bytes (its typed arrays are transferred to the
   * worker: they are empty here afterwards). Until then any failure (the worker does not start, dies,
   * or throws) rejects with NoDisponible, a JSON error. After them, a failure destroys the stream and
   * Fastify the connection: a broken download, never a short file that opens.
   */
  libro(compacto: CierreCompacto): Promise<Readable> {
    if (this.cerrado) return Promise.reject(new NoDisponible(MENSAJES.cierreXlsxNoDisponible));
    return new Promise<Readable>((resolver, rechazar) => {
      const trabajo: Trabajo = { id: ++this.ultimoId, resolver, rechazar };
      let hilo: Hilo;
      try {
        hilo = this.elegir();
      } catch (error) {
        this.log?.error({ err: error }, 'no se pudo iniciar el worker del xlsx');
        rechazar(new NoDisponible(MENSAJES.cierreXlsxNoDisponible, { cause: error }));
        return;
      }
      clearTimeout(hilo.ocioso);
      hilo.trabajos.set(trabajo.id, trabajo);
      hilo.worker.postMessage({ tipo: 'libro', id: trabajo.id, datos: compacto } satisfies AlWorker, transferibles(compacto));
    });
  }

  /**
   * A download may follow soon (the informes screen is open): an idle worker, started now if there is
   * none, with its code warmed up by a made-up workbook. A new worker's first file otherwise pays
   * ~160 ms to start and load exceljs and ~250 ms more of cold code. An idle worker's timer restarts.
   */
  preparar(): void {
    if (this.cerrado) return;
    const ocioso = [...this.hilos].find((h) => h.trabajos.size === 0);
    if (ocioso) return this.alQuedarOcioso(ocioso);
    // All busy: the next download waits for one of them or starts its own.
    if (this.hilos.size < this.maximo) this.iniciarCaliente();
  }

  /** Workers that have warmed up (tests). */
  get listos(): number {
    return [...this.hilos].filter((h) => h.listo).length;
  }

  /** Workbooks under way in each worker, in the order of `workers` (tests). */
  get ocupacion(): number[] {
    return [...this.hilos].map((h) => h.trabajos.size);
  }

  /** Workers taking work now (tests). */
  get workers(): Worker[] {
    return [...this.hilos].map((h) => h.worker);
  }

  /** Workbooks under way (tests). */
  get enCurso(): number {
    let n = 0;
    for (const hilo of this.hilos) n += hilo.trabajos.size;
    return n;
  }

  async cerrar(): Promise<void> {
    this.cerrado = true;
    const hilos = [...this.hilos];
    this.hilos.clear();
    await Promise.all(hilos.map((h) => h.worker.terminate()));
  }

  /**
   * An idle worker, a warm one first. Else, under `maximo`, a new one; but if the busy worker is warm and
   * has a single workbook, this one shares it (the two take turns: ~2 files' time, ~300 ms for 30 days)
   * while the new worker warms up for the next downloads, instead of waiting for a cold start (~500 ms).
   * Else the least busy.
   */
  private elegir(): Hilo {
    let ocioso: Hilo | undefined;
    let menosOcupado: Hilo | undefined;
    for (const hilo of this.hilos) {
      if (hilo.trabajos.size === 0 && (!ocioso || (hilo.listo && !ocioso.listo))) ocioso = hilo;
      if (!menosOcupado || hilo.trabajos.size < menosOcupado.trabajos.size) menosOcupado = hilo;
    }
    if (ocioso) return ocioso;
    if (menosOcupado && this.hilos.size >= this.maximo) return menosOcupado;
    if (menosOcupado?.listo && menosOcupado.trabajos.size === 1 && this.iniciarCaliente()) return menosOcupado;
    return this.iniciar();
  }

  /** A new worker that warms up with a made-up workbook and ends if no work comes; `undefined` if it could not start. */
  private iniciarCaliente(): Hilo | undefined {
    try {
      const hilo = this.iniciar();
      hilo.worker.postMessage({ tipo: 'calentar' } satisfies AlWorker);
      this.alQuedarOcioso(hilo);
      return hilo;
    } catch (error) {
      this.log?.warn({ err: error }, 'no se pudo preparar el worker del xlsx');
      return undefined;
    }
  }

  private iniciar(): Hilo {
    v8.setFlagsFromString(`--max-semi-space-size=${SEMIESPACIO_WORKER_MB}`);
    const worker = new Worker(this.archivo);
    // Unreferenced: a warm worker never keeps the process alive (the HTTP server does).
    worker.unref();
    const hilo: Hilo = { worker, trabajos: new Map(), listo: false };
    this.hilos.add(hilo);
    worker.on('message', (mensaje: AlPrincipal) => this.alMensaje(hilo, mensaje));
    worker.on('error', (error) => {
      this.hilos.delete(hilo);
      this.log?.error({ err: error }, 'el worker del xlsx falló');
      this.fallarTodos(hilo, error);
    });
    worker.on('exit', (codigo) => {
      this.hilos.delete(hilo);
      clearTimeout(hilo.ocioso);
      if (hilo.trabajos.size > 0 && !this.cerrado) this.log?.error({ codigo }, 'el worker del xlsx terminó con archivos a medias');
      this.fallarTodos(hilo, new Error(`el worker del xlsx terminó (código ${codigo})`));
    });
    return hilo;
  }

  private alMensaje(hilo: Hilo, mensaje: AlPrincipal) {
    if (mensaje.tipo === 'listo') {
      hilo.listo = true;
      return;
    }
    const trabajo = hilo.trabajos.get(mensaje.id);
    if (!trabajo) return;
    switch (mensaje.tipo) {
      case 'trozo': {
        const primero = !trabajo.salida;
        const salida = (trabajo.salida ??= this.salidaDe(hilo, trabajo));
        const sigue = () => {
          if (hilo.trabajos.has(trabajo.id)) hilo.worker.postMessage({ tipo: 'sigue', id: trabajo.id } satisfies AlWorker);
        };
        // The worker waits for these: the reply's pace (a slow client) becomes the writer's.
        if (salida.write(Buffer.from(mensaje.bytes, 0, mensaje.largo))) sigue();
        else salida.once('drain', sigue);
        if (primero) trabajo.resolver(salida);
        break;
      }
      case 'fin':
        hilo.listo = true;
        this.terminar(hilo, trabajo);
        if (trabajo.salida) trabajo.salida.end();
        // A zip always has bytes; still, never leave a request waiting.
        else trabajo.rechazar(new NoDisponible(MENSAJES.cierreXlsxNoDisponible));
        break;
      case 'error':
        this.terminar(hilo, trabajo);
        // After the reply closed, the error is only the worker noticing it.
        if (!trabajo.salida?.destroyed) this.log?.error({ detalle: mensaje.mensaje }, 'el xlsx del cierre falló en el worker');
        this.fallar(trabajo, new Error(mensaje.mensaje));
        break;
    }
  }

  /** The reply's stream; if it closes before the end (the client went away), the worker stops. */
  private salidaDe(hilo: Hilo, trabajo: Trabajo): PassThrough {
    const salida = new PassThrough();
    salida.on('close', () => {
      if (hilo.trabajos.has(trabajo.id)) hilo.worker.postMessage({ tipo: 'cancelar', id: trabajo.id } satisfies AlWorker);
    });
    return salida;
  }

  private fallar(trabajo: Trabajo, causa: Error) {
    if (trabajo.salida) trabajo.salida.destroy(causa);
    else trabajo.rechazar(new NoDisponible(MENSAJES.cierreXlsxNoDisponible, { cause: causa }));
  }

  private fallarTodos(hilo: Hilo, causa: Error) {
    const trabajos = [...hilo.trabajos.values()];
    hilo.trabajos.clear();
    for (const trabajo of trabajos) this.fallar(trabajo, causa);
  }

  private terminar(hilo: Hilo, trabajo: Trabajo) {
    hilo.trabajos.delete(trabajo.id);
    if (hilo.trabajos.size > 0 || !this.hilos.has(hilo)) return;
    this.alQuedarOcioso(hilo);
  }

  /** Ends the worker if it gets no work for `ociosoMs`, or `ociosoSegundoMs` if another is idle already. */
  private alQuedarOcioso(hilo: Hilo) {
    clearTimeout(hilo.ocioso);
    const otroOcioso = [...this.hilos].some((h) => h !== hilo && h.trabajos.size === 0);
    hilo.ocioso = setTimeout(
      () => {
        // Out of the set first: no new work may reach a worker that is ending.
        this.hilos.delete(hilo);
        void hilo.worker.terminate();
      },
      otroOcioso ? this.ociosoSegundoMs : this.ociosoMs,
    ).unref();
  }
}

// The worker thread that writes cash-closing workbooks (cierre-xlsx-pool.ts starts it): exceljs's
// row model, XML and zip take ~110-130 ms of CPU per 30-day file, so two downloads at once run on two
// cores instead of taking turns on the main thread, and exceljs is only ever loaded here. Several
// workbooks may be under way (a stalled client holds only its own); each one's zipped bytes go back in
// transferred chunks, at most VENTANA unacknowledged.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort } from 'node:worker_threads';
import { filasDeColumnas, type CierreCompacto } from './cierre-compacto';
import { cierreDeMuestra } from './cierre-de-muestra';
import type { AlPrincipal, AlWorker } from './cierre-xlsx-pool';
import { escribirCierreXlsx, flujoCierreXlsx } from './cierre-xlsx';

if (!parentPort) throw new Error('cierre-xlsx-worker.ts corre como worker thread (cierre-xlsx-pool.ts)');
const puerto = parentPort;

/** Bytes per message: deflate's 16 KB pieces are copied into chunks this size, fewer messages. */
const TAMANO_TROZO = 64 * 1024;
/** Chunks sent and not yet taken by the reply: past this the writer waits (a slow client's backpressure). */
const VENTANA = 4;

const enviar = (mensaje: AlPrincipal, transferir: ArrayBuffer[] = []) => puerto.postMessage(mensaje, transferir);

/** The reply's end in this thread: copies the zip's bytes into chunks and posts them. */
class HaciaElPrincipal extends Writable {
  constructor(private readonly id: number) {
    super();
  }

  private trozo = new Uint8Array(TAMANO_TROZO);
  private usado = 0;
  private sinConfirmar = 0;
  private alConfirmar: (() => void) | undefined;

  override _write(chunk: Buffer, _encoding: BufferEncoding, listo: (error?: Error | null) => void) {
    // Copied: zlib's output is a view on a buffer it reuses, which a transfer would take from it.
    for (let desde = 0; desde < chunk.length; ) {
      const n = Math.min(chunk.length - desde, TAMANO_TROZO - this.usado);
      this.trozo.set(chunk.subarray(desde, desde + n), this.usado);
      this.usado += n;
      desde += n;
      if (this.usado === TAMANO_TROZO) this.enviarTrozo();
    }
    if (this.sinConfirmar < VENTANA) listo();
    else this.alConfirmar = listo;
  }

  override _final(listo: (error?: Error | null) => void) {
    if (this.usado > 0) this.enviarTrozo();
    listo();
  }

  override _destroy(error: Error | null, listo: (error?: Error | null) => void) {
    // A write waiting for room ends here: the writer sees `destroyed` and stops.
    this.alConfirmar = undefined;
    listo(error);
  }

  /** The main thread took one chunk. */
  confirmar() {
    this.sinConfirmar--;
    const alConfirmar = this.alConfirmar;
    if (alConfirmar && this.sinConfirmar < VENTANA) {
      this.alConfirmar = undefined;
      alConfirmar();
    }
  }

  private enviarTrozo() {
    const bytes = this.trozo.buffer as ArrayBuffer;
    enviar({ tipo: 'trozo', id: this.id, bytes, largo: this.usado }, [bytes]);
    this.sinConfirmar++;
    this.trozo = new Uint8Array(TAMANO_TROZO);
    this.usado = 0;
  }
}

const enCurso = new Map<number, HaciaElPrincipal>();

async function escribirLibro(id: number, datos: CierreCompacto) {
  const destino = new HaciaElPrincipal(id);
  enCurso.set(id, destino);
  try {
    // A failure destroys the workbook's stream and rejects here; so does `cancelar` (destino destroyed).
    await pipeline(flujoCierreXlsx(filasDeColumnas(datos)), destino);
    enviar({ tipo: 'fin', id });
  } catch (error) {
    // The worker lives on: the main thread answers this download's error, the next one is fine.
    destino.destroy();
    enviar({ tipo: 'error', id, mensaje: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    enCurso.delete(id);
  }
}

/** Sales of the warm-up workbook: enough for V8 to compile and optimize the writer's paths. */
const VENTAS_CALENTAMIENTO = 300;

/**
 * A made-up workbook written to nowhere, so that the next real one finds exceljs's code compiled. The
 * first 30-day download took 510-520 ms from a new worker, 240-250 from a warmed one, ~160 after that
 * (300 sales warm as well as 1,000 or 3,000).
 */
async function calentar() {
  try {
    await escribirCierreXlsx(cierreDeMuestra(VENTAS_CALENTAMIENTO), new Writable({ write: (_trozo, _codificacion, listo) => listo() }));
  } catch {
    // Only the warm-up is lost: a real workbook reports its own errors.
  }
  enviar({ tipo: 'listo' });
}

puerto.on('message', (mensaje: AlWorker) => {
  switch (mensaje.tipo) {
    case 'calentar':
      void calentar();
      break;
    case 'libro':
      void escribirLibro(mensaje.id, mensaje.datos);
      break;
    case 'sigue':
      enCurso.get(mensaje.id)?.confirmar();
      break;
    case 'cancelar':
      enCurso.get(mensaje.id)?.destroy();
      break;
  }
});

// One bounded load against 127.0.0.1 (autocannon, or wrk where the row is set against pgbench), and the
// server's RSS and CPU sampled meanwhile.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { binarioWrk, cargarConWrk } from './wrk';

export interface Medicion {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  errores: number;
  no2xx: number;
  /** Answers `Carga.verificar` refused (e.g. a page that arrived without its prerendered content). */
  desajustes: number;
  codigos: Record<string, number>;
  /** What made the load: wrk only where the row asked for it and it is installed. */
  generador: Generador;
  rssMaxMb: number | null;
  /** The server's CPU time (user + system) per request, in µs: what a request costs it, little moved by the machine's load. */
  cpuUsPorPedido: number | null;
}

export type Generador = 'autocannon' | 'wrk';

export interface Carga {
  url: string;
  conexiones: number;
  segundos: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A new body per request (e.g. a random product for the cart order). */
  cuerpo?: () => string;
  /** A new path (and query) per request, on `url`'s host: e.g. a filter that never repeats, so caches miss. */
  ruta?: () => string;
  /** Paths (and queries) on `url`'s host taken in turn, one a request, by either generator. */
  rutas?: string[];
  /**
   * 'wrk' for a GET load set against pgbench (docs/decisions/042), when wrk is installed and
   * `BENCH_GENERADOR` is not 'autocannon'; autocannon otherwise.
   */
  generador?: Generador;
  /** Checks each answer's body; the refused ones are counted in `desajustes` and noted with `falla`. */
  verificar?: { comprobar: (cuerpo: string) => boolean; falla: string };
}

/** VmRSS of a process in MB, or null where /proc is not there. */
export function rssMb(pid: number): number | null {
  try {
    const linea = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return linea ? Number(linea.replace(/\D+/g, '')) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) of a process so far, in ms; null where /proc is not there. Linux counts it in 10 ms ticks. */
export function cpuMs(pid: number): number | null {
  try {
    const campos = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(campos[11]) + Number(campos[12])) * 10;
  } catch {
    return null;
  }
}

export async function medir(carga: Carga, pidServidor?: number): Promise<Medicion> {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(carga.url)) throw new Error(`Solo se mide contra 127.0.0.1: ${carga.url}`);
  let rssMax: number | null = null;
  const muestreo = pidServidor
    ? setInterval(() => {
        const rss = rssMb(pidServidor);
        if (rss !== null) rssMax = Math.max(rssMax ?? 0, rss);
      }, 200)
    : undefined;
  const cpuAntes = pidServidor ? cpuMs(pidServidor) : null;
  try {
    const r = generadorDe(carga) === 'wrk' ? await conWrk(carga) : await conAutocannon(carga);
    const cpuDespues = pidServidor ? cpuMs(pidServidor) : null;
    return {
      ...r,
      rssMaxMb: rssMax,
      cpuUsPorPedido: cpuDespues !== null && cpuAntes !== null && r.total > 0 ? ((cpuDespues - cpuAntes) * 1000) / r.total : null,
    };
  } finally {
    if (muestreo) clearInterval(muestreo);
  }
}

type DelGenerador = Omit<Medicion, 'rssMaxMb' | 'cpuUsPorPedido'>;

function generadorDe(carga: Carga): Generador {
  const puede = carga.generador === 'wrk' && (carga.method ?? 'GET') === 'GET' && !carga.cuerpo && !carga.body && !carga.ruta && !carga.verificar;
  return puede && process.env.BENCH_GENERADOR !== 'autocannon' && binarioWrk() ? 'wrk' : 'autocannon';
}

async function conWrk(carga: Carga): Promise<DelGenerador> {
  const url = new URL(carga.url);
  const r = await cargarConWrk({
    base: url.origin,
    rutas: carga.rutas ?? [url.pathname + url.search],
    conexiones: carga.conexiones,
    segundos: carga.segundos,
    ...(carga.headers ? { headers: carga.headers } : {}),
  });
  return {
    rps: r.total / r.segundos,
    p50: r.p50Ms,
    p99: r.p99Ms,
    total: r.total,
    errores: r.errores,
    no2xx: r.no2xx,
    desajustes: 0,
    // wrk counts only the answers of 400 or more, not each status.
    codigos: r.no2xx > 0 ? { '≥400': r.no2xx } : {},
    generador: 'wrk',
  };
}

async function conAutocannon(carga: Carga): Promise<DelGenerador> {
  const { rutas } = carga;
  let siguiente = 0;
  const ruta = carga.ruta ?? (rutas ? () => rutas[siguiente++ % rutas.length]! : undefined);
  const r = await autocannon({
    url: carga.url,
    connections: carga.conexiones,
    duration: carga.segundos,
    timeout: 10,
    method: carga.method ?? 'GET',
    headers: carga.headers ?? {},
    ...(carga.body ? { body: carga.body } : {}),
    ...(carga.cuerpo || ruta
      ? {
          requests: [
            {
              setupRequest: (req) => ({ ...req, ...(carga.cuerpo ? { body: carga.cuerpo() } : {}), ...(ruta ? { path: ruta() } : {}) }),
            },
          ],
        }
      : {}),
    ...(carga.verificar ? { verifyBody: carga.verificar.comprobar } : {}),
  });
  const codigos: Record<string, number> = {};
  for (const [codigo, { count }] of Object.entries(r.statusCodeStats ?? {})) codigos[codigo] = Number(count);
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    errores: r.errors,
    no2xx: r.non2xx,
    desajustes: r.mismatches ?? 0,
    codigos,
    generador: 'autocannon',
  };
}

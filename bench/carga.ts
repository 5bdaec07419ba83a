// One bounded load with autocannon against 127.0.0.1, and the server's RSS sampled meanwhile.
import fs from 'node:fs';
import autocannon from 'autocannon';

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
  rssMaxMb: number | null;
  /** The server's CPU time (user + system) per request, in µs: what a request costs it, little moved by the machine's load. */
  cpuUsPorPedido: number | null;
}

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
    const r = await autocannon({
      url: carga.url,
      connections: carga.conexiones,
      duration: carga.segundos,
      timeout: 10,
      method: carga.method ?? 'GET',
      headers: carga.headers ?? {},
      ...(carga.body ? { body: carga.body } : {}),
      ...(carga.cuerpo || carga.ruta
        ? {
            requests: [
              {
                setupRequest: (req) => ({ ...req, ...(carga.cuerpo ? { body: carga.cuerpo() } : {}), ...(carga.ruta ? { path: carga.ruta() } : {}) }),
              },
            ],
          }
        : {}),
      ...(carga.verificar ? { verifyBody: carga.verificar.comprobar } : {}),
    });
    const cpuDespues = pidServidor ? cpuMs(pidServidor) : null;
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
      rssMaxMb: rssMax,
      cpuUsPorPedido: cpuDespues !== null && cpuAntes !== null && r.requests.total > 0 ? ((cpuDespues - cpuAntes) * 1000) / r.requests.total : null,
    };
  } finally {
    if (muestreo) clearInterval(muestreo);
  }
}

// A/B of two servers running at the same time on the same data: short loads interleaved A B B A A B B A...,
// so that the machine's drift (other processes, CPU frequency, a GC of the bench) falls on both alike, and
// each round's pair compared on its own. Used by the `metricas` group (the cost of METRICS_TOKEN).
import { medir, type Carga, type Medicion } from './carga';
import type { Proceso } from './procesos';

export interface Dispersion {
  mediana: number;
  q1: number;
  q3: number;
  min: number;
  max: number;
}

export interface ResultadoAB {
  a: Medicion[];
  b: Medicion[];
  /** Per pair of adjacent loads: B's req/s over A's. */
  rps: Dispersion;
  /** Per pair: B's CPU µs per request over A's (null where /proc is not there). */
  cpu: Dispersion | null;
}

/** Quantile by linear interpolation between the sorted values (the median of an even count: the mean of the middle two). */
function cuantil(ordenados: number[], q: number): number {
  const pos = (ordenados.length - 1) * q;
  const i = Math.floor(pos);
  const j = Math.min(i + 1, ordenados.length - 1);
  return ordenados[i]! + (ordenados[j]! - ordenados[i]!) * (pos - i);
}

export function dispersion(valores: number[]): Dispersion {
  const o = [...valores].sort((x, y) => x - y);
  return { mediana: cuantil(o, 0.5), q1: cuantil(o, 0.25), q3: cuantil(o, 0.75), min: o[0]!, max: o[o.length - 1]! };
}

/** The median of a list (the figure of a row made of several rounds). */
export const mediana = (valores: number[]) => (valores.length ? dispersion(valores).mediana : 0);

/**
 * `rondas` pairs of loads of `segundos` each, in the order A B, B A, A B, B A...: the pairs alternate
 * which goes first, so a drift that favours the second of a pair favours A and B equally often. The
 * pairs are spread over `procesos` pairs of servers, each started fresh (`iniciar`) and stopped after
 * its share: two processes of the same code can differ by 10-15 % for their whole life (JIT, where the
 * scheduler puts them), which no number of rounds on one pair would cancel. Before its rounds, each
 * server gets `calentar` unmeasured seconds of the same load (twice, interleaved), so neither has a JIT
 * or a memory cache the other lacks.
 */
export async function medirAB(opciones: {
  iniciar: () => Promise<{ a: Proceso; b: Proceso }>;
  carga: (t: Proceso, segundos: number) => Carga;
  rondas: number;
  procesos: number;
  segundos: number;
  calentar: number;
  /**
   * true: each pair's two loads run at the same time, each with half the connections (started in the
   * order A B, B A...), so both servers meet the same machine at every instant; they compete for the CPU.
   */
  simultaneas?: boolean;
  alMedir?: (ronda: number, lado: 'A' | 'B', m: Medicion) => void;
}): Promise<ResultadoAB> {
  const { rondas, segundos, calentar } = opciones;
  const procesos = Math.max(1, Math.min(opciones.procesos, rondas));
  const carga = (t: Proceso, s: number): Carga => {
    const c = opciones.carga(t, s);
    return opciones.simultaneas ? { ...c, conexiones: Math.max(1, Math.round(c.conexiones / 2)) } : c;
  };
  const ma: Medicion[] = [];
  const mb: Medicion[] = [];
  let i = 0;
  for (let p = 0; p < procesos; p++) {
    const { a, b } = await opciones.iniciar();
    try {
      for (const t of [a, b, b, a]) await medir(carga(t, calentar));
      // The rounds shared out as evenly as they go: 10 over 4 pairs of servers is 3, 3, 2, 2.
      const estas = Math.floor(rondas / procesos) + (p < rondas % procesos ? 1 : 0);
      for (let k = 0; k < estas; k++, i++) {
        const orden: Array<'A' | 'B'> = i % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
        const uno = async (lado: 'A' | 'B') => {
          const t = lado === 'A' ? a : b;
          const m = await medir(carga(t, segundos), t.pid);
          (lado === 'A' ? ma : mb).push(m);
          opciones.alMedir?.(i, lado, m);
        };
        if (opciones.simultaneas) await Promise.all(orden.map(uno));
        else for (const lado of orden) await uno(lado);
      }
    } finally {
      await Promise.all([a.detener(), b.detener()]);
    }
  }
  const rps = ma.map((m, j) => mb[j]!.rps / m.rps);
  const cpus = ma.map((m, j) => {
    const x = m.cpuUsPorPedido;
    const y = mb[j]!.cpuUsPorPedido;
    return x && y !== null ? y / x : null;
  });
  const cpu = cpus.every((c): c is number => c !== null) ? dispersion(cpus) : null;
  return { a: ma, b: mb, rps: dispersion(rps), cpu };
}

/** Several rounds as one row's figures: the median of each, the total of requests and errors, the highest RSS. */
export function resumir(rondas: Medicion[]): Medicion {
  const codigos: Record<string, number> = {};
  for (const m of rondas) for (const [c, x] of Object.entries(m.codigos)) codigos[c] = (codigos[c] ?? 0) + x;
  const suma = (f: (m: Medicion) => number) => rondas.reduce((s, m) => s + f(m), 0);
  const cpus = rondas.map((m) => m.cpuUsPorPedido);
  const rss = rondas.map((m) => m.rssMaxMb).filter((x): x is number => x !== null);
  return {
    rps: mediana(rondas.map((m) => m.rps)),
    p50: mediana(rondas.map((m) => m.p50)),
    p99: mediana(rondas.map((m) => m.p99)),
    total: suma((m) => m.total),
    errores: suma((m) => m.errores),
    no2xx: suma((m) => m.no2xx),
    desajustes: suma((m) => m.desajustes),
    codigos,
    generador: rondas[0]?.generador ?? 'autocannon',
    rssMaxMb: rss.length ? Math.max(...rss) : null,
    cpuUsPorPedido: cpus.every((c): c is number => c !== null) ? mediana(cpus) : null,
  };
}

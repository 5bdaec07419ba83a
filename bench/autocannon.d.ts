// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histograma {
    average: number;
    mean: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Opciones {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (req: Peticion) => Peticion }>;
    /** false: the answer is counted in `mismatches`. */
    verifyBody?: (cuerpo: string) => boolean;
  }
  interface Peticion {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Resultado {
    requests: Histograma;
    latency: Histograma;
    throughput: Histograma;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches?: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(opciones: Opciones): Promise<Resultado>;
  export default autocannon;
}

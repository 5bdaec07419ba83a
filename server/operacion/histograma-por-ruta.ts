import { Histogram, type MetricObjectWithValues, type MetricType, type MetricValueWithName } from 'prom-client';

type Etiqueta = 'method' | 'route';
/** A bucket's line also carries its upper bound. */
type EtiquetaDeLinea = Etiqueta | 'le';

/** One method and route pattern's latencies: counts per bucket, not yet cumulative. */
class Serie {
  readonly porCubeta: Float64Array;
  suma = 0;
  cuenta = 0;

  constructor(
    readonly labels: Record<Etiqueta, string>,
    private readonly limites: readonly number[],
  ) {
    this.porCubeta = new Float64Array(limites.length);
  }

  observar(segundos: number): void {
    this.suma += segundos;
    this.cuenta++;
    const limites = this.limites;
    for (let i = 0; i < limites.length; i++) {
      if (segundos <= limites[i]!) {
        this.porCubeta[i]!++;
        return;
      }
    }
  }
}

/**
 * prom-client's histogram with the request path's part made cheap: a series per method and route
 * pattern is created once (`serie`) and observing is a few array increments. prom-client's own
 * `observe` builds and hashes a label key and allocates per call, which was most of what metrics
 * cost a request (docs/decisions/029-operacion.md, 'Cost'). The exposition is prom-client's: the same
 * name, help, type and values (cumulative buckets, +Inf, _sum, _count) through `get`.
 */
export class HistogramaPorRuta extends Histogram<EtiquetaDeLinea> {
  private readonly series: Serie[] = [];
  private readonly limites: readonly number[];
  private readonly nombre: string;
  private readonly ayuda: string;

  constructor(opciones: { name: string; help: string; buckets: number[]; registers: NonNullable<ConstructorParameters<typeof Histogram>[0]['registers']> }) {
    super({ ...opciones, labelNames: ['method', 'route'] });
    this.nombre = opciones.name;
    this.ayuda = opciones.help;
    this.limites = [...opciones.buckets].sort((a, b) => a - b);
  }

  serie(method: string, route: string): Serie {
    const s = new Serie({ method, route }, this.limites);
    this.series.push(s);
    return s;
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<EtiquetaDeLinea>>> {
    const nombre = this.nombre;
    const values = this.series.flatMap((s): Array<MetricValueWithName<EtiquetaDeLinea>> => {
      let acumulado = 0;
      const cubetas = this.limites.map((le, i) => {
        acumulado += s.porCubeta[i]!;
        return { labels: { le, ...s.labels }, value: acumulado, metricName: `${nombre}_bucket` };
      });
      return [
        ...cubetas,
        { labels: { le: '+Inf', ...s.labels }, value: s.cuenta, metricName: `${nombre}_bucket` },
        { labels: { ...s.labels }, value: s.suma, metricName: `${nombre}_sum` },
        { labels: { ...s.labels }, value: s.cuenta, metricName: `${nombre}_count` },
      ];
    });
    return { name: nombre, help: this.ayuda, // prom-client's types declare a numeric enum; at run time, and in the exposition, the type is this word.
      type: 'histogram' as unknown as MetricType,
      aggregator: 'sum', collect: () => undefined, values };
  }

  /** The registry formats what this gives (prom-client calls it before `get` when present). */
  async getForPromString() {
    return this.get();
  }

  override reset(): void {
    // prom-client's constructor calls reset before this class's fields exist.
    for (const s of (this.series as Serie[] | undefined) ?? []) {
      s.porCubeta.fill(0);
      s.suma = 0;
      s.cuenta = 0;
    }
  }
}

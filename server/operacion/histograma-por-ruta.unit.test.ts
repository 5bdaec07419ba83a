import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HistogramaPorRuta } from './histograma-por-ruta';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const opciones = (registro: Registry) => ({ name: 'http_request_duration_seconds', help: 'Tiempo de respuesta', buckets: BUCKETS, registers: [registro] });

// Bucket edges, values between them, beyond the last and zero.
const OBSERVACIONES: Array<[string, string, number]> = [
  ['GET', '/api/producto', 0.001],
  ['GET', '/api/producto', 0.005],
  ['GET', '/api/producto', 0.0051],
  ['GET', '/api/producto', 0.3],
  ['GET', '/api/producto', 12],
  ['POST', '/api/pedido', 0.02],
  ['POST', '/api/pedido', 0],
  ['GET', '/api/producto/:id', 2.5],
];

describe('HistogramaPorRuta', () => {
  it("exposes exactly what prom-client's Histogram does for the same observations", async () => {
    const deReferencia = new Registry();
    const referencia = new Histogram({ ...opciones(deReferencia), labelNames: ['method', 'route'] as const });
    const registro = new Registry();
    const histograma = new HistogramaPorRuta(opciones(registro));
    const series = new Map<string, ReturnType<HistogramaPorRuta['serie']>>();
    for (const [method, route, segundos] of OBSERVACIONES) {
      referencia.labels(method, route).observe(segundos);
      const clave = `${method} ${route}`;
      if (!series.has(clave)) series.set(clave, histograma.serie(method, route));
      series.get(clave)!.observar(segundos);
    }
    const texto = await registro.metrics();
    expect(texto).toBe(await deReferencia.metrics());
    expect(texto).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/producto"\} 2$/m);
    expect(texto).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/producto"\} 5$/m);
    // As JSON too (prom-client's own adds empty exemplars and its collect function).
    const valores = async (r: Registry) => (await r.getMetricsAsJSON()).flatMap((m) => m.values.map((v) => ({ labels: v.labels, value: v.value, metricName: (v as { metricName?: string }).metricName })));
    expect(await valores(registro)).toEqual(await valores(deReferencia));
  });

  it('starts again from zero on reset, keeping its series', async () => {
    const registro = new Registry();
    const histograma = new HistogramaPorRuta(opciones(registro));
    const serie = histograma.serie('GET', '/api/producto');
    serie.observar(0.2);
    registro.resetMetrics();
    serie.observar(0.02);
    const texto = await registro.metrics();
    expect(texto).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/producto"\} 1$/m);
    expect(texto).toMatch(/^http_request_duration_seconds_sum\{method="GET",route="\/api\/producto"\} 0.02$/m);
    expect(texto).toMatch(/^http_request_duration_seconds_bucket\{le="0.25",method="GET",route="\/api\/producto"\} 1$/m);
  });
});

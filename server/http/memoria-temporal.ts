/**
 * Values kept in memory for a few seconds (cached API answers, drawn pages), at most `maximo`. Every
 * value is forgotten at the time it was stored with: a Map keeps insertion order and every value lives
 * about as long as the others, so the first ones are the first to go, and each `guardar` drops those
 * that are due from the front. Memory then holds only what can still be served, not the last `maximo`
 * values whatever their age: after a crawler walked 780 filter URLs, 300 drawn pages and 500 API
 * answers of any age kept the heap 110 MB above its size at rest.
 */
export class MemoriaTemporal<V> {
  private readonly entradas = new Map<string, { valor: V; olvidarEn: number }>();

  constructor(private readonly maximo: number) {}

  get size(): number {
    return this.entradas.size;
  }

  /** The value under `clave` until its time (what is done with it past its freshness is the caller's). */
  get(clave: string): V | undefined {
    const entrada = this.entradas.get(clave);
    if (!entrada) return undefined;
    if (Date.now() < entrada.olvidarEn) return entrada.valor;
    this.entradas.delete(clave);
    return undefined;
  }

  /** Keeps `valor` until `olvidarEn` (ms since the epoch), as the newest. */
  guardar(clave: string, valor: V, olvidarEn: number): void {
    this.entradas.delete(clave);
    this.olvidarVencidas(Date.now());
    if (this.entradas.size >= this.maximo) this.entradas.delete(this.entradas.keys().next().value!);
    this.entradas.set(clave, { valor, olvidarEn });
  }

  clear(): void {
    this.entradas.clear();
  }

  private olvidarVencidas(ahora: number) {
    for (const [clave, { olvidarEn }] of this.entradas) {
      if (olvidarEn > ahora) return;
      this.entradas.delete(clave);
    }
  }
}

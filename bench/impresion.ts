// Online printing's row (issue 21): a customer uploads a PDF of `paginas` pages (colour every fifth
// page) and the server reads it in its worker pool; meanwhile the catalogue's first page is asked for
// again and again, one request after the other. The row says how long the upload took (target for 100
// pages: under 1 s) and how the catalogue answered in the meantime (the main thread stays free).
import { pdfDePrueba } from '../server/test/pdfs-de-prueba';

const percentil = (valores: number[], p: number) => {
  const orden = [...valores].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.floor((p / 100) * orden.length))] ?? 0;
};

async function subir(url: string, cookie: string, pdf: Buffer, nombre: string): Promise<Response> {
  const form = new FormData();
  form.append('archivo', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), nombre);
  return fetch(`${url}/api/impresion`, { method: 'POST', headers: { cookie, origin: url }, body: form });
}

export async function medirImpresion(url: string, cookie: string, paginas = 100): Promise<{ ok: boolean; nota: string }> {
  const pdf = pdfDePrueba(Array.from({ length: paginas }, (_, i) => ({ color: i % 5 === 4 })));
  // A first, small upload starts the worker (a new worker's first PDF pays MuPDF's WASM start).
  const primera = await subir(url, cookie, pdfDePrueba(1), 'calentar.pdf');
  if (!primera.ok) return { ok: false, nota: `falló la subida de prueba: ${primera.status} ${await primera.text()}` };
  let terminada = false;
  const inicio = performance.now();
  const subida = subir(url, cookie, pdf, `bench-${paginas}.pdf`).finally(() => {
    terminada = true;
  });
  const tiempos: number[] = [];
  while (!terminada) {
    const t0 = performance.now();
    await (await fetch(`${url}/api/producto`)).arrayBuffer();
    tiempos.push(performance.now() - t0);
  }
  const r = await subida;
  const ms = performance.now() - inicio;
  const cuerpo = (await r.json()) as { paginas?: number; paginasColor?: number[]; message?: string };
  if (r.status !== 201) return { ok: false, nota: `falló la subida: ${r.status} ${cuerpo.message ?? ''}` };
  const objetivo = paginas === 100 ? ` (objetivo < 1 s: ${ms < 1000 ? 'cumplido' : 'NO cumplido'})` : '';
  return {
    ok: true,
    nota:
      `PDF de ${paginas} páginas (${(pdf.length / 1024).toFixed(0)} KB, ${cuerpo.paginasColor?.length ?? 0} en color) subido y leído en ${(ms / 1000).toFixed(2)} s${objetivo}; ` +
      `mientras tanto el catálogo respondió ${tiempos.length} veces, p50 ${percentil(tiempos, 50).toFixed(0)} ms, máx ${Math.max(0, ...tiempos).toFixed(0)} ms`,
  };
}

// `npx tsx bench/impresion.ts URL USUARIO CLAVE [PAGINAS]`: the row alone, against a running server.
if (process.argv[1]?.endsWith('impresion.ts') && process.argv.length >= 5) {
  const [url, usuario, clave, paginas] = process.argv.slice(2) as [string, string, string, string | undefined];
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ usuario, clave }) });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('sesion='))?.split(';')[0];
  if (!cookie) throw new Error(`login de ${usuario}: ${login.status}`);
  const r = await medirImpresion(url, cookie, Number(paginas ?? 100));
  console.log(r.nota);
  if (!r.ok) process.exitCode = 1;
}

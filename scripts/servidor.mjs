// The server as `npm start` runs it: server/main.ts compiled once by esbuild into dist/server/ and run
// by plain Node. Running the TypeScript through tsx costs about 30 MB of memory for the whole life of
// the process (bench/results/2026-11-22-a-26-historia.md). Used by scripts/start.mjs and by the benchmark (bench/procesos.ts).
import fs from 'node:fs';
import path from 'node:path';

const RAIZ = path.resolve(import.meta.dirname, '..');
const SALIDA = path.join(RAIZ, 'dist', 'server');
export const ENTRADA_COMPILADA = path.join(SALIDA, 'main.mjs');

/**
 * V8 flags of the server process (measured in bench/results/2026-11-22-a-26-historia.md):
 * - a young generation of 2 × 8 MB instead of 2 × 16 MB: about 10 MB less from start and no more CPU
 *   per request (2 × 4 MB saved 5 MB more but cost 15-20% more CPU on large answers: the sales grid,
 *   the admin list of promotions);
 * - the old generation may grow to twice what survived the last full GC before the next one (V8 lets
 *   it grow up to 4× on a machine with a lot of memory): under load the memory stays near 150 MB
 *   instead of climbing to 250-300 MB between full GCs. A growth factor, not a cap: a large export
 *   still gets the memory it needs (a fixed --max-old-space-size would kill the process instead).
 */
export const OPCIONES_NODE = ['--max-semi-space-size=8', '--heap-growing-percent=100'];

/**
 * The server's environment: NODE_ENV=production unless told otherwise, so that React's server renderer
 * (the storefront's prerender) runs its production build, 3-4× faster than the development one.
 */
export const entornoDelServidor = (env) => ({ NODE_ENV: 'production', ...env });

/**
 * The demo's log (docs/decisions/027-bordes.md): short lines for a person (LOG_FORMATO=texto) and the
 * requests only at debug level (LOG_PEDIDOS=debug), so that browsing the shop does not fill the
 * terminal. Each only when not set: a deployment keeps JSON with every request (the defaults).
 */
export const logDeDemostracion = (env) => ({ LOG_FORMATO: 'texto', LOG_PEDIDOS: 'debug', ...env });

/**
 * `npm start` with nothing configured is the demo: no Mercado Pago setting (MP_ACCESS_TOKEN,
 * MP_SIMULADO), no PostgreSQL server, no https PUBLIC_URL and no NODE_ENV=production of the person's
 * own. Only then it asks for the simulated checkout (MP_SIMULADO=1), and says so; a real deployment
 * that forgot its credentials gets the server's refusal to start instead (server/config.ts).
 */
export function esDemostracion(env) {
  const definida = (nombre) => (env[nombre] ?? '').trim() !== '';
  return (
    !definida('MP_ACCESS_TOKEN') &&
    !definida('MP_SIMULADO') &&
    !definida('DATABASE_URL') &&
    !(env.PUBLIC_URL ?? '').trim().toLowerCase().startsWith('https://') &&
    env.NODE_ENV !== 'production'
  );
}

const ultimaModificacion = (carpeta) => {
  let ultima = 0;
  for (const entrada of fs.readdirSync(carpeta, { withFileTypes: true, recursive: true })) {
    if (entrada.isFile()) ultima = Math.max(ultima, fs.statSync(path.join(entrada.parentPath, entrada.name)).mtimeMs);
  }
  return ultima;
};

/** Compiles the server when dist/server is missing or older than server/, domain/ or this script. */
export async function construirServidorSiHaceFalta() {
  const construido = fs.existsSync(ENTRADA_COMPILADA) ? fs.statSync(ENTRADA_COMPILADA).mtimeMs : 0;
  const fuentes = Math.max(
    ultimaModificacion(path.join(RAIZ, 'server')),
    ultimaModificacion(path.join(RAIZ, 'domain')),
    fs.statSync(import.meta.filename).mtimeMs,
  );
  if (construido >= fuentes) return false;
  // Loaded only when a build is needed.
  const esbuild = await import('esbuild');
  // Built into a fresh folder and swapped in, so a server starting meanwhile never reads half a build.
  const temporal = `${SALIDA}.${process.pid}.tmp`;
  fs.rmSync(temporal, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: RAIZ,
      // The cash-closing workbook's worker thread is a second entry (server/informes/cierre-xlsx-pool.ts
      // finds it from RAIZ); code both use goes into shared chunks.
      entryPoints: { main: 'server/main.ts', 'cierre-xlsx-worker': 'server/informes/cierre-xlsx-worker.ts', 'pdf-worker': 'server/impresiones/pdf-worker.ts' },
      outdir: temporal,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Dependencies stay in node_modules; only the project's own code is bundled.
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Dynamic imports (the Mercado Pago SDK, PGlite) stay lazy: separate chunks loaded on first use.
      splitting: true,
      // Tells cierre-xlsx-pool.ts to start the compiled worker, not the TypeScript one.
      define: { SERVIDOR_COMPILADO: 'true' },
      sourcemap: true,
      logLevel: 'warning',
    });
  } finally {
    // esbuild's service process would otherwise live as long as start.mjs does (about 25 MB).
    await esbuild.stop();
  }
  const viejo = `${SALIDA}.${process.pid}.viejo`;
  if (fs.existsSync(SALIDA)) fs.renameSync(SALIDA, viejo);
  fs.renameSync(temporal, SALIDA);
  fs.rmSync(viejo, { recursive: true, force: true });
  return true;
}

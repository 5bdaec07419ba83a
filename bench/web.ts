// Front-end figures: the JS/CSS a visitor downloads per page (gzip), and Lighthouse mobile performance.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type LighthouseFn from 'lighthouse';
import { chromium } from 'playwright-core';
import { puertoLibre, RAIZ } from './procesos';

export const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DIST = path.join(RAIZ, 'dist', 'web');
const MANIFIESTO = path.join(DIST, '.vite', 'manifest.json');

const ultimaModificacion = (carpeta: string): number => {
  let ultima = 0;
  for (const e of fs.readdirSync(carpeta, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) ultima = Math.max(ultima, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return ultima;
};

/** Builds the web app (with a Vite manifest) and the prerender module when missing or older than their sources. */
export function construirSiHaceFalta(): string {
  const construido = fs.existsSync(MANIFIESTO) ? fs.statSync(MANIFIESTO).mtimeMs : 0;
  const fuentes = Math.max(ultimaModificacion(path.join(RAIZ, 'web')), ultimaModificacion(path.join(RAIZ, 'domain')), fs.statSync(path.join(RAIZ, 'vite.config.ts')).mtimeMs);
  const ssr = path.join(RAIZ, 'dist', 'ssr', 'entry-server.js');
  if (construido >= fuentes && fs.existsSync(path.join(DIST, 'index.html')) && fs.existsSync(ssr) && fs.statSync(ssr).mtimeMs >= fuentes) return 'build al día';
  const vite = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(RAIZ, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', ...args, '--logLevel', 'warn'], { cwd: RAIZ, stdio: 'inherit' });
  if (vite('--manifest').status !== 0 || vite('--ssr', 'src/ssr/entry-server.tsx').status !== 0) throw new Error('Falló el build de la aplicación web');
  return 'build nuevo';
}

interface EntradaManifiesto {
  file: string;
  src?: string;
  css?: string[];
}

/** Files (assets/...) of the admin screens' chunks, from the Vite manifest. */
function archivosAdmin(): Set<string> {
  if (!fs.existsSync(MANIFIESTO)) return new Set();
  const m = JSON.parse(fs.readFileSync(MANIFIESTO, 'utf8')) as Record<string, EntradaManifiesto>;
  const res = new Set<string>();
  for (const [clave, e] of Object.entries(m)) {
    if (/features\/admin\//.test(e.src ?? clave)) {
      res.add(e.file);
      for (const c of e.css ?? []) res.add(c);
    }
  }
  return res;
}

const gzip = (archivo: string) => zlib.gzipSync(fs.readFileSync(archivo), { level: 9 }).length;

export interface PesoPagina {
  pagina: string;
  jsKb: number;
  cssKb: number;
  archivos: string[];
  adminCargado: string[];
  imagenesSinTamano: number;
}

export interface Navegador {
  puerto: number;
  cerrar: () => Promise<void>;
}

/** Debian's Chromium, headless, with a DevTools port for playwright and Lighthouse. */
export async function lanzarChromium(): Promise<Navegador> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no está Chromium en ${CHROMIUM}`);
  const puerto = await puertoLibre();
  const perfil = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const proceso: ChildProcess = spawn(
    CHROMIUM,
    [
      `--remote-debugging-port=${puerto}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${perfil}`,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const limite = Date.now() + 30_000;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${puerto}/json/version`);
      if (r.ok) break;
    } catch {
      // not yet
    }
    if (proceso.exitCode !== null) throw new Error(`Chromium terminó al iniciar (código ${proceso.exitCode})`);
    if (Date.now() > limite) throw new Error('Chromium no abrió el puerto de depuración');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    puerto,
    cerrar: async () => {
      if (proceso.exitCode === null) {
        const fin = new Promise((r) => proceso.once('exit', r));
        proceso.kill('SIGTERM');
        await Promise.race([fin, new Promise((r) => setTimeout(r, 5000))]);
      }
      fs.rmSync(perfil, { recursive: true, force: true });
    },
  };
}

/** Loads each page as a new visitor (empty cache, 390 px wide) and sums the gzip size of its JS and CSS. */
export async function pesarPaginas(navegador: Navegador, base: string, paginas: string[]): Promise<PesoPagina[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${navegador.puerto}`);
  const admin = archivosAdmin();
  const resultado: PesoPagina[] = [];
  try {
    for (const pagina of paginas) {
      const contexto = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await contexto.newPage();
      const archivos = new Set<string>();
      page.on('response', (r) => {
        const u = new URL(r.url());
        if (u.origin === base && /\.(js|css)$/.test(u.pathname)) archivos.add(u.pathname.slice(1));
      });
      await page.goto(base + pagina, { waitUntil: 'networkidle' });
      const imagenesSinTamano = await page.evaluate(
        () => [...document.images].filter((i) => !i.getAttribute('width') && !i.style.aspectRatio && !i.style.height).length,
      );
      let js = 0;
      let css = 0;
      for (const a of archivos) {
        const ruta = path.join(DIST, a);
        if (!fs.existsSync(ruta)) continue;
        if (a.endsWith('.js')) js += gzip(ruta);
        else css += gzip(ruta);
      }
      resultado.push({
        pagina,
        jsKb: js / 1024,
        cssKb: css / 1024,
        archivos: [...archivos].sort(),
        adminCargado: [...archivos].filter((a) => admin.has(a)),
        imagenesSinTamano,
      });
      await contexto.close();
    }
  } finally {
    await browser.close().catch(() => undefined);
  }
  return resultado;
}

export interface Lighthouse {
  pagina: string;
  puntaje: number | null;
  cls: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  nota?: string;
}

/** Lighthouse's default (mobile, simulated throttling) performance category, through the given Chromium. */
export async function lighthouse(navegador: Navegador, base: string, paginas: string[]): Promise<Lighthouse[]> {
  const resultado: Lighthouse[] = [];
  let lh: typeof LighthouseFn;
  try {
    lh = (await import('lighthouse')).default;
  } catch (error) {
    return paginas.map((pagina) => ({ pagina, puntaje: null, cls: null, lcpMs: null, tbtMs: null, nota: `lighthouse no carga: ${String(error)}` }));
  }
  for (const pagina of paginas) {
    try {
      const correr = () => lh(base + pagina, { port: navegador.puerto, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      let r = await correr();
      // A trace lost on a busy machine (NO_NAVSTART and the like) gets one more try.
      if (!r || r.lhr.runtimeError) r = await correr();
      if (!r) throw new Error('sin resultado');
      const audit = (id: string) => r.lhr.audits[id]?.numericValue ?? null;
      const error = r.lhr.runtimeError?.message;
      resultado.push({
        pagina,
        puntaje: r.lhr.categories.performance?.score ?? null,
        cls: audit('cumulative-layout-shift'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        ...(error ? { nota: error } : {}),
      });
    } catch (error) {
      resultado.push({ pagina, puntaje: null, cls: null, lcpMs: null, tbtMs: null, nota: `lighthouse falló: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  return resultado;
}

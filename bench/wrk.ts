// A GET load with wrk (C, Debian's package), for the rows whose figure is set against pgbench: a client
// as light as pgbench on the 2 cores both share (docs/decisions/042). autocannon, in the bench's own
// Node process, costs 65-140 µs of those cores a request, which counted against the server's side only.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ejecutar = promisify(execFile);

/** wrk's path, or undefined where it is not installed (`apt-get install -y wrk`). */
export function binarioWrk(): string | undefined {
  return ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p));
}

export interface ResultadoWrk {
  total: number;
  segundos: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers with a status of 400 or more (wrk counts no other). */
  no2xx: number;
  /** Connection errors: connect, read, write and timeouts. */
  errores: number;
}

/** A Lua string literal: the paths are the bench's own, but quoted all the same. */
const lua = (texto: string) => `"${texto.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`;

/**
 * The script: each request takes the next path of the list, round robin over all connections (as
 * autocannon's `setupRequest` did), and `done` prints the figures as one JSON line.
 */
function guion(rutas: string[], headers: Record<string, string>): string {
  const cabeceras = Object.entries(headers)
    .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
    .join(', ');
  return `local rutas = { ${rutas.map(lua).join(', ')} }
local cabeceras = { ${cabeceras} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", rutas[(i - 1) % #rutas + 1], cabeceras)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nRESULTADO {"total":%d,"duracionUs":%d,"p50Us":%d,"p99Us":%d,"estado":%d,"errores":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
`;
}

/** One load of `segundos` with `conexiones` on one thread, against `base` (http://127.0.0.1:port). */
export async function cargarConWrk(opciones: { base: string; rutas: string[]; conexiones: number; segundos: number; headers?: Record<string, string> }): Promise<ResultadoWrk> {
  const binario = binarioWrk();
  if (!binario) throw new Error('wrk no está instalado (apt-get install -y wrk)');
  const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const archivo = path.join(carpeta, 'carga.lua');
    fs.writeFileSync(archivo, guion(opciones.rutas, opciones.headers ?? {}));
    const { stdout } = await ejecutar(
      binario,
      ['-t1', `-c${opciones.conexiones}`, `-d${opciones.segundos}s`, '--timeout', '10s', '-s', archivo, `${opciones.base}/`],
      { maxBuffer: 1 << 20 },
    );
    const linea = /RESULTADO (\{.*\})/.exec(stdout)?.[1];
    if (!linea) throw new Error(`wrk no dio resultado: ${stdout.slice(-300)}`);
    const r = JSON.parse(linea) as { total: number; duracionUs: number; p50Us: number; p99Us: number; estado: number; errores: number };
    return { total: r.total, segundos: r.duracionUs / 1e6, p50Ms: r.p50Us / 1000, p99Ms: r.p99Us / 1000, no2xx: r.estado, errores: r.errores };
  } finally {
    fs.rmSync(carpeta, { recursive: true, force: true });
  }
}

// `npm start`: builds the web app and compiles the server when missing or older than their sources,
// then starts the compiled server with plain Node (scripts/servidor.mjs).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { construirServidorSiHaceFalta, ENTRADA_COMPILADA, entornoDelServidor, esDemostracion, logDeDemostracion, OPCIONES_NODE } from './servidor.mjs';

const raiz = path.resolve(import.meta.dirname, '..');
// The web app and the server's prerender module are built together (`npm run build`).
const construidos = [path.join(raiz, 'dist', 'web', 'index.html'), path.join(raiz, 'dist', 'ssr', 'entry-server.js')];

const ultimaModificacion = (carpeta) => {
  let ultima = 0;
  for (const entrada of fs.readdirSync(carpeta, { withFileTypes: true, recursive: true })) {
    if (entrada.isFile()) ultima = Math.max(ultima, fs.statSync(path.join(entrada.parentPath, entrada.name)).mtimeMs);
  }
  return ultima;
};

const construido = Math.min(...construidos.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
const fuentes = Math.max(
  ultimaModificacion(path.join(raiz, 'web')),
  ultimaModificacion(path.join(raiz, 'domain')),
  fs.statSync(path.join(raiz, 'vite.config.ts')).mtimeMs,
);
if (construido < fuentes) {
  console.log('Construyendo la aplicación web (solo la primera vez o tras cambios)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: raiz, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (await construirServidorSiHaceFalta()) console.log('Servidor compilado en dist/server.');

const demostracion = esDemostracion(process.env);
if (demostracion) {
  console.log(
    'Demostración: Mercado Pago SIMULADO (MP_SIMULADO=1): ningún pago es real. ' +
      'Para cobrar, definí MP_ACCESS_TOKEN y MP_WEBHOOK_SECRET (docs/mercado-pago.md).',
  );
}

const servidor = spawn(process.execPath, [...OPCIONES_NODE, ENTRADA_COMPILADA], {
  cwd: raiz,
  env: entornoDelServidor(demostracion ? logDeDemostracion({ ...process.env, MP_SIMULADO: '1' }) : process.env),
  stdio: 'inherit',
});
for (const senal of ['SIGINT', 'SIGTERM']) process.on(senal, () => servidor.kill(senal));
servidor.on('exit', (codigo) => process.exit(codigo ?? 0));

import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const servidor = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The dev server's pages write to the shop through this proxy: the shop takes writes only from its own
 * origin (server/http/mismo-origen.ts), so a request the browser marks as coming from the dev server's
 * own page is passed on with the shop's origin. A page of another site still gets 403.
 */
const haciaLaTienda: ProxyOptions = {
  target: servidor,
  configure: (proxy) => {
    proxy.on('proxyReq', (pedido, entrante) => {
      if (entrante.headers['sec-fetch-site'] === 'same-origin') pedido.setHeader('origin', servidor);
    });
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react()],
  build: {
    // `vite build --ssr src/ssr/entry-server.tsx`: the prerender module for the server, apart from the web app.
    outDir: isSsrBuild ? '../dist/ssr' : '../dist/web',
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // One stylesheet: the server's prerender of any page is styled by the <link> in index.html alone.
    cssCodeSplit: false,
    // No <link rel="modulepreload"> put in by script for the chunks a dynamic import needs: each one costs
    // the page ~1 ms of main thread (45 on the catalogue's first load), in the tasks Lighthouse counts as
    // blocking. The browser requests a chunk's imports as soon as it has parsed the chunk: one round trip
    // later, off the main thread. Every browser the shop supports has modulepreload: no polyfill.
    modulePreload: { polyfill: false, resolveDependencies: () => [] },
  },
  // The prerender module (SSR build) bundles the icons and Mantine instead of importing the packages:
  // the icons' index loads all ~5,000 icons and Mantine's every component, 80 MB of the server's memory
  // for the dozen icons and components a page uses (bench/results/2026-11-22-a-26-historia.md). Same markup either way.
  ssr: { noExternal: ['@tabler/icons-react', /^@mantine\//] },
  server: {
    proxy: Object.fromEntries(['/api', '/uploads', '/sitemap.xml', '/robots.txt'].map((ruta) => [ruta, haciaLaTienda])),
  },
}));

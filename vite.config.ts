import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const servidor = process.env.API_URL ?? 'http://localhost:3000';

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
  },
  server: {
    proxy: { '/api': servidor, '/uploads': servidor, '/sitemap.xml': servidor, '/robots.txt': servidor },
  },
}));

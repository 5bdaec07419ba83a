import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const servidor = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': servidor, '/uploads': servidor, '/sitemap.xml': servidor, '/robots.txt': servidor },
  },
});

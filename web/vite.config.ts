import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The server answers these prefixes; in `vite dev` they are proxied to a locally running server. */
const SERVER_PREFIXES = ['/api', '/accounts', '/configuration', '/healthz', '/readyz'];
const SERVER_ORIGIN = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: SERVER_ORIGIN, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});

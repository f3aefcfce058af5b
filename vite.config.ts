import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dashboard SPA: src/dashboard -> dist/dashboard, served by Fastify at /dashboard.
// `npm run dev` runs this dev server (hot reload) in front of the API on :8080.
export default defineConfig({
  root: 'src/dashboard',
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: '../../dist/dashboard',
    emptyOutDir: true,
    // No inline polyfill script: the page's CSP allows scripts from this origin only.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/trpc': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});

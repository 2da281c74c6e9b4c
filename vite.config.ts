import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * SPA build. `npm start` serves dist/ from the Node server on the same origin as /api and /uploads;
 * `npx vite` (dev) proxies those to the embedded server at VITE_PROXY_TARGET (default http://localhost:3000).
 * VITE_API_URL switches the API base (default /api; Supabase: https://<ref>.supabase.co/functions/v1/api).
 */
export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: {
    proxy: {
      '/api': process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000',
      '/uploads': process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000',
    },
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/csp.ts';

/**
 * SPA build. `npm start` serves dist/ from the Node server on the same origin as /api and /uploads;
 * `npx vite` (dev) proxies those to the embedded server at VITE_PROXY_TARGET (default http://localhost:3000).
 * VITE_API_URL switches the API base (default /api; Supabase: https://<ref>.supabase.co/functions/v1/api).
 * `html.cspNonce`: every tag of the built index.html and a `<meta property="csp-nonce">` carry this
 * placeholder, which the server replaces with each response's CSP nonce (src/server/node.ts); the
 * SPA's Emotion cache reads it from the meta tag (src/app/emotion-cache.ts).
 */

export default defineConfig({
  plugins: [react()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
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

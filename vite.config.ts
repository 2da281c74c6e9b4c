import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/csp.ts';

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every emitted text asset, so the
 * Node server sends them compressed without compressing per request (serveStatic `precompressed`).
 */
function precompress(): Plugin {
  return {
    name: 'dalil-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(name)) continue;
        const file = path.join(dir, name);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * Noto Sans Arabic's faces with `font-display: optional` instead of fontsource's `swap`: a face that is
 * not there at first paint is not swapped in later, so Arabic pages never reflow when it arrives
 * (Lighthouse measured CLS 0.18–0.22 on /ar pages). main.tsx starts loading it at once on Arabic pages.
 */
function arabicFontDisplayOptional(): Plugin {
  return {
    name: 'dalil-arabic-font-display',
    enforce: 'pre',
    transform(code, id) {
      if (!/@fontsource\/noto-sans-arabic\/[^?]*\.css(\?|$)/.test(id)) return null;
      return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null };
    },
  };
}

/**
 * SPA build. `npm start` serves dist/ from the Node server on the same origin as /api and /uploads;
 * `npx vite` (dev) proxies those to the embedded server at VITE_PROXY_TARGET (default http://localhost:3000).
 * VITE_API_URL switches the API base (default /api; Supabase: https://<ref>.supabase.co/functions/v1/api).
 * `html.cspNonce`: every tag of the built index.html and a `<meta property="csp-nonce">` carry this
 * placeholder, which the server replaces with each response's CSP nonce (src/server/node.ts); the
 * SPA's Emotion cache reads it from the meta tag (src/app/emotion-cache.ts).
 */
export default defineConfig({
  plugins: [react(), arabicFontDisplayOptional(), precompress()],
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

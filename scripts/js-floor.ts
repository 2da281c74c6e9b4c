/**
 * `npm run bench:js-floor`: the JavaScript any page of this stack loads before it is interactive, with no app
 * code at all — scripts/js-floor/main.tsx hydrates one route with one provider of each library the product is
 * fixed on (React DOM, React Router's data router, Chakra UI v3 with Emotion and `defaultBaseConfig`, i18next +
 * react-i18next, TanStack Query). Builds it with Vite into a temp folder (the app's build options that cut
 * bytes: tree-shaking Chakra's `defineConfig` and `createAnatomy`) and prints each file's gzip size (level 9, as
 * tests/build/js-budget.test.ts counts) and the total: the floor under issue 14's 150 KB target (decision 036).
 */
import react from '@vitejs/plugin-react';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { reactRouterProduction } from '../vite.config.ts';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'js-floor');
const outDir = mkdtempSync(path.join(tmpdir(), 'js-floor-'));
try {
  await build({
    root, configFile: false, logLevel: 'warn', plugins: [react()], resolve: { alias: reactRouterProduction() },
    build: { outDir, emptyOutDir: true, rollupOptions: { treeshake: { manualPureFunctions: ['defineConfig', 'createAnatomy'] } } },
  });
  let total = 0;
  for (const file of readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'))) {
    const kb = gzipSync(readFileSync(path.join(outDir, 'assets', file)), { level: 9 }).length / 1024;
    total += kb;
    console.log(`${file}: ${kb.toFixed(1)} KB gzip`);
  }
  console.log(`Floor of the stack (no app code): ${total.toFixed(1)} KB gzip of JavaScript until interactive.`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

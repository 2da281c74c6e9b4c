import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { offlinePages, publicPrecacheOnly } from './src/sw/offline-page.ts';
import { LATE_RECIPE_MODULE } from './src/components/ui/late-recipe-modules.ts';
import { PALETTES, pickKeys, SEMANTIC_COLORS } from './src/components/ui/chakra-palettes.ts';
import { commonStringsPart, type CommonStringsPart } from './src/lib/common-strings-parts.ts';
import { CSP_NONCE_PLACEHOLDER, INLINE_SCRIPT_HASHES_FILE } from './src/shared/csp.ts';

/**
 * `locales/<lng>/common.json?part=first|late|pages`: one part of the `common` strings (src/lib/common-strings-parts.ts), as
 * a module (its JSON parsed, like Vite's own JSON modules) — the browser loads the first part before a page hydrates,
 * the late one (forms', dialogs', account strings) with the lazy modules that show them (decision 055) and the `pages`
 * one (map and categories pages) with those pages (decision 063).
 */
export function commonStringsParts(): Plugin {
  return {
    name: 'dalil-common-strings-parts',
    enforce: 'pre',
    load(id) {
      const match = /^(.*[\\/]locales[\\/](?:en|ar)[\\/]common\.json)\?part=(first|late|pages)$/.exec(id);
      if (!match) return null;
      this.addWatchFile(match[1]!);
      const part = commonStringsPart(JSON.parse(readFileSync(match[1]!, 'utf8')) as Record<string, unknown>, match[2] as CommonStringsPart);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`, moduleType: 'js' };
    },
  };
}

/**
 * Chakra's anatomy module (`@chakra-ui/react/dist/esm/anatomy.js`) makes every component's anatomy when it loads, some as
 * `<zag anatomy>.extendWith(…)` — calls rolldown must keep (it cannot know they are pure), and with them ~20 anatomies of
 * components the app never renders (accordion, date picker, colour picker, combobox, menu…), pulled into every page's
 * first scripts by the recipes that import one anatomy from that module. Marking those calls `@__PURE__` lets the unused
 * ones go, as `createAnatomy` (`manualPureFunctions`, below) does for the others (decision 062).
 */
export function pureChakraAnatomies(): Plugin {
  return {
    name: 'dalil-pure-chakra-anatomies',
    transform(code, id) {
      if (!/[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js$/.test(id)) return null;
      return { code: code.replace(/= (\w+\$?\d*)\.extendWith\(/g, '= /* @__PURE__ */ $1.extendWith('), map: null };
    },
  };
}

/**
 * Chakra's colour tokens (`theme/tokens/colors.js`) and semantic colour tokens (`theme/semantic-tokens/colors.js`) with only
 * the palettes the app uses (src/components/ui/chakra-palettes.ts). src/components/ui/system.ts picks the same keys when it
 * builds the system, but only at run time: the other palettes' values (yellow, teal, cyan, purple, pink) still shipped in
 * every page's first scripts. Here the two modules become their picked objects as the client build loads them (the module
 * is evaluated in Node; its values are plain data), so the system and the CSS are the same and the bytes go
 * (decision 063). No file in node_modules changes; the server and tests keep the whole modules and the run-time pick.
 */
export function chakraPalettesUsed(): Plugin {
  const FILE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/](tokens|semantic-tokens)[\\/]colors\.js$/;
  return {
    name: 'dalil-chakra-palettes-used',
    async transform(_code, id) {
      const match = FILE.exec(id);
      if (!match) return null;
      const [name, keep] = match[1] === 'tokens' ? ['colors', PALETTES] as const : ['semanticColors', SEMANTIC_COLORS] as const;
      const module = await import(pathToFileURL(id).href) as Record<string, Record<string, unknown>>;
      if (!module[name]) this.error(`${id} no longer exports ${name}`);
      return { code: `const ${name} = ${JSON.stringify(pickKeys(module[name], keep))};\nexport { ${name} };\n`, map: null };
    },
  };
}

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
 * The tiny inline scripts of src/inline/ — two before the first paint (theme and direction; Zod's JIT off
 * before any module runs) instead of two render-blocking requests (~300 ms of a phone's first paint,
 * decision 012), and one at the end of the body that starts a server-rendered page's scripts after its
 * first paint (decision 037) — go inline into index.html. A strict CSP still allows no other inline script:
 * the build writes their hashes to dist/csp-script-hashes.json and the server adds them to script-src
 * (a static host puts the same `'sha256-…'` sources in its Content-Security-Policy header).
 */
function inlinePrePaintScripts(): Plugin {
  const hashes: string[] = [];
  return {
    name: 'dalil-inline-pre-paint-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        return html.replace(/<script src="\/inline\/([\w-]+\.js)"><\/script>/g, (_tag, file: string) => {
          const code = readFileSync(path.resolve('src/inline', file), 'utf8').trim();
          hashes.push(createHash('sha256').update(code).digest('base64'));
          return `<script>${code}</script>`;
        });
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: INLINE_SCRIPT_HASHES_FILE, source: `${JSON.stringify([...new Set(hashes)])}\n` });
    },
  };
}

/**
 * The service worker (decision 047): src/sw/sw.ts (Workbox) built to dist/sw.js by vite-plugin-pwa in
 * injectManifest mode, with the pre-cache list of this build: the public pages' scripts and styles, the shell,
 * the offline pages, the icons. Registered by the app after it is interactive (src/components/offline/);
 * the web manifest stays the server's (/manifest.webmanifest, per language and site settings).
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['index.html', 'offline*.html', 'offline.{js,css}', 'assets/*.{js,css}', 'favicon.svg', 'icon-192.png'],
      manifestTransforms: [publicPrecacheOnly(path.resolve('dist'))],
    },
  });
}

/** Packages of the UI stage: Chakra, what it is made of and what those import (only React or each other). */
const UI_PACKAGES = /[\\/]node_modules[\\/](@chakra-ui|@emotion|@zag-js|@ark-ui|@floating-ui|@pandacss|@swc[\\/]helpers|stylis|hoist-non-react-statics|react-is|proxy-compare|proxy-memoize|@babel[\\/]runtime)[\\/]/;
const REACT_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * The build's entries and chunk groups for the browser's start in stages (decision 072): `<root>/main.tsx` imports React
 * and React DOM (`<root>/boot/react.ts`), then Chakra UI with Emotion and Zag (`<root>/boot/ui.ts`), then the app's
 * frame (`<root>/boot/start.tsx`: the router, i18next, TanStack Query, the providers, the layout), each in a task of
 * its own, so the browser evaluates them apart instead of in one long task. Used by the app's build (`src`) and by
 * `npm run bench:js-floor` (`scripts/js-floor`), so the stack's floor is measured as the app delivers it.
 * - `<root>/boot/start.tsx` is a second entry of the build, so what it imports statically is tagged `$initial`
 *   (Rolldown follows only the imports the bundle keeps, not a barrel's unused re-exports) and each group takes only
 *   those modules: what any page needs before it is interactive, not what only a lazy route or dialog uses.
 * - A stage's chunk imports only the chunks of earlier stages, and evaluating it evaluates nothing of a later one
 *   (tests/build/boot-stages.test.ts): the UI group's packages import only React's or each other's modules.
 * - `html`: the document whose module script is `<root>/main.tsx` (default `<root>/index.html`).
 * - `uiFiles`: the root's own modules that go with the UI stage (the app's Chakra system).
 * - `entryOwn`: the root's modules that `main.tsx` imports statically. They and Vite's preload helper are in no group:
 *   in a stage's chunk they would make the entry import it statically, and the stages would be evaluated at once.
 * - `exclude`: modules no group may take (the late recipes, decision 055: though the theme's barrel, which the frame
 *   imports, re-exports them, they go with the lazy parts that register them).
 * (The first groups' `includeDependenciesRecursively` is off too: on, it would take the late recipes along.)
 */
export function bootChunking(root: string, options: { html?: string; uiFiles?: string[]; entryOwn?: string[]; exclude?: RegExp } = {}) {
  const inRoot = (files: string[]) => new Set(files.map((file) => path.join(root, file)));
  const uiFiles = inRoot(['boot/ui.ts', ...(options.uiFiles ?? [])]);
  const entryOwn = inRoot(['main.tsx', ...(options.entryOwn ?? [])]);
  const allowed = (id: string) => !options.exclude?.test(id) && !id.startsWith('\0') && !entryOwn.has(id) && !/[\\/]index\.html$|vite[\\/]preload-helper/.test(id);
  return {
    input: { index: options.html ?? path.join(root, 'index.html'), start: path.join(root, 'boot/start.tsx') },
    groups: [
      { name: 'react', tags: ['$initial' as const], priority: 3, includeDependenciesRecursively: false, test: (id: string) => allowed(id) && REACT_PACKAGES.test(id) },
      { name: 'ui', tags: ['$initial' as const], priority: 2, includeDependenciesRecursively: false, test: (id: string) => allowed(id) && (UI_PACKAGES.test(id) || uiFiles.has(id)) },
      { name: 'start', tags: ['$initial' as const], priority: 1, includeDependenciesRecursively: false, test: allowed },
    ],
  };
}

const APP_BOOT = bootChunking(path.resolve('src'), {
  html: path.resolve('index.html'), uiFiles: ['components/ui/system.ts', 'components/ui/chakra-palettes.ts'], entryOwn: ['lib/next-task.ts'], exclude: LATE_RECIPE_MODULE,
});

/**
 * `<link rel="modulepreload">` in index.html for the chunks the entry imports as its start's stages (decision 072) and
 * their static imports: Vite lists only the entry's static imports, so each stage would otherwise be fetched only when
 * the previous one had been evaluated. The server's renderer and SPA document take them from the template like Vite's
 * own (src/server/render/renderer.ts, src/server/spa/document.ts), as does a static host serving dist/index.html.
 */
function preloadBootStages(): Plugin {
  return {
    name: 'dalil-preload-boot-stages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const entry = ctx.chunk;
        const bundle = ctx.bundle;
        if (!entry || !bundle || !('dynamicImports' in entry)) return [];
        const files = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk' || file === entry.fileName) return;
          files.add(file);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const file of entry.dynamicImports) visit(file);
        const already = new Set(entry.imports);
        return [...files].filter((file) => !already.has(file)).map((file) => ({
          tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}`, nonce: CSP_NONCE_PLACEHOLDER }, injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * React Router's production build, for the browser and the server bundle alike: its package's exports name only
 * `dist/development` (for Node and bundlers alike; the two builds differ in `ENABLE_DEV_WARNINGS`: warnings built per
 * render, development error screens), so both would run the development one (decision 064). Also used by
 * `npm run bench:js-floor`, so the floor is measured with the same build.
 */
export function reactRouterProduction() {
  const dir = path.resolve('node_modules/react-router/dist/production');
  return [
    { find: /^react-router$/, replacement: path.join(dir, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dir, 'dom-export.mjs') },
  ];
}

/**
 * SPA build. `npm start` serves dist/ from the Node server on the same origin as /api and /uploads;
 * `npx vite` (dev) proxies those to the embedded server at VITE_PROXY_TARGET (default http://localhost:3000).
 * VITE_API_URL switches the API base (default /api; Supabase: https://<ref>.supabase.co/functions/v1/api).
 * `html.cspNonce`: every tag of the built index.html and a `<meta property="csp-nonce">` carry this
 * placeholder, which the server replaces with each response's CSP nonce (src/server/node.ts); the
 * SPA's Emotion cache reads it from the meta tag (src/app/emotion-cache.ts).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), commonStringsParts()] : [react(), commonStringsParts(), pureChakraAnatomies(), chakraPalettesUsed(), inlinePrePaintScripts(), preloadBootStages(), precompress(), offlinePages(), serviceWorker()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  // Emotion and Chakra go into the server bundle, built for production like the browser's: Emotion's
  // development build adds labels to class names, so a server started with NODE_ENV=test would render
  // other class names than the browser hydrates with.
  // React Router too (decision 064): its package exports only its development build to Node, so the server bundle
  // takes it in from dist/production (the aliases below, which the browser build uses too); nothing else on the
  // server imports it (tests/build/ssr-bundle.test.ts).
  ssr: { noExternal: [/^@emotion\//, '@chakra-ui/react', ...(isSsrBuild ? ['react-router', 'react-router-dom'] : [])] },
  resolve: { alias: reactRouterProduction() },
  // `vite build --ssr src/entry-server.tsx` (npm run build): the server's renderer of the public pages
  // (decision 019) → dist-server/entry-server.js, run by Node with the dependencies from node_modules
  build: isSsrBuild
    ? { outDir: 'dist-server', sourcemap: false, emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } }
    : {
      manifest: true,
      sourcemap: false,
      chunkSizeWarningLimit: 900,
      // No modulepreload polyfill (it ran in every page's entry): the browsers that lack <link rel="modulepreload">
      // (Safari < 17, Firefox < 115, the oldest of the build target) fetch the chunks when they are imported.
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: APP_BOOT.input,
        // Chakra's theme module builds its default config at load (`defineConfig({…, recipes, slotRecipes })`);
        // Chakra's `defineConfig` returns its argument, so an unused call is dropped with the ~80 recipes it names,
        // leaving only those src/components/ui/system.ts imports (decision 036).
        // `createAnatomy` (Chakra's and zag's anatomies, made at module load) is pure too (decision 051).
        treeshake: { manualPureFunctions: ['defineConfig', 'createAnatomy'] },
        // What the app's start imports statically (React, the router, Chakra, i18next, TanStack Query, the layout…) in
        // three chunks, one per stage of src/main.tsx (`bootStageOf`, decision 072), not the ~20 small chunks rolldown
        // would cut it into by what the lazy routes share with it, each with its own cross-chunk imports and exports
        // (decision 051's single chunk, −13 KB gzip per public page, split by stage). Lazy routes and dialogs still get
        // their own chunks, split as before; so do the late recipes (decision 055) and Rolldown's own helpers (0.4 KB).
        output: {
          codeSplitting: {
            groups: APP_BOOT.groups,
          },
        },
      },
    },
  server: {
    proxy: {
      '/api': process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000',
      '/uploads': process.env.VITE_PROXY_TARGET ?? 'http://localhost:3000',
    },
  },
}));

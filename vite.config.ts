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
 * Emotion's cache module without its default vendor prefixer in the browser build (decision 074). Every cache the app
 * makes passes its own `stylisPlugins` (src/app/emotion-cache.ts: only the prefixes the build's browsers need), so the
 * default list `[prefixer]` is never used; but it is a module-level value, so Emotion's prefix table (~1 KB gzip) stayed
 * in the entry. Made an empty list here, the prefixer is unused and the bundler drops it. Fails the build if the line is
 * no longer there (an Emotion upgrade), rather than shipping the table again unnoticed.
 */
export function emotionWithoutDefaultPrefixer(): Plugin {
  const FILE = /[\\/]@emotion[\\/]cache[\\/]dist[\\/]emotion-cache\.browser(\.development)?\.esm\.js$/;
  const DEFAULT = 'var defaultStylisPlugins = [prefixer];';
  return {
    name: 'dalil-emotion-without-default-prefixer',
    transform(code, id) {
      if (!FILE.test(id)) return null;
      if (!code.includes(DEFAULT)) this.error(`${id} no longer has \`${DEFAULT}\``);
      return { code: code.replace(DEFAULT, 'var defaultStylisPlugins = [];'), map: null };
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
  plugins: isSsrBuild ? [react(), commonStringsParts()] : [react(), commonStringsParts(), pureChakraAnatomies(), emotionWithoutDefaultPrefixer(), chakraPalettesUsed(), inlinePrePaintScripts(), precompress(), offlinePages(), serviceWorker()],
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
        // Chakra's theme module builds its default config at load (`defineConfig({…, recipes, slotRecipes })`);
        // Chakra's `defineConfig` returns its argument, so an unused call is dropped with the ~80 recipes it names,
        // leaving only those src/components/ui/system.ts imports (decision 036).
        // `createAnatomy` (Chakra's and zag's anatomies, made at module load) is pure too (decision 051).
        treeshake: { manualPureFunctions: ['defineConfig', 'createAnatomy'] },
        // Everything the entry imports statically (`$initial`: React, the router, Chakra, i18next, TanStack Query, the
        // layout…) in one chunk: every page loads all of it before it is interactive anyway, and one file compresses
        // better than the ~20 small chunks rolldown cut it into by what the lazy routes share with it, each with its
        // own cross-chunk imports and exports (−13 KB gzip per public page, decision 051). Lazy routes and dialogs
        // still get their own chunks, split as before.
        // The late recipes (src/components/ui/late-recipes.ts: dialogs', forms' and toasts' recipes) are left out of it:
        // the theme's barrel, which the entry imports, re-exports every recipe module, so they are tagged `$initial`
        // too and the group would take them along as the barrel's dependencies (`includeDependenciesRecursively`); left
        // to the automatic split they go with the lazy parts that register them (−3.3 KB gzip per page, decision 055).
        // (Rolldown's own helpers are then a 0.4 KB chunk of their own.)
        output: {
          codeSplitting: {
            groups: [{ name: 'shell', tags: ['$initial'], test: (id: string) => !LATE_RECIPE_MODULE.test(id), includeDependenciesRecursively: false }],
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

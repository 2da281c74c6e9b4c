import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { OFFLINE_PAGES } from '../shared/offline.ts';

type Strings = Record<string, string>;

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The offline page of `lang` (decision 047): what the service worker shows for a public page never opened on the
 * device while the network is away. Plain HTML with its style and script as files of their own (public/offline.css,
 * public/offline.js: the Content-Security-Policy allows no inline code), both themes (the stored choice, else the
 * system's), the page's direction; the script lists the pages this device keeps (the worker's pages cache) and the
 * link to the saved places. Strings: `page.*` of locales/{en,ar}/offline.json.
 */
export function offlinePageHtml(lang: 'en' | 'ar', s: Strings, siteName: string): string {
  const saved = lang === 'ar' ? '/saved/ar' : '/saved';
  const home = lang === 'ar' ? '/ar' : '/';
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" class="light">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="#0f766e" />
    <meta name="robots" content="noindex" />
    <title>${escape(s.title!)} | ${escape(siteName)}</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="/offline.css" />
    <script src="/offline.js"></script>
  </head>
  <body>
    <main id="offline-page" data-offline-page="${lang}">
      <p class="brand"><a href="${home}">${escape(siteName)}</a></p>
      <h1>${escape(s.title!)}</h1>
      <p>${escape(s.text!)}</p>
      <p><button type="button" id="offline-retry">${escape(s.retry!)}</button></p>
      <section aria-labelledby="offline-saved">
        <h2 id="offline-saved">${escape(s.saved!)}</h2>
        <p>${escape(s.savedText!)}</p>
        <p><a class="button" href="${saved}">${escape(s.saved!)}</a></p>
      </section>
      <section aria-labelledby="offline-recent">
        <h2 id="offline-recent">${escape(s.recent!)}</h2>
        <p>${escape(s.recentText!)}</p>
        <ul id="offline-recent-list" data-empty="${escape(s.none!)}"></ul>
      </section>
      <p><a href="${home}">${escape(s.home!)}</a></p>
    </main>
  </body>
</html>
`;
}

/** Vite plugin: emits dist/offline.html and dist/offline-ar.html from the locales (the worker pre-caches them). */
export function offlinePages(): Plugin {
  return {
    name: 'dalil-offline-pages',
    apply: 'build',
    generateBundle() {
      for (const lang of ['en', 'ar'] as const) {
        const locale = JSON.parse(readFileSync(path.resolve('locales', lang, 'offline.json'), 'utf8')) as { page: Strings };
        // the site's default name (the uploaded settings' name needs the network)
        const siteName = lang === 'ar' ? 'دليل' : 'Dalil';
        this.emitFile({ type: 'asset', fileName: OFFLINE_PAGES[lang].slice(1), source: offlinePageHtml(lang, locale.page, siteName) });
      }
    },
  };
}

interface ManifestChunk { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }

/** Route modules of pages that never work offline (accounts, sign-in, admin): their scripts are not pre-cached. */
const PRIVATE_ROUTES = /^src\/app\/routes\/(admin|auth|profile)\//;

/**
 * The build files the worker pre-caches among dist/assets: what the entry reaches through static and dynamic
 * imports (every public route, its chunks and styles, the map, the dialogs), without entering the admin, account and
 * sign-in routes (the admin console's charts alone are ≈ 110 KB gzip that a visitor would download for nothing).
 * `manifest`: dist/.vite/manifest.json.
 */
export function publicBuildFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || PRIVATE_ROUTES.test(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/** Workbox manifest transform: drops from the pre-cache the build files outside `publicBuildFiles`. */
export function publicPrecacheOnly(distDir: string) {
  return (entries: Array<{ url: string; revision: string | null; size: number }>) => {
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const keep = publicBuildFiles(manifest);
    return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || keep.has(entry.url)), warnings: [] };
  };
}

import { BOOT_DATA_ELEMENT_ID, bootPlan, type BootData } from '../../shared/boot-data.ts';
import { isLang, langOfPath, stripLangSegment, type Lang } from '../../shared/language.ts';
import { injectNonce } from '../http/security-headers.ts';
import { clientPageHead, isClientPagePath } from './client-pages.ts';
import { escapeJsonForHtml } from '../render/html-escape.ts';

/** The parts of Vite's build manifest (dist/.vite/manifest.json) used here: source path → chunk. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }>;

export interface SpaDocumentOptions {
  /** dist/index.html as built (nonce placeholders still in it). */
  template: string;
  /** Vite's manifest, or null when the build wrote none (then no modulepreload hints). */
  manifest: ViteManifest | null;
  /** Runs an anonymous GET of the API in process: `path` is under the API base (`/public/zones`). */
  fetchApi: (path: string, lang: Lang) => Promise<Response>;
  /** Longest wait for the boot answers, in ms (default 1500); late ones are left to the SPA. */
  bootTimeoutMs?: number;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The chunk files `source` needs (itself and its static imports, transitively), entry chunks excluded. */
export function chunkFiles(manifest: ViteManifest, source: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return files;
}

/**
 * Makes the function that writes the SPA's HTML for one request (decision 012):
 * - `<html lang dir>` of the URL's language (`/ar` suffix or `?lang=`), so the first paint is laid out right;
 * - `<link rel="modulepreload">` for the route's code and its language's `common` strings, fetched
 *   with the entry instead of after it;
 * - on a sign-in or account page (`/auth/*`, `/profile`), its title, description and Open Graph in the
 *   page's language and `noindex` (src/server/spa/client-pages.ts);
 * - the answers of the API GETs the page makes on arrival (src/shared/boot-data.ts), as JSON in
 *   `<script type="application/json" id="dalil-boot">`, run in process as an anonymous caller (row-level
 *   security as `anon`) and escaped for HTML. Failed or late answers are left out: the SPA fetches them.
 * Returns the HTML with `nonce` replacing the template's nonce placeholder (`placeholder`).
 */
export function createSpaDocument(options: SpaDocumentOptions) {
  const { template, manifest, fetchApi, bootTimeoutMs = 1500 } = options;
  /** The site's name in `lang` from the settings (the admin may rename it), else the default one. */
  const siteNameIn = async (lang: Lang): Promise<string> => {
    try {
      const res = await fetchApi('/website-settings', lang);
      const body = (await res.json()) as { data?: { siteName?: string; siteNameAr?: string | null } };
      const name = lang === 'ar' ? body.data?.siteNameAr || body.data?.siteName : body.data?.siteName;
      if (res.status === 200 && name) return name;
    } catch {
      // the default name below
    }
    return lang === 'ar' ? 'دليل' : 'Dalil';
  };
  return async (url: URL, placeholder: string, nonce: string): Promise<string> => {
    const queryLang = url.searchParams.get('lang');
    const urlLang: Lang | null = isLang(queryLang) ? queryLang : langOfPath(url.pathname);
    const lang: Lang = urlLang ?? 'en';
    const plan = bootPlan(stripLangSegment(url.pathname), url.search);

    const preload = new Set<string>();
    if (manifest) {
      if (plan) for (const file of chunkFiles(manifest, plan.module)) preload.add(file);
      // the first part of the language's `common` strings (the late one comes with forms and dialogs, decision 055)
      for (const file of chunkFiles(manifest, `locales/${lang}/common.json?part=first`)) preload.add(file);
    }

    const boot: BootData = {};
    if (plan?.requests.length) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answers = Promise.all(plan.requests.map(async (path) => {
        try {
          const res = await fetchApi(path, lang);
          if (res.status !== 200) return;
          const json = (await res.json()) as { success?: unknown };
          if (json && json.success === true) boot[path] = json;
        } catch {
          // left to the SPA, which fetches it and shows its own error state
        }
      }));
      await Promise.race([answers, new Promise<void>((resolve) => { timer = setTimeout(resolve, bootTimeoutMs); })]);
      clearTimeout(timer);
    }

    let html = injectNonce(template, placeholder, nonce);
    if (urlLang === 'ar') html = html.replace(/<html lang="en" dir="ltr">/, '<html lang="ar" dir="rtl">');
    if (isClientPagePath(url.pathname)) html = clientPageHead(html, url.pathname, lang, await siteNameIn(lang));
    const links = [...preload].filter((file) => !template.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`).join('');
    if (links) html = html.replace('</head>', `${links}</head>`);
    const answered = Object.fromEntries(Object.entries(boot));
    if (Object.keys(answered).length) {
      const script = `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}" nonce="${escapeAttr(nonce)}">${escapeJsonForHtml(JSON.stringify(answered))}</script>`;
      html = html.replace('<div id="root"></div>', `<div id="root"></div>${script}`);
    }
    return html;
  };
}

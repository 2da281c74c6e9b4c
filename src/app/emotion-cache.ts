import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { DECLARATION } from 'stylis';
import { CSP_NONCE_PLACEHOLDER } from '../shared/csp.ts';

/**
 * The CSP nonce of this page: the server puts a fresh one on `<meta property="csp-nonce">` of every
 * index.html it serves (its Content-Security-Policy allows styles only from 'self' and that nonce).
 * Browsers hide nonce attributes from getAttribute once the policy applies, so the `nonce` property
 * is read first. Undefined when there is none (Vite dev server: the placeholder is still there).
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}

/**
 * The CSS properties that a browser of the build's target still needs a vendor prefix for. Vite's default target
 * (`baseline-widely-available`: Chrome 111, Edge 111, Firefox 114, Safari 16.4) is the oldest browser the app's scripts
 * run in; the prefixes are those Autoprefixer's data (caniuse) still lists for one of those versions:
 * `-webkit-user-select` (Safari), `-webkit-backdrop-filter` (Safari < 18), `-webkit-mask*` (Chrome < 120),
 * `-webkit-hyphens` (Safari < 17), `-webkit-background-clip: text` (Chrome < 120), `-webkit-box-decoration-break`
 * (Chrome, Safari), `-webkit-print-color-adjust` (Chrome < 136), `-webkit-text-size-adjust` (Safari on iOS).
 */
const PREFIXED_PROPERTIES = /^(?:user-select|backdrop-filter|mask(?:-[a-z]+)*|hyphens|background-clip|box-decoration-break|print-color-adjust|color-adjust|text-size-adjust)$/;

/**
 * Emotion's vendor prefixing, kept to what the build's browsers need (decision 074). Emotion's default plugin
 * prefixes every flex, transform, transition, appearance and placeholder rule for browsers of 2012–2016
 * (`display:-webkit-box;display:-webkit-flex;display:-ms-flexbox;display:flex`, even `-ms-translate`): a fifth of a
 * server-rendered page's CSS (24 of 143 KB of a place page's HTML) that the browser parses and drops. This plugin
 * writes a `-webkit-` copy before each declaration of `PREFIXED_PROPERTIES` (as stylis's prefixer writes them, without
 * its `-moz-`/`-ms-` copies, which no target browser reads) and leaves every other declaration as written. Class names
 * do not change: Emotion hashes the styles before stylis compiles them.
 * (stylis's own `prefixer`, called for those properties only, writes the same `-webkit-` copy plus `-moz-`/`-ms-` ones,
 * and brings its whole prefix table, ~0.7 KB gzip, into every public page's first scripts for these eight properties.)
 */
export const stylisPlugins: StylisPlugin[] = [
  (element) => {
    if (element.type === DECLARATION && typeof element.props === 'string' && PREFIXED_PROPERTIES.test(element.props) && !element.return) {
      // `value` is the whole declaration (`user-select:none;`); `return`, when set, is what stylis writes instead
      element.return = `-webkit-${element.value}${element.value}`;
    }
  },
];

/**
 * Emotion's style cache for Chakra UI with the page's CSP nonce, so every `<style>` tag Emotion
 * inserts carries it (a strict style-src without 'unsafe-inline'), and the build's vendor prefixes (`stylisPlugins`).
 */
export function createEmotionCache(nonce = readCspNonce()): EmotionCache {
  const cache = createCache({ key: 'css', nonce, stylisPlugins });
  for (const name of serverStyleNames()) cache.inserted[name] = true;
  return cache;
}

/**
 * The key of a server-rendered page's own `<style data-emotion>` tag (src/entry-server.tsx `placedStyleTags`): not
 * Emotion's `css`, so that Emotion in the browser does not take the tag over by moving it to the end of `<head>`
 * (the whole document's style is recomputed for each style sheet moved, in the middle of the hydration).
 */
export const SERVER_STYLES_KEY = 'css-page';

/**
 * The style names the server-rendered page's tag holds (none on a page the browser renders alone): the cache records
 * them as inserted — what Emotion's own hydration records — so none is inserted twice.
 */
function serverStyleNames(): string[] {
  if (typeof document === 'undefined') return [];
  const tag = document.querySelector(`head > style[data-emotion^="${SERVER_STYLES_KEY} "]`);
  return tag?.getAttribute('data-emotion')?.split(' ').slice(1) ?? [];
}

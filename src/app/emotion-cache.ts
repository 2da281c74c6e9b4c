import createCache, { type EmotionCache } from '@emotion/cache';
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
 * Emotion's style cache for Chakra UI with the page's CSP nonce, so every `<style>` tag Emotion
 * inserts carries it (a strict style-src without 'unsafe-inline').
 */
export function createEmotionCache(nonce = readCspNonce()): EmotionCache {
  const cache = createCache({ key: 'css', nonce });
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

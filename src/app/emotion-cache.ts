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
  return createCache({ key: 'css', nonce });
}

/**
 * Placeholder Vite writes as `nonce` on every tag of the built index.html and on
 * `<meta property="csp-nonce">` (vite.config.ts `html.cspNonce`). The server replaces it with each
 * response's Content-Security-Policy nonce (src/server/node.ts); the SPA reads the real value back
 * from the meta tag for its Emotion style cache (src/app/emotion-cache.ts).
 */
export const CSP_NONCE_PLACEHOLDER = 'DALIL_CSP_NONCE';

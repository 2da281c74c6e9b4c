/**
 * Placeholder Vite writes as `nonce` on every tag of the built index.html and on
 * `<meta property="csp-nonce">` (vite.config.ts `html.cspNonce`). The server replaces it with each
 * response's Content-Security-Policy nonce (src/server/node.ts); the SPA reads the real value back
 * from the meta tag for its Emotion style cache (src/app/emotion-cache.ts).
 */
export const CSP_NONCE_PLACEHOLDER = 'DALIL_CSP_NONCE';

/**
 * File in dist/ where the build lists the SHA-256 hashes (base64) of index.html's inline scripts (the
 * pre-paint ones and the starter of a rendered page's scripts, vite.config.ts); the server allows exactly
 * those in script-src (src/server/node.ts).
 */
export const INLINE_SCRIPT_HASHES_FILE = 'csp-script-hashes.json';

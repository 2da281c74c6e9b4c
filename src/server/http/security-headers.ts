import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { encodeBase64 } from 'hono/utils/encode';

/** OpenStreetMap's standard tiles: the SPA's default when VITE_MAP_TILE_URL is unset (src/components/map/map-config.ts). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Where the place pages' YouTube players come from (src/shared/youtube.ts builds www.youtube.com/embed/ID). */
export const YOUTUBE_FRAME_SOURCES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'] as const;

/**
 * The CSP source of a Leaflet tile URL template: its origin, with a `{s}` sub-domain placeholder
 * turned into a `*.` wildcard (`https://{s}.tile.example/{z}/{x}/{y}.png` → `https://*.tile.example`).
 * Returns null for a template that is not an absolute http(s) URL (a same-origin path is covered by 'self').
 */
export function tileSource(template: string | undefined): string | null {
  const value = (template ?? DEFAULT_TILE_URL).trim();
  const match = /^(https?):\/\/([^/?#]+)/i.exec(value);
  if (!match) return null;
  const host = match[2]!.replace(/\{s\}/gi, '*').toLowerCase();
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host}`;
}

/** The origin of an absolute http(s) URL (e.g. a hosted VITE_API_URL), else null. */
export function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export interface SecurityHeaderOptions {
  /** VITE_MAP_TILE_URL (default OpenStreetMap): its origin is allowed in img-src. */
  tileUrl?: string;
  /** VITE_API_URL: when absolute (hosted API on another origin) its origin is allowed in connect-src. */
  apiUrl?: string;
  /** Trust X-Forwarded-Proto (TRUST_PROXY) when deciding whether the request came over https. */
  trustProxy?: boolean;
  /** SHA-256 hashes (base64) of the SPA's inline pre-paint scripts (dist/csp-script-hashes.json), allowed in script-src. */
  scriptHashes?: string[];
}

/** True when the request reached us over TLS: an https URL, or `X-Forwarded-Proto: https` from a trusted proxy. */
export function isHttps(c: Context, trustProxy = false): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

declare module 'hono' {
  interface ContextVariableMap {
    /** A route's own Content-Security-Policy (the API reference page), used instead of the site's. */
    cspOverride?: string;
    /** The style nonce a cached rendered page carries (decision 019): the policy names it instead of this response's. */
    cspNonce?: string;
  }
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** Bytes of a style nonce (as Hono's NONCE: 16 random bytes, base64). */
const NONCE_BYTES = 16;
/** Random bytes drawn at once for the nonces of the next 256 responses. */
let nonceEntropy = new Uint8Array(0);
let nonceOffset = 0;

/**
 * The CSP source of this response's style nonce (`'nonce-…'`), set once per request as `secureHeadersNonce`, as
 * Hono's `NONCE` does — but its 16 random bytes come from a buffer filled by `crypto.getRandomValues` 4 KiB at a
 * time (as Node's `crypto.randomUUID` buffers its own): one `getRandomValues` call per response cost ~1.6 % of an
 * uncached JSON answer's CPU (decision 060). Each nonce is still 16 fresh bytes of the same CSPRNG, never reused.
 */
export function styleNonce(c: Context): string {
  let nonce = c.get('secureHeadersNonce');
  if (!nonce) {
    if (nonceOffset + NONCE_BYTES > nonceEntropy.length) {
      nonceEntropy = crypto.getRandomValues(new Uint8Array(NONCE_BYTES * 256));
      nonceOffset = 0;
    }
    nonce = encodeBase64(nonceEntropy.slice(nonceOffset, nonceOffset + NONCE_BYTES).buffer);
    nonceOffset += NONCE_BYTES;
    c.set('secureHeadersNonce', nonce);
  }
  return `'nonce-${nonce}'`;
}

/**
 * Security headers of every response of the embedded server (SPA, /uploads/, /api) and of the
 * Edge Function, via Hono's secure-headers middleware:
 * - Content-Security-Policy: no inline scripts (`script-src 'self'`) except the SPA's pre-paint scripts by
 *   their SHA-256 hashes (`scriptHashes`); styles from 'self' plus a
 *   per-response nonce (`'nonce-…'`, read by the SPA's Emotion cache from `<meta property="csp-nonce">`,
 *   which the server fills in: see `injectNonce`); images from 'self', data:/blob: (previews), any
 *   https: image URL a place may reference, and the tile server; frames only the YouTube player;
 *   `frame-ancestors 'none'`, `object-src 'none'`, `base-uri 'self'`, `form-action 'self'`.
 * - Referrer-Policy `strict-origin-when-cross-origin`, X-Content-Type-Options `nosniff`,
 *   X-Frame-Options `DENY`, Cross-Origin-Opener-Policy `same-origin`,
 *   Cross-Origin-Resource-Policy `same-site`, Permissions-Policy denying camera, microphone,
 *   payment and USB, and allowing geolocation to the site's own pages only (`geolocation=(self)`,
 *   "Near me"; never to frames such as the YouTube player).
 * - Strict-Transport-Security only when the request came over TLS (`isHttps`).
 * The nonce is available to handlers as `c.get('secureHeadersNonce')`.
 * Applied once per request even when both the root app and the API app install it.
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): MiddlewareHandler {
  const tiles = tileSource(options.tileUrl);
  const api = originOf(options.apiUrl);
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'sha256-${hash}'`)],
      styleSrc: ["'self'", styleNonce],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(tiles ? [tiles] : [])],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(api ? [api] : [])],
      frameSrc: [...YOUTUBE_FRAME_SOURCES],
      mediaSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-site',
    strictTransportSecurity: false,
    // powerful features the site never uses (sharing and the clipboard are not policy-controlled here);
    // geolocation only for the site's own documents ("Near me", issue #15), not for embedded frames
    permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'], payment: [], usb: [] },
    // a header a route set on purpose wins (e.g. /uploads/ answers Cross-Origin-Resource-Policy: cross-origin)
    overwrite: false,
  });
  return once('securityHeaders', async (c, next) => {
    await headers(c, next);
    const own = c.get('cspOverride');
    if (own) c.res.headers.set('Content-Security-Policy', own);
    const pageNonce = c.get('cspNonce');
    const policy = c.res.headers.get('Content-Security-Policy');
    if (!own && pageNonce && policy && /^[A-Za-z0-9+/=_-]+$/.test(pageNonce)) {
      c.res.headers.set('Content-Security-Policy', policy.replace(/'nonce-[^']*'/g, `'nonce-${pageNonce}'`));
    }
    if (isHttps(c, options.trustProxy)) c.header('Strict-Transport-Security', HSTS);
  });
}

/**
 * The API reference page (/api/docs) runs Scalar's standalone bundle, which needs inline styles
 * (Vue style bindings) and inline bootstrap scripts: this policy allows those scripts by their
 * SHA-256 hashes only, plus 'unsafe-inline' for styles, for that one path. Everything else stays as strict as the site.
 * `documentOrigin`: the origin of the OpenAPI document when another host serves it (a hosted
 * VITE_API_URL: the Edge Function), allowed in connect-src — the page reads it and "Try it" calls it.
 */
export function docsContentSecurityPolicy(scriptHashes: string[], documentOrigin?: string | null): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((h) => `'sha256-${h}'`).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${documentOrigin ? ` ${documentOrigin}` : ''}`,
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Replaces Vite's `html.cspNonce` placeholder in the built index.html with this response's nonce
 * (on `<script>`, `<link>`, `<style>` tags and the `<meta property="csp-nonce">` the SPA reads).
 */
export function injectNonce(html: string, placeholder: string, nonce: string): string {
  return html.split(placeholder).join(nonce);
}

/**
 * Runs `middleware` at most once per request: the embedded server installs the same middleware on
 * its root app and the API app installs it on itself (for the Edge Function); the first one wins.
 */
export function once(name: string, middleware: MiddlewareHandler): MiddlewareHandler {
  const key = `once:${name}`;
  return async (c, next) => {
    const ctx = c as unknown as { get(k: string): unknown; set(k: string, v: unknown): void };
    if (ctx.get(key)) return next();
    ctx.set(key, true);
    return middleware(c, next);
  };
}

/**
 * The service worker's own policy (/sw.js, decision 047): a worker's fetches obey the Content-Security-Policy
 * delivered with its script, so it may connect to the site, the API (VITE_API_URL's origin when hosted elsewhere)
 * and the map's tile server (it stores the tiles the map shows); it loads no other script.
 */
export function workerContentSecurityPolicy(options: Pick<SecurityHeaderOptions, 'tileUrl' | 'apiUrl'> = {}): string {
  const sources = ["'self'", originOf(options.apiUrl), tileSource(options.tileUrl)].filter((s): s is string => Boolean(s));
  return [
    "default-src 'self'",
    "script-src 'self'",
    `connect-src ${[...new Set(sources)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

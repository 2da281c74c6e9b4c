import { z } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import type { ApiApp, AppDeps } from '../http/env.ts';
import { createRouter } from '../http/router.ts';
import { docsContentSecurityPolicy } from '../http/security-headers.ts';

/** Scalar's own CDN build, used only when the entry does not serve the bundle itself (deps.docsScript). */
export const SCALAR_CDN_URL = 'https://cdn.jsdelivr.net/npm/@scalar/api-reference';

/** Inline bootstrap that turns Zod's JIT (an eval probe) off before Scalar's bundle loads. */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });';

/** Scalar configuration of the reference page: offline-friendly (no web fonts, no telemetry, no AI agent, no proxy). */
function scalarConfig(scriptUrl: string) {
  return {
    // relative to /api/docs: /api/openapi.json and /api/docs/scalar.js, wherever the API is mounted
    url: 'openapi.json',
    cdn: scriptUrl,
    pageTitle: 'Dalil API reference',
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never' as const,
    agent: { disabled: true },
    mcp: { disabled: true },
    hideClientButton: false,
    defaultOpenAllTags: false,
  };
}

/** base64 SHA-256 of every inline `<script>` body of `html` (for a CSP `'sha256-…'` source). */
async function inlineScriptHashes(html: string): Promise<string[]> {
  const bodies = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return Promise.all(bodies.map(async (body) => {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
    let binary = '';
    for (const byte of digest) binary += String.fromCharCode(byte);
    return btoa(binary);
  }));
}

/**
 * The third-party API reference (`GET /docs` → /api/docs): Scalar's page (@scalar/hono-api-reference)
 * over /api/openapi.json. Its script is served by the entry itself (`GET /docs/scalar.js` from
 * `deps.docsScript`, the @scalar/api-reference standalone bundle in node_modules; no CDN) — the
 * Edge Function, which has no node_modules, falls back to Scalar's CDN. The page gets its own CSP
 * (`docsContentSecurityPolicy`): its two inline bootstrap scripts are allowed by hash, inline styles
 * are allowed on this path only. Both routes are listed in the OpenAPI document (tag `meta`).
 */
export function docsRoutes(deps: AppDeps): ApiApp {
  const app = createRouter();
  const local = Boolean(deps.docsScript);
  const scriptUrl = local ? 'docs/scalar.js' : SCALAR_CDN_URL;
  const page = Scalar(scalarConfig(scriptUrl));
  let policy: Promise<string> | undefined;
  const cspFor = (html: string) => (policy ??= inlineScriptHashes(html).then((hashes) => {
    const csp = docsContentSecurityPolicy(hashes);
    return local ? csp : csp.replace("script-src 'self'", `script-src 'self' ${new URL(SCALAR_CDN_URL).origin}`);
  }));

  app.openAPIRegistry.registerPath({
    method: 'get', path: '/docs', tags: ['meta'], summary: 'Interactive API reference (HTML page, Scalar)',
    responses: {
      200: {
        description: 'HTML page',
        content: {
          'text/html': {
            schema: z.string(),
            example: '<!doctype html>\n<html>\n  <head>\n    <title>Scalar API Reference</title>\n  </head>\n  <body>\n    <div id="app"></div>\n    <script src="docs/scalar.js"></script>\n  </body>\n</html>',
          },
        },
      },
    },
  });
  app.get('/docs', async (c, next) => {
    const res = await page(c as unknown as Parameters<typeof page>[0], next);
    if (!res) return res;
    // Scalar's bundle carries Zod 4, whose eval probe the CSP would report: JIT off first (as the SPA's public/zod-config.js does).
    const html = (await res.text()).replace('<script src=', `<script>${ZOD_JITLESS}</script>\n    <script src=`);
    c.set('cspOverride', await cspFor(html));
    return c.html(html, 200, { 'Cache-Control': 'no-cache' });
  });

  if (!deps.docsScript) return app;
  const load = deps.docsScript;
  let script: Promise<Uint8Array> | undefined;
  app.openAPIRegistry.registerPath({
    method: 'get', path: '/docs/scalar.js', tags: ['meta'], summary: 'Script of the API reference page (@scalar/api-reference standalone bundle)',
    responses: { 200: { description: 'JavaScript', content: { 'text/javascript': { schema: z.string() } } } },
  });
  app.get('/docs/scalar.js', async (c) => {
    script ??= load();
    const body = await script;
    return c.body(body as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' });
  });
  return app;
}

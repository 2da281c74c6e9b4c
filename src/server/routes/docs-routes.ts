import { z } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import type { ApiApp, AppDeps } from '../http/app-deps.ts';
import { openApiServerUrl } from '../http/openapi.ts';
import { createRouter } from '../http/create-router.ts';
import { docsContentSecurityPolicy, originOf } from '../http/security-headers.ts';

/** Inline bootstrap that turns Zod's JIT (an eval probe) off before Scalar's bundle loads. */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });';

/**
 * Scalar configuration of the reference page: offline-friendly (no web fonts, no telemetry, no AI
 * agent, no proxy). `documentUrl`: the OpenAPI document (default `openapi.json`, relative to
 * /api/docs: this API's own /api/openapi.json wherever it is mounted).
 */
function scalarConfig(documentUrl: string) {
  return {
    url: documentUrl,
    // relative to /api/docs: /api/docs/scalar.js, served by this entry (never a CDN)
    cdn: 'docs/scalar.js',
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

/** `GET /docs` where no page can be served (the Edge Function): where the page and the document are. */
const docsPointerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    reference: z.url().nullable().describe('The interactive reference page, served by the web host (PUBLIC_URL + /api/docs); null when PUBLIC_URL is unset'),
    openapi: z.url().describe('This API\'s OpenAPI 3.1 document'),
  }),
});

/**
 * The third-party API reference (`GET /docs` → /api/docs), one of two shapes:
 * - with `deps.docsScript` (the Node server, which serves the pages): Scalar's page
 *   (@scalar/hono-api-reference) over `deps.docsDocumentUrl` (the SPA's API base, VITE_API_URL, +
 *   /openapi.json; default this API's own), its script served here at `GET /docs/scalar.js` from
 *   the @scalar/api-reference standalone bundle in node_modules (no CDN). The page gets its own CSP
 *   (`docsContentSecurityPolicy`): its two inline bootstrap scripts by hash, inline styles on this
 *   path only, the document's origin in connect-src.
 * - without (the Edge Function: Supabase rewrites `text/html` answers to `text/plain`, decision
 *   040): a JSON pointer `{ reference, openapi }` to the web host's page (`deps.publicUrl` +
 *   /api/docs) and this API's document (at `deps.apiServerUrl`, else the request's origin).
 * The routes are listed in the OpenAPI document (tag `meta`) as each host serves them.
 */
export function docsRoutes(deps: AppDeps): ApiApp {
  const app = createRouter();
  if (!deps.docsScript) {
    app.openAPIRegistry.registerPath({
      method: 'get', path: '/docs', tags: ['meta'], summary: 'Where the interactive API reference and the OpenAPI document are (JSON)',
      responses: { 200: { description: 'The reference page (on the web host) and the document', content: { 'application/json': { schema: docsPointerSchema } } } },
    });
    app.get('/docs', (c) => c.json({
      success: true as const,
      data: {
        reference: deps.publicUrl ? `${deps.publicUrl.replace(/\/+$/, '')}/api/docs` : null,
        openapi: `${openApiServerUrl(c.req.url, deps.apiServerUrl)}/api/openapi.json`,
      },
    }, 200, { 'Cache-Control': 'no-cache' }));
    return app;
  }

  const page = Scalar(scalarConfig(deps.docsDocumentUrl ?? 'openapi.json'));
  const documentOrigin = originOf(deps.docsDocumentUrl);
  let policy: Promise<string> | undefined;
  const cspFor = (html: string) => (policy ??= inlineScriptHashes(html).then((hashes) => docsContentSecurityPolicy(hashes, documentOrigin)));

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

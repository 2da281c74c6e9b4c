import { createRoute } from '@hono/zod-openapi';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { websiteSettingsSchema } from '../../../shared/schemas/entity-schemas.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonResponses } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { readWebsiteSettings } from '../../queries/website-settings-queries.ts';

/** Public site branding. SQL: queries/website-settings-queries.ts. */
export function settingsRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/website-settings', tags: ['public'],
      summary: 'Site branding: logo URL, names and descriptions in English and Arabic',
      responses: jsonResponses(envelope(websiteSettingsSchema), 'The website settings'),
    }),
    async (c) => c.json({ success: true as const, data: await c.var.read(readWebsiteSettings) }, 200),
  );
  return app;
}

import { createRoute } from '@hono/zod-openapi';
import { ApiError } from '../../http/api-error.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonBody, jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { readWebsiteSettings, updateWebsiteSettings } from '../../queries/website-settings-queries.ts';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { websiteSettingsSchema } from '../../../shared/schemas/entity-schemas.ts';
import { websiteSettingsUpdateSchema } from '../../../shared/schemas/admin-schemas.ts';

const tags = ['admin: website settings'];
/**
 * Site branding for admins: read and update the single settings row. Admin only
 * (401/403 from the admin guard of app.ts); the update runs as the caller under RLS. SQL: queries/website-settings-queries.ts.
 */
export function adminSettingsRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/website-settings', tags, security,
      summary: 'The website settings {logoUrl, siteName, siteNameAr, siteDescription, siteDescriptionAr, createdAt, updatedAt}; empty names read as "..."',
      responses: jsonResponses(envelope(websiteSettingsSchema), 'The website settings', [401, 403]),
    }),
    async (c) => c.json({ success: true as const, data: await c.var.db(readWebsiteSettings) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/website-settings', tags, security,
      summary: 'Update the branding: texts trimmed; siteName required ("Site name is required"); siteNameAr absent or empty → none; '
        + 'logoUrl null or "" removes the logo, absent keeps it; descriptions absent keep theirs. Answers the settings with createdAt/updatedAt',
      request: jsonBody(websiteSettingsUpdateSchema),
      responses: jsonResponses(envelope(websiteSettingsSchema), 'The saved settings', [400, 401, 403, 404, 413]),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const data = await c.var.db(async (tx) => {
        if (!await updateWebsiteSettings(tx, body)) throw new ApiError(404, 'website_settings_not_found');
        return readWebsiteSettings(tx);
      });
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}

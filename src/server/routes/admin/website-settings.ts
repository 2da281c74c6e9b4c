import { createRoute } from '@hono/zod-openapi';
import type { ApiApp } from '../../app.ts';
import { ApiError } from '../../http/api-error.ts';
import { envelope } from '../../../shared/schemas/common.ts';
import { websiteSettingsSchema } from '../../../shared/schemas/entities.ts';
import { websiteSettingsUpdateSchema } from '../../../shared/schemas/admin.ts';
import { jsonResponses } from '../openapi-helpers.ts';
import { readWebsiteSettings } from '../public/website-settings.ts';
import { jsonBody, security, toColumns } from './shared.ts';

const tags = ['admin: website settings'];
const COLUMNS = {
  logoUrl: 'logo_url', siteName: 'site_name', siteNameAr: 'site_name_ar', siteDescription: 'site_description', siteDescriptionAr: 'site_description_ar',
};

/**
 * Site branding for admins (spec §3/§5/§7): read and update the single settings row. Admin only
 * (401/403 from the admin guard of ./index.ts); the update runs as the caller under RLS.
 */
export function registerAdminSettingsRoutes(app: ApiApp): void {
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
        const updated = await tx`update public.website_settings set ${tx(toColumns(body, COLUMNS))} where id returning id`;
        if (!updated.length) throw new ApiError(404, 'website_settings_not_found');
        return readWebsiteSettings(tx);
      });
      return c.json({ success: true as const, data }, 200);
    },
  );
}

import { createRoute } from '@hono/zod-openapi';
import type { ApiApp } from '../../app.ts';
import { envelope } from '../../../shared/schemas/common.ts';
import { websiteSettingsSchema, type WebsiteSettings } from '../../../shared/schemas/entities.ts';
import type { Tx } from '../../db/client.ts';
import { jsonResponses } from '../openapi-helpers.ts';

/** Reads the single settings row; empty names read as '...' (spec §3). */
export async function readWebsiteSettings(tx: Tx): Promise<WebsiteSettings> {
  const [r] = await tx`select logo_url, site_name, site_name_ar, site_description, site_description_ar, created_at, updated_at
                       from public.website_settings where id`;
  const name = (s: string | null) => (s && s.trim() ? s.trim() : '...');
  return {
    logoUrl: r?.logo_url ?? null,
    siteName: name(r?.site_name ?? null),
    siteNameAr: r?.site_name_ar ? name(r.site_name_ar) : null,
    siteDescription: r?.site_description ?? '',
    siteDescriptionAr: r?.site_description_ar ?? '',
    createdAt: r ? new Date(r.created_at).toISOString() : undefined,
    updatedAt: r ? new Date(r.updated_at).toISOString() : undefined,
  };
}

export function registerSettingsRoutes(app: ApiApp): void {
  app.openapi(
    createRoute({
      method: 'get', path: '/website-settings', tags: ['public'],
      summary: 'Site branding: logo URL, names and descriptions in English and Arabic',
      responses: jsonResponses(envelope(websiteSettingsSchema), 'The website settings'),
    }),
    async (c) => c.json({ success: true as const, data: await c.var.db(readWebsiteSettings) }, 200),
  );
}

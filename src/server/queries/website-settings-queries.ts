import type { Tx } from '../db/client.ts';
import type { WebsiteSettings } from '../../shared/schemas/entity-schemas.ts';
import { toColumns } from './sql.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/opening-hours.ts';

/** API field → column of a settings update. */
const COLUMNS = {
  logoUrl: 'logo_url', siteName: 'site_name', siteNameAr: 'site_name_ar', siteDescription: 'site_description', siteDescriptionAr: 'site_description_ar', timeZone: 'time_zone',
};

/** Reads the single settings row; empty names read as '...' (the product's placeholder for a site without a name). */
export async function readWebsiteSettings(tx: Tx): Promise<WebsiteSettings> {
  const [r] = await tx`select logo_url, site_name, site_name_ar, site_description, site_description_ar, time_zone, created_at, updated_at
                       from public.website_settings where id`;
  const name = (s: string | null) => (s && s.trim() ? s.trim() : '...');
  return {
    logoUrl: r?.logo_url ?? null,
    siteName: name(r?.site_name ?? null),
    siteNameAr: r?.site_name_ar ? name(r.site_name_ar) : null,
    siteDescription: r?.site_description ?? '',
    siteDescriptionAr: r?.site_description_ar ?? '',
    timeZone: r?.time_zone ?? DEFAULT_TIME_ZONE,
    createdAt: r ? new Date(r.created_at).toISOString() : undefined,
    updatedAt: r ? new Date(r.updated_at).toISOString() : undefined,
  };
}

/** Updates the present fields of the settings row; false when there is no row. */
export async function updateWebsiteSettings(tx: Tx, fields: Partial<Record<keyof typeof COLUMNS, unknown>>): Promise<boolean> {
  const updated = await tx`update public.website_settings set ${tx(toColumns(fields, COLUMNS))} where id returning id`;
  return updated.length > 0;
}

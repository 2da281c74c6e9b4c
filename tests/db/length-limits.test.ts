import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { JSON_BODY_LIMIT_BYTES } from '../../src/server/http/body-limit.ts';
import { buildingCreateSchema, categoryCreateSchema, optionalSlugSchema, websiteSettingsUpdateSchema, zoneCreateSchema } from '../../src/shared/schemas/admin-schemas.ts';
import { updateProfileRequestSchema } from '../../src/shared/schemas/auth-schemas.ts';
import { slugSchema, sourceIdentitySchema } from '../../src/shared/schemas/common-schemas.ts';
import { PHONE_PATTERN, placeCreateSchema } from '../../src/shared/schemas/place-form-schemas.ts';
import { rejectRequestBodySchema } from '../../src/shared/schemas/place-request-schemas.ts';
import { ownerSql } from '../helpers/api.ts';

/**
 * The database's length limits (CHECK constraints, what PostgREST, supabase-js and Studio meet) are
 * the shared schemas' (what the API and the forms meet): src/shared is the one source, the
 * migrations restate it, and this test keeps them equal. A new text column of public without a
 * limit fails here: give it a CHECK (length(column) <= N) equal to its zod schema and list it below.
 */
const sql = ownerSql();
afterAll(() => sql.end());

type Maker = (n: number) => string;
const text: Maker = (n) => 'a'.repeat(n);
const url: Maker = (n) => `https://example.com/${'a'.repeat(n - 20)}`;
const slug: Maker = (n) => 'a'.repeat(n);

/** Where a column's limit lives in src/shared: a schema, the input around the field, the field's path. */
interface Source { schema: z.ZodType; base: Record<string, unknown>; path: string[]; make: Maker }
const place = (path: string[], make: Maker = text): Source => ({ schema: placeCreateSchema, base: { name: 'x', categoryId: 1 }, path, make });
const category = (field: string, make: Maker = text): Source => ({ schema: categoryCreateSchema, base: { name: 'x' }, path: [field], make });
const zone = (field: string, make: Maker = text): Source => ({ schema: zoneCreateSchema, base: { title: 'x' }, path: [field], make });
const building = (field: string, make: Maker = text): Source => ({ schema: buildingCreateSchema, base: { name: 'x' }, path: [field], make });
const settings = (field: string, make: Maker = text): Source => ({ schema: websiteSettingsUpdateSchema, base: { siteName: 'x' }, path: [field], make });
const identity = (field: string): Source => ({ schema: sourceIdentitySchema, base: { source: 'osm', sourceId: 'node/1' }, path: [field], make: text });
const adminSlug: Source = { schema: optionalSlugSchema, base: {}, path: [], make: slug };

const LENGTH_SOURCES: Record<string, Source> = {
  'places.name': place(['name']),
  'places.name_ar': place(['nameAr']),
  'places.address': place(['address']),
  'places.address_ar': place(['addressAr']),
  'places.manager_name': place(['managerName']),
  'places.manager_name_ar': place(['managerNameAr']),
  'places.description': place(['details', 'description']),
  'places.logo_url': place(['logoUrl'], url),
  'places.image_url': place(['details', 'imageUrl'], url),
  'places.website_url': place(['websiteUrl'], url),
  'places.map_url': place(['mapUrl'], url),
  'places.youtube_url': place(['details', 'youtubeUrl'], url),
  // the slug of a place in URLs (generated slugs are shorter; an admin's explicit one is ≤ 120)
  'places.slug': { schema: slugSchema, base: {}, path: [], make: slug },
  // a merged place's former slug (20260101006200): a places.slug that was
  'place_slug_redirects.old_slug': { schema: slugSchema, base: {}, path: [], make: slug },
  'categories.name': category('name'),
  'categories.name_ar': category('nameAr'),
  'categories.icon_url': category('iconUrl', url),
  'categories.slug': adminSlug,
  'zones.title': zone('title'),
  'zones.title_ar': zone('titleAr'),
  'zones.description': zone('description'),
  'zones.description_ar': zone('descriptionAr'),
  'zones.location_url': zone('locationUrl', url),
  'zones.slug': adminSlug,
  'buildings.name': building('name'),
  'buildings.name_ar': building('nameAr'),
  'buildings.number': building('number'),
  'buildings.description': building('description'),
  'buildings.description_ar': building('descriptionAr'),
  'buildings.map_url': building('mapUrl', url),
  'buildings.slug': adminSlug,
  'website_settings.site_name': settings('siteName'),
  'website_settings.site_name_ar': settings('siteNameAr'),
  'website_settings.site_description': settings('siteDescription'),
  'website_settings.site_description_ar': settings('siteDescriptionAr'),
  'website_settings.logo_url': settings('logoUrl', url),
  'profiles.name': { schema: updateProfileRequestSchema, base: {}, path: ['name'], make: text },
  'place_requests.rejection_reason': { schema: rejectRequestBodySchema, base: {}, path: ['reason'], make: text },
  // an imported record's source identity and hours (src/server/db/import-directory.ts)
  ...Object.fromEntries(['places', 'categories', 'zones', 'buildings'].flatMap((table) => [
    [`${table}.source`, identity('source')], [`${table}.source_id`, identity('sourceId')],
  ])),
  'places.opening_hours': identity('openingHours'),
};
/** Phone columns: limited by the shared pattern (`+`, then 6–20 of [0-9 ()-]), the same regular expression in the CHECK. */
const PATTERN_COLUMNS = ['places.phone', 'places.whatsapp', 'places.manager_phone'];
/** JSON columns: limited in bytes of their JSON text to the API's JSON body limit. */
const SIZE_COLUMNS = ['place_requests.payload', 'place_requests.previous'];
/** Columns a client never writes free text into: enums (CHECK ... = ANY), generated search keys. */
const NOT_FREE_TEXT = [
  'place_requests.status', 'place_requests.type',
  // the language a user's mails are written in (20260101006300): 'en' | 'ar'
  'profiles.locale',
  // the city's IANA time zone (20260101006700): one of Intl.supportedValuesOf('timeZone'), CHECK length 1–64
  'website_settings.time_zone',
  // the history (20260101005700): written only by its trigger, read only by admins
  'audit_log.actor_role', 'audit_log.after', 'audit_log.before', 'audit_log.entity', 'audit_log.operation',
  // a write's Idempotency-Key and its first answer (20260101008600, decision 045): written by the API's middleware
  // from a request it accepted — key 1–255 (CHECK = IDEMPOTENCY_KEY_PATTERN), path ≤ 2000, request_hash a
  // sha-256 (CHECK), method an enum — and the answer it gave; each user reads and writes only their own rows,
  // purged after 24 h
  'idempotency_keys.key', 'idempotency_keys.method', 'idempotency_keys.path', 'idempotency_keys.request_hash',
  'idempotency_keys.response_body', 'idempotency_keys.response_content_type',
];

function withValue(base: Record<string, unknown>, path: string[], value: string): unknown {
  if (path.length === 0) return value;
  const copy: Record<string, unknown> = { ...base };
  let at = copy;
  for (const key of path.slice(0, -1)) at = (at[key] = { ...(at[key] as object) }) as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

/** True when the schema accepts `make(n)` at the field (other fields may fail; only the field's own issues count). */
function accepts(source: Source, n: number): boolean {
  const result = source.schema.safeParse(withValue(source.base, source.path, source.make(n)));
  if (result.success) return true;
  return !result.error.issues.some((i) => i.path.map(String).join('.') === source.path.join('.'));
}

interface Limit { table: string; column: string; definition: string; validated: boolean }

async function checkConstraints(): Promise<Limit[]> {
  return sql<Limit[]>`
    select c.conrelid::regclass::text as table, a.attname as column, pg_get_constraintdef(c.oid) as definition, c.convalidated as validated
    from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'c' and c.connamespace = 'public'::regnamespace`;
}

/** The character limit the CHECKs put on a column (`length(col) <= N`, also around btrim), or undefined. */
function lengthLimit(limits: Limit[], table: string, column: string): number | undefined {
  const found = limits
    .filter((l) => l.table === table && l.column === column)
    .map((l) => new RegExp(`length\\((?:btrim\\()?${column}\\)?\\) <= (\\d+)`).exec(l.definition)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return found.length ? Math.min(...found) : undefined;
}

describe('length limits: database = src/shared', () => {
  it('every text and JSON column of public that a client can write has a limit, all validated', async () => {
    const columns = await sql<{ name: string }[]>`
      select c.table_name || '.' || c.column_name as name
      from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json')
      order by 1`;
    const known = [...Object.keys(LENGTH_SOURCES), ...PATTERN_COLUMNS, ...SIZE_COLUMNS, ...NOT_FREE_TEXT];
    const unlisted = columns.map((c) => c.name).filter((name) => !known.includes(name));
    expect(unlisted, 'columns without a limit compared with src/shared: add a CHECK and an entry in this test').toEqual([]);
    expect(columns.length).toBeGreaterThanOrEqual(known.length - 2);
    const notValidated = (await checkConstraints()).filter((l) => !l.validated).map((l) => `${l.table}.${l.column}: ${l.definition}`);
    expect(notValidated).toEqual([]);
  });

  it.each(Object.entries(LENGTH_SOURCES))('%s: the CHECK allows exactly as many characters as the shared schema', async (name, source) => {
    const [table, column] = name.split('.');
    const limit = lengthLimit(await checkConstraints(), table, column);
    expect(limit, `${name} has no CHECK (length(${column}) <= N)`).toBeDefined();
    expect(accepts(source, limit!), `src/shared refuses ${limit} characters, the database allows them`).toBe(true);
    expect(accepts(source, limit! + 1), `src/shared accepts ${limit! + 1} characters, the database refuses them`).toBe(false);
  });

  it('phone columns: the CHECK is the shared pattern', async () => {
    const limits = await checkConstraints();
    for (const name of PATTERN_COLUMNS) {
      const [table, column] = name.split('.');
      const definitions = limits.filter((l) => l.table === table && l.column === column).map((l) => l.definition);
      expect(definitions.some((d) => d.includes(`'${PHONE_PATTERN.source}'`)), `${name}: ${definitions.join('; ')}`).toBe(true);
    }
  });

  it('request payloads: at most the JSON body limit of the API, in bytes of JSON text', async () => {
    const limits = await checkConstraints();
    for (const name of SIZE_COLUMNS) {
      const [table, column] = name.split('.');
      const definitions = limits.filter((l) => l.table === table && l.column === column).map((l) => l.definition);
      expect(definitions, name).toContain(`CHECK ((octet_length((${column})::text) <= ${JSON_BODY_LIMIT_BYTES}))`);
    }
  });

  it('the database refuses what the API refuses, also when written directly (as through PostgREST)', async () => {
    const [place] = await sql<{ id: number }[]>`select id from public.places limit 1`;
    const tooLong = `https://example.com/${'a'.repeat(2048)}`;
    await expect(sql.begin((tx) => tx`update public.places set website_url = ${tooLong} where id = ${place.id}`)).rejects.toMatchObject({ code: '23514' });
    await expect(sql.begin((tx) => tx`insert into public.place_requests (type, payload, user_id)
      values ('create', ${sql.json({ name: 'x', description: 'a'.repeat(70_000) })}, gen_random_uuid())`)).rejects.toMatchObject({ code: '23514' });
  });
});

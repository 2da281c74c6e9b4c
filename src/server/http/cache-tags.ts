/**
 * Cache tags (docs/decisions/042-precise-cache-invalidation.md): what an answer of the response cache
 * shows, and what a change of the database touches, named alike so that a change drops exactly the
 * answers and rendered pages sharing a tag with it.
 *
 * The change side is written in SQL (migration 20260101008300_precise_change_notifications.sql:
 * `private.place_change_tags`) and arrives as the payload of the `public_data_changed` notification
 * (and, for this process's own writes, the transaction-local setting `dalil.changed_tags`):
 * tags separated by spaces, or `*` for a change whose reach is not bounded (categories, zones,
 * buildings, settings, slug redirects, TRUNCATE, large statements).
 *
 * Vocabulary (slugs are those of the row before and after the change):
 * - `p:<place>`: a place's detail, details showing it among their related places, and list pages showing it
 *   (sent for every change of the place);
 * - `pl:<category|*>:<zone|*>`: lists of places (and their totals) with that category/zone filter, `*` = no filter
 *   (sent only when a list's members, order or total may change: insert, delete, category, zone, either name, slug,
 *   date, coordinates, opening hours; decision 076);
 * - `mk:<category|*>:<zone|*>`: map markers with that filter (sent only when a marker field changed);
 * - `c:<category>`, `z:<zone>`: a category's / zone's own answer (counts; a zone's buildings' counts; sent when
 *   the place's category, zone or building changes, or it comes or goes);
 * - `rel:<category>:<zone>`, `rel:<category>`: related places of details in that category (sent when
 *   membership or order changed: insert, delete, category, zone, name, slug);
 * - `cats`, `zones`: the category and zone lists (counts); `search`: every search answer and searched list;
 * - `settings`: the website settings (only `*` reaches them);
 * - `any`: an answer this module cannot describe (any change drops it).
 */

/** The tag an answer gets when what it shows cannot be described: dropped by every change. */
export const ANY_TAG = 'any';

/** A change notification's payload: its tags, or 'all' (`*`, empty, or unreadable). */
export function parseChangePayload(payload: string): Set<string> | 'all' {
  const tags = payload.trim().split(/\s+/).filter(Boolean);
  if (tags.length === 0 || tags.includes('*') || tags.some((t) => !t.includes(':') && !['search', 'cats', 'zones'].includes(t))) return 'all';
  return new Set(tags);
}

/** Tags of a list of places (or markers: prefix `mk`) filtered by category and zone slugs. */
export function listTags(category: string | null | undefined, zone: string | null | undefined, searched: boolean, prefix: 'pl' | 'mk' = 'pl'): string[] {
  const tags = [`${prefix}:${category || '*'}:${zone || '*'}`];
  if (searched) tags.push('search');
  return tags;
}

/** The shape of a list's body this module reads (GET /api/public/places, a category's or zone's places). */
interface ListBody {
  data?: { slug?: string }[];
}

/**
 * Tags of a list answer: its filters' (listTags) and the `p:` tag of every place it shows, so that a change that
 * leaves the lists' order alone (a phone, which sends no `pl:` tag) still drops the pages showing the place.
 * A list whose places cannot be read (no body, another shape) gets `any` as well.
 */
function listAnswerTags(category: string | null | undefined, zone: string | null | undefined, searched: boolean, body: ListBody | undefined): string[] {
  const tags = listTags(category, zone, searched);
  const places = body?.data;
  if (!Array.isArray(places)) return [...tags, ANY_TAG];
  for (const place of places) if (typeof place?.slug === 'string') tags.push(`p:${place.slug}`);
  return tags;
}

/** The shape of a place detail's body this module reads (GET /api/public/places/{slug}). */
interface DetailBody {
  data?: {
    category?: { slug?: string };
    zone?: { slug?: string } | null;
    related?: { slug?: string; zone?: { slug?: string } | null }[];
  };
}

/**
 * Tags of one answer of a public read endpoint: from its path and query, and for a place detail or a list
 * from its body (`body()` is called only then; it may return undefined, e.g. for a non-200 answer).
 * `relatedLimit` is the most related places a detail shows (queries/places-queries.ts): when fewer than that
 * are in the place's own zone, places of other zones of the category may enter the list.
 * A path this module does not know gets `any`.
 */
export function answerTags(path: string, query: URLSearchParams, body: () => unknown, relatedLimit: number): string[] {
  const searched = (query.get('search') ?? '').trim() !== '';
  const parts = path.split('/').filter(Boolean).map(decodeSegment);
  if (parts[0] !== 'api') return [ANY_TAG];
  if (parts[1] === 'website-settings' && parts.length === 2) return ['settings'];
  if (parts[1] !== 'public') return [ANY_TAG];
  const [, , resource, slug, sub] = parts;
  const list = () => body() as ListBody | undefined;
  if (resource === 'places' && !slug) return listAnswerTags(query.get('categorySlug'), query.get('zoneSlug'), searched, list());
  if (resource === 'places' && slug && !sub) return detailTags(slug, body() as DetailBody | undefined, relatedLimit);
  if (resource === 'categories' && !slug) return ['cats'];
  if (resource === 'categories' && slug && !sub) return [`c:${slug}`];
  if (resource === 'categories' && slug && sub === 'places' && parts.length === 5) return listAnswerTags(slug, query.get('zoneSlug'), searched, list());
  if (resource === 'zones' && !slug) return ['zones'];
  if (resource === 'zones' && slug && !sub) return [`z:${slug}`];
  if (resource === 'zones' && slug && sub === 'places' && parts.length === 5) return listAnswerTags(query.get('categorySlug'), slug, searched, list());
  if (resource === 'search' && !slug) return ['search', 'pl:*:*', 'cats', 'zones'];
  if (resource === 'map' && slug === 'markers' && !sub) return listTags(query.get('categorySlug'), query.get('zoneSlug'), false, 'mk');
  return [ANY_TAG];
}

function detailTags(slug: string, body: DetailBody | undefined, relatedLimit: number): string[] {
  const tags = [`p:${slug}`];
  const place = body?.data;
  const category = place?.category?.slug;
  if (!place || !category) return tags;
  const zone = place.zone?.slug;
  const related = place.related ?? [];
  for (const r of related) if (r.slug) tags.push(`p:${r.slug}`);
  if (zone) tags.push(`rel:${category}:${zone}`);
  // related places: first those of the same category and zone, then of the category's other zones
  const sameZone = zone ? related.filter((r) => r.zone?.slug === zone).length : 0;
  if (sameZone < relatedLimit) tags.push(`rel:${category}`);
  return tags;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** True when an entry with `entryTags` must go for a change touching `changed`. */
export function touches(entryTags: readonly string[], changed: Set<string> | 'all'): boolean {
  if (changed === 'all') return true;
  for (const tag of entryTags) if (tag === ANY_TAG || changed.has(tag)) return true;
  return false;
}

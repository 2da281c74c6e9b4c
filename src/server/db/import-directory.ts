import { z } from 'zod';
import type { Sql } from 'postgres';
import { sourceIdentitySchema, TEXT_LIMITS } from '../../shared/schemas/common-schemas.ts';
import { isValidOpeningHoursValue } from '../opening-hours-evaluation.ts';
import {
  insertImportPlaces, insertImportRow, loadImportState, lockImportTables, updateImportRows,
  type ImportState, type ImportTable, type ImportTx,
} from '../queries/import-queries.ts';
import { slugFrom } from '../queries/slugs.ts';

/**
 * Shape of a directory file (`data/riyadh-osm.json`, from ../shared/data/riyadh-osm/directory.json):
 * categories, zones, buildings and places. Inside the file, places refer to categories and zones by
 * slug and to buildings by zone slug + number; places get a slug from their name (made unique in
 * file order with -2, -3, …). In the database a record is identified by its SOURCE identity, never
 * by that slug (docs/decisions/013-import-identity.md): `sourceId` (+ `source`, default the file's
 * label), else `osmId` (source 'osm'; a bare number as the shipped file has, or 'node/123'), else a
 * derived key from the normalised name and the position rounded to ~10 m. Coordinates in WGS84 degrees.
 */
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be lower-case words joined by hyphens');
const phone = z.string().regex(/^\+?[0-9 ()-]{6,20}$/, 'invalid phone');
const httpUrl = z.string().regex(/^https?:\/\/\S+$/i, 'URL must start with http:// or https://');
const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);
const identity = {
  osmId: z.union([z.number().int().positive(), z.string().regex(/^((node|way|relation)\/)?[1-9][0-9]*$/, 'osmId: a number or node/123, way/123, relation/123')]).nullish(),
  source: sourceIdentitySchema.shape.source.nullish(),
  sourceId: sourceIdentitySchema.shape.sourceId.nullish(),
};

const categorySchema = z.object({ name: z.string().min(1).max(200), nameAr: z.string().max(200).nullish(), slug, ...identity });
const zoneSchema = z.object({
  title: z.string().min(1).max(200), titleAr: z.string().max(200).nullish(), slug,
  lat: lat.nullish(), lng: lng.nullish(), order: z.number().int().nullish(),
  description: z.string().max(5000).nullish(), descriptionAr: z.string().max(5000).nullish(),
  locationUrl: httpUrl.nullish(), ...identity,
});
const buildingSchema = z.object({
  zoneSlug: slug, name: z.string().min(1).max(200), nameAr: z.string().max(200).nullish(),
  number: z.string().max(40).nullish(), lat: lat.nullish(), lng: lng.nullish(), ...identity,
});
const placeSchema = z.object({
  name: z.string().trim().min(1).max(200), nameAr: z.string().max(200).nullish(), categorySlug: slug,
  zoneSlug: slug.nullish(), buildingNumber: z.string().max(40).nullish(),
  address: z.string().max(500).nullish(), addressAr: z.string().max(500).nullish(),
  phone: phone.nullish(), whatsapp: phone.nullish(), website: httpUrl.nullish(),
  lat: lat.nullish(), lng: lng.nullish(), mapUrl: httpUrl.nullish(),
  description: z.string().max(5000).nullish(), openingHours: sourceIdentitySchema.shape.openingHours, ...identity,
});
export const directoryFileSchema = z.object({
  /** Where the file comes from; `name` (else `repo`) labels records that carry no id of their own. */
  source: z.object({ name: z.string().min(1).max(200).optional(), repo: z.string().min(1).max(200).optional() }).loose().optional(),
  categories: z.array(z.unknown()),
  zones: z.array(z.unknown()),
  buildings: z.array(z.unknown()).default([]),
  places: z.array(z.unknown()),
});

export interface ImportCounts { categories: number; zones: number; buildings: number; places: number }

/**
 * Why a record is refused, as English templates (`{{name}}` filled from the problem's params): the CLI prints
 * them; the API answers them in the request's language (http/field-messages.ts, importReasonText).
 */
export const IMPORT_REASONS = {
  unknownCategorySlug: 'unknown categorySlug {{slug}}',
  unknownZoneSlug: 'unknown zoneSlug {{slug}}',
  slugRepeats: 'slug {{key}} repeats {{list}}[{{earlier}}]',
  sourceIdRepeats: 'source id {{source}} {{sourceId}} repeats an earlier record',
  notJson: 'not JSON: {{detail}}',
  unreadableCsvRow: '{{detail}}',
  unknownColumns: 'unknown column(s) {{columns}}; expected {{expected}}',
  missingColumn: 'missing column {{column}}',
} as const;
export type ImportReason = keyof typeof IMPORT_REASONS;

/** A zod issue of a refused record: dotted path ('(record)' for the record itself), message, issue code. */
export type ImportIssue = { path: string; message: string; code: string; origin?: string };

/**
 * A malformed record: which list, its index in that list, and why — `reason` in English, and what it was
 * made from (`template` + `params`, or the record's zod `issues`) so it can be said in another language.
 */
export type ImportProblem = {
  list: string; index: number; reason: string;
  template?: ImportReason; params?: Record<string, string | number>; issues?: ImportIssue[];
};

/** `template` filled with `params` (missing params become ''). */
export function fillTemplate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A problem from one of IMPORT_REASONS. */
export function importProblem(list: string, index: number, template: ImportReason, params: Record<string, string | number>): ImportProblem {
  return { list, index, reason: fillTemplate(IMPORT_REASONS[template], params), template, params };
}

/** A problem from a record's zod issues ("path: message; path: message"). */
function issuesProblem(list: string, index: number, zodIssues: z.core.$ZodIssue[], root: string): ImportProblem {
  const issues = zodIssues.map((i): ImportIssue => ({
    path: i.path.join('.') || root, message: i.message, code: i.code,
    ...('origin' in i && typeof i.origin === 'string' ? { origin: i.origin } : {}),
  }));
  return { list, index, reason: issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues };
}

/** A malformed record: which list, its index in that list, and why. */
export class ImportError extends Error {
  constructor(public readonly problems: ImportProblem[]) {
    super(`Import rejected, nothing written:\n${problems.slice(0, 20).map((p) => `  ${p.list}[${p.index}]: ${p.reason}`).join('\n')}` +
      (problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''));
  }
}

function parseList<T>(list: string, items: unknown[], schema: z.ZodType<T>, problems: ImportError['problems']): T[] {
  return items.map((item, index) => {
    const r = schema.safeParse(item);
    if (!r.success) {
      problems.push(issuesProblem(list, index, r.error.issues, '(record)'));
    }
    return r.data as T;
  });
}


export type ImportList = ImportTable;
export const IMPORT_LISTS: readonly ImportList[] = ['categories', 'zones', 'buildings', 'places'];

/** Per list: records in the file and what the import does (did) with them; unchanged includes records reused as they are. */
export interface ImportListSummary { inFile: number; inserted: number; updated: number; unchanged: number }

/**
 * One record the import writes or reuses. `insert`: a new row; `update`: its own row (same source
 * identity), `fields` = changed columns; `adopt`: a row made before source ids existed (same slug,
 * same thing) gets this identity (+ changed fields); `reuse`: an existing row of another source is
 * the same thing (same slug and name, near enough) and is used as it is.
 */
export interface ImportChange {
  list: ImportList; index: number; name: string; action: 'insert' | 'update' | 'adopt' | 'reuse';
  slug: string; wantedSlug: string; fields?: string[];
}

/** A new record whose slug was taken by a different thing: it got `slug` instead of `wantedSlug`. */
export interface ImportCollision {
  list: ImportList; index: number; name: string; wantedSlug: string; slug: string;
  existing: { slug: string; name: string; source: string | null; sourceId: string | null };
  reason: string;
}

/** What an import did (or, with `dryRun`, would do). `counts`: records per list in the file. */
export interface ImportReport {
  dryRun: boolean;
  /** Label of records without an id of their own (file `source.name`/`source.repo`, the caller's, or 'import'). */
  source: string;
  counts: ImportCounts;
  lists: Record<ImportList, ImportListSummary>;
  /** Every insert, update, adopt and reuse, in list then file order (unchanged records are not listed). */
  changes: ImportChange[];
  collisions: ImportCollision[];
  /** Places whose `openingHours` the `opening_hours` library refused: imported without hours. */
  refusedOpeningHours: ImportRefusedHours[];
}

/** A place's `openingHours` value the library cannot parse or evaluate (index in the file's places). */
export interface ImportRefusedHours { index: number; name: string; value: string }

export interface ImportOptions {
  /** Plan only: the same report, nothing written (a read-only transaction). */
  dryRun?: boolean;
  /** Label for records without an id of their own, instead of the file's `source.name`/`source.repo`. */
  source?: string;
  /**
   * Places (and buildings) may refer to categories and zones that are not in the file but exist in
   * the database, by slug (a CSV of places). Without it such a reference is a malformed record.
   */
  existingReferences?: boolean;
}

/**
 * Lower-case letters and digits of `text` separated by single spaces, without Latin diacritics,
 * Arabic short vowels or tatweel, with alef/yeh/teh marbuta forms folded — the key two spellings of
 * one name share ("Café Crème" = "cafe creme", "مَسْجِد" = "مسجد").
 */
export function normaliseName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\u0640/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627').replace(/\u0649/g, '\u064a').replace(/\u0629/g, '\u0647')
    .toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** Great-circle distance in metres between two WGS84 points. */
export function distanceMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2
    + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Derived source id of a record without one: '~' + normalised name, + '@lat,lng' at 4 decimals (~10 m) when it has a position. */
export function derivedSourceId(name: string, lat?: number | null, lng?: number | null): string {
  const at = lat != null && lng != null ? `@${lat.toFixed(4)},${lng.toFixed(4)}` : '';
  return `~${normaliseName(name)}${at}`.slice(0, 400);
}

interface Identity { source: string; sourceId: string; derived: boolean }

function identityOf(r: { osmId?: number | string | null; source?: string | null; sourceId?: string | null }, label: string, derived: string): Identity {
  if (r.sourceId) return { source: r.source ?? label, sourceId: r.sourceId, derived: false };
  if (r.osmId != null) return { source: 'osm', sourceId: String(r.osmId), derived: false };
  return { source: label, sourceId: derived, derived: true };
}

const key = (source: string | null, sourceId: string | null) => `${source}\u0000${sourceId}`;

/** Reference to a row: an existing id, or the index of a record of this import that will be inserted. */
type Ref = { id: string } | { pending: number };
const refValue = (ref: Ref | null) => (ref && 'id' in ref ? ref.id : ref ? `pending:${ref.pending}` : null);

interface Existing { id: string; slug: string; source: string | null; source_id: string | null }
type Resolution<R> =
  | { kind: 'own' | 'adopt' | 'reuse'; row: R }
  | { kind: 'new'; collidedWith: R | null };

/**
 * How a file record meets the database: its own row (same identity); else the row holding its slug,
 * which is adopted (no identity yet, or an older derived identity of the same source) or reused (of
 * another source) when it is the same thing, and otherwise leaves the record to be inserted under
 * another slug; else a new row.
 */
function resolve<R extends Existing>(
  id: Identity, byIdentity: Map<string, R>, slugHolder: R | undefined, sameThing: (row: R) => boolean,
): Resolution<R> {
  const own = byIdentity.get(key(id.source, id.sourceId));
  if (own) return { kind: 'own', row: own };
  if (!slugHolder) return { kind: 'new', collidedWith: null };
  if (!sameThing(slugHolder)) return { kind: 'new', collidedWith: slugHolder };
  const adoptable = slugHolder.source_id == null
    || (id.derived && slugHolder.source === id.source && slugHolder.source_id.startsWith('~'));
  return { kind: adoptable ? 'adopt' : 'reuse', row: slugHolder };
}

const namesOf = (...names: (string | null | undefined)[]) => new Set(names.filter((n): n is string => !!n).map(normaliseName).filter(Boolean));
const shareName = (a: Set<string>, b: Set<string>) => [...a].some((n) => b.has(n));
function near(a: { lat?: number | null; lng?: number | null }, b: { latitude: number | null; longitude: number | null }, metres: number): boolean | null {
  if (a.lat == null || a.lng == null || b.latitude == null || b.longitude == null) return null;
  return distanceMetres(a.lat, a.lng, b.latitude, b.longitude) <= metres;
}

/** Columns of `desired` whose value differs from `row` (ids compared as text). */
function changedFields(desired: Record<string, unknown>, row: object): string[] {
  return Object.keys(desired).filter((k) => {
    const d = desired[k] ?? null;
    const r = (row as Record<string, unknown>)[k] ?? null;
    return (typeof d === 'number' || typeof r === 'number') && d !== null && r !== null ? Number(d) !== Number(r) : String(d) !== String(r);
  });
}

/** First of `candidates`, then `base-2`, `base-3`, …, that `free` accepts, at most `max` characters. */
function freeSlug(candidates: string[], base: string, free: (slug: string) => boolean, max: number): string {
  for (const c of candidates) if (c.length <= max && free(c)) return c;
  for (let n = 2; ; n++) {
    const c = `${base.slice(0, max - String(n).length - 1).replace(/-$/, '')}-${n}`;
    if (free(c)) return c;
  }
}

/** A validated file with every record's identity and wanted slug. */
interface ParsedFile {
  label: string;
  categories: (z.infer<typeof categorySchema> & { identity: Identity })[];
  zones: (z.infer<typeof zoneSchema> & { identity: Identity })[];
  buildings: (z.infer<typeof buildingSchema> & { identity: Identity; wantedSlug: string; order: number })[];
  places: (z.infer<typeof placeSchema> & { identity: Identity; wantedSlug: string; baseSlug: string })[];
  refusedOpeningHours: ImportRefusedHours[];
}

function parseDirectory(input: unknown, sourceOverride?: string, existingReferences = false): ParsedFile {
  const file = directoryFileSchema.safeParse(input);
  if (!file.success) throw new ImportError([issuesProblem('file', 0, file.error.issues, '')]);
  const label = (sourceOverride ?? file.data.source?.name ?? file.data.source?.repo ?? 'import').slice(0, TEXT_LIMITS.sourceLabel);
  const problems: ImportError['problems'] = [];
  const categories = parseList('categories', file.data.categories, categorySchema, problems);
  const zones = parseList('zones', file.data.zones, zoneSchema, problems);
  const buildings = parseList('buildings', file.data.buildings, buildingSchema, problems);
  const places = parseList('places', file.data.places, placeSchema, problems);
  const categorySlugs = new Set(categories.filter(Boolean).map((c) => c.slug));
  const zoneSlugs = new Set(zones.filter(Boolean).map((z) => z.slug));
  const unique = <T>(list: string, items: T[], keyOf: (t: T) => string) => {
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      if (!item) return;
      const k = keyOf(item);
      if (seen.has(k)) problems.push(importProblem(list, index, 'slugRepeats', { key: k.replace('\u0000', ' '), list, earlier: seen.get(k)! }));
      else seen.set(k, index);
    });
  };
  unique('categories', categories, (c) => c.slug);
  unique('zones', zones, (z) => z.slug);
  buildings.forEach((b, index) => {
    if (b && !zoneSlugs.has(b.zoneSlug) && !existingReferences) problems.push(importProblem('buildings', index, 'unknownZoneSlug', { slug: b.zoneSlug }));
  });
  places.forEach((p, index) => {
    if (!p) return;
    if (existingReferences) return; // checked against the database by planImport
    if (!categorySlugs.has(p.categorySlug)) problems.push(importProblem('places', index, 'unknownCategorySlug', { slug: p.categorySlug }));
    if (p.zoneSlug && !zoneSlugs.has(p.zoneSlug)) problems.push(importProblem('places', index, 'unknownZoneSlug', { slug: p.zoneSlug }));
  });

  // identities: an explicit id may appear once per list; a repeated derived key (same name within
  // ~10 m) is numbered in file order so both records are kept, as before
  const withIdentities = <T extends { osmId?: number | string | null; source?: string | null; sourceId?: string | null }>(
    list: string, items: T[], derive: (t: T) => string,
  ) => {
    const seen = new Map<string, number>();
    return items.map((item, index) => {
      let id = identityOf(item, label, derive(item));
      const k = key(id.source, id.sourceId);
      const n = (seen.get(k) ?? 0) + 1;
      seen.set(k, n);
      if (n > 1 && !id.derived) problems.push(importProblem(list, index, 'sourceIdRepeats', { source: id.source, sourceId: id.sourceId }));
      if (n > 1) id = { ...id, sourceId: `${id.sourceId}#${n}` };
      return { ...item, identity: id };
    });
  };
  if (problems.length) throw new ImportError(problems);

  // wanted slugs as the importer always made them: buildings unique within their zone, places across the file
  const buildingSlugs = new Map<string, number>();
  const placeSlugs = new Map<string, number>();
  const refusedOpeningHours: ImportRefusedHours[] = [];
  const parsed: ParsedFile = {
    label,
    categories: withIdentities('categories', categories, (c) => derivedSourceId(c.name)),
    zones: withIdentities('zones', zones, (z) => derivedSourceId(z.title, z.lat, z.lng)),
    buildings: withIdentities('buildings', buildings, (b) => derivedSourceId(b.name, b.lat, b.lng)).map((b, i) => {
      const base = slugFrom(b.name, `building-${i + 1}`);
      const k = `${b.zoneSlug}/${base}`;
      const n = (buildingSlugs.get(k) ?? 0) + 1;
      buildingSlugs.set(k, n);
      return { ...b, wantedSlug: n > 1 ? `${base}-${n}` : base, order: i + 1 };
    }),
    places: withIdentities('places', places, (p) => derivedSourceId(p.name, p.lat, p.lng)).map((p, i) => {
      const base = slugFrom(p.name, `place-${i + 1}`);
      const n = (placeSlugs.get(base) ?? 0) + 1;
      placeSlugs.set(base, n);
      // hours the library refuses are not stored (the place is imported without them) and are listed in the report
      const hours = p.openingHours?.trim() || null;
      if (hours !== null && !isValidOpeningHoursValue(hours)) refusedOpeningHours.push({ index: i, name: p.name, value: hours });
      const openingHours = hours !== null && isValidOpeningHoursValue(hours) ? hours : null;
      return { ...p, openingHours, wantedSlug: n > 1 ? `${base}-${n}` : base, baseSlug: base };
    }),
    refusedOpeningHours,
  };
  if (problems.length) throw new ImportError(problems);
  return parsed;
}

/** Row writes of a plan, in dependency order; values are column → value with `Ref`s still to resolve. */
interface PlannedWrite { list: ImportList; index: number; rowId: string | null; values: Record<string, unknown> }
interface Plan { report: ImportReport; inserts: PlannedWrite[]; updates: PlannedWrite[]; adoptions: PlannedWrite[] }

const osmMapUrl = (lat?: number | null, lng?: number | null) =>
  lat != null && lng != null ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}` : null;

/** What a list's planner needs: the file, the database state, the plan it adds to and `settle` (one record's outcome). */
interface PlanContext {
  file: ParsedFile;
  state: ImportState;
  plan: Plan;
  settle: ReturnType<typeof settlerOf>;
}

/** A zone's Ref and its slug (places' slugs are qualified with it on a collision). */
type ZoneRef = { ref: Ref; slug: string };

/**
 * Records the outcome of one record in `plan` (insert with a free slug and its collision, reuse, adopt,
 * update or nothing) and answers the Ref its references use.
 */
function settlerOf(plan: Plan) {
  const { report } = plan;
  const lists = report.lists;
  return function settle<R extends Existing>(
    list: ImportList, index: number, name: string, wantedSlug: string, id: Identity, resolution: Resolution<R>,
    desired: Record<string, unknown>, insertValues: () => Record<string, unknown>, newSlug: (collided: R | null) => string,
    comparable: Record<string, unknown> = desired,
  ): Ref {
    if (resolution.kind === 'new') {
      const slug = newSlug(resolution.collidedWith);
      if (resolution.collidedWith) {
        const c = resolution.collidedWith as R & { name?: string; title?: string };
        report.collisions.push({
          list, index, name, wantedSlug, slug,
          existing: { slug: c.slug, name: String(c.name ?? c.title), source: c.source, sourceId: c.source_id },
          reason: c.source_id == null
            ? 'slug taken by a record made in the app that is not the same thing (other name or place)'
            : `slug taken by another record (${c.source} ${c.source_id}) that is not the same thing (other name or place)`,
        });
      }
      plan.inserts.push({ list, index, rowId: null, values: { ...insertValues(), slug, source: id.source, source_id: id.sourceId } });
      report.changes.push({ list, index, name, action: 'insert', slug, wantedSlug });
      lists[list].inserted++;
      return { pending: index };
    }
    const row = resolution.row;
    if (resolution.kind === 'reuse') {
      report.changes.push({ list, index, name, action: 'reuse', slug: row.slug, wantedSlug });
      lists[list].unchanged++;
      return { id: row.id };
    }
    const fields = changedFields(comparable, row);
    const values = Object.fromEntries(fields.map((f) => [f, desired[f] ?? null]));
    if (resolution.kind === 'adopt') {
      plan.adoptions.push({ list, index, rowId: row.id, values: { source: id.source, source_id: id.sourceId } });
      if (fields.length) plan.updates.push({ list, index, rowId: row.id, values });
      report.changes.push({ list, index, name, action: 'adopt', slug: row.slug, wantedSlug, fields });
      lists[list].updated++;
    } else if (fields.length) {
      plan.updates.push({ list, index, rowId: row.id, values });
      report.changes.push({ list, index, name, action: 'update', slug: row.slug, wantedSlug, fields });
      lists[list].updated++;
    } else {
      lists[list].unchanged++;
    }
    return { id: row.id };
  };
}

const indexBy = <R extends Existing>(rows: R[]) => new Map(rows.filter((r) => r.source_id != null).map((r) => [key(r.source, r.source_id), r]));

/** Categories: the same thing = a name in common (either language). Answers each file slug's Ref. */
function planCategories({ file, state, settle }: PlanContext): Map<string, Ref> {
  const categoryIdentity = indexBy(state.categories);
  const categorySlugs = new Map(state.categories.map((c) => [c.slug, c]));
  const wantedCategorySlugs = new Set(file.categories.map((c) => c.slug));
  const categoryRefs = new Map<string, Ref>();
  file.categories.forEach((c, index) => {
    const names = namesOf(c.name, c.nameAr);
    const resolution = resolve(c.identity, categoryIdentity, categorySlugs.get(c.slug), (row) => shareName(names, namesOf(row.name, row.name_ar)));
    const ref = settle('categories', index, c.name, c.slug, c.identity, resolution, { name: c.name, name_ar: c.nameAr ?? null },
      () => ({ name: c.name, name_ar: c.nameAr ?? null }),
      (collided) => {
        const slug = collided ? freeSlug([], c.slug, (s) => !categorySlugs.has(s) && !wantedCategorySlugs.has(s), 120) : c.slug;
        categorySlugs.set(slug, { id: '', slug, source: null, source_id: null, name: c.name, name_ar: null });
        return slug;
      });
    categoryRefs.set(c.slug, ref);
  });
  return categoryRefs;
}

/** Zones: the same thing = a name in common and (when both have a position) within 3 km. Answers each file slug's Ref and slug. */
function planZones({ file, state, settle }: PlanContext): Map<string, ZoneRef> {
  const zoneIdentity = indexBy(state.zones);
  const zoneSlugs = new Map(state.zones.map((z) => [z.slug, z]));
  const wantedZoneSlugs = new Set(file.zones.map((z) => z.slug));
  const zoneRefs = new Map<string, ZoneRef>();
  file.zones.forEach((z, index) => {
    const names = namesOf(z.title, z.titleAr);
    const resolution = resolve(z.identity, zoneIdentity, zoneSlugs.get(z.slug),
      (row) => shareName(names, namesOf(row.title, row.title_ar)) && near(z, row, 3000) !== false);
    let slug = resolution.kind === 'new' ? '' : resolution.row.slug;
    const ref = settle('zones', index, z.title, z.slug, z.identity, resolution,
      { title: z.title, title_ar: z.titleAr ?? null, latitude: z.lat ?? null, longitude: z.lng ?? null },
      () => ({
        title: z.title, title_ar: z.titleAr ?? null, description: z.description ?? null, description_ar: z.descriptionAr ?? null,
        location_url: z.locationUrl ?? null, sort_order: z.order ?? index + 1, latitude: z.lat ?? null, longitude: z.lng ?? null,
      }),
      (collided) => {
        slug = collided ? freeSlug([], z.slug, (s) => !zoneSlugs.has(s) && !wantedZoneSlugs.has(s), 120) : z.slug;
        zoneSlugs.set(slug, { id: '', slug, source: null, source_id: null, title: z.title, title_ar: null, latitude: null, longitude: null });
        return slug;
      });
    zoneRefs.set(z.slug, { ref, slug });
  });
  return zoneRefs;
}

/**
 * The category and zone a building or place names: in the file, or (existingReferences) an existing row by
 * slug. Throws ImportError listing every reference found in neither.
 */
function referencesOf({ file, state }: PlanContext, categoryRefs: Map<string, Ref>, zoneRefs: Map<string, ZoneRef>) {
  const problems: ImportError['problems'] = [];
  const dbCategoryBySlug = new Map(state.categories.map((c) => [c.slug, c.id]));
  const dbZoneBySlug = new Map(state.zones.map((z) => [z.slug, z]));
  const zoneRef = (slug: string, list: string, index: number) => {
    const ref = zoneRefs.get(slug) ?? (dbZoneBySlug.has(slug) ? { ref: { id: dbZoneBySlug.get(slug)!.id } as Ref, slug } : undefined);
    if (!ref) problems.push(importProblem(list, index, 'unknownZoneSlug', { slug }));
    return ref;
  };
  const categoryRef = (slug: string, index: number) => {
    const ref = categoryRefs.get(slug) ?? (dbCategoryBySlug.has(slug) ? { id: dbCategoryBySlug.get(slug)! } : undefined);
    if (!ref) problems.push(importProblem('places', index, 'unknownCategorySlug', { slug }));
    return ref;
  };
  file.buildings.forEach((b, index) => zoneRef(b.zoneSlug, 'buildings', index));
  file.places.forEach((p, index) => {
    categoryRef(p.categorySlug, index);
    if (p.zoneSlug) zoneRef(p.zoneSlug, 'places', index);
  });
  if (problems.length) throw new ImportError(problems);
  return { zoneRef, categoryRef };
}
type References = ReturnType<typeof referencesOf>;

/** Buildings (slug unique within the zone): the same thing = a name in common and within 100 m. Answers the Refs by `zoneSlug#number`. */
function planBuildings({ file, state, settle }: PlanContext, { zoneRef }: References): Map<string, Ref> {
  const buildingIdentity = indexBy(state.buildings);
  const buildingsByZoneSlug = new Map(state.buildings.map((b) => [`${b.zone_id}/${b.slug}`, b]));
  const zoneScope = (ref: Ref) => refValue(ref)!;
  const wantedBuildingSlugs = new Set(file.buildings.map((b) => `${zoneScope(zoneRef(b.zoneSlug, 'buildings', 0)!.ref)}/${b.wantedSlug}`));
  const buildingRefs = new Map<string, Ref>();
  file.buildings.forEach((b, index) => {
    const zone = zoneRef(b.zoneSlug, 'buildings', index)!;
    const scope = zoneScope(zone.ref);
    const names = namesOf(b.name, b.nameAr);
    const resolution = resolve(b.identity, buildingIdentity, buildingsByZoneSlug.get(`${scope}/${b.wantedSlug}`),
      (row) => shareName(names, namesOf(row.name, row.name_ar)) && near(b, row, 100) !== false);
    const ref = settle('buildings', index, b.name, b.wantedSlug, b.identity, resolution,
      { name: b.name, name_ar: b.nameAr ?? null, number: b.number ?? null, latitude: b.lat ?? null, longitude: b.lng ?? null },
      () => ({
        zone_id: zone.ref, name: b.name, name_ar: b.nameAr ?? null, number: b.number ?? null, map_url: osmMapUrl(b.lat, b.lng),
        sort_order: b.order, latitude: b.lat ?? null, longitude: b.lng ?? null,
      }),
      (collided) => {
        const slug = !collided ? b.wantedSlug : freeSlug([], b.wantedSlug, (s) => !buildingsByZoneSlug.has(`${scope}/${s}`) && !wantedBuildingSlugs.has(`${scope}/${s}`), 120);
        buildingsByZoneSlug.set(`${scope}/${slug}`, { id: '', zone_id: scope, slug, source: null, source_id: null, name: b.name, name_ar: null, number: null, latitude: null, longitude: null });
        return slug;
      });
    if (b.number) buildingRefs.set(`${b.zoneSlug}#${b.number}`, ref);
  });
  return buildingRefs;
}

/**
 * Places: the same thing = a name in common and within 100 m (or both without a position and in the same
 * category), or the very same spot (10 m: renamed in place). A place may also name a building of its zone
 * that is not in the file (made in the app).
 */
function planPlaces({ file, state, settle }: PlanContext, { zoneRef, categoryRef }: References, buildingRefs: Map<string, Ref>) {
  const dbBuildingByNumber = new Map(state.buildings.filter((b) => b.number).map((b) => [`${b.zone_id}#${b.number}`, b.id]));
  const placeIdentity = indexBy(state.places);
  const placesBySlug = new Map(state.places.map((p) => [p.slug, p]));
  const wantedPlaceSlugs = new Set(file.places.map((p) => p.wantedSlug));
  const claimed = new Set<string>();
  const free = (s: string) => !state.placeSlugs.has(s) && !wantedPlaceSlugs.has(s) && !claimed.has(s);
  file.places.forEach((p, index) => {
    const zone = p.zoneSlug ? zoneRef(p.zoneSlug, 'places', index)! : null;
    const category = categoryRef(p.categorySlug, index)!;
    const buildingRef = p.zoneSlug && p.buildingNumber
      ? buildingRefs.get(`${p.zoneSlug}#${p.buildingNumber}`)
        ?? (zone && 'id' in zone.ref && dbBuildingByNumber.has(`${zone.ref.id}#${p.buildingNumber}`)
          ? { id: dbBuildingByNumber.get(`${zone.ref.id}#${p.buildingNumber}`)! } : null)
      : null;
    const names = namesOf(p.name, p.nameAr);
    const resolution = resolve(p.identity, placeIdentity, placesBySlug.get(p.wantedSlug), (row) => {
      const close = near(p, row, 100);
      if (close === null) return shareName(names, namesOf(row.name, row.name_ar)) && refValue(category) === row.category_id;
      return (close && shareName(names, namesOf(row.name, row.name_ar))) || near(p, row, 10) === true;
    });
    const desired = {
      name: p.name, name_ar: p.nameAr ?? null, address: p.address ?? null, address_ar: p.addressAr ?? null, phone: p.phone ?? null,
      website_url: p.website ?? null, map_url: p.mapUrl ?? null, category_id: category, zone_id: zone?.ref ?? null,
      building_id: buildingRef ?? null, latitude: p.lat ?? null, longitude: p.lng ?? null, opening_hours: p.openingHours ?? null,
    };
    const comparable = { ...desired, category_id: refValue(category), zone_id: refValue(zone?.ref ?? null), building_id: refValue(buildingRef ?? null) };
    settle('places', index, p.name, p.wantedSlug, p.identity, resolution, desired,
      () => ({ ...desired, whatsapp: p.whatsapp ?? null, description: p.description ?? null }),
      (collided) => {
        const zoneQualified = zone ? `${p.baseSlug}-${zone.slug}` : null;
        const slug = !collided && !state.placeSlugs.has(p.wantedSlug) && !claimed.has(p.wantedSlug) ? p.wantedSlug
          : freeSlug(zoneQualified ? [zoneQualified] : [], p.baseSlug, free, 160);
        claimed.add(slug);
        return slug;
      },
      comparable);
  });
}

/**
 * Compares a parsed file with the database state: what to insert, update, adopt and reuse, and every slug
 * collision — list by list in dependency order (categories and zones, then the references to them, buildings, places).
 */
function planImport(file: ParsedFile, state: ImportState, dryRun: boolean): Plan {
  const lists = Object.fromEntries(IMPORT_LISTS.map((l) => [l, { inFile: file[l].length, inserted: 0, updated: 0, unchanged: 0 }])) as ImportReport['lists'];
  const report: ImportReport = {
    dryRun, source: file.label, lists, changes: [], collisions: [], refusedOpeningHours: file.refusedOpeningHours,
    counts: { categories: file.categories.length, zones: file.zones.length, buildings: file.buildings.length, places: file.places.length },
  };
  const plan: Plan = { report, inserts: [], updates: [], adoptions: [] };
  const context: PlanContext = { file, state, plan, settle: settlerOf(plan) };
  const categoryRefs = planCategories(context);
  const zoneRefs = planZones(context);
  const references = referencesOf(context, categoryRefs, zoneRefs);
  const buildingRefs = planBuildings(context, references);
  planPlaces(context, references, buildingRefs);
  return plan;
}

async function resolveRefs(values: Record<string, unknown>, ids: Record<ImportList, Map<number, string>>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const listOf: Record<string, ImportList> = { category_id: 'categories', zone_id: 'zones', building_id: 'buildings' };
  for (const [k, v] of Object.entries(values)) {
    if (v && typeof v === 'object' && ('id' in v || 'pending' in v)) {
      const ref = v as Ref;
      out[k] = 'id' in ref ? ref.id : ids[listOf[k]].get(ref.pending)!;
    } else out[k] = v;
  }
  return out;
}

async function applyPlan(tx: ImportTx, plan: Plan, adoptionsOnly: boolean): Promise<void> {
  const ids = Object.fromEntries(IMPORT_LISTS.map((l) => [l, new Map<number, string>()])) as Record<ImportList, Map<number, string>>;
  for (const list of IMPORT_LISTS) {
    const adoptions = plan.adoptions.filter((w) => w.list === list);
    await updateImportRows(tx, list, adoptions.map((w) => ({ id: w.rowId!, values: w.values })));
    if (adoptionsOnly) continue;
    const inserts = plan.inserts.filter((w) => w.list === list);
    if (list === 'places') {
      await insertImportPlaces(tx, await Promise.all(inserts.map((w) => resolveRefs(w.values, ids))));
    } else {
      for (const w of inserts) ids[list].set(w.index, await insertImportRow(tx, list, await resolveRefs(w.values, ids)));
    }
    const updates = plan.updates.filter((w) => w.list === list);
    await updateImportRows(tx, list, await Promise.all(updates.map(async (w) => ({ id: w.rowId!, values: await resolveRefs(w.values, ids) }))));
  }
}

async function planInTransaction(tx: ImportTx, file: ParsedFile, dryRun: boolean): Promise<Plan> {
  const state = await loadImportState(
    tx,
    file.places.map((p) => ({ source: p.identity.source, sourceId: p.identity.sourceId })),
    file.places.map((p) => p.wantedSlug),
  );
  return planImport(file, state, dryRun);
}

/**
 * Imports a directory file in ONE transaction (as the owner; RLS does not apply). Validates every
 * record first (throws ImportError listing list, index and reason; nothing written), then matches
 * each record by its source identity — never by slug: its own row is updated when its source data
 * changed (only that row, only the changed columns), a row holding its slug that is the same thing
 * is adopted or reused, and a different thing holding its slug makes the new record take another
 * slug (`name-zone` or `name-N`), listed in `collisions`. Re-importing a file changes nothing. With
 * `dryRun` the same report is made in a read-only transaction and nothing is written. A database
 * error rolls everything back.
 */
export async function importDirectory(sql: Sql, input: unknown, options: ImportOptions = {}): Promise<ImportReport> {
  return sql.begin((tx) => importDirectoryInTransaction(tx, input, options)) as Promise<ImportReport>;
}

/**
 * importDirectory inside the caller's transaction `tx` (e.g. an admin request's, as the admin under
 * RLS): the same validation, matching and report; a dry run makes the transaction read-only.
 */
export async function importDirectoryInTransaction(tx: ImportTx, input: unknown, options: ImportOptions = {}): Promise<ImportReport> {
  const file = parseDirectory(input, options.source, options.existingReferences);
  const dryRun = options.dryRun ?? false;
  if (dryRun) await tx`set transaction read only`;
  else await lockImportTables(tx);
  const plan = await planInTransaction(tx, file, dryRun);
  if (!dryRun) await applyPlan(tx, plan, false);
  return plan.report;
}

/**
 * Gives rows that predate source identities the identity of the matching record of `input` (the
 * shipped file the first start seeded from): only rows that are the same thing under the record's
 * wanted slug and have no identity yet; nothing inserted, no other column rewritten (an admin's
 * edits stay). Answers how many rows per list got an identity.
 */
export async function backfillSourceIdentity(sql: Sql, input: unknown): Promise<ImportCounts> {
  const file = parseDirectory(input);
  return sql.begin(async (tx) => {
    await lockImportTables(tx);
    const plan = await planInTransaction(tx, file, false);
    await applyPlan(tx, plan, true);
    const counts = { categories: 0, zones: 0, buildings: 0, places: 0 };
    for (const a of plan.adoptions) counts[a.list]++;
    return counts;
  }) as Promise<ImportCounts>;
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_CLAIMS, withAnonRead, withClaims, type JwtClaims, type Tx } from '../../src/server/db/client.ts';
import { createUser, ownerSql } from '../helpers/api.ts';

/**
 * The row-level security matrix: every table the API roles can reach × {anon, user,
 * another user, admin, service_role} × {select, insert, update, delete}, the expected outcome
 * written as data (MATRIX below) and each cell run against the real database through `withClaims`
 * — the API's own path (`set local role` + `request.jwt.claims`) — in its own rolled-back
 * transaction, so cells never see each other's writes.
 *
 * What a cell observes (one target row per table, created below by the owner connection; rows of
 * `profiles` and `place_requests` belong to "user"):
 *   select  allow = `select … where <target>` returns the row      deny = 42501, or no row visible
 *   insert  allow = the insert adds one row                         deny = 42501 (no grant or a policy's WITH CHECK)
 *   update  allow = `update … where <target>` changes the row       deny = 42501, or no row changed
 *   delete  allow = `delete … where <target>` removes the row       deny = 42501, or no row removed
 * Any other error fails the cell (it would hide what RLS decides).
 *
 * Deletes from storage.objects and storage.buckets run as the Storage API runs them: Storage's
 * `protect_delete` trigger refuses every SQL delete unless `storage.allow_delete_query` is 'true', which the
 * Storage server sets for its own deletes — the policies then decide, as they do for the API's uploads.
 * The same file passes on the embedded stack and on a database Supabase built (npm run test:supabase).
 */
const sql = ownerSql();
const ROLLBACK = Symbol('rollback');
const T = `rlsm${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const HASH = (c: string) => c.repeat(64);

type Role = 'anon' | 'user' | 'other' | 'admin' | 'service_role';
type Op = 'select' | 'insert' | 'update' | 'delete';
const ROLES: Role[] = ['anon', 'user', 'other', 'admin', 'service_role'];
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

/**
 * Expected outcomes: per table, one string per role (anon, user, other, admin, service_role) with
 * the letter of each allowed operation (S select, I insert, U update, D delete) and '-' where it
 * is denied.
 */
// prettier-ignore
const MATRIX: Record<string, [anon: string, user: string, other: string, admin: string, service: string]> = {
  //                              anon     user     other    admin    service_role
  'public.zones':               ['S---', 'S---', 'S---', 'SIUD', 'SIUD'],
  'public.buildings':           ['S---', 'S---', 'S---', 'SIUD', 'SIUD'],
  'public.categories':          ['S---', 'S---', 'S---', 'SIUD', 'SIUD'],
  'public.places':              ['S---', 'S---', 'S---', 'SIUD', 'SIUD'],
  // target: a request of "user"; insert: a pending create request for the actor themself
  'public.place_requests':      ['----', 'SI--', '-I--', 'SIUD', 'SIUD'],
  // target: the profile of "user"; insert: a profile for an auth user that has none
  'public.profiles':            ['----', 'S-U-', '----', 'S---', 'SIUD'],
  // insert: upsert of the single row (on conflict do update)
  'public.website_settings':    ['S---', 'S---', 'S---', 'S-U-', 'SIUD'],
  // written only by the history triggers (security definer); admins and the service role read it
  'public.audit_log':           ['----', '----', '----', 'S---', 'S---'],
  // a merged place's former slug (decision 023): public to read (the 301), written by admins' merges
  'public.place_slug_redirects':['S---', 'S---', 'S---', 'SIUD', 'SIUD'],
  // likely duplicate pairs (decision 033): written only by the triggers on places (security definer); admins read
  'public.place_duplicate_pairs':['----', '----', '----', 'S---', 'S---'],
  'storage.objects[places]':    ['S---', 'S---', 'S---', 'SIUD', 'SIUD'],
  'storage.objects[categories]':['S---', 'S---', 'S---', 'SIUD', 'SIUD'],
  'storage.objects[website]':   ['S---', 'S---', 'S---', 'SIUD', 'SIUD'],
  // buckets are managed with the service role only (the API never touches them)
  'storage.buckets':            ['----', '----', '----', '----', 'SIUD'],
  // Storage's own analytics (Iceberg), vector and S3 multipart tables: RLS on without policies, so only the
  // service role (which bypasses RLS) reaches rows, within the grants Supabase gives it
  'storage.buckets_analytics':  ['----', '----', '----', '----', 'SIUD'],
  'storage.buckets_vectors':    ['----', '----', '----', '----', 'S---'],
  'storage.iceberg_namespaces': ['----', '----', '----', '----', 'SIUD'],
  'storage.iceberg_tables':     ['----', '----', '----', '----', 'SIUD'],
  'storage.s3_multipart_uploads':       ['----', '----', '----', '----', 'SIUD'],
  'storage.s3_multipart_uploads_parts': ['----', '----', '----', '----', 'SIUD'],
  'storage.vector_indexes':     ['----', '----', '----', '----', 'S---'],
  // derived data kept by security-definer triggers: readable, never writable by a role
  'private.search_terms':       ['S---', 'S---', 'S---', 'S---', 'S---'],
  'private.place_counts':       ['S---', 'S---', 'S---', 'S---', 'S---'],
  // Arabic readings of Latin words (decision 043): kept by a trigger on places
  'private.name_readings':      ['S---', 'S---', 'S---', 'S---', 'S---'],
  // target: a key of "user"; each signed-in user reads and writes only their own keys (admins too)
  'public.idempotency_keys':    ['----', 'SIUD', '-I--', '-I--', 'SIUD'],
  // the open-now index (decision 028): written by a trigger and the server's owner connection only
  'private.place_open_intervals':  ['S---', 'S---', 'S---', 'S---', 'S---'],
  'private.place_hours_unindexed': ['S---', 'S---', 'S---', 'S---', 'S---'],
  // the open-now totals' counters (decision 028, amended): kept by triggers on the intervals only
  'private.place_open_counts':     ['S---', 'S---', 'S---', 'S---', 'S---'],
  // auth bookkeeping: the service role (owner connection) only
  'private.auth_rate_limits':   ['----', '----', '----', '----', 'SIUD'],
  'private.auth_code_failures': ['----', '----', '----', '----', 'SIUD'],
  'private.auth_reset_grants':  ['----', '----', '----', '----', 'SIUD'],
};

interface Actor {
  claims: JwtClaims;
  id: string | null;
}

interface Fixtures {
  actors: Record<Role, Actor>;
  user: { id: string };
  other: { id: string };
  bare: { id: string };
  zone: number;
  building: number;
  category: number;
  usedCategory: number;
  place: number;
  /** A place with the same phone as `twin`: the two make the target likely duplicate pair. */
  pairA: number;
  pairB: number;
  request: number;
  bucket: string;
  /** Targets in Storage's analytics tables (uuid ids). */
  analytics: string;
  namespace: string;
}

interface TableSpec {
  /** SQL predicate selecting the target row. */
  where(f: Fixtures): string;
  /** A valid new row (column → value) inserted by `actor`. */
  insert(f: Fixtures, actor: Actor): { columns: Record<string, unknown>; suffix?: string };
  /** An update that keeps the row valid. */
  set: string;
}

const objects = (bucket: string): TableSpec => ({
  where: () => `bucket_id = '${bucket}' and name = '${T}/target.png'`,
  insert: () => ({ columns: { bucket_id: bucket, name: `${T}/new.png`, metadata: { mimetype: 'image/png' } } }),
  set: `metadata = '{"mimetype":"image/png"}'`,
});

const TABLES: Record<keyof typeof MATRIX, TableSpec> = {
  'public.zones': { where: (f) => `id = ${f.zone}`, insert: () => ({ columns: { slug: `${T}-zone-new`, title: 'New zone' } }), set: 'sort_order = sort_order + 1' },
  'public.buildings': {
    where: (f) => `id = ${f.building}`,
    insert: (f) => ({ columns: { zone_id: f.zone, slug: `${T}-building-new`, name: 'New building' } }),
    set: 'sort_order = sort_order + 1',
  },
  'public.categories': { where: (f) => `id = ${f.category}`, insert: () => ({ columns: { slug: `${T}-cat-new`, name: 'New category' } }), set: `name = name || ' renamed'` },
  'public.places': {
    where: (f) => `id = ${f.place}`,
    insert: (f) => ({ columns: { slug: `${T}-place-new`, name: 'New place', category_id: f.usedCategory } }),
    set: `name = name || ' renamed'`,
  },
  'public.place_requests': {
    where: (f) => `id = ${f.request}`,
    insert: (f, actor) => ({ columns: { type: 'create', status: 'pending', payload: { name: 'Asked for' }, user_id: actor.id ?? f.user.id } }),
    set: `status = 'rejected', rejection_reason = 'matrix', reviewed_at = now()`,
  },
  'public.profiles': { where: (f) => `id = '${f.user.id}'`, insert: (f) => ({ columns: { id: f.bare.id, name: 'Bare' } }), set: `name = 'Renamed'` },
  'public.website_settings': {
    where: () => 'id',
    insert: () => ({ columns: { id: true, site_name: 'Dalil' }, suffix: 'on conflict (id) do update set site_name = excluded.site_name' }),
    set: 'site_name = site_name',
  },
  'public.audit_log': {
    where: (f) => `entity = 'place' and entity_id = ${f.place} and operation = 'insert'`,
    insert: (f) => ({ columns: { entity: 'place', entity_id: f.place, operation: 'update', actor_role: 'forged' } }),
    set: `actor_role = 'forged'`,
  },
  'public.place_slug_redirects': {
    where: () => `old_slug = '${T}-old'`,
    insert: (f) => ({ columns: { old_slug: `${T}-older`, place_id: f.place } }),
    set: 'created_at = created_at',
  },
  'public.place_duplicate_pairs': {
    where: (f) => `place_a = ${f.pairA} and place_b = ${f.pairB}`,
    insert: (f) => ({ columns: { place_a: f.place, place_b: f.pairA, by_name: false, by_phone: true } }),
    set: 'distance_m = 1',
  },
  'storage.objects[places]': objects('places'),
  'storage.objects[categories]': objects('categories'),
  'storage.objects[website]': objects('website'),
  'storage.buckets': { where: (f) => `id = '${f.bucket}'`, insert: () => ({ columns: { id: `${T}-new`, name: `${T}-new` } }), set: 'public = not public' },
  'storage.buckets_analytics': { where: (f) => `id = '${f.analytics}'`, insert: () => ({ columns: { name: `${T}-new` } }), set: 'updated_at = now()' },
  // NO_TARGET_ROW: decided from the catalogue (below)
  'storage.buckets_vectors': { where: () => `id = '${T}'`, insert: () => ({ columns: { id: `${T}-new` } }), set: 'updated_at = now()' },
  'storage.iceberg_namespaces': {
    where: (f) => `id = '${f.namespace}'`, insert: (f) => ({ columns: { bucket_name: T, name: 'new', catalog_id: f.analytics } }), set: 'updated_at = now()',
  },
  'storage.iceberg_tables': {
    where: () => `name = '${T}'`,
    insert: (f) => ({ columns: { namespace_id: f.namespace, bucket_name: T, name: `${T}-new`, location: `s3://x/${T}-new`, catalog_id: f.analytics } }),
    set: 'updated_at = now()',
  },
  'storage.s3_multipart_uploads': {
    where: () => `id = '${T}'`,
    insert: () => ({ columns: { id: `${T}-new`, upload_signature: 'sig', bucket_id: 'places', key: 'new.bin', version: 'v1' } }),
    set: 'in_progress_size = in_progress_size + 1',
  },
  'storage.s3_multipart_uploads_parts': {
    where: () => `upload_id = '${T}' and part_number = 1`,
    insert: () => ({ columns: { upload_id: T, part_number: 2, bucket_id: 'places', key: 'part.bin', etag: 'e', version: 'v1' } }),
    set: 'size = size + 1',
  },
  'storage.vector_indexes': {
    where: () => `id = '${T}'`,
    insert: () => ({ columns: { id: `${T}-new`, name: 'new', bucket_id: T, data_type: 'float32', dimension: 3, distance_metric: 'cosine' } }),
    set: 'updated_at = now()',
  },
  'private.search_terms': { where: () => `term = '${T}target'`, insert: () => ({ columns: { term: `${T}new` } }), set: 'term = term' },
  'private.name_readings': { where: () => `latin = '${T}target'`, insert: () => ({ columns: { latin: `${T}new`, arabic: 'جديد', n: 1 } }), set: 'n = n + 1' },
  'public.idempotency_keys': {
    where: (f) => `user_id = '${f.user.id}' and key = '${T}-target'`,
    insert: (f, actor) => ({ columns: { user_id: actor.id ?? f.user.id, key: `${T}-new`, request_hash: HASH('d'), method: 'POST', path: '/matrix' } }),
    set: 'response_status = 200, completed_at = now()',
  },
  'private.place_counts': { where: (f) => `category_id = ${f.usedCategory} and zone_id = ${f.zone}`, insert: (f) => ({ columns: { category_id: f.category, zone_id: f.zone, n: 1 } }), set: 'n = n + 1' },
  'private.place_open_intervals': {
    where: (f) => `place_id = ${f.place}`, insert: (f) => ({ columns: { place_id: f.place, minutes: '[600,700)' } }), set: 'minutes = minutes',
  },
  'private.place_hours_unindexed': {
    where: (f) => `place_id = ${f.place}`, insert: (f) => ({ columns: { place_id: f.place, reason: 'stale' } }), set: `reason = 'dated'`,
  },
  // the target row: the +1 at minute 0 of the fixture's interval [0,60) (its place's category and zone)
  'private.place_open_counts': {
    where: (f) => `category_id = ${f.usedCategory} and zone_id = ${f.zone} and minute = 0`,
    insert: (f) => ({ columns: { category_id: f.category, zone_id: f.zone, minute: 1, change: 1 } }), set: 'change = change',
  },
  'private.auth_rate_limits': { where: () => `key = '${T}'`, insert: () => ({ columns: { key: `${T}-new`, hits: 1 } }), set: 'hits = hits + 1' },
  'private.auth_code_failures': {
    where: () => `email_hash = '${HASH('a')}'`,
    insert: () => ({ columns: { email_hash: HASH('b'), purpose: 'signup', failures: 1 } }),
    set: 'failures = failures + 1',
  },
  'private.auth_reset_grants': {
    where: () => `email_hash = '${HASH('c')}'`,
    insert: (f) => ({ columns: { email_hash: HASH('d'), code_hash: 'x', user_id: f.user.id, expires_at: new Date(Date.now() + 3_600_000).toISOString() } }),
    set: `expires_at = expires_at + interval '1 minute'`,
  },
};

/** Runs `fn` in a transaction as the service role (the owner connection may; on Supabase, `postgres` is a member). */
function asServiceRole<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`set local role service_role`;
    return fn(tx as unknown as Tx);
  }) as Promise<T>;
}

/**
 * Tables no role of the project can put a row into (on Supabase only Storage's own admin role writes
 * them; the service role may only read): their cells are decided as Postgres decides them — the role
 * holds the grant, and bypasses RLS or a policy for the command names it.
 */
const NO_TARGET_ROW = new Set(['storage.buckets_vectors', 'storage.vector_indexes']);

async function decidedByCatalogue(key: string, op: Op, role: Role): Promise<Outcome> {
  const dbRole = role === 'anon' || role === 'service_role' ? role : 'authenticated';
  const [r] = await sql<{ granted: boolean; passes: boolean }[]>`
    select has_table_privilege(${dbRole}, ${key}::regclass, ${op}) as granted,
           (select rolbypassrls from pg_roles where rolname = ${dbRole})
           or not c.relrowsecurity
           or exists (select from pg_policy p where p.polrelid = c.oid
                        and p.polcmd in ('*', ${({ select: 'r', insert: 'a', update: 'w', delete: 'd' } as const)[op]})
                        and (p.polroles = '{0}' or (select oid from pg_roles where rolname = ${dbRole}) = any(p.polroles))) as passes
    from pg_class c where c.oid = ${key}::regclass`;
  return r!.granted && r!.passes ? { rows: 1 } : { code: '42501', message: 'no grant, or RLS without a policy for it' };
}

/** The table name of a matrix key (`storage.objects[places]` → `storage.objects`). */
const tableOf = (key: string) => key.replace(/\[.*\]$/, '');

type Outcome = { rows: number } | { code: string; message: string };

/** Runs `fn` as `claims` through withClaims, always rolled back; the rows it saw/changed or the SQLSTATE it failed with. */
async function attempt(claims: JwtClaims, fn: (tx: Tx) => Promise<number>): Promise<Outcome> {
  let out: Outcome | undefined;
  try {
    await withClaims(sql, claims, async (tx) => {
      out = { rows: await fn(tx) };
      throw ROLLBACK;
    });
  } catch (error) {
    if (error === ROLLBACK) return out!;
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? 'unknown', message: e.message ?? String(error) };
  }
  throw new Error('unreachable');
}

/**
 * Runs `fn` as the API's anonymous reads do (withAnonRead, decision 060: anonymous sessions, no transaction): the
 * rows it saw/changed or the SQLSTATE it failed with. Its sessions are read-only, so a write fails (25006) and
 * nothing needs rolling back.
 */
async function attemptAnonSession(fn: (tx: Tx) => Promise<number>): Promise<Outcome> {
  try {
    return { rows: await withAnonRead(sql, fn) };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? 'unknown', message: e.message ?? String(error) };
  }
}

/** Runs one operation on a table's target row (or inserts a new row) and returns how many rows it saw or changed. */
async function operate(tx: Tx, key: string, op: Op, f: Fixtures, actor: Actor): Promise<number> {
  const spec = TABLES[key]!;
  const table = tableOf(key);
  switch (op) {
    case 'select':
      return (await tx.unsafe(`select 1 from ${table} where ${spec.where(f)}`)).count;
    case 'insert': {
      const { columns, suffix = '' } = spec.insert(f, actor);
      const names = Object.keys(columns);
      const args = Object.values(columns); // objects are serialised by postgres.js for jsonb columns
      const params = args.map((_, i) => `$${i + 1}`).join(', ');
      return (await tx.unsafe(`insert into ${table} (${names.join(', ')}) values (${params}) ${suffix}`, args as never[])).count;
    }
    case 'update':
      return (await tx.unsafe(`update ${table} set ${spec.set} where ${spec.where(f)}`)).count;
    case 'delete':
      // as the Storage API deletes (see the header): past protect_delete, the policies decide
      if (table === 'storage.objects' || table === 'storage.buckets') await tx`select set_config('storage.allow_delete_query', 'true', true)`;
      return (await tx.unsafe(`delete from ${table} where ${spec.where(f)}`)).count;
  }
}

/** Asserts the outcome of one cell: allow = exactly one row; deny = 42501 or zero rows. */
function expectOutcome(outcome: Outcome, allowed: boolean, label?: string) {
  if ('code' in outcome) {
    expect(outcome.code === '42501' ? 'denied' : `unexpected error ${outcome.code}: ${outcome.message}`, label).toBe(allowed ? 'allowed' : 'denied');
  } else {
    expect(outcome.rows === 1 ? 'allowed' : outcome.rows === 0 ? 'denied' : `${outcome.rows} rows`, label).toBe(allowed ? 'allowed' : 'denied');
  }
}

let f: Fixtures;

const userClaims = (u: { id: string; email: string }, admin = false): JwtClaims => ({
  sub: u.id,
  email: u.email,
  role: 'authenticated',
  aud: 'authenticated',
  app_metadata: admin ? { role: 'admin' } : {},
});

beforeAll(async () => {
  const user = await createUser(sql, { name: 'Matrix user' });
  const other = await createUser(sql, { name: 'Matrix other' });
  const admin = await createUser(sql, { role: 'admin', name: 'Matrix admin' });
  const bare = await createUser(sql, { name: 'Matrix bare' });
  await sql`delete from public.profiles where id = ${bare.id}`;
  const [zone] = await sql`insert into public.zones (slug, title) values (${`${T}-zone`}, 'Matrix zone') returning id`;
  const [building] = await sql`insert into public.buildings (zone_id, slug, name) values (${zone.id}, ${`${T}-building`}, 'Matrix building') returning id`;
  const [category] = await sql`insert into public.categories (slug, name) values (${`${T}-cat`}, 'Matrix category') returning id`;
  const [usedCategory] = await sql`insert into public.categories (slug, name) values (${`${T}-cat-used`}, 'Matrix used category') returning id`;
  const [place] = await sql`insert into public.places (slug, name, category_id, zone_id, building_id, owner_id)
                            values (${`${T}-place`}, 'Matrix place', ${usedCategory.id}, ${zone.id}, ${building.id}, ${user.id}) returning id`;
  // the same (unique to this run) phone: the triggers on places make them a likely duplicate pair
  const phone = `+966 59${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const [pairA] = await sql`insert into public.places (slug, name, category_id, phone) values (${`${T}-pair-a`}, 'Matrix pair A', ${usedCategory.id}, ${phone}) returning id`;
  const [pairB] = await sql`insert into public.places (slug, name, category_id, phone) values (${`${T}-pair-b`}, 'Matrix pair B', ${usedCategory.id}, ${phone}) returning id`;
  const [request] = await sql`insert into public.place_requests (type, payload, user_id) values ('create', ${sql.json({ name: 'Matrix ask' })}, ${user.id}) returning id`;
  await sql`insert into storage.buckets (id, name) values (${`${T}`}, ${`${T}`})`;
  for (const bucket of ['places', 'categories', 'website']) {
    await sql`insert into storage.objects (bucket_id, name) values (${bucket}, ${`${T}/target.png`})`;
  }
  // Storage's newer tables: on Supabase only the service role (and Storage's own admin) may write them
  const { analytics, namespace } = await asServiceRole(async (tx) => {
    const [analytics] = await tx`insert into storage.buckets_analytics (name) values (${T}) returning id`;
    const [namespace] = await tx`insert into storage.iceberg_namespaces (bucket_name, name, catalog_id) values (${T}, ${T}, ${analytics!.id}) returning id`;
    await tx`insert into storage.iceberg_tables (namespace_id, bucket_name, name, location, catalog_id) values (${namespace!.id}, ${T}, ${T}, ${`s3://x/${T}`}, ${analytics!.id})`;
    await tx`insert into storage.s3_multipart_uploads (id, upload_signature, bucket_id, key, version) values (${T}, 'sig', 'places', 'target.bin', 'v1')`;
    await tx`insert into storage.s3_multipart_uploads_parts (upload_id, part_number, bucket_id, key, etag, version) values (${T}, 1, 'places', 'target.bin', 'e', 'v1')`;
    return { analytics: analytics!, namespace: namespace! };
  });
  await sql`insert into private.search_terms (term) values (${`${T}target`})`;
  await sql`insert into private.name_readings (latin, arabic, n) values (${`${T}target`}, 'هدف', 1)`;
  await sql`insert into public.idempotency_keys (user_id, key, request_hash, method, path) values (${user.id}, ${`${T}-target`}, ${HASH('b')}, 'POST', '/matrix')`;
  await sql`insert into public.place_slug_redirects (old_slug, place_id) values (${`${T}-old`}, ${place.id})`;
  await sql`insert into private.place_open_intervals (place_id, minutes) values (${place.id}, '[0,60)')`;
  await sql`insert into private.place_hours_unindexed (place_id, reason) values (${place.id}, 'dated')`;
  await sql`insert into private.auth_rate_limits (key, hits) values (${T}, 1)`;
  await sql`insert into private.auth_code_failures (email_hash, purpose) values (${HASH('a')}, 'signup') on conflict do nothing`;
  await sql`insert into private.auth_reset_grants (email_hash, code_hash, user_id, expires_at)
            values (${HASH('c')}, 'x', ${user.id}, now() + interval '1 hour') on conflict (email_hash) do update set user_id = excluded.user_id`;
  f = {
    actors: {
      anon: { claims: ANON_CLAIMS, id: null },
      user: { claims: userClaims(user), id: user.id },
      other: { claims: userClaims(other), id: other.id },
      admin: { claims: userClaims(admin, true), id: admin.id },
      service_role: { claims: { role: 'service_role' }, id: null },
    },
    user, other, bare,
    zone: Number(zone.id), building: Number(building.id), category: Number(category.id), usedCategory: Number(usedCategory.id),
    place: Number(place.id), pairA: Number(pairA.id), pairB: Number(pairB.id), request: Number(request.id), bucket: T,
    analytics: String(analytics.id), namespace: String(namespace.id),
  };
});

afterAll(async () => {
  await sql`delete from public.place_requests where user_id in (${f.user.id}, ${f.other.id})`;
  await sql`delete from public.places where slug like ${`${T}%`}`;
  await sql`delete from public.categories where slug like ${`${T}%`}`;
  await sql`delete from public.zones where slug like ${`${T}%`}`;
  await asServiceRole(async (tx) => {
    await tx`delete from storage.s3_multipart_uploads where id = ${T}`; // its parts cascade
    await tx`delete from storage.buckets_analytics where name = ${T}`; // its namespaces and tables cascade
  });
  // Storage's protect_delete refuses SQL deletes unless the Storage API's setting is on (see the header)
  await sql.begin(async (tx) => {
    await tx`select set_config('storage.allow_delete_query', 'true', true)`;
    await tx`delete from storage.objects where name like ${`${T}/%`}`;
    await tx`delete from storage.buckets where id = ${T}`;
  });
  await sql`delete from private.search_terms where term like ${`${T}%`}`;
  await sql`delete from private.auth_rate_limits where key = ${T}`;
  await sql`delete from private.auth_code_failures where email_hash = ${HASH('a')}`;
  await sql`delete from private.auth_reset_grants where email_hash = ${HASH('c')}`;
  await sql.end();
});

describe('RLS matrix', () => {
  it('covers every table an API role can reach in public, private and storage', async () => {
    const reachable = await sql<{ name: string }[]>`
      select n.nspname || '.' || c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm') and n.nspname in ('public', 'private', 'storage')
        and (n.nspname = 'public'
             or exists (select from unnest(array['anon', 'authenticated', 'service_role']) r
                        where has_table_privilege(r, c.oid, 'select, insert, update, delete')))
      order by 1`;
    const covered = new Set(Object.keys(MATRIX).map(tableOf));
    expect(reachable.map((r) => r.name).filter((name) => !covered.has(name))).toEqual([]);
  });

  for (const [key, expectations] of Object.entries(MATRIX)) {
    describe(key, () => {
      ROLES.forEach((role, r) => {
        OPS.forEach((op, o) => {
          const allowed = expectations[r]![o] !== '-';
          it(`${role} ${op} → ${allowed ? 'allow' : 'deny'}`, async () => {
            expect(expectations[r]![o], 'matrix letter').toBe(allowed ? 'SIUD'[o] : '-');
            const actor = f.actors[role];
            if (NO_TARGET_ROW.has(key)) return expectOutcome(await decidedByCatalogue(key, op, role), allowed);
            expectOutcome(await attempt(actor.claims, (tx) => operate(tx, key, op, f, actor)), allowed);
          });
          // the API's anonymous reads (withAnonRead) see what anon sees in a claims transaction, and write nothing
          if (role === 'anon' && !NO_TARGET_ROW.has(key)) {
            it(`anon ${op} through an anonymous session → ${op === 'select' ? (allowed ? 'allow' : 'deny') : 'read-only'}`, async () => {
              const outcome = await attemptAnonSession((tx) => operate(tx, key, op, f, f.actors.anon));
              if (op === 'select') expectOutcome(outcome, allowed);
              else expect('code' in outcome ? outcome.code : `${outcome.rows} rows changed`).toBe('25006');
            });
          }
        });
      });
    });
  }
});

/** One statement as `role`, rolled back. */
const as = (role: Role, statement: string, params: unknown[] = []) =>
  attempt(f.actors[role].claims, async (tx) => (await tx.unsafe(statement, params as never[])).count);

describe('RLS ownership', () => {
  it('a user reads their own profile, not another user\'s', async () => {
    expect(await as('user', `select 1 from public.profiles where id = $1`, [f.user.id])).toEqual({ rows: 1 });
    expect(await as('user', `select 1 from public.profiles where id = $1`, [f.other.id])).toEqual({ rows: 0 });
    expect(await as('user', `select 1 from public.profiles`)).toEqual({ rows: 1 });
  });

  it('a user updates their own profile, not another user\'s, and cannot move it to another id', async () => {
    expect(await as('user', `update public.profiles set name = 'Mine' where id = $1`, [f.user.id])).toEqual({ rows: 1 });
    expect(await as('user', `update public.profiles set name = 'Theirs' where id = $1`, [f.other.id])).toEqual({ rows: 0 });
    expect(await as('user', `update public.profiles set name = 'Everyone'`)).toEqual({ rows: 1 });
    expectOutcome(await as('user', `update public.profiles set id = $2 where id = $1`, [f.user.id, f.bare.id]), false);
  });

  it('a user reads their own requests, not another user\'s', async () => {
    expect(await as('user', `select 1 from public.place_requests where id = $1`, [f.request])).toEqual({ rows: 1 });
    expect(await as('other', `select 1 from public.place_requests where id = $1`, [f.request])).toEqual({ rows: 0 });
    expect(await as('other', `select 1 from public.place_requests where user_id = $1`, [f.user.id])).toEqual({ rows: 0 });
  });

  /** A request insert naming only the given columns (defaults: a pending create request of "user"). */
  const insertRequest = (role: Role, columns: Record<string, unknown> = {}) => {
    const row: Record<string, unknown> = { type: 'create', status: 'pending', payload: { name: 'x' }, user_id: f.user.id, ...columns };
    const names = Object.keys(row);
    return as(role, `insert into public.place_requests (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
  };

  it('a user inserts pending requests for themselves only: never approved/rejected, reviewed, dated, or for another user', async () => {
    expect(await insertRequest('user')).toEqual({ rows: 1 });
    const now = new Date().toISOString();
    for (const [label, columns] of Object.entries({
      approved: { status: 'approved', reviewed_at: now },
      rejected: { status: 'rejected', reviewed_at: now, rejection_reason: 'self' },
      'reviewed by themself': { reviewed_by: f.user.id },
      'with a rejection reason': { rejection_reason: 'pre-rejected' },
      'dated in the past (ahead in the approve-all queue)': { created_at: '2000-01-01T00:00:00Z' },
      'with an updated_at': { updated_at: '2000-01-01T00:00:00Z' },
      'for another user': { user_id: f.other.id },
      'for nobody': { user_id: null },
    })) {
      expectOutcome(await insertRequest('user', columns), false, label);
    }
  });

  it('a user asks to edit only places they own; a create request names no place', async () => {
    expect(await insertRequest('user', { type: 'edit', place_id: f.place })).toEqual({ rows: 1 });
    expectOutcome(await insertRequest('other', { type: 'edit', user_id: f.other.id, place_id: f.place }), false);
    expectOutcome(await insertRequest('user', { type: 'create', place_id: f.place }), false);
  });

  it('the "before" values of a user\'s edit request come from the place, whatever the caller sends', async () => {
    const forged = { name: 'Not what it was', phone: '+1 555 0100', details: { description: 'forged' } };
    const previous = await attempt(f.actors.user.claims, async (tx) => {
      const [row] = await tx`insert into public.place_requests (type, status, payload, previous, place_id, user_id)
                             values ('edit', 'pending', ${tx.json({ name: 'New name', phone: '+966 11 000 0000', details: { description: 'New' } })},
                                     ${tx.json(forged)}, ${f.place}, ${f.user.id}) returning previous`;
      expect(row!.previous).toEqual({ name: 'Matrix place', phone: null, details: { description: null } });
      return 1;
    });
    expect(previous).toEqual({ rows: 1 });
    const create = await attempt(f.actors.user.claims, async (tx) => {
      const [row] = await tx`insert into public.place_requests (type, status, payload, previous, user_id)
                             values ('create', 'pending', ${tx.json({ name: 'Brand new' })}, ${tx.json(forged)}, ${f.user.id}) returning previous`;
      expect(row!.previous).toBeNull();
      return 1;
    });
    expect(create).toEqual({ rows: 1 });
  });

  it('a user changes only the name of their profile', async () => {
    expect(await as('user', `update public.profiles set name = 'Only the name' where id = $1`, [f.user.id])).toEqual({ rows: 1 });
    expectOutcome(await as('user', `update public.profiles set created_at = '2000-01-01' where id = $1`, [f.user.id]), false, 'created_at');
    expectOutcome(await as('user', `update public.profiles set updated_at = '2000-01-01' where id = $1`, [f.user.id]), false, 'updated_at');
  });

  it('a user cannot review requests: not their own, not by calling the moderation functions', async () => {
    expect(await as('user', `update public.place_requests set status = 'approved', reviewed_at = now() where id = $1`, [f.request])).toEqual({ rows: 0 });
    expectOutcome(await as('user', `select public.approve_place_request($1)`, [f.request]), false);
    expectOutcome(await as('user', `select public.reject_place_request($1, 'no')`, [f.request]), false);
    expect(await sql`select status from public.place_requests where id = ${f.request}`).toEqual([{ status: 'pending' }]);
  });

  it('the private helpers a user may execute do not write past RLS, and request_user shows only the caller', async () => {
    // security invoker helpers of the moderation functions: as a user, the places policies still decide
    expectOutcome(await as('user', `select private.insert_place_from_payload($1::jsonb, $2)`, [{ name: 'Sneaky', categoryId: f.usedCategory }, f.user.id]), false, 'insert_place_from_payload');
    expect(await as('user', `select private.apply_place_changes($1, $2::jsonb)`, [f.place, { name: 'Hijacked' }])).toEqual({ rows: 1 });
    expect(await sql`select name from public.places where id = ${f.place}`).toEqual([{ name: 'Matrix place' }]);
    const who = async (role: Role, id: string) => {
      let out: unknown;
      await attempt(f.actors[role].claims, async (tx) => {
        out = (await tx`select private.request_user(${id}) as u`)[0]!.u;
        return 1;
      });
      return out;
    };
    expect(await who('user', f.other.id)).toBeNull();
    expect(await who('user', f.user.id)).toMatchObject({ id: f.user.id });
    expect(await who('admin', f.other.id)).toMatchObject({ id: f.other.id });
    expect(await as('anon', `select private.request_user($1)`, [f.user.id])).toMatchObject({ code: '42501' });
  });

  it('nobody but the service role can set app_metadata: auth.users is out of reach of every API role', async () => {
    for (const role of ['anon', 'user', 'other', 'admin'] as const) {
      const id = role === 'anon' ? f.user.id : f.actors[role].id;
      for (const statement of [
        `update auth.users set raw_app_meta_data = '{"role":"admin"}' where id = $1`,
        `select 1 from auth.users where id = $1`,
        `delete from auth.users where id = $1`,
      ]) {
        expect(await as(role, statement, [id]), `${role}: ${statement}`).toMatchObject({ code: '42501' });
      }
      expect(await as(role, `insert into auth.users (id, email, raw_app_meta_data) values (gen_random_uuid(), 'x@example.test', '{"role":"admin"}')`))
        .toMatchObject({ code: '42501' });
    }
  });

  it('no table an API role may write has a column that could carry app_metadata or a role', async () => {
    const columns = await sql<{ name: string }[]>`
      select n.nspname || '.' || c.relname || '.' || a.attname as name
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v')
        and (a.attname ~* 'meta_?data|^role$|is_admin|admin' )
        and (has_column_privilege('anon', a.attrelid, a.attnum, 'insert, update')
             or has_column_privilege('authenticated', a.attrelid, a.attnum, 'insert, update'))`;
    // Supabase Storage's own columns of storage.objects, writable by whoever the policies let write a row
    // (admins only here, matrix): metadata is the file's (mimetype, size), user_metadata the uploader's
    // free-form metadata. No policy or function reads either, so neither can grant a role.
    const STORAGE_OWN = ['storage.objects.metadata', 'storage.objects.user_metadata'];
    expect(columns.map((c) => c.name).filter((n) => !STORAGE_OWN.includes(n))).toEqual([]);
    const policies = await sql<{ qual: string | null; with_check: string | null }[]>`
      select qual, with_check from pg_policies where schemaname = 'storage' and tablename = 'objects'`;
    expect(policies.map((p) => `${p.qual} ${p.with_check}`).join(' ')).not.toMatch(/metadata/);
  });

  it('user_metadata.role = admin (which users can edit) grants nothing; only app_metadata.role does', async () => {
    const forged: JwtClaims = { ...f.actors.user.claims, user_metadata: { role: 'admin' } };
    const insertZone = `insert into public.zones (slug, title) values ('${T}-forged', 'Forged')`;
    expectOutcome(await attempt(forged, async (tx) => (await tx.unsafe(insertZone)).count), false);
    const topLevel: JwtClaims = { ...f.actors.user.claims, is_admin: true, admin: true };
    expectOutcome(await attempt(topLevel, async (tx) => (await tx.unsafe(insertZone)).count), false);
    expectOutcome(await attempt(f.actors.admin.claims, async (tx) => (await tx.unsafe(insertZone)).count), true);
  });
});

/**
 * Column cells: user ids hidden from the Data API by column privileges (migration 20260101005101). Per role:
 * `select <column>` directly (S = allowed, '-' = 42501), and the value the role gets through the column's
 * checked path (a security-definer function): 'id' = the real user id, 'null' = nothing, '-' = 42501.
 * Target place: owned by "user"; target request: "user"'s, rejected by "admin".
 */
// prettier-ignore
const COLUMN_MATRIX: Record<string, { direct: [string, string, string, string, string]; path: [string, string, string, string, string] }> = {
  //                                       anon    user    other   admin   service_role
  'public.places.owner_id':          { direct: ['-', '-', '-', '-', 'S'], path: ['-', 'id', 'null', 'id', 'id'] },
  'public.place_requests.reviewed_by': { direct: ['-', '-', '-', '-', 'S'], path: ['-', 'null', 'null', 'id', 'id'] },
};

describe('RLS matrix: hidden columns', () => {
  let reviewed: number;
  beforeAll(async () => {
    const admin = f.actors.admin.id!;
    const [r] = await sql`insert into public.place_requests (type, payload, user_id, status, rejection_reason, reviewed_by, reviewed_at)
                          values ('create', ${sql.json({ name: 'Matrix reviewed' })}, ${f.user.id}, 'rejected', 'matrix', ${admin}, now()) returning id`;
    reviewed = Number(r!.id);
  });

  const target = (column: string) => column.startsWith('public.places.')
    ? { table: 'public.places', id: () => f.place, path: 'private.place_owner', expected: () => f.user.id }
    : { table: 'public.place_requests', id: () => reviewed, path: 'private.request_reviewer', expected: () => f.actors.admin.id! };

  for (const [column, cells] of Object.entries(COLUMN_MATRIX)) {
    describe(column, () => {
      const name = column.split('.').pop()!;
      ROLES.forEach((role, r) => {
        it(`${role} select ${name} → ${cells.direct[r] === 'S' ? 'allow' : 'deny'}`, async () => {
          const t = target(column);
          const outcome = await as(role, `select ${name} from ${t.table} where id = $1`, [t.id()]);
          if (cells.direct[r] === 'S') expect(outcome).toEqual({ rows: 1 });
          else expect('code' in outcome ? outcome.code : `read ${outcome.rows} row(s)`).toBe('42501');
        });

        it(`${role} through its path → ${cells.path[r]}`, async () => {
          const t = target(column);
          let value: unknown;
          const outcome = await attempt(f.actors[role].claims, async (tx) => {
            value = (await tx.unsafe(`select ${t.path}($1) as v`, [t.id()]))[0]!.v;
            return 1;
          });
          if (cells.path[r] === '-') expect('code' in outcome ? outcome.code : `got ${String(value)}`).toBe('42501');
          else expect(value).toBe(cells.path[r] === 'id' ? t.expected() : null);
        });
      });
    });
  }
});

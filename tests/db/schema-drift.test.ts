import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '../../src/server/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded.ts';
import { applyLocalBootstrap, applySchemaFiles, listSchemaFiles, migrate } from '../../src/server/db/migrate.ts';
import { diffCatalogs, readCatalog } from '../helpers/catalog.ts';
import { freePort } from '../helpers/free-port.ts';

/**
 * supabase/schemas (what a person reads) and supabase/migrations (what deploys) describe the same
 * database. Both are applied to fresh databases of a cluster this file starts itself (so it needs no
 * CREATEDB right on TEST_DATABASE_URL's server and runs the same in CI on a Supabase-shaped database),
 * after the same bootstrap the migration runner uses, and their catalogs are compared object by object.
 */
const FOLD_HINT =
  'The schema files and the migrations disagree. Fold the migration into supabase/schemas (README, "Changing the database"):\n' +
  '`npm run db:schema-ddl -- --fresh <schema.name>` prints an object as the migrations leave it.';

let cluster: EmbeddedDatabase;
let dir: string;
let fromMigrations: Sql;
let fromSchemas: Sql;

async function freshDatabase(name: string): Promise<Sql> {
  const admin = createSql(cluster.url, { max: 1 });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  const sql = createSql(url.toString(), { max: 1 });
  await applyLocalBootstrap(sql);
  return sql;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'schema-drift-'));
  chmodSync(dir, 0o755); // the server runs as `postgres` when the tests run as root
  cluster = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  fromMigrations = await freshDatabase('from_migrations');
  fromSchemas = await freshDatabase('from_schemas');
  await migrate(fromMigrations);
  await applySchemaFiles(fromSchemas);
}, 180_000);

afterAll(async () => {
  await fromMigrations?.end();
  await fromSchemas?.end();
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('declarative schema files', () => {
  it('lists every file of supabase/schemas in config.toml schema_paths, once', () => {
    const listed = listSchemaFiles().map((f) => path.basename(f));
    const present = readdirSync(fileURLToPath(new URL('../../supabase/schemas', import.meta.url))).filter((f) => f.endsWith('.sql'));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...present].sort());
  });

  it('build the same database as the migrations (tables, columns, constraints, indexes, RLS, policies, grants, functions, triggers, views, sequences, types)', async () => {
    const [migrated, declared] = await Promise.all([readCatalog(fromMigrations), readCatalog(fromSchemas)]);
    // the comparison sees the objects that matter (a catalog read that silently returned nothing would pass)
    for (const key of ['table public.places', 'column public.places.name', 'policy public.places "Anyone can read places"',
      'function private.is_admin()', 'trigger public.places record_change', 'index public.places_name_en_idx',
      'constraint public.places places_pkey', 'sequence public.places_id_seq', 'schema private', 'extension cube']) {
      expect(migrated.has(key), key).toBe(true);
    }
    const drift = diffCatalogs(migrated, declared, ['migrations', 'schema files']);
    expect(drift, `${FOLD_HINT}\n\n${drift.join('\n')}\n`).toEqual([]);
  });

  it('hold the rows the migrations insert (the settings row, the storage buckets)', async () => {
    const rows = (db: Sql) => db`
      select (select json_agg(s order by s.id) from (select id, site_name, site_name_ar, site_description, site_description_ar, time_zone
                                                     from public.website_settings) s) as settings,
             (select json_agg(b order by b.id) from (select id, name, public, file_size_limit, allowed_mime_types from storage.buckets) b) as buckets,
             (select count(*)::int from public.audit_log) as history`;
    const [migrated] = await rows(fromMigrations);
    const [declared] = await rows(fromSchemas);
    expect(migrated.buckets).toHaveLength(3);
    expect(declared).toEqual(migrated);
  });
});

describe('the drift report', () => {
  it('names the object, the attribute and both values', async () => {
    const a = await readCatalog(fromMigrations);
    const b = new Map(a);
    b.set('function private.is_admin()', { ...a.get('function private.is_admin()')!, volatility: 'v' });
    b.delete('policy public.places "Anyone can read places"');
    b.set('index public.places_extra_idx', { definition: 'CREATE INDEX places_extra_idx ON public.places USING btree (slug)' });
    expect(diffCatalogs(a, b, ['migrations', 'schema files'])).toEqual([
      'function private.is_admin(): volatility\n    migrations:   s\n    schema files: v',
      'only in schema files: index public.places_extra_idx',
      'only in migrations: policy public.places "Anyone can read places"',
    ]);
  });
});

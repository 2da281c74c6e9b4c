import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../src/server/stack.ts';
import { freePort } from '../helpers/free-port.ts';

/**
 * "A second start keeps every row": the embedded stack on its own data folder and port, started,
 * changed, stopped and started again, must come back with every row as it was — no re-seed (which
 * would undo an edit), no duplicate, no migration re-applied.
 */
const TABLES = ['categories', 'zones', 'buildings', 'places', 'profiles', 'place_requests', 'website_settings'];

async function snapshot(sql: Sql): Promise<Record<string, { rows: number; digest: string }>> {
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const table of TABLES) {
    const [r] = await sql.unsafe(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from public.${table} t`);
    out[table] = { rows: r.rows, digest: r.digest };
  }
  const [users] = await sql`select count(*)::int as rows, md5(coalesce(string_agg(id::text || email, '|' order by id), '')) as digest from auth.users`;
  out['auth.users'] = { rows: users.rows, digest: users.digest };
  return out;
}

let dir: string;
let port: number;
let stack: Stack | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-directory-restart-'));
  chmodSync(dir, 0o755); // when run as root, Postgres runs as `postgres` and must reach its folder
  port = await freePort();
}, 30_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('embedded stack restart', () => {
  let first: Awaited<ReturnType<typeof snapshot>>;

  it('first start migrates and seeds the dataset exactly once', async () => {
    stack = await startStack({ dataDir: dir, embeddedPort: port });
    expect(stack.embedded).not.toBeNull();
    expect(stack.migrationsApplied.length).toBeGreaterThanOrEqual(7);
    expect(stack.seeded).toEqual({ categories: 20, zones: 148, buildings: 57, places: 3289 });
    const counts = await snapshot(stack.sql);
    expect([counts.categories.rows, counts.zones.rows, counts.buildings.rows, counts.places.rows, counts.website_settings.rows])
      .toEqual([20, 148, 57, 3289, 1]);
  }, 180_000);

  it('keeps every row, including edits and user data, across stop and start', async () => {
    const sql = stack!.sql;
    // user data and an edit to a seeded row: a re-seed would revert the rename
    await sql`update public.places set name = 'Renamed before restart' where id = (select min(id) from public.places)`;
    const [user] = await sql`insert into auth.users (email, email_confirmed_at, raw_user_meta_data)
                             values ('restart@example.test', now(), ${sql.json({ name: 'Restart' })}) returning id`;
    await sql`insert into public.place_requests (type, payload, user_id) values ('create', ${sql.json({ name: 'Kept' })}, ${user.id})`;
    await sql`insert into public.categories (slug, name) values ('added-before-restart', 'Added before restart')`;
    first = await snapshot(sql);
    expect(first.places.rows).toBe(3289);
    expect(first.categories.rows).toBe(21);

    await stack!.stop();
    stack = undefined;
    stack = await startStack({ dataDir: dir, embeddedPort: port });
    expect(stack.migrationsApplied).toEqual([]);
    expect(stack.seeded).toBeNull();
    expect(await snapshot(stack.sql)).toEqual(first);
    const [renamed] = await stack.sql`select name from public.places where id = (select min(id) from public.places)`;
    expect(renamed.name).toBe('Renamed before restart');
  }, 180_000);
});

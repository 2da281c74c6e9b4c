import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims, type JwtClaims } from '../../src/server/db/client.ts';
import { createUser, ownerSql } from '../helpers/api.ts';
import { tag } from '../helpers/admin-api.ts';

/**
 * The history is written by the database (supabase/migrations/20260101005700_history.sql): a change
 * made outside the API — here psql-style SQL on the owner connection — is recorded too, with no actor
 * and the database role; a change made with an admin's claims names that admin.
 */
const sql = ownerSql();
let category: number;
let admin: { id: string; email: string };
const adminClaims = (): JwtClaims => ({ sub: admin.id, email: admin.email, role: 'authenticated', aud: 'authenticated', app_metadata: { role: 'admin' } });

beforeAll(async () => {
  admin = await createUser(sql, { role: 'admin' });
  category = Number((await sql`select id from public.categories order by id limit 1`)[0]!.id);
});
afterAll(() => sql.end());

const entries = (entity: string, id: number) =>
  sql`select operation, actor_id, actor_role, before, after, request_id from public.audit_log
      where entity = ${entity} and entity_id = ${id} order by id`;

describe('audit rows written by the database', () => {
  it('a direct SQL insert, update and delete as the owner role: no actor, the role recorded, only changed columns', async () => {
    const slug = tag('hist');
    const [place] = await sql`insert into public.places (slug, name, category_id) values (${slug}, 'Direct place', ${category}) returning id`;
    const id = Number(place!.id);
    await sql`update public.places set phone = '+966 11 000 0000' where id = ${id}`;
    await sql`update public.places set name = name where id = ${id}`; // no change: no row
    await sql`delete from public.places where id = ${id}`;
    const [owner] = await sql`select session_user as role`;
    const rows = await entries('place', id);
    expect(rows.map((r) => r.operation)).toEqual(['insert', 'update', 'delete']);
    for (const r of rows) expect(r).toMatchObject({ actor_id: null, actor_role: owner!.role, request_id: null });
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ id, slug, name: 'Direct place', phone: null });
    expect(rows[0]!.after).not.toHaveProperty('search_text');
    expect(rows[1]).toMatchObject({ before: { phone: null }, after: { phone: '+966 11 000 0000' } });
    expect(Object.keys(rows[1]!.before)).toEqual(['phone']);
    expect(rows[2]!.after).toBeNull();
    expect(rows[2]!.before).toMatchObject({ id, slug, phone: '+966 11 000 0000' });
  });

  it('a change with an admin\'s claims names the admin (auth.uid()) and the JWT role', async () => {
    const [zone] = await sql`insert into public.zones (slug, title) values (${tag('histz')}, 'History zone') returning id`;
    await withClaims(sql, adminClaims(), (tx) => tx`update public.zones set title = 'Renamed zone' where id = ${zone!.id}`);
    const rows = await entries('zone', Number(zone!.id));
    expect(rows.at(-1)).toMatchObject({ operation: 'update', actor_id: admin.id, actor_role: 'authenticated', before: { title: 'History zone' }, after: { title: 'Renamed zone' } });
  });

  it('website settings, categories and buildings are recorded too', async () => {
    const [before] = await sql`select site_description from public.website_settings`;
    await sql`update public.website_settings set site_description = ${before!.site_description + ' '}`;
    await sql`update public.website_settings set site_description = ${before!.site_description}`;
    const website = await entries('website', 1);
    expect(website.at(-1)).toMatchObject({ operation: 'update', after: { site_description: before!.site_description } });
    const [cat] = await sql`insert into public.categories (slug, name) values (${tag('histc')}, 'History category') returning id`;
    expect((await entries('category', Number(cat!.id))).map((r) => r.operation)).toEqual(['insert']);
    const [zone] = await sql`insert into public.zones (slug, title) values (${tag('histz')}, 'Z') returning id`;
    const [building] = await sql`insert into public.buildings (zone_id, slug, name) values (${zone!.id}, ${tag('histb')}, 'B') returning id`;
    await sql`delete from public.zones where id = ${zone!.id}`;
    expect((await entries('building', Number(building!.id))).map((r) => r.operation)).toEqual(['insert', 'delete']);
  });

  it('approving a request links the place\'s audit row to the request', async () => {
    const user = await createUser(sql);
    const [request] = await sql`insert into public.place_requests (type, payload, user_id)
                                values ('create', ${sql.json({ name: `Approved ${tag()}`, categoryId: category })}, ${user.id}) returning id`;
    const approved = await withClaims(sql, adminClaims(), (tx) => tx`select (public.approve_place_request(${request!.id})).place_id`);
    const rows = await entries('place', Number(approved[0]!.place_id));
    expect(rows).toEqual([expect.objectContaining({ operation: 'insert', actor_id: admin.id, request_id: request!.id })]);
  });

  it('nobody writes audit rows directly, not even an admin or the service role', async () => {
    for (const claims of [adminClaims(), { role: 'service_role' } as JwtClaims]) {
      await expect(withClaims(sql, claims, (tx) => tx`delete from public.audit_log`)).rejects.toMatchObject({ code: '42501' });
      await expect(withClaims(sql, claims, (tx) => tx`update public.audit_log set actor_role = 'x'`)).rejects.toMatchObject({ code: '42501' });
    }
  });
});

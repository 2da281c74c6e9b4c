import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '../../src/server/db/client.ts';
import { idempotentOperation } from '../../src/server/http/idempotency-middleware.ts';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '../../src/shared/idempotency-headers.ts';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';

/** Idempotency-Key on the API's writes (issue #29, decision 045): real Postgres, the Hono app as Node and the Edge Function run it. */
const sql = ownerSql();
const app = testApp(sql);
type User = Awaited<ReturnType<typeof createUser>>;
let user: User;
let other: User;
let categoryId: number;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  user = await createUser(sql, { name: 'Offline contributor' });
  other = await createUser(sql);
  [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
});
afterAll(() => sql.end());

const call = caller(app);

const requestsNamed = async (name: string) => Number((await sql`select count(*) from public.place_requests where payload->>'name' = ${name}`)[0].count);
const place = (name: string) => ({ name, categoryId, phone: '+966 11 222 3333' });

describe('Idempotency-Key on POST /public/places', () => {
  it('answers a repeat of the same key and body with the first answer, writing once', async () => {
    const key = randomUUID();
    const name = `Idem cafe ${tag}`;
    const first = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(name) });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(name) });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.text).toBe(first.text);
    expect(await requestsNamed(name)).toBe(1);
  });

  it('answers the same key with another body 422 idempotency_key_reused (in the request language), writing nothing more', async () => {
    const key = randomUUID();
    const name = `Idem reuse ${tag}`;
    expect((await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(name) })).status).toBe(201);
    const other = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(`${name} 2`) });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    const ar = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key, 'Accept-Language': 'ar' }, body: place(`${name} 3`) });
    expect(ar.status).toBe(422);
    expect(ar.body.error.message).toMatch(/مفتاح/);
    expect(await requestsNamed(name)).toBe(1);
    expect(await requestsNamed(`${name} 2`)).toBe(0);
  });

  it('writes once for concurrent duplicates: every answer is the one request', async () => {
    const key = randomUUID();
    const name = `Idem parallel ${tag}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () =>
      call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(name) })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await requestsNamed(name)).toBe(1);
  });

  it('keeps keys per user: the same key of another user is their own request', async () => {
    const key = randomUUID();
    const name = `Idem per user ${tag}`;
    const mine = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(name) });
    const theirs = await call('POST', '/public/places', { headers: { ...other.authHeader, 'Idempotency-Key': key }, body: place(name) });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.data.user.id).toBe(other.id);
    expect(await requestsNamed(name)).toBe(2);
  });

  it('replays a 400 answer too, and leaves requests without the header alone', async () => {
    const key = randomUUID();
    const bad = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: { name: '' } });
    expect(bad.status).toBe(400);
    const again = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: { name: '' } });
    expect([again.status, again.headers.get('idempotent-replayed'), again.text]).toEqual([400, 'true', bad.text]);
    const name = `Idem none ${tag}`;
    await call('POST', '/public/places', { headers: user.authHeader, body: place(name) });
    await call('POST', '/public/places', { headers: user.authHeader, body: place(name) });
    expect(await requestsNamed(name)).toBe(2);
  });

  it('answers a malformed key 400 idempotency_key_invalid, and anonymous callers 401 as before', async () => {
    for (const key of ['', 'x'.repeat(256), 'with space', 'tab\there']) {
      const res = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(`Idem bad key ${tag}`) });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('idempotency_key_invalid');
    }
    expect(await requestsNamed(`Idem bad key ${tag}`)).toBe(0);
    const anon = await call('POST', '/public/places', { headers: { 'Idempotency-Key': randomUUID() }, body: place(`Idem anon ${tag}`) });
    expect(anon.status).toBe(401);
  });
});

describe('Idempotency-Key on the other writes', () => {
  it('makes an edit request once', async () => {
    const slug = `idem-${randomUUID().slice(0, 12)}`;
    const [{ id }] = await sql<{ id: number }[]>`
      insert into public.places (slug, name, category_id, owner_id, phone) values (${slug}, ${`Idem owned ${slug}`}, ${categoryId}, ${user.id}, '+966 11 111 1111') returning id::int`;
    const key = randomUUID();
    const body = { changes: { phone: '+966 11 999 9999' } };
    const answers = await Promise.all([1, 2, 3].map(() =>
      call('POST', `/public/auth/places/${id}/edit-request`, { headers: { ...user.authHeader, 'Idempotency-Key': key }, body })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(Number((await sql`select count(*) from public.place_requests where place_id = ${id}`)[0].count)).toBe(1);
  });

  it('scopes a key to its path: the same key on another place is another request (422)', async () => {
    const ids = [];
    for (const n of [1, 2]) {
      const slug = `idem-${n}-${randomUUID().slice(0, 12)}`;
      const [{ id }] = await sql<{ id: number }[]>`
        insert into public.places (slug, name, category_id, owner_id) values (${slug}, ${`Idem owned ${slug}`}, ${categoryId}, ${user.id}) returning id::int`;
      ids.push(id);
    }
    const key = randomUUID();
    const body = { changes: { phone: '+966 11 999 9999' } };
    expect((await call('POST', `/public/auth/places/${ids[0]}/edit-request`, { headers: { ...user.authHeader, 'Idempotency-Key': key }, body })).status).toBe(201);
    const second = await call('POST', `/public/auth/places/${ids[1]}/edit-request`, { headers: { ...user.authHeader, 'Idempotency-Key': key }, body });
    expect(second.status).toBe(422);
    expect(Number((await sql`select count(*) from public.place_requests where place_id = ${ids[1]}`)[0].count)).toBe(0);
  });
});

describe('public.idempotency_keys', () => {
  it('keeps keys 24 hours: the shared constant equals the database one, and the purge drops older keys', async () => {
    const [{ hours }] = await sql<{ hours: number }[]>`select extract(epoch from private.idempotency_key_ttl())::int / 3600 as hours`;
    expect(hours).toBe(IDEMPOTENCY_KEY_TTL_HOURS);
    const key = randomUUID();
    const name = `Idem expired ${tag}`;
    await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(name) });
    await sql`update public.idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`;
    // an expired key is a new request
    const again = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(name) });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await requestsNamed(name)).toBe(2);
    await sql`update public.idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`;
    const [{ purged }] = await sql<{ purged: number }[]>`select private.purge_idempotency_keys() as purged`;
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await sql`select 1 from public.idempotency_keys where key = ${key}`).toHaveLength(0);
  });

  it('shows each user only their own keys (RLS) and nothing to anonymous callers', async () => {
    const key = randomUUID();
    await call('POST', '/public/places', { headers: { ...user.authHeader, 'Idempotency-Key': key }, body: place(`Idem rls ${tag}`) });
    const as = (u: User) => withClaims(sql, { role: 'authenticated', sub: u.id }, (tx) => tx`select response_body from public.idempotency_keys where key = ${key}`);
    expect(await as(user)).toHaveLength(1);
    expect(await as(other)).toHaveLength(0);
    await expect(withClaims(sql, { role: 'anon' }, (tx) => tx`select 1 from public.idempotency_keys`)).rejects.toThrow(/permission denied/);
    // another user can neither forge a key of the first one nor store an answer
    await expect(withClaims(sql, { role: 'authenticated', sub: other.id }, (tx) => tx`
      insert into public.idempotency_keys (user_id, key, request_hash, method, path) values (${user.id}, 'forged', ${'0'.repeat(64)}, 'POST', '/x')`)).rejects.toThrow(/row-level security/);
    const changed = await withClaims(sql, { role: 'authenticated', sub: other.id }, (tx) => tx`update public.idempotency_keys set response_body = 'x' where key = ${key}`);
    expect(changed.count).toBe(0);
  });
});

describe('OpenAPI document', () => {
  it('documents the header and 422 on the writes that honour it, not on sign-in', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const op = doc.paths['/api/public/places'].post;
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(op.responses['422']).toBeDefined();
    expect(op.responses['201'].headers['Idempotent-Replayed']).toBeDefined();
    expect(doc.paths['/api/public/auth/places/{id}/edit-request'].post.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key' }));
    expect(doc.paths['/api/admin/categories'].post.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key' }));
    // answers carrying tokens are never stored; multipart uploads stream their body
    for (const [method, path] of [['POST', '/api/public/auth/login'], ['PUT', '/api/public/auth/change-password'], ['POST', '/api/admin/auth/logout'], ['POST', '/api/public/auth/upload/place-image']]) {
      expect(idempotentOperation(method!, path!, true)).toBe(false);
    }
    expect(idempotentOperation('POST', '/api/public/places', false)).toBe(false);
    expect(doc.paths['/api/public/places'].get.parameters?.some((p: { name: string }) => p.name === 'Idempotency-Key') ?? false).toBe(false);
  });
});

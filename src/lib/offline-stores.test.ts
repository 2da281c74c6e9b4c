import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { offlineDb } from './offline-db.ts';
import { clearUserOfflineData } from './offline-user-data.ts';
import { confirmResend, isRetryableFailure, listOutbox, OUTBOX_KEY_WINDOW_MS, queueRequest, removeOutboxEntry, sendOutbox, type OutboxInput } from './outbox.ts';
import { getSavedPlace, listSavedPlaces, refreshSavedPlace, refreshSavedPlaces, removeSavedPlace, savePlace, subscribeSavedPlaces, type SavablePlace } from './saved-places.ts';

const place = (slug: string, overrides: Partial<SavablePlace> = {}): SavablePlace => ({
  slug, id: slug.length, name: `Place ${slug}`, nameAr: `مكان ${slug}`,
  category: { id: 1, slug: 'cafes', name: 'Cafes', nameAr: 'مقاهٍ' } as SavablePlace['category'],
  zone: { id: 2, slug: 'olaya', title: 'Olaya', titleAr: 'العليا' } as SavablePlace['zone'],
  address: 'King Fahd Rd', addressAr: 'طريق الملك فهد', phone: '+966 11 000 0000', openingHours: '24/7', hours: null,
  latitude: 24.7, longitude: 46.68, ...overrides,
});

const input = (userId: string, overrides: Partial<OutboxInput> = {}): OutboxInput => ({
  userId, kind: 'create', path: '/public/places', body: { name: 'New café', categoryId: 1 }, idempotencyKey: crypto.randomUUID(),
  label: { name: 'New café', nameAr: null }, ...overrides,
});

const apiError = (status: number, code = 'x', message = 'm') => Object.assign(new Error(message), { status, code });

beforeEach(async () => {
  const db = await offlineDb();
  await db.clear('savedPlaces');
  await db.clear('outbox');
});

describe('saved places', () => {
  it('keeps the public detail, most recently saved first, and tells listeners', async () => {
    let changes = 0;
    const off = subscribeSavedPlaces(() => changes++);
    await savePlace(place('a'));
    await new Promise((r) => setTimeout(r, 5));
    await savePlace(place('b'));
    off();
    expect(changes).toBe(2);
    const list = await listSavedPlaces();
    expect(list.map((p) => p.slug)).toEqual(['b', 'a']);
    expect(list[1]).toMatchObject({ name: 'Place a', nameAr: 'مكان a', category: { slug: 'cafes', nameAr: 'مقاهٍ' }, zone: { titleAr: 'العليا' }, phone: '+966 11 000 0000', latitude: 24.7 });
    // only the public detail: no ids of category/zone, nothing else of the answer
    expect(Object.keys(list[1].category)).toEqual(['slug', 'name', 'nameAr']);
  });

  it('saving again keeps the first savedAt; a refresh replaces the detail of saved places only', async () => {
    const first = await savePlace(place('a'));
    await new Promise((r) => setTimeout(r, 5));
    await savePlace(place('a', { phone: '1' }));
    expect((await getSavedPlace('a'))?.savedAt).toBe(first.savedAt);
    expect(await refreshSavedPlace(place('a', { name: 'Renamed' }))).toBe(true);
    expect(await refreshSavedPlace(place('z'))).toBe(false);
    expect((await getSavedPlace('a'))?.name).toBe('Renamed');
    expect(await getSavedPlace('z')).toBeUndefined();
  });

  it('refreshSavedPlaces: fresh copies, 404 marks unavailable (kept), the network gone stops', async () => {
    await savePlace(place('a'));
    await savePlace(place('gone'));
    await savePlace(place('c'));
    const asked: string[] = [];
    const refreshed = await refreshSavedPlaces(async (slug) => {
      asked.push(slug);
      if (slug === 'gone') throw apiError(404);
      return place(slug, { name: `Fresh ${slug}` });
    });
    expect(refreshed).toBe(2);
    expect((await getSavedPlace('gone'))?.unavailable).toBe(true);
    expect((await getSavedPlace('a'))?.name).toBe('Fresh a');
    asked.length = 0;
    await refreshSavedPlaces(async (slug) => {
      asked.push(slug);
      throw apiError(0);
    });
    expect(asked).toHaveLength(1);
  });

  it('remove', async () => {
    await savePlace(place('a'));
    await removeSavedPlace('a');
    expect(await listSavedPlaces()).toEqual([]);
  });
});

describe('outbox', () => {
  it('classifies failures: the network, 5xx, 429, 409, 401 wait; other 4xx are the API’s answer', () => {
    for (const s of [0, 401, 408, 409, 429, 500, 503]) expect(isRetryableFailure(apiError(s)), String(s)).toBe(true);
    for (const s of [400, 403, 404, 422]) expect(isRetryableFailure(apiError(s)), String(s)).toBe(false);
    expect(isRetryableFailure(new Error('x'))).toBe(false);
  });

  it('keeps entries per user, oldest first', async () => {
    const a = await queueRequest(input('u1'));
    await new Promise((r) => setTimeout(r, 5));
    const b = await queueRequest(input('u1', { kind: 'edit', path: '/public/auth/places/3/edit-request', placeId: 3 }));
    await queueRequest(input('u2'));
    expect((await listOutbox('u1')).map((e) => e.id)).toEqual([a.id, b.id]);
    expect((await listOutbox('u1'))[0]).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('every retry carries the key of the first send; an answer removes the entry', async () => {
    const entry = await queueRequest(input('u1'));
    const keys: string[] = [];
    let fail = true;
    const send = async (e: { idempotencyKey: string }) => {
      keys.push(e.idempotencyKey);
      if (fail) throw apiError(0);
      return { id: 7 };
    };
    expect(await sendOutbox('u1', send)).toMatchObject({ sent: [], waiting: 1 });
    expect((await listOutbox('u1'))[0].attempts).toBe(1);
    expect(await sendOutbox('u1', send)).toMatchObject({ waiting: 1 });
    fail = false;
    const result = await sendOutbox('u1', send);
    expect(result.sent).toHaveLength(1);
    expect(result.sent[0].answer).toEqual({ id: 7 });
    expect(keys).toEqual([entry.idempotencyKey, entry.idempotencyKey, entry.idempotencyKey]);
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('concurrent sends in one page send each entry once', async () => {
    await queueRequest(input('u1'));
    let calls = 0;
    const send = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
      return {};
    };
    await Promise.all([sendOutbox('u1', send), sendOutbox('u1', send), sendOutbox('u1', send)]);
    expect(calls).toBe(1);
  });

  it('a refusal marks the entry rejected with the reason (not sent again); other users’ entries are not sent', async () => {
    await queueRequest(input('u1'));
    await queueRequest(input('u2'));
    const sentFor: string[] = [];
    const result = await sendOutbox('u1', async (e) => {
      sentFor.push(e.userId);
      throw apiError(400, 'validation_error', 'Name is required');
    });
    expect(sentFor).toEqual(['u1']);
    expect(result.rejected[0]).toMatchObject({ state: 'rejected', error: { status: 400, code: 'validation_error', message: 'Name is required' } });
    expect(await sendOutbox('u1', async () => { throw new Error('not called'); })).toMatchObject({ sent: [], rejected: [] });
    await removeOutboxEntry(result.rejected[0].id);
    expect(await listOutbox('u1')).toEqual([]);
  });

  it('past its key’s window (the API keeps keys 24 h) an entry is not sent but set aside as unsure; "Send again" starts a new window with the same key', async () => {
    const entry = await queueRequest(input('u1', { auth: { token: 't', expiresAt: Date.now() + 3600_000 } }));
    const created = Date.parse(entry.createdAt);
    const keys: string[] = [];
    const send = async (e: { idempotencyKey: string }) => {
      keys.push(e.idempotencyKey);
      return {};
    };
    const late = () => created + OUTBOX_KEY_WINDOW_MS + 1;
    const result = await sendOutbox('u1', send, { now: late });
    expect(keys).toEqual([]);
    expect(result.unsure).toHaveLength(1);
    const [stored] = await listOutbox('u1');
    expect(stored).toMatchObject({ state: 'unsure' });
    expect(stored.auth).toBeUndefined();
    // not sent by a later try either, nor by the worker's sync
    expect(await sendOutbox(null, send, { storedTokenOnly: true })).toMatchObject({ sent: [], unsure: [] });
    expect(keys).toEqual([]);
    // the person checked their requests and sends it again: the same key, sent now
    await confirmResend(entry.id);
    expect((await listOutbox('u1'))[0]).toMatchObject({ state: 'waiting', idempotencyKey: entry.idempotencyKey });
    expect((await sendOutbox('u1', send)).sent).toHaveLength(1);
    expect(keys).toEqual([entry.idempotencyKey]);
    // just inside the window it is sent without asking
    const fresh = await queueRequest(input('u1'));
    expect((await sendOutbox('u1', send, { now: () => Date.parse(fresh.createdAt) + OUTBOX_KEY_WINDOW_MS - 1000 })).sent).toHaveLength(1);
  });

  it('the worker’s sync (every user, stored token only) sends entries with a valid token and drops expired or refused tokens', async () => {
    const live = await queueRequest(input('u1', { auth: { token: 'live', expiresAt: Date.now() + 3600_000 } }));
    await queueRequest(input('u2', { auth: { token: 'old', expiresAt: Date.now() - 1000 } }));
    await queueRequest(input('u3'));
    const tokens: string[] = [];
    const result = await sendOutbox(null, async (e) => {
      tokens.push(e.auth!.token);
      return { ok: true };
    }, { storedTokenOnly: true });
    expect(tokens).toEqual(['live']);
    expect(result.sent.map((s) => s.entry.id)).toEqual([live.id]);
    expect(result).toMatchObject({ waiting: 2, retryLater: false });
    const left = await listOutbox(null);
    expect(left.map((e) => e.userId).sort()).toEqual(['u2', 'u3']);
    expect(left.every((e) => e.auth === undefined && e.state === 'waiting')).toBe(true);
    // a 401 keeps the entry for the pages, without its token; a network failure asks the browser to retry later
    await queueRequest(input('u4', { auth: { token: 'revoked', expiresAt: Date.now() + 3600_000 } }));
    expect(await sendOutbox('u4', async () => { throw apiError(401); }, { storedTokenOnly: true })).toMatchObject({ waiting: 1, retryLater: false });
    expect((await listOutbox('u4'))[0].auth).toBeUndefined();
    await queueRequest(input('u5', { auth: { token: 'ok', expiresAt: Date.now() + 3600_000 } }));
    expect(await sendOutbox('u5', async () => { throw apiError(0); }, { storedTokenOnly: true })).toMatchObject({ waiting: 1, retryLater: true });
    expect((await listOutbox('u5'))[0].auth?.token).toBe('ok');
  });

  it('clearUserOfflineData removes that user’s queued requests only, and keeps the saved places', async () => {
    await queueRequest(input('u1'));
    await queueRequest(input('u1'));
    await queueRequest(input('u2'));
    await savePlace(place('a'));
    await clearUserOfflineData('u1');
    expect(await listOutbox('u1')).toEqual([]);
    expect(await listOutbox('u2')).toHaveLength(1);
    expect(await listSavedPlaces()).toHaveLength(1);
    await clearUserOfflineData(null);
    expect(await listOutbox('u2')).toEqual([]);
  });
});

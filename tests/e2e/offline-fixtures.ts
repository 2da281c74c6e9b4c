import { expect, request, type Page } from '@playwright/test';
import { adminApi, type AdminTokens } from './admin-fixtures.ts';
import { codeFromMail, uniqueEmail } from './auth-mailbox.ts';
import { localized, type Lang } from './public-fixtures.ts';

/** Helpers of the offline specs (issue #29): the device's database, a verified user, the requests the server recorded. */
const PASSWORD = 'offline-pass-1';

/** The records of a store of the device's database (`dalil-offline`), read in the page. */
export function deviceRecords(page: Page, store: 'savedPlaces' | 'outbox') {
  return page.evaluate((name) => new Promise<Record<string, unknown>[]>((resolve, reject) => {
    const open = indexedDB.open('dalil-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(name)) {
        db.close();
        resolve([]);
        return;
      }
      const all = db.transaction(name).objectStore(name).getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result as Record<string, unknown>[]);
      };
      all.onerror = () => reject(all.error);
    };
  }), store);
}

/** A verified account made through the API with the code from the dev mailbox. */
export async function newUser(baseURL: string, lang: Lang) {
  const email = uniqueEmail(`offline-${lang}`);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Language': lang } });
  try {
    expect((await api.post('/api/public/auth/register', { data: { email, password: PASSWORD, name: `Offline ${lang}` } })).status()).toBe(201);
    const code = await codeFromMail(email, 'signup-code');
    const body = await (await api.post('/api/public/auth/verify-email', { data: { email, code } })).json();
    expect(body.success).toBe(true);
    return { token: body.data.token as string, refreshToken: body.data.refreshToken as string, id: body.data.user?.id as string | undefined };
  } finally {
    await api.dispose();
  }
}

/** The pending creation requests (admin API) of the place called `name`. */
export async function createRequestsNamed(baseURL: string, admin: AdminTokens, name: string) {
  const api = await adminApi(baseURL, admin);
  try {
    const list = await api.get('/api/admin/place-requests?type=create&limit=100').then((r) => r.json());
    return (list.data as { id: number; payload: { name?: string } }[]).filter((r) => r.payload.name === name);
  } finally {
    await api.dispose();
  }
}

/** Signs `user` in on this device (the tokens where the app keeps them) and opens their creation requests. */
export async function openRequestsSignedIn(page: Page, user: { token: string; refreshToken: string }, lang: Lang) {
  await page.goto(localized('/', lang));
  await page.evaluate(([token, refreshToken]) => {
    localStorage.setItem('auth_token', token);
    localStorage.setItem('auth_refresh_token', refreshToken);
  }, [user.token, user.refreshToken]);
  await page.goto(localized('/profile/creation-requests', lang));
}

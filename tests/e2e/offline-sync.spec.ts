import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { loginAdmin, tr, uid, type AdminTokens } from './admin-fixtures.ts';
import { createRequestsNamed, deviceRecords, newUser, openRequestsSignedIn } from './offline-fixtures.ts';
import { LANGS, localized, type Lang } from './public-fixtures.ts';

/**
 * Issue #29, decision 056: the outbox's Background Sync. A submission made offline registers a `sync` with the
 * service worker (Chromium's SyncManager) and carries the session's access token; once the network is back the
 * worker's `sync` sends it with no page of the site open — once: the server records one request, the device's
 * queue is empty, a second `sync` sends nothing; with a page open the page's sender and the worker's sync share
 * one lock and the request is still recorded once. Signing out takes the queued request and its token away.
 *
 * How the `sync` is fired: Playwright's offline emulation reaches the service worker, and Chromium fires the
 * registered sync by itself when it ends (`setOffline(false)`; seen in runs under load) — the spec waits 10 s for
 * that, else fires the same real event through the DevTools protocol (`ServiceWorker.dispatchSyncEvent`, DevTools'
 * "Sync" button; the test's annotation says which). Further syncs (a browser retry) are fired through DevTools.
 * The worker's listener, the IndexedDB queue, the Web Lock and the HTTP request are the production ones.
 */
test.use({ serviceWorkers: 'allow' });

const SYNC_TAG = 'dalil-outbox';
let admin: AdminTokens;

test.beforeAll(async ({ baseURL }) => {
  admin = await loginAdmin(baseURL!);
});

/** Fires a real `sync` event tagged `dalil-outbox` in the site's service worker (DevTools protocol). */
async function fireSync(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  try {
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registrationId, tag: SYNC_TAG, lastChance: false });
  } finally {
    await cdp.detach();
  }
}

/** Fills the add-place form and submits it with the network gone: it is kept on the device. */
async function submitOffline(page: Page, context: BrowserContext, lang: Lang, name: string, categoryLabel: string) {
  const t = (key: string) => tr(lang, key, {});
  await page.getByRole('banner').getByRole('button', { name: t('common:nav.addPlace') }).click();
  const form = page.getByRole('dialog', { name: t('common:addPlace.title') });
  await form.getByRole('textbox', { name: t(lang === 'ar' ? 'common:contribute.form.fields.nameAr' : 'common:contribute.form.fields.name'), exact: true }).fill(name);
  await form.getByRole('combobox', { name: t('common:contribute.form.fields.category') }).selectOption({ label: categoryLabel });
  await context.setOffline(true);
  await form.getByRole('button', { name: t('common:contribute.submit') }).click();
  await expect(page.getByText(t('device:outbox.queuedText')).first()).toBeVisible();
  await expect(form).toBeHidden();
}

/** Moves the first send of every outbox entry `hours` back in time (the device's database, as a day offline would leave it). */
function ageOutbox(page: Page, hours: number) {
  return page.evaluate((ms) => new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('dalil-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('outbox', 'readwrite');
      const all = tx.objectStore('outbox').getAll();
      all.onsuccess = () => {
        for (const entry of all.result) tx.objectStore('outbox').put({ ...entry, createdAt: new Date(Date.parse(entry.createdAt) - ms).toISOString() });
      };
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }), hours * 3600_000);
}

for (const lang of LANGS) {
  const t = (key: string, vars: Record<string, string | number> = {}) => tr(lang, key, vars);

  test(`a submission made offline is sent by the worker's Background Sync with no page open, once; a page open and the sync together still send it once (${lang})`, async ({ page, context, baseURL }) => {
    test.slow();
    const origin = new URL(baseURL!).origin;
    const user = await newUser(baseURL!, lang);
    const categories = await (await page.request.get('/api/public/categories')).json();
    const category = categories.data[0];
    const categoryLabel = lang === 'ar' && category.nameAr ? category.nameAr : category.name;
    const placeName = `E2E Sync Cafe ${uid()}`;

    await openRequestsSignedIn(page, user, lang);
    await expect(page.getByRole('heading', { name: t('common:contribute.requests.createHeading'), exact: true })).toBeVisible();
    // the worker registers after the page is interactive and takes it over (decision 047)
    await page.locator('html[data-sw="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const sendOffline = (name: string) => submitOffline(page, context, lang, name, categoryLabel);
    const syncTags = () => page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration()) as (ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } }) | undefined;
      return registration?.sync ? registration.sync.getTags() : null;
    });

    // ---- offline: queued with the page's language and token, and a Background Sync registered ----
    await sendOffline(placeName);
    const [queued] = await deviceRecords(page, 'outbox');
    expect(queued).toMatchObject({ state: 'waiting', lang, auth: { token: user.token } });
    expect((queued.auth as { expiresAt: number }).expiresAt).toBeGreaterThan(Date.now());
    expect(await syncTags()).toContain(SYNC_TAG);

    // ---- the visitor leaves the site; the network comes back; the worker's sync sends it ----
    await page.goto('about:blank');
    await context.setOffline(false);
    // Chromium fires the registered sync by itself once the worker's network is back (Playwright's offline emulation
    // reaches the worker); where it has not within 10 s, the spec fires it through DevTools — only the worker can send
    // it either way: no page of the site is open
    const sent = () => createRequestsNamed(baseURL!, admin, placeName);
    const byBrowser = await expect.poll(sent, { timeout: 10_000 }).toHaveLength(1).then(() => true, () => false);
    test.info().annotations.push({ type: 'sync', description: byBrowser ? 'fired by Chromium on reconnection' : 'fired through DevTools' });
    if (!byBrowser) await fireSync(context, page, origin);
    await expect.poll(sent, { timeout: 20_000 }).toHaveLength(1);
    // a second sync (the browser's retry, another device event) sends nothing more
    await fireSync(context, page, origin);
    await page.goto(localized('/profile/creation-requests', lang));
    await expect(page.getByRole('listitem').filter({ hasText: placeName })).toContainText(t('common:contribute.requests.statuses.pending'));
    await expect(page.getByTestId('outbox-entry')).toHaveCount(0);
    expect(await deviceRecords(page, 'outbox')).toEqual([]);
    expect(await createRequestsNamed(baseURL!, admin, placeName)).toHaveLength(1);

    // ---- a page open: its own sender (the `online` event) and the worker's sync race; one request, a consistent device ----
    const second = `${placeName} B`;
    await sendOffline(second);
    await expect(page.getByTestId('outbox-entry').filter({ hasText: second })).toContainText(t('device:outbox.waiting'));
    await context.setOffline(false);
    await fireSync(context, page, origin);
    await expect(page.getByText(t('device:outbox.sentText')).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('outbox-entry')).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: second })).toContainText(t('common:contribute.requests.statuses.pending'));
    await fireSync(context, page, origin);
    expect(await deviceRecords(page, 'outbox')).toEqual([]);
    await expect.poll(() => createRequestsNamed(baseURL!, admin, second)).toHaveLength(1);

    // ---- signing out takes the queued request and its token away: a later sync has nothing to send ----
    const third = `${placeName} C`;
    await sendOffline(third);
    expect(await deviceRecords(page, 'outbox')).toHaveLength(1);
    await page.getByRole('banner').getByRole('button', { name: t('common:nav.logout') }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await expect.poll(() => deviceRecords(page, 'outbox')).toEqual([]);
    await context.setOffline(false);
    await fireSync(context, page, origin);
    await page.waitForTimeout(1000);
    expect(await createRequestsNamed(baseURL!, admin, third)).toHaveLength(0);
  });

  test(`a request still unsent past its key's lifetime (the API keeps keys 24 h) is not sent by itself: the person checks, then sends it again, once (${lang})`, async ({ page, context, baseURL }) => {
    test.slow();
    const user = await newUser(baseURL!, lang);
    const category = (await (await page.request.get('/api/public/categories')).json()).data[0];
    const placeName = `E2E Late Cafe ${uid()}`;
    await openRequestsSignedIn(page, user, lang);
    await expect(page.getByRole('heading', { name: t('common:contribute.requests.createHeading'), exact: true })).toBeVisible();
    await submitOffline(page, context, lang, placeName, lang === 'ar' && category.nameAr ? category.nameAr : category.name);
    // a day offline: its first send may have reached the server, whose key has expired since
    await ageOutbox(page, 24);
    await context.setOffline(false);
    const entry = page.getByTestId('outbox-entry').filter({ hasText: placeName });
    await expect(entry.getByTestId('outbox-unsure')).toHaveText(t('device:outbox.unsureTitle'), { timeout: 20_000 });
    await expect(entry).toContainText(t('device:outbox.unsure'));
    await expect(page.getByText(t('device:outbox.unsureToast')).first()).toBeVisible();
    const [stored] = await deviceRecords(page, 'outbox');
    expect(stored).toMatchObject({ state: 'unsure' });
    expect(stored.auth, 'no token kept for an entry that waits for the person').toBeUndefined();
    // not sent, not even after a reload and the worker's sync
    await page.reload();
    await expect(entry.getByTestId('outbox-unsure')).toBeVisible();
    expect(await createRequestsNamed(baseURL!, admin, placeName)).toHaveLength(0);
    // the person checked their requests (it is not there) and sends it again: recorded once, with its key
    await entry.getByRole('button', { name: t('device:outbox.sendAgainNamed', { name: placeName }) }).click();
    await expect(page.getByText(t('device:outbox.sentText')).first()).toBeVisible({ timeout: 40_000 });
    await expect(page.getByTestId('outbox-entry')).toHaveCount(0);
    expect(await deviceRecords(page, 'outbox')).toEqual([]);
    expect(await createRequestsNamed(baseURL!, admin, placeName)).toHaveLength(1);
  });
}

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { loginAdmin, tr, uid, type AdminTokens } from './admin-fixtures.ts';
import { createRequestsNamed, deviceRecords, newUser, openRequestsSignedIn } from './offline-fixtures.ts';
import { LANGS, localized } from './public-fixtures.ts';

/**
 * Issue #29, decision 056: the outbox's Background Sync. A submission made offline registers a `sync` with the
 * service worker (Chromium's SyncManager) and carries the session's access token; once the network is back the
 * worker's `sync` sends it with no page of the site open — once: the server records one request, the device's
 * queue is empty, a second `sync` sends nothing; with a page open the page's sender and the worker's sync share
 * one lock and the request is still recorded once. Signing out takes the queued request and its token away.
 *
 * How the `sync` is fired: Playwright's `setOffline(false)` does not make Chromium fire Background Sync (the
 * browser's own network state never changed), so the spec fires the real event in the real worker through the
 * DevTools protocol (`ServiceWorker.dispatchSyncEvent`, what DevTools' Application panel "Sync" button does): the
 * worker's listener, the IndexedDB queue, the Web Lock and the HTTP request are the production ones; only the
 * browser's decision of *when* to fire is not exercised.
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

for (const lang of LANGS) {
  const t = (key: string, vars: Record<string, string | number> = {}) => tr(lang, key, vars);

  test(`a submission made offline is sent by the worker's Background Sync with no page open, once; a page open and the sync together still send it once (${lang})`, async ({ page, context, baseURL }) => {
    test.slow();
    const origin = new URL(baseURL!).origin;
    const user = await newUser(baseURL!, lang);
    const categories = await (await page.request.get('/api/public/categories')).json();
    const category = categories.data[0];
    const categoryLabel = lang === 'ar' && category.nameAr ? category.nameAr : category.name;
    const nameField = lang === 'ar' ? 'common:contribute.form.fields.nameAr' : 'common:contribute.form.fields.name';
    const placeName = `E2E Sync Cafe ${uid()}`;

    await openRequestsSignedIn(page, user, lang);
    await expect(page.getByRole('heading', { name: t('common:contribute.requests.createHeading'), exact: true })).toBeVisible();
    // the worker registers after the page is interactive and takes it over (decision 047)
    await page.locator('html[data-sw="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const sendOffline = async (name: string) => {
      await page.getByRole('banner').getByRole('button', { name: t('common:nav.addPlace') }).click();
      const form = page.getByRole('dialog', { name: t('common:addPlace.title') });
      await form.getByRole('textbox', { name: t(nameField), exact: true }).fill(name);
      await form.getByRole('combobox', { name: t('common:contribute.form.fields.category') }).selectOption({ label: categoryLabel });
      await context.setOffline(true);
      await form.getByRole('button', { name: t('common:contribute.submit') }).click();
      await expect(page.getByText(t('device:outbox.queuedText')).first()).toBeVisible();
      await expect(form).toBeHidden();
    };
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
    expect(await createRequestsNamed(baseURL!, admin, placeName), 'no page of the site open: nothing sent yet').toHaveLength(0);
    await fireSync(context, page, origin);
    await expect.poll(() => createRequestsNamed(baseURL!, admin, placeName), { timeout: 20_000 }).toHaveLength(1);
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
}

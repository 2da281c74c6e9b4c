import { expect, request, test } from '@playwright/test';
import { loginAdmin, tr, uid, type AdminTokens } from './admin-fixtures.ts';
import { createRequestsNamed, deviceRecords, newUser, openRequestsSignedIn } from './offline-fixtures.ts';
import { blockMapTiles, LANGS, localized, waitForHydration } from './public-fixtures.ts';

/**
 * Issue #29, decision 048: saved places open with no network, with their hours and "open now" read on the device;
 * a submission made offline waits on the device ("Waiting to send") and is sent once — one request on the server,
 * the replay of its key answered with the same request; signing out leaves nothing of the user in IndexedDB.
 * (The service worker is another part of the issue: here /saved is opened by a client-side navigation.)
 */
let admin: AdminTokens;

test.beforeAll(async ({ baseURL }) => {
  admin = await loginAdmin(baseURL!);
});

for (const lang of LANGS) {
  const t = (key: string, vars: Record<string, string | number> = {}) => tr(lang, key, vars);

  test(`a saved place opens offline on /saved with its hours and open now, computed on the device (${lang})`, async ({ page, context }) => {
    await blockMapTiles(page);
    // a place with hours the API reads and coordinates
    const list = await (await page.request.get('/api/public/places?limit=100')).json();
    const candidate = (list.data as { slug: string; openingHours: string | null; latitude: number | null; phone: string | null }[])
      .find((p) => p.openingHours && p.latitude != null && p.phone);
    expect(candidate, 'a place with hours, coordinates and a phone').toBeTruthy();
    const slug = candidate!.slug;
    const name = async () => {
      const d = (await (await page.request.get(`/api/public/places/${slug}`)).json()).data;
      return { name: lang === 'ar' && d.nameAr ? d.nameAr as string : d.name as string, openNow: d.hours?.openNow as boolean | null, hours: d.hours };
    };
    const before = await name();
    expect(before.hours).toBeTruthy();

    await page.goto(localized(`/p/${slug}`, lang));
    await waitForHydration(page);
    const save = page.getByTestId('save-place');
    await expect(save).toHaveText(t('device:saved.save'));
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    // the toggle is disabled until it has read the device's store (a press before that is not taken: a
    // loaded run pressed Enter on the disabled button once)
    await expect(save).toBeEnabled();
    // keyboard: a toggle button
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(save).toHaveText(t('device:saved.saved'));
    await page.keyboard.press('Space');
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    const stored = await deviceRecords(page, 'savedPlaces');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ slug, hours: { timeZone: expect.any(String) }, latitude: expect.any(Number) });

    // /saved once online (its screen's script is then in the page), back to the place, then offline
    await page.getByRole('banner').getByRole('link', { name: t('common:nav.saved') }).click();
    await expect(page).toHaveURL(new RegExp(`${localized('/saved', lang).replace(/\//g, '\\/')}$`));
    await expect(page.getByTestId('saved-place')).toHaveCount(1);
    await page.getByTestId('saved-place').getByRole('link', { name: before.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: before.name })).toBeVisible();

    await context.setOffline(true);
    const apiCalls: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/')) apiCalls.push(r.url()); });
    await page.getByRole('banner').getByRole('link', { name: t('common:nav.saved') }).click();
    await expect(page).toHaveURL(new RegExp(`${localized('/saved', lang).replace(/\//g, '\\/')}$`));
    const card = page.getByTestId('saved-place');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { level: 2, name: before.name })).toBeVisible();
    await expect(page.getByText(t('device:saved.offlineNote'))).toBeVisible();
    // hours: the status line, the week, and open now as the API reads it at this moment
    await expect(card.getByTestId('hours-status')).toBeVisible();
    await expect(card.getByTestId('hours-week')).toBeVisible();
    // (the test's own API client is not the page's: it still reaches the server)
    const now = await name();
    if (now.openNow != null) await expect(card.getByTestId('open-status')).toHaveText(t(now.openNow ? 'common:place.openNow' : 'common:place.closedNow'));
    await expect(card.getByRole('link', { name: candidate!.phone! })).toHaveAttribute('href', /^tel:/);
    await expect(card.getByRole('link', { name: t('common:place.getDirections') })).toHaveAttribute('href', /.+/);
    await expect(page.locator('[data-error-kind]')).toHaveCount(0);
    expect(apiCalls, 'the saved list needs no API call').toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    // Remove → the empty state, which says how to save
    await card.getByRole('button', { name: t('device:saved.removeNamed', { name: before.name }) }).click();
    await expect(page.getByText(t('device:saved.empty'))).toBeVisible();
    await expect(page.getByText(t('device:saved.emptyHint'))).toBeVisible();
    expect(await deviceRecords(page, 'savedPlaces')).toEqual([]);
    await context.setOffline(false);
  });

  test(`offline, the map pins the saved places when the view's places cannot be read (${lang})`, async ({ page, context }) => {
    await blockMapTiles(page);
    const list = await (await page.request.get('/api/public/places?limit=100')).json();
    const candidate = (list.data as { slug: string; name: string; nameAr: string | null; latitude: number | null }[]).find((p) => p.latitude != null);
    expect(candidate, 'a place with coordinates').toBeTruthy();
    const name = lang === 'ar' && candidate!.nameAr ? candidate!.nameAr : candidate!.name;
    await page.goto(localized(`/p/${candidate!.slug}`, lang));
    await waitForHydration(page);
    const save = page.getByTestId('save-place');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');

    // the map once online (its scripts and Leaflet are then in the page), then offline: another category's
    // places cannot be read, and the map shows the saved place instead of only an error
    await page.goto(localized('/map', lang));
    await waitForHydration(page);
    const map = page.getByRole('region', { name: t('common:mapPage.mapLabel') });
    await expect(map).toBeVisible();
    await context.setOffline(true);
    const select = page.locator('#map-category');
    const other = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(other!);
    await expect(page.getByText(t('device:saved.mapOnly', { count: 1 }))).toBeVisible({ timeout: 15_000 });
    await expect(map.getByRole('button', { name })).toBeVisible();
    await expect(page.getByText(t('common:mapPage.loadError'))).toHaveCount(0);
    await context.setOffline(false);
  });

  test(`a submission made offline waits on the device, is sent once back online (one request; its key replays the same answer); signing out clears the user's queue (${lang})`, async ({ page, context, baseURL }) => {
    test.slow();
    const user = await newUser(baseURL!, lang);
    const categories = await (await page.request.get('/api/public/categories')).json();
    const category = categories.data[0];
    const categoryLabel = lang === 'ar' && category.nameAr ? category.nameAr : category.name;
    const placeName = `E2E Offline Cafe ${uid()}`;
    const nameField = lang === 'ar' ? 'common:contribute.form.fields.nameAr' : 'common:contribute.form.fields.name';

    await openRequestsSignedIn(page, user, lang);
    await expect(page.getByRole('heading', { name: t('common:contribute.requests.createHeading'), exact: true })).toBeVisible();

    const fillAndSendOffline = async (name: string) => {
      await page.getByRole('banner').getByRole('button', { name: t('common:nav.addPlace') }).click();
      const form = page.getByRole('dialog', { name: t('common:addPlace.title') });
      await expect(form).toBeVisible();
      await form.getByRole('textbox', { name: t(nameField), exact: true }).fill(name);
      await form.getByRole('combobox', { name: t('common:contribute.form.fields.category') }).selectOption({ label: categoryLabel });
      await context.setOffline(true);
      await form.getByRole('button', { name: t('common:contribute.submit') }).click();
      await page.mouse.move(0, 0);
      await expect(page.getByText(t('device:outbox.queuedText')).first()).toBeVisible();
      await expect(form).toBeHidden();
    };

    // ---- offline: kept on the device, shown as waiting ----
    await fillAndSendOffline(placeName);
    const waiting = page.getByTestId('outbox-entry').filter({ hasText: placeName });
    await expect(waiting).toContainText(t('device:outbox.waiting'));
    const queued = await deviceRecords(page, 'outbox');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'create', path: '/public/places', state: 'waiting', body: { name: placeName, categoryId: category.id } });
    const key = queued[0].idempotencyKey as string;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await createRequestsNamed(baseURL!, admin, placeName)).toHaveLength(0);

    // ---- back online: sent once by itself ----
    await context.setOffline(false);
    await expect(page.getByText(t('device:outbox.sentText')).first()).toBeVisible({ timeout: 20_000 });
    await expect(waiting).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: placeName })).toContainText(t('common:contribute.requests.statuses.pending'));
    expect(await deviceRecords(page, 'outbox')).toEqual([]);
    const recorded = await createRequestsNamed(baseURL!, admin, placeName);
    expect(recorded).toHaveLength(1);

    // a replay of its key (what a lost answer's retry sends) gets the same answer, no second request
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${user.token}`, 'Idempotency-Key': key } });
    const replay = await api.post('/api/public/places', { data: queued[0].body });
    expect(replay.headers()['idempotent-replayed']).toBe('true');
    expect((await replay.json()).data.id).toBe(recorded[0].id);
    await api.dispose();
    expect(await createRequestsNamed(baseURL!, admin, placeName)).toHaveLength(1);

    // ---- signing out (still offline) leaves nothing of the user in IndexedDB ----
    await fillAndSendOffline(`${placeName} 2`);
    expect(await deviceRecords(page, 'outbox')).toHaveLength(1);
    await page.getByRole('banner').getByRole('button', { name: t('common:nav.logout') }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await expect.poll(() => deviceRecords(page, 'outbox')).toEqual([]);
    await context.setOffline(false);
    // and nothing was sent for it
    expect(await createRequestsNamed(baseURL!, admin, `${placeName} 2`)).toHaveLength(0);
  });
}

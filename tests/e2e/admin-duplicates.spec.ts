import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { adminApi, inLang, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';
import { codeFromMail, uniqueEmail } from './auth-mailbox.ts';

/**
 * Issue #16: in admin Requests, a pending create request for a place already in the directory (same
 * phone) shows it with "Reject as duplicate of …"; one click rejects the request with a reason naming
 * the place, in the admin's language. The Possible duplicates page merges a pair after a confirmation
 * that lists the fields that move (a zone and a building by their names in the admin's language, not
 * their ids); the removed place's page then answers 301 to the kept one.
 */
const adminSession = signInAsAdmin(test);
let categoryId: number;
test.beforeAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  categoryId = (await api.get('/api/admin/categories').then((r) => r.json())).data[0].id;
  await api.dispose();
});

async function verifiedUser(baseURL: string, label: string): Promise<APIRequestContext> {
  const anon = await request.newContext({ baseURL });
  const email = uniqueEmail(label);
  expect((await anon.post('/api/public/auth/register', { data: { email, password: 'dup-requester-1', name: `Requester ${label}` } })).status()).toBe(201);
  const code = await codeFromMail(email, 'signup-code');
  const { token } = (await (await anon.post('/api/public/auth/verify-email', { data: { email, code } })).json()).data;
  await anon.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`a create request shows its likely duplicate and is rejected as its duplicate in one click (${lang})`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const id = uid();
    const phone = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const admin = await adminApi(baseURL!, adminSession.tokens);
    const created = await admin.post('/api/admin/places', { data: { name: `Existing Florist ${id}`, nameAr: `محل زهور ${id}`, categoryId, phone } });
    expect(created.status(), await created.text()).toBe(201);
    const user = await verifiedUser(baseURL!, `dup-req-${lang}`);
    const proposed = await user.post('/api/public/places', { data: { categoryId, name: `New Flower Shop ${id}`, phone: `+966 ${phone.slice(1)}` } });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const requestId = (await proposed.json()).data.id as number;

    await page.goto(inLang(lang, '/admin/requests'));
    const row = page.getByRole('table').getByRole('row').filter({ hasText: `New Flower Shop ${id}` });
    await row.getByRole('button', { name: t('requests.detailsNamed', { id: requestId }) }).click();
    const details = page.getByRole('dialog', { name: t('requests.detail.title.create', { id: requestId }) });
    const existingName = lang === 'ar' ? `محل زهور ${id}` : `Existing Florist ${id}`;
    const warning = details.getByTestId('request-duplicates');
    await expect(warning.getByText(t('duplicates.requestTitle'))).toBeVisible();
    await expect(warning.getByRole('link', { name: existingName })).toBeVisible();
    await warning.getByRole('button', { name: t('duplicates.rejectAs', { name: existingName }) }).click();
    await expect(details).toBeHidden();
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: `New Flower Shop ${id}` })).toHaveCount(0);

    const decided = (await (await admin.get(`/api/admin/place-requests/${requestId}`)).json()).data;
    expect(decided.status).toBe('rejected');
    expect(decided.rejectionReason).toContain(existingName);
    expect(decided.rejectionReason).toContain(t('duplicates.rejectReason', { name: existingName, url: '' }).slice(0, 12));
    await admin.dispose();
    await user.dispose();
  });
}

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`Possible duplicates: merge a pair after the confirmation; the removed page redirects (${lang})`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const id = uid();
    const phone = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const lat = 22 + Math.random();
    const admin = await adminApi(baseURL!, adminSession.tokens);
    const make = async (data: Record<string, unknown>) => {
      const res = await admin.post('/api/admin/places', { data: { categoryId, ...data } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).data as { id: number; slug: string; name: string };
    };
    // the removed place has a zone and a building the kept one lacks: the preview names them, not their ids
    const zoneRes = await admin.post('/api/admin/zones', { data: { title: `Merge Zone ${id}`, titleAr: `حي الدمج ${id}` } });
    expect(zoneRes.status(), await zoneRes.text()).toBe(201);
    const zone = (await zoneRes.json()).data as { id: number };
    const buildingRes = await admin.post(`/api/admin/zones/${zone.id}/buildings`, { data: { name: `Merge Tower ${id}`, nameAr: `برج الدمج ${id}` } });
    expect(buildingRes.status(), await buildingRes.text()).toBe(201);
    const building = (await buildingRes.json()).data as { id: number };
    const keep = await make({ name: `Merge Pair ${id}`, phone, latitude: lat, longitude: 45.1 });
    const remove = await make({
      name: `Merge Pair ${id} Two`, phone: `+966 ${phone.slice(1)}`, latitude: lat + 0.0003, longitude: 45.1, websiteUrl: `https://merge-${id}.example`,
      zoneId: zone.id, buildingId: building.id,
    });

    await page.goto(inLang(lang, '/admin/duplicates'));
    await expect(page.getByRole('heading', { level: 1, name: t('duplicates.title') })).toBeVisible();
    const keepButton = page.getByRole('button', { name: t('duplicates.keep', { name: keep.name }), exact: true });
    const row = page.getByRole('row').filter({ hasText: `Merge Pair ${id} Two` }).filter({ has: keepButton });
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    for (let i = 0; i < 30 && !(await row.isVisible()); i++) {
      await page.getByRole('button', { name: t('duplicates.next') }).click();
      await expect(table).not.toHaveAttribute('aria-busy', 'true');
    }
    await expect(row).toContainText(t('duplicates.samePhone'));
    await expect(row).toContainText(t('duplicates.similarName'));
    await row.getByRole('button', { name: t('duplicates.keep', { name: keep.name }), exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: t('duplicates.confirmTitle') });
    const preview = confirm.getByTestId('merge-preview');
    await expect(preview).toContainText(`https://merge-${id}.example`);
    await expect(preview.getByRole('listitem').filter({ hasText: t('places.fields.zone') })).toContainText(lang === 'ar' ? `حي الدمج ${id}` : `Merge Zone ${id}`);
    await expect(preview.getByRole('listitem').filter({ hasText: t('duplicates.fields.building') })).toContainText(lang === 'ar' ? `برج الدمج ${id}` : `Merge Tower ${id}`);
    await confirm.getByRole('button', { name: t('duplicates.merge') }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: `Merge Pair ${id} Two` })).toHaveCount(0);

    const moved = await page.request.get(inLang(lang, `/p/${remove.slug}`), { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(inLang(lang, `/p/${keep.slug}`));
    const kept = (await (await admin.get(`/api/admin/places/${keep.id}`)).json()).data;
    expect(kept.websiteUrl).toBe(`https://merge-${id}.example`);
    expect([kept.zoneId, kept.buildingId]).toEqual([zone.id, building.id]);
    await admin.delete(`/api/admin/places/${keep.id}`);
    await admin.delete(`/api/admin/zones/${zone.id}`);
    await admin.dispose();
  });
}

import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, clickTwiceInOneTask, inLang, recordToasts, shownToasts, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';
import { codeFromMail, uniqueEmail } from './auth-mailbox.ts';

/**
 * The admin Requests screen, in English and Arabic. A verified user (real sign-up
 * code from the dev mailbox) proposes places (POST /api/public/places) and an edit of their own place
 * (POST /api/public/auth/places/{id}/edit-request). In the admin UI: a creation request's details are
 * read and it is approved → its place is public at /p/{slug}; a request decided meanwhile by someone
 * else says so (409); an edit request is rejected with a required reason → the user reads the reason
 * through GET /api/public/auth/requests/{id}; approve all (creation tab) after its confirmation → a
 * summary matching the server's answer. Axe (WCAG 2.1 AA, serious/critical) on the screen and dialogs.
 */
const adminSession = signInAsAdmin(test);
let categoryId: number;

test.beforeAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  categoryId = (await api.get('/api/admin/categories').then((r) => r.json())).data[0].id;
  await api.dispose();
});

/** A registered, verified user: an API client carrying their bearer token. */
async function verifiedUser(baseURL: string, label: string): Promise<APIRequestContext> {
  const anon = await request.newContext({ baseURL });
  const email = uniqueEmail(label);
  const password = 'requester-pass-1';
  expect((await anon.post('/api/public/auth/register', { data: { email, password, name: `Requester ${label}` } })).status()).toBe(201);
  const code = await codeFromMail(email, 'signup-code');
  const verified = await anon.post('/api/public/auth/verify-email', { data: { email, code } });
  expect(verified.ok()).toBe(true);
  const { token } = (await verified.json()).data;
  await anon.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

async function propose(user: APIRequestContext, fields: Record<string, unknown>): Promise<number> {
  const res = await user.post('/api/public/places', { data: { categoryId, ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.id;
}

async function expectNoBlockingViolations(page: Page, where: string) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join('; ')}`)).toEqual([]);
}

for (const [lang, theme] of [['en', 'light'], ['ar', 'dark']] as [Lang, string][]) {
  test(`${lang}/${theme}: review, approve, reject with a reason and approve all`, async ({ page, baseURL }) => {
    test.slow();
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const id = uid();
    const user = await verifiedUser(baseURL!, `requests-${lang}`);
    const admin = await adminApi(baseURL!, adminSession.tokens);
    const approvedName = `E2E Request Cafe ${id}`;
    const approvedId = await propose(user, { name: approvedName, phone: '+966 11 555 0101', websiteUrl: 'https://cafe.example/e2e', details: { description: `Fresh coffee ${id}` } });
    const raceId = await propose(user, { name: `E2E Race Shop ${id}` });
    const laterId = await propose(user, { name: `E2E Later Bakery ${id}` });

    // ---- The list: creation requests, pending (the defaults) ----
    await page.goto(`${inLang(lang, '/admin/requests')}?theme=${theme}`);
    await expect(page.getByRole('heading', { level: 1, name: t('requests.title') })).toBeVisible();
    await expect(page.getByRole('tab', { name: new RegExp(t('requests.tabs.create')) })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('combobox', { name: t('requests.statusFilter') })).toHaveValue('pending');
    const table = page.getByRole('table');
    const approvedRow = table.getByRole('row').filter({ hasText: approvedName });
    await expect(approvedRow).toContainText(t('requests.status.pending'));
    await expect(approvedRow).toContainText(`Requester requests-${lang}`);
    await expectNoBlockingViolations(page, 'requests list');

    // ---- Details of a creation request: every submitted field with its label ----
    await approvedRow.getByRole('button', { name: t('requests.detailsNamed', { id: approvedId }) }).click();
    const details = page.getByRole('dialog', { name: t('requests.detail.title.create', { id: approvedId }) });
    await expect(details).toBeVisible();
    await expect(details.getByText(t('places.fields.name'), { exact: true })).toBeVisible();
    await expect(details.getByText(approvedName, { exact: true })).toBeVisible();
    await expect(details.getByText(t('places.fields.phone'), { exact: true })).toBeVisible();
    await expect(details.getByText('+966 11 555 0101')).toBeVisible();
    await expect(details.getByRole('link', { name: /cafe\.example\/e2e/ })).toHaveAttribute('href', 'https://cafe.example/e2e');
    await expect(details.getByText(`Fresh coffee ${id}`)).toBeVisible();
    await expectNoBlockingViolations(page, 'creation request details');

    // ---- Approve from the dialog → published at /p/{slug} ----
    await details.getByRole('button', { name: t('requests.approve'), exact: true }).click();
    await expect(page.getByText(t('requests.approveCreateSuccess')).first()).toBeVisible();
    await expect(details).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: approvedName })).toHaveCount(0); // no longer pending
    const approved = (await (await user.get(`/api/public/auth/requests/${approvedId}`)).json()).data;
    expect(approved).toMatchObject({ status: 'approved', place: { name: approvedName } });
    const publicPage = await page.context().newPage();
    await publicPage.goto(inLang(lang, `/p/${approved.place.slug}`));
    await expect(publicPage.getByRole('heading', { level: 1, name: approvedName })).toBeVisible();
    await publicPage.close();

    // ---- Someone else decides first: 409 shown as 'already decided' ----
    await table.getByRole('button', { name: t('requests.detailsNamed', { id: raceId }) }).click();
    const raceDetails = page.getByRole('dialog', { name: t('requests.detail.title.create', { id: raceId }) });
    await expect(raceDetails.getByText(`E2E Race Shop ${id}`)).toBeVisible();
    expect((await admin.post(`/api/admin/place-requests/${raceId}/approve`)).status()).toBe(200);
    await raceDetails.getByRole('button', { name: t('requests.approve'), exact: true }).click();
    await expect(page.getByText(t('requests.alreadyDecided')).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(raceDetails).toBeHidden();

    // ---- An edit request of the now-owned place, rejected with a reason ----
    const edit = await user.post(`/api/public/auth/places/${approved.place.id}/edit-request`, { data: { changes: { phone: '+966 11 555 0202', name: `${approvedName} Roastery` } } });
    expect(edit.status(), await edit.text()).toBe(201);
    const editId: number = (await edit.json()).data.id;
    await page.getByRole('tab', { name: new RegExp(t('requests.tabs.edit')) }).click();
    await expect(page).toHaveURL(/[?&]type=edit/);
    const editRow = table.getByRole('row').filter({ has: page.getByRole('button', { name: t('requests.rejectNamed', { id: editId }) }) });
    await expect(editRow.getByRole('link', { name: new RegExp(approvedName) })).toHaveAttribute('href', new RegExp(`/p/${approved.place.slug}`));

    await editRow.getByRole('button', { name: t('requests.detailsNamed', { id: editId }) }).click();
    const editDetails = page.getByRole('dialog', { name: t('requests.detail.title.edit', { id: editId }) });
    await expect(editDetails.getByText(t('common:contribute.requests.proposedChanges'))).toBeVisible();
    const phoneChange = editDetails.getByRole('listitem').filter({ hasText: t('places.fields.phone') });
    await expect(phoneChange).toContainText('+966 11 555 0101');
    await expect(phoneChange).toContainText('+966 11 555 0202');
    await expectNoBlockingViolations(page, 'edit request details');
    await editDetails.getByRole('button', { name: t('requests.reject'), exact: true }).click();

    const rejectDialog = page.getByRole('dialog', { name: t('requests.rejectTitle', { id: editId }) });
    await rejectDialog.getByRole('button', { name: t('requests.reject'), exact: true }).click();
    const reason = rejectDialog.getByRole('textbox', { name: t('requests.reasonLabel') });
    await expect(rejectDialog.getByText(t('requests.reasonRequired'))).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toBeFocused();
    await expectNoBlockingViolations(page, 'reject dialog');
    const why = `The phone number does not answer (${id}).`;
    await reason.fill(why);
    await rejectDialog.getByRole('button', { name: t('requests.reject'), exact: true }).click();
    await expect(page.getByText(t('requests.rejectSuccess')).first()).toBeVisible();
    await expect(rejectDialog).toBeHidden();
    await expect(page.getByRole('tabpanel')).toBeFocused(); // the row that opened it is gone: focus goes to the list

    const seen = (await (await user.get(`/api/public/auth/requests/${editId}`)).json()).data;
    expect(seen).toMatchObject({ status: 'rejected', rejectionReason: why });

    // The decided request under 'All statuses': its details show who decided and why.
    await page.getByRole('combobox', { name: t('requests.statusFilter') }).selectOption('all');
    await expect(page).toHaveURL(/[?&]status=all/);
    await table.getByRole('button', { name: t('requests.detailsNamed', { id: editId }) }).click();
    const decided = page.getByRole('dialog', { name: t('requests.detail.title.edit', { id: editId }) });
    await expect(decided.getByText(why)).toBeVisible();
    await expect(decided.getByText(t('common:contribute.requests.decidedBy'))).toBeVisible();
    await expect(decided.getByText('admin@e2e.test')).toBeVisible();
    await expect(decided.getByRole('button', { name: t('requests.approve'), exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(table.getByRole('button', { name: t('requests.detailsNamed', { id: editId }) })).toBeFocused(); // back to its opener

    // ---- Approve all (creation tab) after the confirmation → summary of the server's answer ----
    await page.getByRole('tab', { name: new RegExp(t('requests.tabs.create')) }).click();
    await page.getByRole('combobox', { name: t('requests.statusFilter') }).selectOption('pending');
    await expect(table.getByRole('row').filter({ hasText: `E2E Later Bakery ${id}` })).toBeVisible();
    const approveAll = page.getByRole('button', { name: new RegExp(`^${t('requests.approveAll')}`) });
    await expect(approveAll).toBeEnabled();
    await approveAll.click();
    const confirm = page.getByRole('alertdialog', { name: t('requests.approveAllTitle.create') });
    await expect(confirm.getByText(t('common.cannotBeUndone'))).toBeVisible();
    const pending = Number((await confirm.getByRole('button', { name: new RegExp(t('requests.approveAll')) }).textContent())!.match(/\d+/)![0]);
    expect(pending).toBeGreaterThanOrEqual(1);
    await expect(confirm.getByText(t('requests.approveAllBody.create', { count: pending }))).toBeVisible();
    await expectNoBlockingViolations(page, 'approve-all confirmation');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/place-requests/approve-all'));
    await confirm.getByRole('button', { name: new RegExp(t('requests.approveAll')) }).click();
    const result = (await (await answer).json()).data as { approved: number[]; failed: { id: number }[] };
    expect(result.approved).toContain(laterId);
    await expect(confirm).toBeHidden();
    const summary = page.getByRole(result.failed.length ? 'alert' : 'status', { name: `${t('requests.summaryTitle')} · ${t('requests.tabs.create')}`, exact: true });
    await expect(summary).toContainText(t('requests.summaryApproved', { count: result.approved.length }));
    await expect(summary).toContainText(t('requests.summaryFailed', { count: result.failed.length }));
    expect((await (await user.get(`/api/public/auth/requests/${laterId}`)).json()).data.status).toBe('approved');
    await expect(table.getByRole('row').filter({ hasText: `E2E Later Bakery ${id}` })).toHaveCount(0);

    // Clean-up: the places this test published.
    for (const rid of [approvedId, raceId, laterId]) {
      const placeId = (await (await admin.get(`/api/admin/place-requests/${rid}`)).json()).data.place?.id;
      if (placeId) await admin.delete(`/api/admin/places/${placeId}`);
    }
    await user.dispose();
    await admin.dispose();
  });
}

test('375 px, Arabic: requests as stacked cards, no sideways scrolling, details dialog full screen', async ({ page, baseURL }) => {
  test.slow();
  const t = (key: string, vars?: Record<string, string | number>) => tr('ar', key, vars);
  const user = await verifiedUser(baseURL!, 'requests-narrow');
  const name = `E2E Narrow Kiosk ${uid()}`;
  const requestId = await propose(user, { name, nameAr: 'كشك ضيق', address: '12 King Fahd Rd' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${inLang('ar', '/admin/requests')}?theme=dark`);
  await expect(page.getByRole('heading', { level: 1, name: t('requests.title') })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  const card = page.getByRole('list', { name: t('requests.tabs.create') }).getByRole('listitem').filter({ hasText: 'كشك ضيق' });
  await expect(card).toContainText(t('requests.status.pending'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await card.getByRole('button', { name: t('requests.detailsNamed', { id: requestId }) }).click();
  const details = page.getByRole('dialog', { name: t('requests.detail.title.create', { id: requestId }) });
  await expect(details.getByText(name)).toBeVisible();
  await expect(details.getByText('12 King Fahd Rd')).toHaveAttribute('dir', 'auto'); // English text keeps its own direction
  await expect.poll(async () => (await details.boundingBox())?.width ?? 0).toBeCloseTo(375, 0); // full width once it has opened
  await expectNoBlockingViolations(page, 'narrow details');
  await details.getByRole('button', { name: t('requests.reject'), exact: true }).click();
  const rejectDialog = page.getByRole('dialog', { name: t('requests.rejectTitle', { id: requestId }) });
  await rejectDialog.getByRole('textbox', { name: t('requests.reasonLabel') }).fill('مكرر');
  await rejectDialog.getByRole('button', { name: t('requests.reject'), exact: true }).click();
  await expect(page.getByText(t('requests.rejectSuccess')).first()).toBeVisible();
  expect((await (await user.get(`/api/public/auth/requests/${requestId}`)).json()).data).toMatchObject({ status: 'rejected', rejectionReason: 'مكرر' });
  await user.dispose();
});

test('double clicks (two clicks in one task) on Approve, Reject and Approve all: one call each, one toast, the real summary', async ({ page, baseURL, context }) => {
  test.slow();
  await recordToasts(context);
  const t = (key: string, vars?: Record<string, string | number>) => tr('en', key, vars);
  const id = uid();
  const user = await verifiedUser(baseURL!, 'requests-twice');
  const admin = await adminApi(baseURL!, adminSession.tokens);
  const [approveId, rejectId, laterA, laterB] = [
    await propose(user, { name: `E2E Twice Approve ${id}` }), await propose(user, { name: `E2E Twice Reject ${id}` }),
    await propose(user, { name: `E2E Twice Later A ${id}` }), await propose(user, { name: `E2E Twice Later B ${id}` }),
  ];
  const posts: string[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/api/admin/place-requests/')) posts.push(new URL(r.url()).pathname); });
  const noErrorToast = async () => expect(await shownToasts(page, { type: 'error' })).toEqual([]);
  await page.goto(inLang('en', '/admin/requests'));
  const table = page.getByRole('table');

  // ---- Approve in the row ----
  await clickTwiceInOneTask(table.getByRole('button', { name: t('requests.approveNamed', { id: approveId }) }));
  await expect.poll(async () => (await shownToasts(page, { text: t('requests.approveCreateSuccess') })).length).toBe(1);
  await page.waitForTimeout(500);
  expect(posts.filter((p) => p.endsWith(`/${approveId}/approve`))).toHaveLength(1);
  await noErrorToast();

  // ---- Reject with a reason ----
  await table.getByRole('button', { name: t('requests.rejectNamed', { id: rejectId }) }).click();
  const rejectDialog = page.getByRole('dialog', { name: t('requests.rejectTitle', { id: rejectId }) });
  await rejectDialog.getByRole('textbox', { name: t('requests.reasonLabel') }).fill('Duplicate entry.');
  await clickTwiceInOneTask(rejectDialog.getByRole('button', { name: t('requests.reject'), exact: true }));
  await expect(rejectDialog).toBeHidden();
  await expect.poll(async () => (await shownToasts(page, { text: t('requests.rejectSuccess') })).length).toBe(1);
  await page.waitForTimeout(500);
  expect(posts.filter((p) => p.endsWith(`/${rejectId}/reject`))).toHaveLength(1);
  await noErrorToast();

  // ---- Approve all: one call; the summary is its answer, not a second call's "Approved: 0" ----
  await expect(table.getByRole('row').filter({ hasText: `E2E Twice Later B ${id}` })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${t('requests.approveAll')}`) }).click();
  const confirm = page.getByRole('alertdialog', { name: t('requests.approveAllTitle.create') });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/place-requests/approve-all'));
  await clickTwiceInOneTask(confirm.getByRole('button', { name: new RegExp(t('requests.approveAll')) }));
  const result = (await (await answer).json()).data as { approved: number[]; failed: unknown[] };
  expect(result.approved).toEqual(expect.arrayContaining([laterA, laterB]));
  await expect(confirm).toBeHidden();
  await page.waitForTimeout(500);
  expect(posts.filter((p) => p.endsWith('/approve-all'))).toHaveLength(1);
  const summary = page.getByRole(result.failed.length ? 'alert' : 'status', { name: `${t('requests.summaryTitle')} · ${t('requests.tabs.create')}`, exact: true });
  await expect(summary).toContainText(t('requests.summaryApproved', { count: result.approved.length }));
  await expect.poll(async () => (await shownToasts(page, { text: t('requests.summaryTitle') })).length).toBe(1);

  for (const rid of [approveId, laterA, laterB]) {
    const placeId = (await (await admin.get(`/api/admin/place-requests/${rid}`)).json()).data.place?.id;
    if (placeId) await admin.delete(`/api/admin/places/${placeId}`);
  }
  await user.dispose();
  await admin.dispose();
});

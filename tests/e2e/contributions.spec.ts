import AxeBuilder from '@axe-core/playwright';
import { expect, request, test, type Page } from '@playwright/test';
import { adminApi, inLang, loginAdmin, makePng, tr, uid, type AdminTokens, type Lang } from './admin-fixtures.ts';
import { codeFromMail, uniqueEmail } from './auth-mailbox.ts';

/**
 * Issue: the contributor side of the moderation loop, in English and Arabic. A new user signs in,
 * adds a place through the modal with an uploaded logo → it is pending under Creation requests →
 * an admin approves it (admin API) → the place page is public; the user asks for an edit from
 * Profile › Places → the admin rejects it with a reason (API) → the user reads the reason and the
 * change as before → after under Edit requests. Plus axe on the modal and the three profile tabs.
 */
const PASSWORD = 'contrib-pass-1';
let admin: AdminTokens;

test.beforeAll(async ({ baseURL }) => {
  admin = await loginAdmin(baseURL!);
});

/** A verified account made through the API with the code from the dev mailbox; returns its tokens. */
async function newUser(baseURL: string, lang: Lang, label: string) {
  const email = uniqueEmail(label);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Language': lang } });
  try {
    const registered = await api.post('/api/public/auth/register', { data: { email, password: PASSWORD, name: `Contributor ${lang}` } });
    expect(registered.status()).toBe(201);
    const code = await codeFromMail(email, 'signup-code');
    const verified = await api.post('/api/public/auth/verify-email', { data: { email, code } });
    const body = await verified.json();
    expect(body.success).toBe(true);
    return { email, token: body.data.token as string, refreshToken: body.data.refreshToken as string };
  } finally {
    await api.dispose();
  }
}

/** The admin finds the pending request of `type` whose place is called `name`. */
async function pendingRequestId(baseURL: string, type: 'create' | 'edit', name: string): Promise<number> {
  const api = await adminApi(baseURL, admin);
  try {
    const list = await api.get(`/api/admin/place-requests?type=${type}&status=pending&limit=100`).then((r) => r.json());
    const found = list.data.find((r: { payload: { name?: string }; place: { name: string } | null }) => (type === 'create' ? r.payload.name : r.place?.name) === name);
    expect(found, `pending ${type} request for ${name}`).toBeTruthy();
    return found.id;
  } finally {
    await api.dispose();
  }
}

async function moderate(baseURL: string, id: number, action: 'approve' | 'reject', reason?: string) {
  const api = await adminApi(baseURL, admin);
  try {
    const res = await api.post(`/api/admin/place-requests/${id}/${action}`, { data: reason ? { reason } : {} });
    expect(res.ok(), `${action} ${id}: ${res.status()}`).toBe(true);
  } finally {
    await api.dispose();
  }
}

async function openProfileTab(page: Page, lang: Lang, tab: 'places' | 'creationRequests' | 'editRequests') {
  await page.getByRole('navigation', { name: tr(lang, 'common:account.tabs.label') }).getByRole('link', { name: tr(lang, `common:account.tabs.${tab}`) }).click();
}

for (const lang of ['en', 'ar'] as const) {
  const t = (key: string, vars: Record<string, string | number> = {}) => tr(lang, `common:${key}`, vars);

  test(`${lang}: add a place, see it pending, approved and public; request an edit, see it rejected with the reason`, async ({ page, baseURL }) => {
    test.slow();
    const user = await newUser(baseURL!, lang, `contrib-${lang}`);
    const placeName = `E2E Contrib Cafe ${uid()}`;
    const categories = await (await page.request.get('/api/public/categories')).json();
    const category = categories.data[0];
    const categoryLabel = lang === 'ar' && category.nameAr ? category.nameAr : category.name;

    // Sign in through the login form.
    await page.goto(inLang(lang, '/auth/login'));
    await page.getByRole('textbox', { name: t('auth.fields.email'), exact: true }).fill(user.email);
    await page.getByRole('textbox', { name: t('auth.fields.password'), exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${lang === 'ar' ? '/ar' : '/'}$`));

    // ---- The add-place modal ----
    await page.evaluate(() => window.addEventListener('public:placeCreated', (e) => { (window as unknown as { created: unknown }).created = (e as CustomEvent).detail; }));
    await page.getByRole('banner').getByRole('button', { name: t('nav.addPlace') }).click();
    const form = page.getByRole('dialog', { name: t('addPlace.title') });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: t('contribute.submit') }).click();
    await page.mouse.move(0, 0); // a toast under the pointer stays while hovered; users move on to the fields
    // in Arabic the Arabic name comes first and is the required one; a missing name is said under it (issue 30)
    const nameField = lang === 'ar' ? 'contribute.form.fields.nameAr' : 'contribute.form.fields.name';
    await expect(page.getByText(t('contribute.firstError', { field: t(nameField), message: t('contribute.validation.nameRequired') })).first()).toBeVisible();
    await expect(form.getByRole('textbox', { name: t(nameField), exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(t('contribute.validation.selectCategory'))).toBeVisible();

    await form.getByRole('textbox', { name: t(nameField), exact: true }).fill(placeName);
    await form.getByRole('combobox', { name: t('contribute.form.fields.category') }).selectOption({ label: categoryLabel });
    await form.getByRole('textbox', { name: t('contribute.form.fields.phone'), exact: true }).fill('12');
    await form.getByRole('button', { name: t('contribute.submit') }).click();
    await page.mouse.move(0, 0);
    await expect(form.getByText(t('contribute.validation.invalidPhone'))).toBeVisible();
    await form.getByRole('textbox', { name: t('contribute.form.fields.phone'), exact: true }).fill('+966 11 555 0101');

    const logoLabel = t('contribute.form.fields.logo');
    await form.getByLabel(t('imageUpload.chooseFileLabel', { label: logoLabel })).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(24, [13, 148, 136]) });
    const logoPreview = form.getByRole('img', { name: t('imageUpload.previewAlt', { label: logoLabel }) });
    await expect(logoPreview).toBeVisible();
    await expect(logoPreview).toHaveAttribute('src', /^\/uploads\/places\//);

    await form.getByRole('textbox', { name: t('contribute.form.fields.youtubeUrl') }).fill('https://youtu.be/dQw4w9WgXcQ');
    await expect(form.getByTitle(t('contribute.form.videoPreview'))).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
    await form.getByRole('textbox', { name: t('contribute.form.fields.youtubeUrl') }).fill('https://example.com/video');
    await expect(form.getByTitle(t('contribute.form.videoPreview'))).toHaveCount(0);
    await form.getByRole('textbox', { name: t('contribute.form.fields.youtubeUrl') }).fill('');

    await form.getByRole('button', { name: t('contribute.submit') }).click();
    await expect(page.getByText(t('places.createSuccess')).first()).toBeVisible();
    await expect(form).toBeHidden();
    const created = await page.evaluate(() => (window as unknown as { created?: { type: string; status: string; payload: Record<string, unknown> } }).created);
    expect(created).toMatchObject({ type: 'create', status: 'pending', payload: { name: placeName, categoryId: category.id, phone: '+966 11 555 0101' } });
    // empty fields are omitted; in Arabic the name was typed in the Arabic field, which also fills the required name
    if (lang === 'ar') expect(created!.payload).toMatchObject({ nameAr: placeName });
    else expect(created!.payload).not.toHaveProperty('nameAr');
    expect(created!.payload).not.toHaveProperty('details');

    // ---- Pending under Creation requests ----
    await page.getByRole('banner').getByRole('link', { name: t('nav.profile') }).first().click();
    await expect(page.getByRole('heading', { name: t('contribute.places.empty') })).toBeVisible(); // not approved yet
    await openProfileTab(page, lang, 'creationRequests');
    const createRow = page.getByRole('listitem').filter({ hasText: placeName });
    await expect(createRow).toContainText(t('contribute.requests.statuses.pending'));

    // ---- The admin approves; the place page is public ----
    await moderate(baseURL!, await pendingRequestId(baseURL!, 'create', placeName), 'approve');
    await page.reload();
    await expect(createRow).toContainText(t('contribute.requests.statuses.approved'));
    await page.getByRole('combobox', { name: t('contribute.requests.status') }).selectOption({ label: t('contribute.requests.statuses.pending') });
    await expect(page.getByText(t('contribute.requests.emptyFiltered'))).toBeVisible();
    await page.getByRole('combobox', { name: t('contribute.requests.status') }).selectOption({ label: t('contribute.requests.statuses.approved') });
    await createRow.getByRole('button', { name: t('contribute.requests.detailsNamed', { name: placeName }) }).click();
    const createDetails = page.getByRole('dialog', { name: t('contribute.requests.detailsTitle', { name: placeName }) });
    await expect(createDetails.getByText(categoryLabel)).toBeVisible();
    await expect(createDetails.getByRole('img', { name: t('contribute.requests.imageAlt', { image: t('contribute.requests.logo'), name: placeName }) })).toBeVisible();
    await createDetails.getByRole('link', { name: t('contribute.requests.viewPlace') }).click();
    await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible();
    const placeUrl = page.url();
    const anonymous = await request.newContext({ baseURL });
    const slug = new URL(placeUrl).pathname.split('/')[2];
    expect((await anonymous.get(`/api/public/places/${slug}`)).status()).toBe(200);
    await anonymous.dispose();

    // ---- Edit request from Profile › Places ----
    await page.goto(inLang(lang, '/profile/places'));
    const placeRow = page.getByRole('listitem').filter({ hasText: placeName });
    await expect(placeRow).toContainText(categoryLabel);
    await expect(placeRow.getByRole('link', { name: t('contribute.places.viewNamed', { name: placeName }) })).toHaveAttribute('href', new RegExp(`/p/${slug}`));
    await placeRow.getByRole('button', { name: t('contribute.places.editNamed', { name: placeName }) }).click();
    const editForm = page.getByRole('dialog', { name: t('contribute.editTitle', { name: placeName }) });
    await expect(editForm.getByRole('textbox', { name: t('contribute.form.fields.phone'), exact: true })).toHaveValue('+966 11 555 0101');
    await editForm.getByRole('button', { name: t('contribute.submitEdit') }).click();
    await page.mouse.move(0, 0);
    await expect(page.getByText(t('contribute.noChanges')).first()).toBeVisible();
    await editForm.getByRole('textbox', { name: t('contribute.form.fields.phone'), exact: true }).fill('+966 11 555 0202');
    await editForm.getByRole('button', { name: t('contribute.submitEdit') }).click();
    await expect(page.getByText(t('contribute.editSuccess')).first()).toBeVisible();
    await expect(editForm).toBeHidden();

    // ---- The admin rejects it with a reason; the user reads it, with before → after ----
    const reason = `Please attach proof of the new number ${uid()}`;
    await moderate(baseURL!, await pendingRequestId(baseURL!, 'edit', placeName), 'reject', reason);
    await openProfileTab(page, lang, 'editRequests');
    const editRow = page.getByRole('listitem').filter({ hasText: placeName });
    await expect(editRow).toContainText(t('contribute.requests.statuses.rejected'));
    await expect(editRow).toContainText(reason);
    await editRow.getByRole('button', { name: t('contribute.requests.detailsNamed', { name: placeName }) }).click();
    const editDetails = page.getByRole('dialog', { name: t('contribute.requests.detailsTitle', { name: placeName }) });
    await expect(editDetails.getByText(t('contribute.requests.rejectionReason'))).toBeVisible();
    await expect(editDetails.getByText(reason)).toBeVisible();
    const change = editDetails.getByRole('listitem').filter({ hasText: t('contribute.form.fields.phone') });
    await expect(change).toHaveCount(1);
    await expect(change).toContainText(`${t('contribute.requests.before')}+966 11 555 0101`);
    await expect(change).toContainText(`${t('contribute.requests.after')}+966 11 555 0202`);
    await expect(editDetails.getByRole('listitem')).toHaveCount(1); // only the changed field was sent
  });

  test(`${lang}: the add-place modal and the profile tabs pass axe (serious, critical)`, async ({ page, context, baseURL }) => {
    test.slow();
    const user = await newUser(baseURL!, lang, `contrib-a11y-${lang}`);
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${user.token}` } });
    const categoryId = (await (await api.get('/api/public/categories')).json()).data[0].id;
    const name = `E2E A11y Place ${uid()}`;
    const created = await (await api.post('/api/public/places', { data: { name, categoryId, phone: '+966 11 555 0101' } })).json();
    await moderate(baseURL!, created.data.id, 'approve');
    await api.post('/api/public/places', { data: { name: `${name} pending`, categoryId } });
    const placeId = (await (await api.get('/api/public/auth/places')).json()).data[0].id;
    const edit = await (await api.post(`/api/public/auth/places/${placeId}/edit-request`, { data: { changes: { phone: '+966 11 555 0303' } } })).json();
    await moderate(baseURL!, edit.data.id, 'reject', 'Not verifiable');
    await api.dispose();
    await context.addInitScript(([token, refreshToken]) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('auth_refresh_token', refreshToken);
    }, [user.token, user.refreshToken] as const);

    const check = async (where: string) => {
      await page.mouse.move(0, 0);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join('; ')}`)).toEqual([]);
    };

    for (const theme of ['light', 'dark']) {
      await page.goto(`${inLang(lang, '/profile/places')}?theme=${theme}`);
      await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
      await check(`${theme} places`);
      await page.getByRole('button', { name: t('contribute.places.editNamed', { name }) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(`${theme} edit form`);
      await page.keyboard.press('Escape');

      await openProfileTab(page, lang, 'creationRequests');
      await expect(page.getByRole('list', { name: t('contribute.requests.list') }).getByRole('listitem').first()).toBeVisible();
      await check(`${theme} creation requests`);
      await openProfileTab(page, lang, 'editRequests');
      await expect(page.getByRole('list', { name: t('contribute.requests.list') }).getByRole('listitem').first()).toContainText(t('contribute.requests.statuses.rejected'));
      await check(`${theme} edit requests`);
      await page.getByRole('button', { name: t('contribute.requests.detailsNamed', { name }) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(`${theme} request details`);
      await page.keyboard.press('Escape');

      await page.getByRole('banner').getByRole('button', { name: t('nav.addPlace') }).click();
      const form = page.getByRole('dialog', { name: t('addPlace.title') });
      await form.getByRole('button', { name: t('contribute.submit') }).click(); // the field errors too
      await expect(form.locator('[aria-invalid=true]').first()).toBeVisible();
      await check(`${theme} add-place modal`);
      await page.keyboard.press('Escape');
    }
  });

  test(`${lang}: a profile list asked for a page past its end shows its last page`, async ({ page, context, baseURL }) => {
    const user = await newUser(baseURL!, lang, `contrib-clamp-${lang}`);
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${user.token}` } });
    const categoryId = (await (await api.get('/api/public/categories')).json()).data[0].id;
    const name = `E2E Clamp Place ${uid()}`;
    const created = await (await api.post('/api/public/places', { data: { name, categoryId } })).json();
    await moderate(baseURL!, created.data.id, 'approve');
    await api.dispose();
    await context.addInitScript(([token, refreshToken]) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('auth_refresh_token', refreshToken);
    }, [user.token, user.refreshToken] as const);

    for (const path of ['/profile/places', '/profile/creation-requests']) {
      await page.goto(`${inLang(lang, path)}?page=99`);
      await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
      await expect(page).not.toHaveURL(/page=99/);
    }
  });
}

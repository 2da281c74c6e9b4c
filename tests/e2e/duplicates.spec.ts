import { expect, request, test } from '@playwright/test';
import { adminApi, inLang, loginAdmin, tr, uid, type AdminTokens, type Lang } from './admin-fixtures.ts';
import { codeFromMail, uniqueEmail } from './auth-mailbox.ts';

/**
 * Issue #16, duplicates caught before they land: the Add Place form warns "Is it one of these?" with a
 * link to an approved place that has a similar name near the map link's coordinates (English) or the
 * same phone typed with Arabic-Indic digits (Arabic), and the form can still be submitted.
 */
const PASSWORD = 'dup-pass-1';
let admin: AdminTokens;
test.beforeAll(async ({ baseURL }) => {
  admin = await loginAdmin(baseURL!);
});

async function newUser(baseURL: string, label: string) {
  const email = uniqueEmail(label);
  const api = await request.newContext({ baseURL });
  try {
    expect((await api.post('/api/public/auth/register', { data: { email, password: PASSWORD, name: 'Dup Contributor' } })).status()).toBe(201);
    const code = await codeFromMail(email, 'signup-code');
    const body = await (await api.post('/api/public/auth/verify-email', { data: { email, code } })).json();
    return { token: body.data.token as string, refreshToken: body.data.refreshToken as string };
  } finally {
    await api.dispose();
  }
}

for (const lang of ['en', 'ar'] as Lang[]) {
  const t = (key: string) => tr(lang, `common:${key}`);
  test(`Add Place warns about a likely duplicate and still lets the user submit (${lang})`, async ({ page, baseURL, context }) => {
    const id = uid();
    const lat = 21.4 + Math.random() * 0.1;
    const lng = 39.8 + Math.random() * 0.1;
    const phoneDigits = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const api = await adminApi(baseURL!, admin);
    const categories = await (await api.get('/api/public/categories')).json();
    const existingName = `Sunrise Bakery ${id}`;
    const created = await api.post('/api/admin/places', {
      data: { name: existingName, nameAr: `مخبز الشروق ${id}`, categoryId: categories.data[0].id, latitude: lat, longitude: lng, phone: phoneDigits },
    });
    expect(created.status(), await created.text()).toBe(201);
    const existing = (await created.json()).data as { slug: string };

    const user = await newUser(baseURL!, `dup-${lang}`);
    await context.addInitScript(([token, refreshToken]) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('auth_refresh_token', refreshToken);
    }, [user.token, user.refreshToken] as const);
    await page.goto(inLang(lang, '/'));
    const form = page.getByRole('dialog', { name: t('addPlace.title') });
    // the signed-in header replaces the server-rendered one once the session is read: click until the dialog opens
    // (not again once it is opening: an open dialog hides the header from the accessibility tree, and on a loaded
    // machine its chunk can take longer than one attempt)
    await expect(async () => {
      if ((await form.count()) === 0) await page.getByRole('banner').getByRole('button', { name: t('nav.addPlace') }).click({ timeout: 2000 });
      await expect(form).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await expect(form.getByTestId('duplicate-warning')).toHaveCount(0);

    if (lang === 'en') {
      await form.getByRole('textbox', { name: t('contribute.form.fields.name'), exact: true }).fill(`Sunrise Bakery ${id} Branch`);
      await form.getByRole('textbox', { name: t('contribute.form.fields.mapUrl'), exact: true })
        .fill(`https://www.openstreetmap.org/?mlat=${(lat + 0.0003).toFixed(6)}&mlon=${lng.toFixed(6)}`);
    } else {
      const arabicDigits = phoneDigits.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
      await form.getByRole('textbox', { name: t('contribute.form.fields.nameAr'), exact: true }).fill(`مكان آخر ${id}`);
      await form.getByRole('textbox', { name: t('contribute.form.fields.phone'), exact: true }).fill(arabicDigits);
    }
    const warning = form.getByTestId('duplicate-warning');
    await expect(warning).toBeVisible();
    await expect(warning.getByText(t('duplicates.title'))).toBeVisible();
    const link = warning.getByRole('link', { name: lang === 'ar' ? `مخبز الشروق ${id}` : existingName });
    await expect(link).toHaveAttribute('href', lang === 'ar' ? `/p/${existing.slug}/ar` : `/p/${existing.slug}`);
    await expect(warning).toContainText(t(lang === 'ar' ? 'duplicates.samePhone' : 'duplicates.similarNameNearby'));
    await expect(form.getByRole('button', { name: t('contribute.submit') })).toBeEnabled();
    await api.dispose();
  });
}

import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 4, admin sessions and the login guards: admin login (failure shows no
 * message), /admin/map, session storage without "remember", refresh of an expired access token on
 * reload, logout; /profile and /admin redirects keeping the origin. The e2e stack creates
 * admin@e2e.test / admin-e2e-password on first start.
 */
const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };

const stored = (page: Page) =>
  page.evaluate(() => ({
    local: localStorage.getItem('admin_token'),
    session: sessionStorage.getItem('admin_token'),
    refresh: localStorage.getItem('admin_refresh_token') ?? sessionStorage.getItem('admin_refresh_token'),
  }));

async function fillAdminLogin(page: Page, password: string, remember = false) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (remember) await page.getByText('Remember me').click();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('admin: login (no message on failure), session storage, refresh on reload, logout', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();

  // A failed admin login shows no message; the form is usable again.
  await fillAdminLogin(page, 'not-the-password');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/login$/);

  await fillAdminLogin(page, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/map$/);
  // Not remembered: the admin token lives in session storage only.
  const first = await stored(page);
  expect(first.local).toBeNull();
  expect(first.session).toBeTruthy();
  expect(first.refresh).toBeTruthy();

  // Signed in: /admin/login sends back to the admin area.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/map$/);

  // An expired access token is refreshed with the refresh token when the app starts.
  await page.evaluate(() => {
    const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const payload = JSON.parse(atob(sessionStorage.getItem('admin_token')!.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    sessionStorage.setItem('admin_token', `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...payload, exp: Math.floor(Date.now() / 1000) - 60 })}.expired`);
  });
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/map$/);
  await expect.poll(async () => (await stored(page)).session).not.toMatch(/\.expired$/);
  const refreshed = await stored(page);
  expect(refreshed.refresh).not.toBe(first.refresh); // refresh tokens rotate

  // Logout: tokens cleared, back to /admin/login; the guard then keeps admin pages closed.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await stored(page)).toEqual({ local: null, session: null, refresh: null });
  await page.goto('/admin/places');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fplaces$/);
});

test('admin: "remember me" keeps the token in persistent storage and a malformed token is cleared', async ({ page }) => {
  await page.goto('/admin/login?redirect=%2Fadmin%2Fcategories');
  await fillAdminLogin(page, ADMIN.password, true);
  await expect(page).toHaveURL(/\/admin\/categories$/);
  const saved = await stored(page);
  expect(saved.local).toBeTruthy();
  expect(saved.session).toBeNull();

  await page.evaluate(() => localStorage.setItem('admin_token', 'not-a-jwt'));
  await page.goto('/admin/map');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fmap$/);
  expect((await stored(page)).local).toBeNull();
});

test('guards: /profile and /admin send anonymous visitors to their login page, keeping the origin', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/requests');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Frequests$/);

  // Arabic last: arriving on an /ar page makes Arabic the stored language.
  await page.goto('/profile/edit-requests/ar');
  await expect(page).toHaveURL(/\/auth\/login\/ar\?redirect=%2Fprofile%2Fedit-requests%2Far$/);
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { inLang, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue #17, admin sign-in failures reach the person: next to the form (role=alert), in the page's
 * language, the public sign-in's 'Invalid credentials' for an unknown e-mail and for a wrong password
 * alike (nothing enumerated), and after too many tries the wait from Retry-After. The typed e-mail
 * stays and the button is ready again. (The 429 is answered by the test — exhausting the real limit
 * would lock the run's other sign-ins out of the shared per-IP budget.)
 */
for (const lang of ['en', 'ar'] as Lang[]) {
  test(`admin sign-in failures are said next to the form (${lang})`, async ({ page }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const email = page.getByRole('textbox', { name: t('auth.email'), exact: true });
    const password = page.getByRole('textbox', { name: t('auth.password'), exact: true });
    const signIn = page.getByRole('button', { name: t('auth.signIn') });
    await page.goto(inLang(lang, '/admin/login'));

    const unknown = `nobody-${uid()}@e2e.test`;
    await email.fill(unknown);
    await password.fill('whatever-password');
    await signIn.click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(tr(lang, 'common:auth.errors.invalidCredentials'));
    await expect(email).toHaveValue(unknown);
    await expect(signIn).toBeEnabled();
    await expect(password).toBeFocused();

    // A real admin with a wrong password: the very same words.
    await email.fill('admin@e2e.test');
    await password.fill('not-the-password');
    await signIn.click();
    await expect(alert).toHaveText(tr(lang, 'common:auth.errors.invalidCredentials'));

    // Too many tries: the wait from Retry-After (840 s → 14 minutes).
    await page.route('**/api/admin/auth/login', (route) => route.fulfill({
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '840' },
      body: JSON.stringify({ success: false, error: { code: 'rate_limited', message: 'Too many attempts. Please try again later.' } }),
    }));
    await signIn.click();
    await expect(alert).toHaveText(tr(lang, `common:auth.errors.tooManyTriesWait_${lang === 'ar' ? 'many' : 'other'}`, { count: 14 }));
    await expect(email).toHaveValue('admin@e2e.test');
    await expect(signIn).toBeEnabled();
  });
}

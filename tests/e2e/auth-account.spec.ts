import { expect, test, type Page } from '@playwright/test';
import { codeFromMail, uniqueEmail } from './auth-mailbox.ts';

/**
 * Issue 4, the whole public account life in each language, with real codes from the dev mailbox:
 * register → verify email → log out → /profile guard → log in (back to the profile) → rename →
 * change password → log out → reset password with a code → the old password fails → log in.
 */
const TEXT = {
  en: {
    suffix: '',
    name: 'Name', email: 'Email', password: 'Password', code: 'Verification code',
    current: 'Current password', newPassword: 'New password', confirm: 'Confirm new password',
    createAccount: 'Create account', verify: 'Verify', login: 'Log in', logout: 'Log out', profile: 'Profile',
    changePassword: 'Change password', passwordChanged: 'Password changed successfully',
    editName: 'Edit name', save: 'Save', profileUpdated: 'Profile updated successfully',
    forgot: 'Forgot password?', sendCode: 'Send code', codeSent: 'If the email exists, a reset code has been sent',
    verifyCode: 'Verify code', resetPassword: 'Reset password', resetDone: 'Your password has been reset. You can now log in.',
    invalid: 'Invalid credentials', mismatch: 'Passwords do not match', allRequired: 'All fields are required',
    emailInvalid: 'Please enter a valid email address', tooShort: 'Use at least 6 characters',
    placesTab: 'Places', tabs: 'Profile sections',
  },
  ar: {
    suffix: '/ar',
    name: 'الاسم', email: 'البريد الإلكتروني', password: 'كلمة المرور', code: 'رمز التحقق',
    current: 'كلمة المرور الحالية', newPassword: 'كلمة المرور الجديدة', confirm: 'تأكيد كلمة المرور الجديدة',
    createAccount: 'إنشاء الحساب', verify: 'تأكيد', login: 'تسجيل الدخول', logout: 'تسجيل الخروج', profile: 'الملف الشخصي',
    changePassword: 'تغيير كلمة المرور', passwordChanged: 'تم تغيير كلمة المرور بنجاح',
    editName: 'تعديل الاسم', save: 'حفظ', profileUpdated: 'تم تحديث الملف الشخصي بنجاح',
    forgot: 'نسيت كلمة المرور؟', sendCode: 'إرسال الرمز', codeSent: 'إذا كان البريد الإلكتروني موجودًا، فقد أُرسل رمز إعادة التعيين',
    verifyCode: 'تحقق من الرمز', resetPassword: 'إعادة تعيين كلمة المرور', resetDone: 'أُعيد تعيين كلمة مرورك. يمكنك الآن تسجيل الدخول.',
    invalid: 'بيانات الدخول غير صحيحة', mismatch: 'كلمتا المرور غير متطابقتين', allRequired: 'جميع الحقول مطلوبة',
    emailInvalid: 'يرجى إدخال بريد إلكتروني صحيح', tooShort: 'استخدم 6 أحرف على الأقل',
    placesTab: 'الأماكن', tabs: 'أقسام الملف الشخصي',
  },
} as const;

type Lang = keyof typeof TEXT;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function logIn(page: Page, L: (typeof TEXT)[Lang], email: string, password: string) {
  await page.getByRole('textbox', { name: L.email, exact: true }).fill(email);
  await page.getByRole('textbox', { name: L.password, exact: true }).fill(password);
  await page.getByRole('button', { name: L.login, exact: true }).click();
}

for (const lang of ['en', 'ar'] as const) {
  const L = TEXT[lang];
  const at = (path: string) => `${path === '/' ? '' : path}${L.suffix}` || '/';

  test(`${lang}: register, verify, log in, profile, change password, log out, reset password, log in`, async ({ page }) => {
    test.slow();
    const email = uniqueEmail(`account-${lang}`);
    const firstPassword = 'first-pass-1';
    const secondPassword = 'second-pass-2';
    const thirdPassword = 'third-pass-3';

    // Register: client-side rules first, in the page's language.
    await page.goto(at('/auth/register'));
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('banner').getByRole('link', { name: L.profile })).toHaveCount(0); // no public header
    await page.getByRole('textbox', { name: L.email, exact: true }).fill('not-an-email');
    await page.getByRole('textbox', { name: L.password, exact: true }).fill('123');
    await page.getByRole('button', { name: L.createAccount }).click();
    await expect(page.getByText(L.emailInvalid)).toBeVisible();
    await expect(page.getByText(L.tooShort)).toBeVisible();
    await expect(page.getByRole('textbox', { name: L.email, exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: L.name, exact: true }).fill(`Tester ${lang}`);
    await page.getByRole('textbox', { name: L.email, exact: true }).fill(email);
    await page.getByRole('textbox', { name: L.password, exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: L.createAccount }).click();

    // Verify with the mailed code → signed in and sent home in the same language.
    await expect(page).toHaveURL(new RegExp(`/auth/verify-email${esc(L.suffix)}$`));
    await expect(page.getByText(email)).toBeVisible();
    const signupCode = await codeFromMail(email, 'signup-code', { lang });
    await page.getByRole('textbox', { name: L.code, exact: true }).fill(signupCode);
    await page.getByRole('button', { name: L.verify, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${lang === 'ar' ? '/ar' : '/'}$`));
    const logout = page.getByRole('banner').getByRole('button', { name: L.logout });
    await expect(logout).toBeVisible();

    // Signed-in users cannot see auth pages.
    await page.goto(at('/auth/login'));
    await expect(page).toHaveURL(new RegExp(`${lang === 'ar' ? '/ar' : '/'}$`));

    // Log out, then the /profile guard sends us to the login page keeping the origin.
    await page.getByRole('banner').getByRole('button', { name: L.logout }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: L.logout })).toHaveCount(0);
    await page.goto(at('/profile'));
    await expect(page).toHaveURL(new RegExp(`/auth/login${esc(L.suffix)}\\?redirect=`));

    // Wrong password first: 'Invalid credentials', announced.
    await logIn(page, L, email, 'wrong-password');
    await expect(page.getByRole('alert').filter({ hasText: L.invalid })).toBeVisible();
    await logIn(page, L, email, firstPassword);
    await expect(page).toHaveURL(new RegExp(`/profile/places${esc(L.suffix)}$`));

    // Profile section: name, email; rename.
    await expect(page.getByRole('heading', { level: 2, name: `Tester ${lang}` })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('navigation', { name: L.tabs }).getByRole('link', { name: L.placesTab, exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: L.editName }).click();
    await page.getByRole('textbox', { name: L.name, exact: true }).fill(`Renamed ${lang}`);
    await page.getByRole('button', { name: L.save, exact: true }).click();
    await expect(page.getByText(L.profileUpdated)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `Renamed ${lang}` })).toBeVisible();

    // Change password: the form's own rules, then success.
    await page.getByRole('button', { name: L.changePassword }).click();
    await page.getByRole('button', { name: L.changePassword }).last().click();
    await expect(page.getByText(L.allRequired).first()).toBeVisible();
    await page.getByRole('textbox', { name: L.current, exact: true }).fill(firstPassword);
    await page.getByRole('textbox', { name: L.newPassword, exact: true }).fill(secondPassword);
    await page.getByRole('textbox', { name: L.confirm, exact: true }).fill('something-else');
    await page.getByRole('button', { name: L.changePassword }).last().click();
    await expect(page.getByText(L.mismatch)).toBeVisible();
    await page.getByRole('textbox', { name: L.confirm, exact: true }).fill(secondPassword);
    await page.getByRole('button', { name: L.changePassword }).last().click();
    await expect(page.getByText(L.passwordChanged)).toBeVisible();

    // Log out from the profile: home (not the login page), tokens gone from both storages.
    await page.getByRole('banner').getByRole('button', { name: L.logout }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: L.logout })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${lang === 'ar' ? '/ar' : '/'}$`));
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('auth_refresh_token'), sessionStorage.getItem('auth_token')])).toEqual([null, null, null]);

    // Reset password with a mailed code.
    await page.goto(at('/auth/login'));
    await page.getByRole('link', { name: L.forgot }).click();
    await expect(page).toHaveURL(new RegExp(`/auth/reset-password${esc(L.suffix)}$`));
    await page.getByRole('textbox', { name: L.email, exact: true }).fill(email);
    await page.getByRole('button', { name: L.sendCode }).click();
    await expect(page.getByText(L.codeSent)).toBeVisible();
    const resetCode = await codeFromMail(email, 'reset-code', { lang });
    await page.getByRole('textbox', { name: L.code, exact: true }).fill(resetCode);
    await page.getByRole('button', { name: L.verifyCode }).click();
    await page.getByRole('textbox', { name: L.newPassword, exact: true }).fill(thirdPassword);
    await page.getByRole('textbox', { name: L.confirm, exact: true }).fill(thirdPassword);
    await page.getByRole('button', { name: L.resetPassword }).click();

    // Back at login with a notice; the changed password no longer works, the new one does.
    await expect(page).toHaveURL(new RegExp(`/auth/login${esc(L.suffix)}$`));
    await expect(page.getByText(L.resetDone)).toBeVisible();
    await logIn(page, L, email, secondPassword);
    await expect(page.getByRole('alert').filter({ hasText: L.invalid })).toBeVisible();
    await logIn(page, L, email, thirdPassword);
    await expect(page).toHaveURL(new RegExp(`${lang === 'ar' ? '/ar' : '/'}$`));
    await expect(page.getByRole('banner').getByRole('button', { name: L.logout })).toBeVisible();
    expect(await page.evaluate(() => Boolean(localStorage.getItem('auth_token') && localStorage.getItem('auth_refresh_token')))).toBe(true);

    // An access token the server refuses (here: expired and re-signed wrongly) is refreshed once on the
    // 401 and the request retried: the profile still loads, with a new token pair stored.
    const before = await page.evaluate(() => {
      const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const token = localStorage.getItem('auth_token')!;
      const payload = JSON.parse(decodeURIComponent(escape(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))));
      localStorage.setItem('auth_token', `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...payload, name: undefined, user_metadata: {}, exp: Math.floor(Date.now() / 1000) - 60 })}.forged`);
      return localStorage.getItem('auth_refresh_token');
    });
    await page.goto(at('/profile'));
    await expect(page.getByRole('heading', { level: 2, name: `Renamed ${lang}` })).toBeVisible();
    const after = await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('auth_refresh_token')]);
    expect(after[0]).not.toMatch(/\.forged$/);
    expect(after[1]).not.toBe(before);
  });
}

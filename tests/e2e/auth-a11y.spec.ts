import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** Issue 4: the auth screens have no serious or critical accessibility violations, in English and Arabic. */
const PAGES = ['/auth/login', '/auth/register', '/auth/verify-email', '/auth/reset-password', '/admin/login'];

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: auth screens pass axe (serious, critical)`, async ({ page }) => {
    for (const path of PAGES) {
      await page.goto(lang === 'ar' ? `${path}/ar` : path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Show the field errors too: they must be announced and linked to their inputs.
      await page.getByRole('button', { name: /^(Log in|Create account|Verify|Send code|Sign in|تسجيل الدخول|إنشاء الحساب|تأكيد|إرسال الرمز)$/ }).click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();
      // Colours are judged at rest: pointer away from the button, fade-ins finished.
      await page.mouse.move(0, 0);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${path}: ${v.id} — ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join('; ')}`)).toEqual([]);
    }
  });
}

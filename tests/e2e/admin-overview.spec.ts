import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { adminApi, inLang, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue #16 "Data health at a glance": the admin opens the overview from the admin menu (first entry),
 * reads the charts' text alternatives (caption + table) and the gap counts, and follows a gap link to
 * the places list filtered by that gap (decision 032). In Arabic the charts are mirrored.
 */
const adminSession = signInAsAdmin(test);
let categoryId: number;
test.beforeAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  categoryId = (await api.get('/api/admin/categories').then((r) => r.json())).data[0].id;
  await api.dispose();
});

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`the overview shows charts with text alternatives and gap links to the filtered places (${lang})`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const id = uid();
    const admin = await adminApi(baseURL!, adminSession.tokens);
    // two places sharing a unique word: one without an Arabic name (a gap), one with it
    for (const data of [{ name: `Overview Gap ${id}` }, { name: `Overview Full ${id}`, nameAr: `مكتمل ${id}` }]) {
      const res = await admin.post('/api/admin/places', { data: { ...data, categoryId } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await admin.dispose();

    await page.goto(inLang(lang, '/admin/categories'));
    const nav = page.getByRole('navigation', { name: t('nav.label') });
    await expect(nav.getByRole('link').first()).toHaveText(t('nav.overview'));
    await nav.getByRole('link', { name: t('nav.overview') }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/overview${lang === 'ar' ? '/ar' : ''}$`));
    await expect(page.getByRole('heading', { level: 1, name: t('overview.title') })).toBeVisible();
    await expect(nav.getByRole('link', { name: t('nav.overview') })).toHaveAttribute('aria-current', 'page');

    // each chart: a caption that summarises it and a table of every row (what screen readers get)
    for (const [chart, summaryKey, title] of [['overview-categories', 'overview.categoriesSummary', 'overview.perCategory'], ['overview-zones', 'overview.zonesSummary', 'overview.perZone']] as const) {
      const section = page.getByRole('region', { name: t(title) });
      const table = section.getByRole('table', { name: t(title) });
      const rows = table.getByRole('row');
      await expect(rows.nth(1)).toBeAttached();
      const names = await table.locator('tbody tr td:first-child').allTextContents();
      const top = names[0]!;
      const count = chart === 'overview-zones' ? names.filter((n) => n !== t('overview.noZone')).length : names.length;
      await expect(section.locator('figcaption')).toHaveText(t(summaryKey, { count, top }));
      // the SVG is hidden from screen readers and draws at most 10 bars, growing from the start edge
      const drawing = section.getByTestId(`${chart}-chart`);
      await expect(drawing).toHaveAttribute('aria-hidden', 'true');
      await expect(drawing.locator('.recharts-bar-rectangle')).toHaveCount(Math.min(names.length, 10));
      const centre = async (selector: string) => {
        const box = (await drawing.locator(selector).first().boundingBox())!;
        return box.x + box.width / 2;
      };
      const [name, bar] = [await centre('.recharts-cartesian-axis-tick-value'), await centre('.recharts-bar-rectangle')];
      if (lang === 'ar') expect(name).toBeGreaterThan(bar);
      else expect(name).toBeLessThan(bar);
    }

    // pending requests and the latest changes, linked to their views
    await expect(page.getByRole('region', { name: t('overview.pendingTitle') }).getByRole('link', { name: t('overview.reviewRequests') })).toBeVisible();
    const changes = page.getByRole('region', { name: t('overview.changesTitle') });
    await expect(changes.getByTestId('overview-change').first()).toBeVisible();
    await expect(changes.getByRole('link').first()).toHaveAttribute('href', /\/admin\/history(\/ar)?\?entity=\w+/);

    // the gaps: a plural sentence with the count each; "without an Arabic name" opens the filtered list
    const gaps = page.getByRole('region', { name: t('overview.gapsTitle') });
    for (const gap of ['nameAr', 'phone', 'openingHours', 'coordinates']) {
      await expect(gaps.getByRole('link', { name: sentence(lang, `overview.gaps.${gap}`) })).toBeVisible();
    }
    await expect(gaps.getByRole('link').last()).toHaveAttribute('href', new RegExp(`/admin/duplicates${lang === 'ar' ? '/ar' : ''}$`));
    const nameArLink = gaps.getByRole('link', { name: sentence(lang, 'overview.gaps.nameAr') });
    const shown = Number((await nameArLink.textContent())!.match(/\d+/)?.[0] ?? 0);
    expect(shown).toBeGreaterThan(0);
    await nameArLink.click();
    await expect(page).toHaveURL(/\/admin\/places(\/ar)?\?missing=nameAr$/);
    await expect(page.getByTestId('missing-filter')).toContainText(t('places.missing.nameAr'));
    await page.getByRole('searchbox', { name: t('places.searchLabel') }).fill(`Overview ${id}`);
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: `Overview Gap ${id}` })).toBeVisible();
    const fullName = lang === 'ar' ? `مكتمل ${id}` : `Overview Full ${id}`; // the list shows names in the admin's language
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: fullName })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: t('places.total', { count: 1 }) })).toBeVisible();
    // removing the filter shows both
    await page.getByRole('button', { name: t('places.removeMissing') }).click();
    await expect(page).toHaveURL(/\/admin\/places(\/ar)?\?search=/);
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: fullName })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: t('places.total', { count: 2 }) })).toBeVisible();
  });
}

test('the overview fits a phone screen without sideways scrolling, in Arabic and the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(inLang('ar', '/admin/overview'));
  await expect(page.getByRole('region', { name: tr('ar', 'overview.perZone') }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('overview-phone-ar-dark.png'), fullPage: true });
  const overflowing = await page.evaluate(() => [...document.querySelectorAll('main *')]
    .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 || e.getBoundingClientRect().left < -1)
    .filter((e) => !e.closest('[aria-hidden="true"]') && !e.closest('table')).slice(0, 3).map((e) => e.outerHTML.slice(0, 120)));
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

for (const [lang, theme] of [['en', 'light'], ['ar', 'dark']] as [Lang, string][]) {
  test(`${lang}/${theme}: the overview passes axe (serious, critical)`, async ({ page }) => {
    await page.goto(`${inLang(lang, '/admin/overview')}?theme=${theme}`);
    await expect(page.getByRole('region', { name: tr(lang, 'overview.perCategory') }).locator('.recharts-bar-rectangle').first()).toBeVisible();
    await page.mouse.move(0, 0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id} — ${v.nodes.map((n) => n.html).join('; ')}`)).toEqual([]);
  });
}

/** A plural sentence of the locale as a pattern: any count in place of {{count}} (every plural form). */
function sentence(lang: Lang, key: string): RegExp {
  const forms = ['zero', 'one', 'two', 'few', 'many', 'other'].map((f) => tr(lang, `${key}_${f}`))
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{\\{count\\}\\}', '\\d+'));
  return new RegExp(`^(${[...new Set(forms)].join('|')})$`);
}

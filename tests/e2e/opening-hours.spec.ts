import { expect, test } from '@playwright/test';
import { adminApi, inLang, loginAdmin, tr, uid, type AdminTokens } from './admin-fixtures.ts';
import { LANGS, waitForHydration } from './public-fixtures.ts';
import { formatClock } from '../../src/lib/intl.ts';

/**
 * Issue #15: the place page shows today's hours, the week and the status computed by the API (city time zone),
 * in both languages, without a hydration mismatch; unknown hours say so. `24/7` and `Mo-Su off` give
 * the same answer at any moment on the server; the browser's clock is fixed elsewhere (Playwright
 * `page.clock`) and changes nothing.
 */

const id = uid();
let tokens: AdminTokens;
type Made = { id: number; slug: string };
const made: { always?: Made; never?: Made; unknown?: Made; closing?: Made; later?: Made } = {};

/** Wall clock in Riyadh (the city's zone) of `d`: 'HH:MM' and the weekday code. */
function riyadhClock(d: Date) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Riyadh', hourCycle: 'h23', hour: '2-digit', minute: '2-digit', weekday: 'short' }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { time: `${part('hour')}:${part('minute')}`, day: part('weekday').slice(0, 2).toLowerCase(), date: d.toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' }) };
}
const minutesFromNow = (n: number) => new Date(Math.ceil(Date.now() / 60_000) * 60_000 + n * 60_000);
// open until ~30 min from now (and since an hour ago); closed now, opening in ~2 hours
const closing = { from: riyadhClock(minutesFromNow(-60)), to: riyadhClock(minutesFromNow(30)) };
const later = { from: riyadhClock(minutesFromNow(120)), to: riyadhClock(minutesFromNow(180)) };

test.beforeAll(async ({ baseURL }) => {
  tokens = await loginAdmin(baseURL!);
  const api = await adminApi(baseURL!, tokens);
  try {
    const categories = await (await api.get('/api/public/categories')).json();
    const categoryId = categories.data[0].id;
    const add = async (name: string, openingHours?: string) => {
      const res = await (await api.post('/api/admin/places', { data: { name, categoryId, ...(openingHours ? { openingHours } : {}) } })).json();
      expect(res.success, JSON.stringify(res)).toBe(true);
      return { id: res.data.id as number, slug: res.data.slug as string };
    };
    made.always = await add(`Always Open ${id}`, '24/7');
    made.never = await add(`Never Open ${id}`, 'Mo-Su off');
    made.unknown = await add(`No Hours ${id}`);
    made.closing = await add(`Closing Soon ${id}`, `Mo-Su ${closing.from.time}-${closing.to.time}`);
    made.later = await add(`Opens Later ${id}`, `Mo-Su ${later.from.time}-${later.to.time}`);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, tokens);
  for (const p of Object.values(made)) if (p) await api.delete(`/api/admin/places/${p.id}`);
  await api.dispose();
});

for (const lang of LANGS) {
  test(`place page shows today's hours, the week and the open/closed status (${lang})`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && /hydrat/i.test(m.text())) errors.push(m.text()); });
    // the browser's clock at another day and hour than the server's must not change what the page says
    await page.clock.setFixedTime(new Date('2026-01-02T03:00:00Z'));
    const week = page.getByTestId('hours-week');

    await page.goto(inLang(lang, `/p/${made.always!.slug}`));
    await waitForHydration(page);
    await expect(page.getByTestId('hours-status')).toHaveText(tr(lang, 'common:hours.status.open24'));
    await expect(page.getByTestId('hours-today')).toHaveText(tr(lang, 'common:hours.todayLine', { hours: tr(lang, 'common:hours.open24') }));
    await expect(week.getByRole('row')).toHaveCount(8); // header + 7 days
    // Sunday first, in the page's language, marked "(today)" when it is Sunday in Riyadh (the server's day, not the browser's)
    const sunday = tr(lang, 'common:hours.days.su');
    await expect(week.getByRole('rowheader').first())
      .toHaveText(riyadhClock(new Date()).day === 'su' ? `${sunday} ${tr(lang, 'common:hours.todayMark')}` : sunday);
    await expect(week.getByRole('cell', { name: tr(lang, 'common:hours.open24'), exact: true })).toHaveCount(7);

    await page.goto(inLang(lang, `/p/${made.never!.slug}`));
    await waitForHydration(page);
    await expect(page.getByTestId('hours-status')).toHaveText(tr(lang, 'common:hours.status.closed'));
    await expect(week.getByRole('cell', { name: tr(lang, 'common:hours.closed'), exact: true })).toHaveCount(7);

    // closes in about 30 minutes (counted down from the server's reading, not the browser's clock)
    await page.goto(inLang(lang, `/p/${made.closing!.slug}`));
    await waitForHydration(page);
    const countdown = new RegExp(`^${tr(lang, 'common:hours.status.closesIn', { count: 999 }).replace('999', '(\\d+)')}$`);
    await expect(page.getByTestId('hours-status')).toHaveText(countdown);
    const minutes = Number(countdown.exec((await page.getByTestId('hours-status').textContent())!)![1]);
    expect(minutes).toBeGreaterThanOrEqual(20);
    expect(minutes).toBeLessThanOrEqual(31);
    const today = riyadhClock(new Date());
    const todayRow = week.locator('[aria-current="date"]');
    await expect(todayRow.getByRole('rowheader')).toContainText(tr(lang, `common:hours.days.${today.day}`));

    // closed, opening at a named time (today, or on the named day when that is after midnight in Riyadh)
    await page.goto(inLang(lang, `/p/${made.later!.slug}`));
    await waitForHydration(page);
    const opens = riyadhClock(minutesFromNow(120));
    const sameDay = opens.date === today.date;
    // Arabic: the 12-hour clock with ص/م (issue 30), "4:00 م – 5:00 م"; English: 24-hour, "16:00–17:00"
    const time = formatClock(later.from.time, lang);
    await expect(page.getByTestId('hours-status')).toHaveText(sameDay
      ? tr(lang, 'common:hours.status.opensAt', { time })
      : tr(lang, 'common:hours.status.opensOn', { time, day: tr(lang, `common:hours.days.${opens.day}`) }));
    const range = lang === 'ar' ? `${formatClock(later.from.time, lang)} – ${formatClock(later.to.time, lang)}` : `${later.from.time}–${later.to.time}`;
    await expect(todayRow.getByRole('cell')).toHaveText(later.to.time <= later.from.time ? `${range} ${tr(lang, 'common:hours.nextDay')}` : range);
    if (lang === 'ar') expect(time).toMatch(/^\d{1,2}:\d{2}\u00a0[صم]$/);

    await page.goto(inLang(lang, `/p/${made.unknown!.slug}`));
    await waitForHydration(page);
    await expect(page.getByText(tr(lang, 'common:place.hoursUnknown'))).toBeVisible();
    await expect(page.getByTestId('hours-status')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

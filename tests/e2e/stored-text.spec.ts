import { expect, test, type Page } from '@playwright/test';
import { adminApi, loginAdmin, uid, useAdminSession, type AdminTokens } from './admin-fixtures.ts';

/**
 * Stored text is rendered as text: a category, a zone and a place created through the admin API
 * with HTML/script payloads and bidi control characters in their names, address and description
 * show those characters literally on the home page, the category, zone and place pages, in the
 * search overlay and in the admin places list; nothing runs (window.__xss stays undefined, no
 * dialog) and no element is injected. And every URL field of the API refuses javascript:/data:.
 */
const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const id = uid();
const TEXT = {
  category: `Cat ${id} ${IMG}`,
  categoryAr: `\u202bفئة ${id}\u202c ${SCRIPT}`,
  zone: `Zone ${id} ${SCRIPT}`,
  place: `Place ${id} ${IMG} \u202eevil\u202c`,
  address: `${SCRIPT} ${id} street \u200f`,
  description: `${IMG}<a href="javascript:window.__xss=1">click</a> \u2067isolated\u2069 \u200b${id}`,
};

let tokens: AdminTokens;
const made: { categoryId?: number; categorySlug?: string; zoneId?: number; zoneSlug?: string; placeId?: number; placeSlug?: string } = {};

test.beforeAll(async ({ baseURL }) => {
  tokens = await loginAdmin(baseURL!);
  const api = await adminApi(baseURL!, tokens);
  try {
    const category = await (await api.post('/api/admin/categories', { data: { name: TEXT.category, nameAr: TEXT.categoryAr } })).json();
    expect(category.success, JSON.stringify(category)).toBe(true);
    const zone = await (await api.post('/api/admin/zones', { data: { title: TEXT.zone, description: TEXT.description } })).json();
    expect(zone.success, JSON.stringify(zone)).toBe(true);
    const place = await (await api.post('/api/admin/places', {
      data: {
        name: TEXT.place, categoryId: category.data.id, zoneId: zone.data.id, address: TEXT.address,
        websiteUrl: 'https://example.com/?q=<b>x</b>', details: { description: TEXT.description },
      },
    })).json();
    expect(place.success, JSON.stringify(place)).toBe(true);
    Object.assign(made, {
      categoryId: category.data.id, categorySlug: category.data.slug, zoneId: zone.data.id, zoneSlug: zone.data.slug,
      placeId: place.data.id, placeSlug: place.data.slug,
    });
  } finally {
    await api.dispose();
  }
});

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, tokens);
  if (made.placeId) await api.delete(`/api/admin/places/${made.placeId}`);
  if (made.categoryId) await api.delete(`/api/admin/categories/${made.categoryId}`);
  if (made.zoneId) await api.delete(`/api/admin/zones/${made.zoneId}`);
  await api.dispose();
});

/** Fails the test on any dialog (alert/confirm/prompt) the page opens. */
function forbidDialogs(page: Page) {
  const opened: string[] = [];
  page.on('dialog', async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  return opened;
}

/** Nothing ran and nothing was injected: no flag, no <img src=x>, no onerror attribute, no live script with the payload. */
async function expectNothingInjected(page: Page, where: string) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), where).toBeUndefined();
  await expect(page.locator('img[src="x"], [onerror], a[href^="javascript:" i]'), where).toHaveCount(0);
  // the JSON-LD block of the place page and, until hydration reads it, the state a rendered page hydrates from
  // (#dalil-ssr) hold the text as data ('<' escaped); no script that runs may
  const scripts = await page.locator('script:not([type="application/ld+json"]):not([type="application/json"])').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  await expect(page.locator('script[type="application/json"]').filter({ hasText: /<(img|script)/i }), where).toHaveCount(0);
  expect(scripts.filter((s) => s.includes('__xss')), where).toEqual([]);
}

/** The text is on the page literally (as the text of an element, HTML characters included). */
async function expectLiteral(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

test('public pages and the search overlay show the stored text literally and run nothing', async ({ page }) => {
  const dialogs = forbidDialogs(page);

  await page.goto('/');
  await expectLiteral(page, TEXT.category);
  await expectLiteral(page, TEXT.place); // newest places
  await expectNothingInjected(page, 'home');

  await page.goto(`/categories/${made.categorySlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.category);
  await expectLiteral(page, TEXT.place);
  await expectNothingInjected(page, 'category page');

  await page.goto(`/zones/${made.zoneSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(TEXT.zone); // "Places in …"
  await expectNothingInjected(page, 'zone page');

  await page.goto(`/places/${made.placeSlug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.place);
  await expectLiteral(page, TEXT.address);
  await expect(page.getByText(id, { exact: false }).filter({ hasText: 'isolated' }).first()).toHaveText(TEXT.description);
  await expectNothingInjected(page, 'place page');
  expect(await page.title()).toContain(TEXT.place);

  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search the directory' });
  await box.fill(`place ${id}`);
  const overlay = page.getByRole('dialog', { name: 'Quick search' });
  await expect(overlay.getByRole('link', { name: TEXT.place })).toBeVisible();
  await expectNothingInjected(page, 'search overlay');

  // Arabic (last: the language then stays Arabic): the Arabic name with its embedding marks
  await page.goto(`/categories/${made.categorySlug}/ar`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.categoryAr);
  await expectNothingInjected(page, 'category page (ar)');

  expect(dialogs).toEqual([]);
});

test('the admin places list shows the stored text literally and runs nothing', async ({ page, context }) => {
  await useAdminSession(context, tokens);
  const dialogs = forbidDialogs(page);
  await page.goto('/admin/places');
  await page.getByRole('searchbox', { name: 'Search places' }).fill(id);
  await expectLiteral(page, TEXT.place);
  await expectNothingInjected(page, 'admin places');
  expect(dialogs).toEqual([]);
});

test('every URL field of the API refuses javascript: and data: URLs', async ({ baseURL }) => {
  const api = await adminApi(baseURL!, tokens);
  try {
    const settings = (await (await api.get('/api/admin/website-settings')).json()).data;
    const BAD = ['javascript:window.__xss=1', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'javascript://example.com/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>', 'data:image/png;base64,iVBORw0KGgo=', 'vbscript:msgbox(1)', '//evil.example/x.png'];
    const fields: [method: 'post' | 'put', url: string, body: (v: string) => object, field: string][] = [
      ['post', '/api/admin/categories', (v) => ({ name: `U ${id}`, iconUrl: v }), 'iconUrl'],
      ['post', '/api/admin/zones', (v) => ({ title: `U ${id}`, locationUrl: v }), 'locationUrl'],
      ['post', `/api/admin/zones/${made.zoneId}/buildings`, (v) => ({ name: `U ${id}`, mapUrl: v }), 'mapUrl'],
      ['post', '/api/admin/places', (v) => ({ name: `U ${id}`, categoryId: made.categoryId, logoUrl: v }), 'logoUrl'],
      ['post', '/api/admin/places', (v) => ({ name: `U ${id}`, categoryId: made.categoryId, websiteUrl: v }), 'websiteUrl'],
      ['post', '/api/admin/places', (v) => ({ name: `U ${id}`, categoryId: made.categoryId, mapUrl: v }), 'mapUrl'],
      ['post', '/api/admin/places', (v) => ({ name: `U ${id}`, categoryId: made.categoryId, details: { imageUrl: v } }), 'details.imageUrl'],
      ['post', '/api/admin/places', (v) => ({ name: `U ${id}`, categoryId: made.categoryId, details: { youtubeUrl: v } }), 'details.youtubeUrl'],
      ['put', `/api/admin/places/${made.placeId}`, (v) => ({ websiteUrl: v }), 'websiteUrl'],
      ['put', `/api/admin/categories/${made.categoryId}`, (v) => ({ iconUrl: v }), 'iconUrl'],
      ['put', '/api/admin/website-settings', (v) => ({ siteName: settings.siteName, logoUrl: v }), 'logoUrl'],
    ];
    for (const [method, url, body, field] of fields) {
      for (const bad of BAD) {
        const res = await api[method](url, { data: body(bad) });
        const answer = await res.json();
        expect(res.status(), `${method} ${url} ${field}=${bad}: ${JSON.stringify(answer)}`).toBe(400);
        expect(Object.keys(answer.error.fields ?? {}), `${url} ${field}=${bad}`).toContain(field);
      }
    }
    // nothing was created or changed by the refused calls
    const places = await (await api.get('/api/admin/places', { params: { search: `U ${id}` } })).json();
    expect(places.data.filter((p: { name: string }) => p.name === `U ${id}`)).toEqual([]);
    expect((await (await api.get('/api/admin/website-settings')).json()).data).toEqual(settings);
  } finally {
    await api.dispose();
  }
});

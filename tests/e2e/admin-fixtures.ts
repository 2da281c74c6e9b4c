import { request, type APIRequestContext, type BrowserContext, type Locator, type Page, type test as playwrightTest } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { createInstance, type i18n as I18n } from 'i18next';

/**
 * Shared set-up of the admin console specs: one API login per spec file (the login rate limit counts
 * successes too: 10 per e-mail per 15 minutes), the tokens put where the SPA keeps a remembered admin
 * session (localStorage 'admin_token' / 'admin_refresh_token'), and small PNGs made on the fly.
 */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password' };

export interface AdminTokens {
  token: string;
  refreshToken: string;
}

const tokenLeft = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp * 1000 - Date.now();

/**
 * The e2e admin's tokens: reused from an earlier spec file of the same run while the stack still
 * accepts them (GET /api/admin/auth/verify) and they have 10+ minutes left, else a fresh
 * POST /api/admin/auth/login (the login rate limit is shared with the auth specs).
 */
export async function loginAdmin(baseURL: string): Promise<AdminTokens> {
  const cache = path.join(tmpdir(), `admin-e2e-tokens-${new URL(baseURL).port}.json`);
  const api = await request.newContext({ baseURL });
  try {
    if (existsSync(cache)) {
      const cached = JSON.parse(readFileSync(cache, 'utf8')) as AdminTokens;
      const verify = await api.get('/api/admin/auth/verify', { headers: { Authorization: `Bearer ${cached.token}` } });
      if (verify.ok() && tokenLeft(cached.token) > 10 * 60_000) return cached;
    }
    const res = await api.post('/api/admin/auth/login', { data: { ...ADMIN, remember: true } });
    const body = await res.json();
    if (!body.success) throw new Error(`admin login failed: ${res.status()} ${JSON.stringify(body)}`);
    const tokens = { token: body.data.token, refreshToken: body.data.refreshToken };
    writeFileSync(cache, JSON.stringify(tokens));
    return tokens;
  } finally {
    await api.dispose();
  }
}

/** Every page of `context` starts signed in as the admin (remembered session). */
export async function useAdminSession(context: BrowserContext, tokens: AdminTokens) {
  await context.addInitScript(([token, refreshToken]) => {
    localStorage.setItem('admin_token', token);
    localStorage.setItem('admin_refresh_token', refreshToken);
  }, [tokens.token, tokens.refreshToken] as const);
}

/**
 * The admin sign-in of a spec file whose every test works in the admin console: one API login before
 * all its tests (loginAdmin, beforeAll) and every page of each test signed in (useAdminSession,
 * beforeEach). Call it before the file's own hooks; its `tokens` serve their set-up and clean-up (adminApi).
 */
export function signInAsAdmin(test: typeof playwrightTest): { readonly tokens: AdminTokens } {
  let tokens: AdminTokens | undefined;
  test.beforeAll(async ({ baseURL }) => { tokens = await loginAdmin(baseURL!); });
  test.beforeEach(async ({ context }) => { await useAdminSession(context, tokens!); });
  return {
    get tokens() {
      if (!tokens) throw new Error('signInAsAdmin: the admin is signed in before all tests (beforeAll)');
      return tokens;
    },
  };
}

/** An API client sending the admin bearer token (for set-up and clean-up, never for what a test checks). */
export function adminApi(baseURL: string, tokens: AdminTokens): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${tokens.token}` } });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG of `size`×`size` pixels filled with `rgb` (a few hundred bytes). */
export function makePng(size: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A unique suffix so reruns on the same stack never collide. */
export const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type Lang = 'en' | 'ar';
const locales = new Map<string, Record<string, unknown>>();
function locale(lang: Lang, ns: string): Record<string, unknown> {
  const key = `${lang}/${ns}`;
  if (!locales.has(key)) locales.set(key, JSON.parse(readFileSync(new URL(`../../locales/${key}.json`, import.meta.url), 'utf8')));
  return locales.get(key)!;
}

/** Every namespace of the app: one file per namespace in locales/<lang>/. */
const NAMESPACES = readdirSync(new URL('../../locales/en/', import.meta.url)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
const translators = new Map<Lang, I18n>();
/** An i18next instance of `lang` over the locale files, as the app's (plural forms, `$t()` nesting, {{vars}}). */
function translator(lang: Lang): I18n {
  let instance = translators.get(lang);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: lang, fallbackLng: false, initAsync: false, ns: NAMESPACES, defaultNS: 'admin',
      interpolation: { escapeValue: false },
      resources: { [lang]: Object.fromEntries(NAMESPACES.map((ns) => [ns, locale(lang, ns)])) },
    });
    translators.set(lang, instance);
  }
  return instance;
}

/**
 * The UI text of `key` ('ns:path.to.key', admin namespace by default) in `lang`, with {{vars}}
 * filled, plural forms and nested `$t(…)` resolved by i18next as the screens do: the specs find
 * controls by the same labels the screens show, in both languages. Throws on a missing key.
 */
export function tr(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const i18n = translator(lang);
  if (!i18n.exists(key, vars)) throw new Error(`missing ${lang} text ${key}`);
  return i18n.t(key, vars as Record<string, unknown>) as string;
}

/** A path in `lang` (Arabic adds the /ar suffix before any query). */
export const inLang = (lang: Lang, path: string) => {
  if (lang === 'en') return path;
  const [p, q] = path.split('?');
  return `${p === '/' ? '' : p}/ar${q ? `?${q}` : ''}`;
};

/**
 * Two clicks on `target` inside one task (issue #17): the second lands before React re-renders, so a
 * button disabled only by `isPending` would still take it. A mouse double click may let a render in between.
 */
export const clickTwiceInOneTask = (target: Locator) => target.evaluate((el: HTMLElement) => { el.click(); el.click(); });

/** The toasts on screen (Chakra/zag toast roots), optionally only those saying `text`. */
export const toasts = (page: Page, text?: string) => {
  const all = page.locator('[data-scope="toast"][data-part="root"]');
  return text ? all.filter({ hasText: text }) : all;
};

/** Whether two boxes (bounding boxes of elements) overlap by at least one pixel. */
export const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

/**
 * Records every toast the pages of `context` show, from the moment it appears (a MutationObserver),
 * so a test can count toasts however briefly they stay on a loaded machine. A toast that replaces another of the
 * same id is a new element (src/components/ui/toaster.tsx): each counts, with its own text and type.
 */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const log = new Map<Element, { text: string; type: string }>();
    (window as unknown as { __toasts: () => { text: string; type: string }[] }).__toasts = () => [...log.values()];
    const scan = () => document.querySelectorAll('[data-scope="toast"][data-part="root"]').forEach((el) => {
      log.set(el, { text: el.textContent ?? '', type: (el as HTMLElement).dataset.type ?? '' });
    });
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** The toasts shown so far on `page` (see recordToasts), optionally only those saying `text`. */
export const shownToasts = async (page: Page, filter: { text?: string; type?: string } = {}) =>
  (await page.evaluate(() => (window as unknown as { __toasts: () => { text: string; type: string }[] }).__toasts()))
    .filter((t) => (!filter.text || t.text.includes(filter.text)) && (!filter.type || t.type === filter.type));

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientPageHead, clientPageLanguageRedirect } from './client-pages.ts';
import { createSpaDocument } from './document.ts';

/** Issue 30: the sign-in pages' head in the page's language, noindex, and their first visit in Arabic. */
const template = readFileSync('index.html', 'utf8');
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const attr = (html: string, re: RegExp) => re.exec(html)?.[1];

describe('client-rendered pages: head and language', () => {
  it('/auth/login/ar and /auth/register/ar carry an Arabic title, description and Open Graph, noindex', async () => {
    const render = createSpaDocument({ template, manifest: null, fetchApi: async () => json({ success: true, data: { siteName: 'Dalil', siteNameAr: 'دليل' } }) });
    const login = await render(new URL('http://x/auth/login/ar'), 'DALIL_CSP_NONCE', 'n');
    expect(login).toContain('<title>تسجيل الدخول | دليل</title>');
    expect(attr(login, /<meta name="description" content="([^"]*)"/)).toBe('مرحبًا بعودتك. سجّل الدخول لإدارة أماكنك وطلباتك.');
    expect(attr(login, /<meta property="og:title" content="([^"]*)"/)).toBe('تسجيل الدخول | دليل');
    expect(attr(login, /<meta property="og:description" content="([^"]*)"/)).not.toMatch(/[A-Za-z]/);
    expect(login).toContain('<meta property="og:locale" content="ar_SA" />');
    expect(login).toContain('<meta name="robots" content="noindex" />');
    expect(login).toMatch(/<html lang="ar" dir="rtl"/);
    const register = await render(new URL('http://x/auth/register/ar'), 'DALIL_CSP_NONCE', 'n');
    expect(register).toContain('<title>إنشاء حساب | دليل</title>');
    // English twin: English head; a renamed site keeps its name
    const renamed = createSpaDocument({ template, manifest: null, fetchApi: async () => json({ success: true, data: { siteName: 'Riyadh Guide', siteNameAr: null } }) });
    expect(await renamed(new URL('http://x/auth/login'), 'DALIL_CSP_NONCE', 'n')).toContain('<title>Log in | Riyadh Guide</title>');
  });

  it('leaves public pages\' head alone and falls back to the default name when the settings fail', async () => {
    expect(clientPageHead(template, '/places/ar', 'ar', 'دليل')).toBe(template);
    const failing = createSpaDocument({ template, manifest: null, fetchApi: async () => json({ success: false }, 503) });
    expect(await failing(new URL('http://x/auth/register/ar'), 'DALIL_CSP_NONCE', 'n')).toContain('<title>إنشاء حساب | دليل</title>');
  });

  it('a first visit to /auth/login from an Arabic browser opens /auth/login/ar; a stored English choice or an /ar address does not move', () => {
    const go = (path: string, headers: Record<string, string>) => clientPageLanguageRedirect(new Request(`http://x${path}`, { headers }));
    const res = go('/auth/login?next=%2Fprofile', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.8' });
    expect(res?.status).toBe(302);
    expect(res?.headers.get('location')).toBe('/auth/login/ar?next=%2Fprofile');
    expect(go('/auth/register', { 'accept-language': 'ar' })?.headers.get('location')).toBe('/auth/register/ar');
    expect(go('/auth/login', { 'accept-language': 'ar', cookie: 'dalil_lang=en' })).toBeNull();
    expect(go('/auth/login', { 'accept-language': 'en-US,en' })).toBeNull();
    expect(go('/auth/login/ar', { 'accept-language': 'ar' })).toBeNull();
    expect(go('/places', { 'accept-language': 'ar' })).toBeNull(); // the page renderer answers those
  });
});

import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run screenshots [-- <baseUrl>] [paths…]`: screenshots of every public screen in English and
 * Arabic, light and dark, at 375 px and 1280 px into screenshots/ (gitignored) for review.
 * Needs a running app (default http://localhost:3000) and Chromium (CHROMIUM_PATH or /usr/bin/chromium).
 */
const args = process.argv.slice(2);
const base = (args[0]?.startsWith('http') ? args.shift()! : process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
/** Every public screen and its notable states (override by passing paths). */
const DEFAULT_PATHS = [
  '/', '/search', '/search?q=cafe', '/search?q=zzqxv', '/categories', '/categories?view=list&sort=za', '/categories/cafes',
  '/places', '/places?page=2&sort=newest', '/zones/al-ulayya', '/map', '/map/zones/al-ulayya', '/p/starbucks', '/places/starbucks', '/nope',
];
const paths = args.length ? args : DEFAULT_PATHS;
const outDir = path.resolve('screenshots');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of (process.env.WIDTHS ?? '375,1280').split(',').map(Number)) {
  for (const theme of (process.env.THEMES ?? 'light,dark').split(',')) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme as 'light' | 'dark' });
    const page = await context.newPage();
    for (const p of paths) {
      for (const lang of (process.env.LANGS ?? 'en,ar').split(',')) {
        const [pathname, qs] = p.split('?');
        const localized = lang === 'ar' ? (pathname === '/' ? '/ar' : `${pathname}/ar`) : pathname;
        // lang too: the language persists between visits, so English must be asked for
        const url = `${base}${localized}${qs ? `?${qs}&` : '?'}lang=${lang}&theme=${theme}`;
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(400);
        const slug = pathname === '/' ? 'home' : pathname.slice(1).replace(/\//g, '_');
        const query = qs ? `_${qs.replace(/[^a-z0-9]+/gi, '-')}` : '';
        const name = `${slug}${query}-${lang}-${theme}-${width}.png`;
        await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL === '1' });
        console.log(name);
      }
    }
    await context.close();
  }
}
await browser.close();

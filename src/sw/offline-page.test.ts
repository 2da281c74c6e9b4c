import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar/offline.json';
import en from '../../locales/en/offline.json';
import { offlinePageHtml, publicBuildFiles } from './offline-page.ts';

describe('the offline page (decision 047)', () => {
  it('is written in each language, in its direction, with the saved places link and no inline code', () => {
    const html = { en: offlinePageHtml('en', en.page, 'Dalil'), ar: offlinePageHtml('ar', ar.page, 'دليل') };
    expect(html.en).toContain('<html lang="en" dir="ltr"');
    expect(html.ar).toContain('<html lang="ar" dir="rtl"');
    expect(html.en).toContain('href="/saved"');
    expect(html.ar).toContain('href="/saved/ar"');
    expect(html.ar).toContain(ar.page.title);
    for (const page of Object.values(html)) {
      expect(page).not.toMatch(/<script>|<style>| style=| on[a-z]+=/);
      expect(page).toContain('<script src="/offline.js"></script>');
    }
  });
});

describe('what the worker pre-caches of the build', () => {
  it('follows the entry through static and dynamic imports, without entering admin, account and sign-in routes', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/app/routes/public/home.tsx', 'src/app/routes/admin/overview.tsx', 'src/app/routes/profile/profile.tsx'], css: ['assets/index.css'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/app/routes/public/home.tsx': { file: 'assets/home.js', imports: ['_shared.js'], dynamicImports: ['_map.js'] },
      '_map.js': { file: 'assets/map.js', css: ['assets/map.css'] },
      'src/app/routes/admin/overview.tsx': { file: 'assets/overview.js', imports: ['_charts.js'] },
      '_charts.js': { file: 'assets/charts.js' },
      'src/app/routes/profile/profile.tsx': { file: 'assets/profile.js' },
    };
    expect([...publicBuildFiles(manifest)].sort()).toEqual(['assets/home.js', 'assets/index.css', 'assets/index.js', 'assets/map.css', 'assets/map.js', 'assets/shared.js']);
  });
});

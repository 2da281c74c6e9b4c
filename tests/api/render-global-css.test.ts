import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stylisPlugins } from '../../src/app/emotion-cache.ts';
import { getSystem } from '../../src/components/ui/system.ts';
import * as entry from '../../src/entry-server.tsx';
import { testApp } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Decision 061: a rendered page's Emotion cache starts with Chakra's global CSS made once per process (not serialised
 * per render); the page still carries exactly the global style tags Chakra's own provider gives, first, once.
 */
let db: ScratchDatabase;

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql`insert into public.categories (slug, name, name_ar) values ('cafes', 'Cafes', 'مقاهي')`;
  await db.sql`insert into public.places (slug, name, name_ar, category_id) values ('place-1', 'Place 1', 'مكان 1', (select id from public.categories where slug = 'cafes'))`;
  const app = testApp(db.sql);
  entry.configureApi((path, init) => Promise.resolve(app.request(path, init)));
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

/** Chakra's global style tags as its provider renders them into a fresh Emotion cache with `nonce` (and the app's prefixing). */
function chakraGlobalTags(nonce: string): string {
  const cache = createCache({ key: 'css', nonce, stylisPlugins });
  cache.compat = true;
  renderToString(createElement(CacheProvider, { value: cache }, createElement(ChakraProvider, { value: getSystem(), children: null })));
  const server = createEmotionServer(cache);
  const chunks = server.extractCriticalToChunks('');
  return server.constructStyleTagsFromChunks({ ...chunks, styles: chunks.styles.filter((s) => s.key === 'css-global') });
}

describe("Chakra's global CSS in rendered pages (decision 061)", () => {
  it('every page starts its styles with exactly the global tags of Chakra\'s provider, once, whatever its path, language, theme and nonce', async () => {
    const pages = [
      { path: '/p/place-1', lang: 'en', theme: 'light', nonce: 'n1' },
      { path: '/p/place-1/ar', lang: 'ar', theme: 'dark', nonce: 'n2' },
      { path: '/places', lang: 'en', theme: 'dark', nonce: 'n3' },
      { path: '/ar', lang: 'ar', theme: 'light', nonce: 'n4' },
    ] as const;
    for (const { path, lang, theme, nonce } of pages) {
      const { styles, status } = await entry.renderApp({ request: new Request(`https://dalil.test${path}`), lang, theme, nonce });
      expect(status, path).toBe(200);
      const globals = chakraGlobalTags(nonce);
      // the reset and the token variables are in it (tens of KB)
      expect(globals).toContain('--chakra-colors-');
      expect(globals.length).toBeGreaterThan(30_000);
      // marked as placed (`data-s`): Emotion in the browser leaves them where they are
      expect(styles.startsWith(globals.replaceAll('<style data-emotion=', '<style data-s="" data-emotion=')), path).toBe(true);
      expect(styles.split('data-emotion="css-global').length - 1, path).toBe(globals.split('data-emotion="css-global').length - 1);
      // the page's own rules follow in one tag
      expect(styles.slice(globals.length + 'data-s="" '.length * (globals.split('<style ').length - 1)), path)
        .toMatch(new RegExp(`^<style data-s="" data-emotion="css-page [^"]+" nonce="${nonce}">`));
    }
  });
});

describe('vendor prefixes in rendered pages (decision 074)', () => {
  it("a page's CSS carries the prefixes the build's browsers need and none of Emotion's legacy ones", async () => {
    for (const path of ['/p/place-1', '/places/ar']) {
      const { styles, status } = await entry.renderApp({ request: new Request(`https://dalil.test${path}`), lang: path.endsWith('/ar') ? 'ar' : 'en', theme: 'light', nonce: 'n' });
      expect(status, path).toBe(200);
      expect(styles, path).toContain('display:flex');
      // flexbox of 2012 (-webkit-box), IE 10's -ms-flexbox, transforms and keyframes of 2015, invalid ones (-ms-translate)
      for (const legacy of ['-webkit-box-align', '-ms-flexbox', '-ms-user-select', '-ms-flex-align', '-webkit-flex-direction', '-webkit-transform', '-ms-translate', '-moz-translate', '@-webkit-keyframes', '-ms-input-placeholder']) {
        expect(styles, `${path}: ${legacy}`).not.toContain(legacy);
      }
      // Safari (up to 17) still reads user-select only with its prefix
      expect(styles, path).toMatch(/-webkit-user-select:none;[^}]*user-select:none/);
    }
  });
});


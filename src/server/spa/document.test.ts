import { describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID } from '../../shared/boot-data.ts';
import { chunkFiles, createSpaDocument, type ViteManifest } from './document.ts';

const TEMPLATE = '<!doctype html>\n<html lang="en" dir="ltr">\n  <head><script type="module" src="/assets/index.js" nonce="NONCE"></script>'
  + '<link rel="modulepreload" href="/assets/shared.js" nonce="NONCE"></head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/app/routes/public/place-details.tsx': { file: 'assets/place-details.js', imports: ['index.html', '_shared.js', '_card.js'] },
  '_card.js': { file: 'assets/card.js', imports: ['_shared.js'] },
  'locales/ar/common.json?part=first': { file: 'assets/common-ar.js' },
  'locales/en/common.json?part=first': { file: 'assets/common-en.js' },
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function bootOf(html: string): Record<string, unknown> | null {
  const m = new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}" nonce="n1">(.*?)</script>`).exec(html);
  return m ? JSON.parse(m[1]!) : null;
}

describe('chunkFiles', () => {
  it('follows static imports, once each, and leaves out the entry', () => {
    expect(chunkFiles(MANIFEST, 'src/app/routes/public/place-details.tsx')).toEqual(['assets/place-details.js', 'assets/shared.js', 'assets/card.js']);
    expect(chunkFiles(MANIFEST, 'no/such.tsx')).toEqual([]);
  });
});

describe('createSpaDocument', () => {
  it('a place page: language, preload hints not already in the template, the place answer, the nonce', async () => {
    const calls: string[] = [];
    const render = createSpaDocument({
      template: TEMPLATE, manifest: MANIFEST,
      fetchApi: async (path, lang) => { calls.push(`${lang} ${path}`); return json({ success: true, data: { slug: 'x', name: 'A </script><script>alert(1)</script> & co' } }); },
    });
    const html = await render(new URL('http://x/p/x/ar'), 'NONCE', 'n1');
    expect(calls).toEqual(['ar /public/places/x']);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).not.toContain('NONCE');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/place-details.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/card.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/common-ar.js">');
    expect(html).not.toContain('crossorigin href="/assets/shared.js"');
    expect(html).not.toContain('common-en.js');
    // stored text cannot close the script element
    expect(html.match(/<\/script>/g)?.length).toBe(2);
    expect(bootOf(html)).toEqual({ '/public/places/x': { success: true, data: { slug: 'x', name: 'A </script><script>alert(1)</script> & co' } } });
  });

  it('leaves out failed, non-JSON and late answers; English by default', async () => {
    const render = createSpaDocument({
      template: TEMPLATE, manifest: null, bootTimeoutMs: 200,
      fetchApi: async (path) => {
        if (path === '/public/categories') return json({ success: false, error: { code: 'x' } }, 503);
        if (path === '/public/zones') return new Response('<html>', { status: 200 });
        return new Promise<Response>(() => undefined);
      },
    });
    const html = await render(new URL('http://x/'), 'NONCE', 'n1');
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(bootOf(html)).toBeNull();

    const partly = createSpaDocument({
      template: TEMPLATE, manifest: null, bootTimeoutMs: 200,
      fetchApi: async (path) => (path === '/public/zones' ? json({ success: true, data: [] }) : new Promise<Response>(() => undefined)),
    });
    expect(bootOf(await partly(new URL('http://x/'), 'NONCE', 'n1'))).toEqual({ '/public/zones': { success: true, data: [] } });
    expect(html).not.toContain('modulepreload" crossorigin');
  });

  it('pages without a plan get the plain document', async () => {
    let called = false;
    const render = createSpaDocument({ template: TEMPLATE, manifest: MANIFEST, fetchApi: async () => { called = true; return json({}); } });
    const html = await render(new URL('http://x/admin/places'), 'NONCE', 'n1');
    expect(called).toBe(false);
    expect(bootOf(html)).toBeNull();
    expect(html).toContain('href="/assets/common-en.js"');
  });
});

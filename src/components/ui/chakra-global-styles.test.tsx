// @vitest-environment jsdom
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSystem } from './system.ts';

/**
 * patches/@chakra-ui+react (decision 037): a hydrating server-rendered page already has Chakra's global, reset
 * and token CSS in its HTML, so `ChakraProvider globalStyles={false}` neither computes nor inserts them again;
 * by default (server render, client-rendered pages) they are inserted as before.
 */
let caches = 0;
function globalCssAfterRender(globalStyles?: boolean) {
  const container = document.createElement('div');
  document.head.innerHTML = '';
  const cache = createCache({ key: `test-${'abcdefgh'[caches++]}`, container: document.head });
  render(
    <CacheProvider value={cache}>
      <ChakraProvider value={getSystem()} {...(globalStyles === undefined ? {} : { globalStyles })}><p>page</p></ChakraProvider>
    </CacheProvider>,
    { container: document.body.appendChild(container) },
  );
  return [...document.head.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n')
    + [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join('\n');
}

afterEach(cleanup);

describe('ChakraProvider globalStyles (patched)', () => {
  it('inserts the token CSS variables by default', () => {
    expect(globalCssAfterRender()).toContain('--chakra-colors-brand-700');
  });

  it('leaves them out with globalStyles={false}', () => {
    expect(globalCssAfterRender(false)).not.toContain('--chakra-colors-brand-700');
  });
});
